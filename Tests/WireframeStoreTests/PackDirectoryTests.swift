import Foundation
import GRDB
import Testing
@testable import WireframeSQLite
import WireframeStore

/// Migration 0011: a screen pack takes its first version's id and lists its versions' lengths; a
/// version is found by id through the packs, and by content through its hash prefix.
@Suite struct PackDirectoryTests {
    /// A screen's JSON of `length` bytes, distinct for each `number`.
    static func screen(_ number: Int, length: Int) -> [UInt8] {
        let text = "{\"n\":\(number),\"t\":\"" + String(repeating: "x", count: max(0, length - 12 - String(number).count)) + "\"}"
        return Array(text.utf8)
    }

    @Test func versionsFillPacksThatListThem() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // 3 imports' worth of versions, 200 to 300 bytes each (one of 200 000 bytes): several packs,
        // the newest one filled further by each transaction.
        var contents: [[UInt8]] = []
        for round in 0..<3 {
            try store.writer.write { db in
                var packs = ScreenPacks.Writer()
                for index in 0..<60 {
                    let number = round * 60 + index
                    let content = Self.screen(number, length: number == 100 ? 200_000 : 200 + number % 100)
                    let id = try packs.add(db, hash: HashBytes.sha256(content), content: content)
                    #expect(id == Int64(contents.count + 1))
                    contents.append(content)
                }
                try packs.finish(db)
            }
        }
        let (packs, rows) = try store.reader.read { db in
            (
                try Row.fetchAll(db, sql: "SELECT id, size, lengths FROM screenPack ORDER BY id"),
                try Int64.fetchAll(db, sql: "SELECT id FROM screenVersion ORDER BY id")
            )
        }
        #expect(rows == Array(1...Int64(contents.count)))
        #expect(packs.count > 3)
        // Each pack starts at the version after the previous pack's last, and its lengths are its
        // versions' lengths, adding up to its size, which is at most a pack's size unless one
        // version alone is larger.
        var next: Int64 = 1
        for pack in packs {
            let id: Int64 = pack[0]
            let size: Int64 = pack[1]
            let lengths = try #require(ScreenPacks.lengths(pack[2]))
            #expect(id == next)
            #expect(lengths == contents[Int(id - 1)..<Int(id - 1) + lengths.count].map(\.count))
            #expect(Int64(lengths.reduce(0, +)) == size)
            #expect(size <= Int64(ScreenPacks.packSize) || lengths.count == 1)
            next = id + Int64(lengths.count)
        }
        #expect(next == Int64(contents.count + 1))
        // Read back by id (in any order), by content, by hash.
        try store.reader.read { db in
            var reader = ScreenPacks.Reader()
            for id in stride(from: contents.count, through: 1, by: -7) {
                #expect(try reader.content(db, id: Int64(id)) == contents[id - 1])
                #expect(try reader.length(db, id: Int64(id)) == contents[id - 1].count)
            }
            let all = try reader.contents(db, ids: Set(1...Int64(contents.count)))
            #expect(all.count == contents.count && all.allSatisfy { contents[Int($0.key - 1)] == $0.value })
            for (index, content) in contents.enumerated() where index % 5 == 0 {
                #expect(
                    try ScreenPacks.versionId(db, hash: HashBytes.sha256(content), content: content, packs: &reader) == Int64(index + 1))
                #expect(try ScreenPacks.version(db, hash: HashBytes.sha256(content), packs: &reader)?.id == Int64(index + 1))
            }
            // Ids that no pack holds.
            var refused = 0
            for id in [Int64(contents.count + 1), 0] {
                do { _ = try reader.content(db, id: id) } catch is DatabaseError { refused += 1 }
            }
            #expect(refused == 2)
        }
        #expect(try store.screenStorageProblems().isEmpty)
        var seen = 0
        try store.forEachScreenVersion { id, prefix, content in
            #expect(content == contents[Int(id - 1)])
            #expect(HashBytes.sha256Hex(content).hasPrefix(prefix))
            seen += 1
        }
        #expect(seen == contents.count)
    }

    @Test func verifyReportsVersionsAndPacksThatDoNotHoldTogether() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try store.writer.write { db in
            var packs = ScreenPacks.Writer()
            for number in 0..<3 {
                let content = Self.screen(number, length: 100)
                _ = try packs.add(db, hash: HashBytes.sha256(content), content: content)
            }
            try packs.finish(db)
        }
        #expect(try store.screenStorageProblems().isEmpty)
        // A row of an id that no pack holds, and a version of the pack left without its row.
        try store.writer.write { db in
            try db.execute(sql: "UPDATE screenVersion SET id = 9 WHERE id = 3")
        }
        #expect(
            try store.screenStorageProblems() == [
                "screen version 9 lies outside every screen pack", "screen packs hold 3 versions, of which 1 have no row",
            ])
        // Lengths that do not add up to the pack's size.
        try store.writer.write { db in
            try db.execute(sql: "UPDATE screenVersion SET id = 3 WHERE id = 9")
            try db.execute(sql: "UPDATE screenPack SET lengths = ? WHERE id = 1", arguments: [Data([100, 100])])
        }
        #expect(try store.screenStorageProblems().contains("screen pack 1 does not list lengths that add up to its size"))
    }
}
