import Foundation
import GRDB
import Testing
import WireframeSQLite
import WireframeStore

/// `wfs verify` holds each revision's base and replacement together: based on an earlier revision
/// of its document, and naming its parent as replaced exactly when that base is not the parent.
@Suite struct ReplacementIntegrityTests {
    @Test func aBaseOrAReplacementThatDoesNotHoldTogetherIsFound() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let one = try #require(try store.recordImport(newRevision(screens: [("a", "A1")], expectedHead: nil, at: .at(0))).revision)
        let two = try #require(try store.recordImport(newRevision(screens: [("a", "A2")], expectedHead: one.id, at: .at(1))).revision)
        var stale = newRevision(screens: [("a", "A3")], expectedHead: two.id, at: .at(2))
        stale.basedOn = one.id
        let three = try #require(try store.recordImport(stale).revision)
        #expect(three.replaces?.id == two.id)
        #expect(try store.integrityProblems().isEmpty)

        let damages: [(sql: String, problem: String)] = [
            (
                "UPDATE revision SET replacesId = NULL, replacedScreens = NULL WHERE id = \(three.id)",
                "revision \(three.id) is based on a revision other than its parent but names no head it replaced"
            ),
            (
                "UPDATE revision SET replacesId = \(one.id) WHERE id = \(three.id)",
                "revision \(three.id) replaces revision \(one.id), which is not its parent"
            ),
            (
                "UPDATE revision SET basedOn = \(three.id) WHERE id = \(two.id)",
                "revision \(two.id) is based on revision \(three.id), which is not an earlier revision of its document"
            ),
            (
                "UPDATE revision SET basedOn = \(two.id) WHERE id = \(three.id)",
                "revision \(three.id) is based on its parent but names a head it replaced"
            ),
        ]
        for damage in damages {
            let queue = try DatabaseQueue(path: store.path)
            try queue.write { db in try db.execute(sql: damage.sql) }
            #expect(try store.integrityProblems() == [damage.problem])
            // Back to the revisions as stored.
            try queue.write { db in
                try db.execute(sql: "UPDATE revision SET basedOn = parentId, replacesId = NULL, replacedScreens = NULL")
                try db.execute(
                    sql: #"UPDATE revision SET basedOn = ?, replacesId = ?, replacedScreens = '["a"]' WHERE id = ?"#,
                    arguments: [one.id, two.id, three.id])
            }
            try queue.close()
            #expect(try store.integrityProblems().isEmpty)
        }
    }
}
