import Foundation
import Testing
import WireframeModel
import WireframeStore

/// Notes (`wfs note`) on every engine: a revision's message given afterwards, with who wrote it
/// and when, while the revision keeps its author and time; and renamed screens with edits, whose
/// change keeps its fields and names both keys for the screen log.
@Suite struct NoteConformanceTests {
    @Test(arguments: StoreEngines.all)
    func theNewestNoteIsTheMessageAndTheRevisionKeepsItsAuthorAndTime(engine: any StoreEngine) throws {
        let store = try engine.makeStore(root: "/projects/shop")
        defer { engine.discard(store) }
        let one = try #require(try store.recordImport(newRevision(screens: [("a", "A1")], expectedHead: nil, at: .at(0))).revision)
        let two = try #require(
            try store.recordImport(newRevision(screens: [("a", "A2")], expectedHead: one.id, at: .at(1), author: "bob")).revision)
        #expect(try store.notes(revisionIds: [one.id, two.id]).isEmpty)
        #expect(try store.noted(store.revision(id: one.id)) == one)

        let first = try store.recordNote(revisionId: one.id, message: "Why: the kickoff", author: "carol", at: .at(10))
        #expect(first == RevisionNote(message: "Why: the kickoff", author: "carol", createdAt: .at(10)))
        _ = try store.recordNote(revisionId: one.id, message: "Why: the kickoff, as agreed", author: "dave", at: .at(11))
        let notes = try store.notes(revisionIds: [one.id, two.id, one.id])
        #expect(notes.count == 1)
        #expect(notes[one.id] == RevisionNote(message: "Why: the kickoff, as agreed", author: "dave", createdAt: .at(11)))

        let noted = try store.noted(store.revision(id: one.id))
        #expect(noted.message == "Why: the kickoff, as agreed")
        #expect(noted.note?.author == "dave")
        #expect(noted.author == one.author)
        #expect(noted.createdAt == one.createdAt)
        // The stored revision itself is unchanged: its message is the one it was stored with.
        #expect(try store.revision(id: one.id) == one)

        let entries = try store.noted(store.log(LogFilter()))
        #expect(entries.map(\.revision.message) == [nil, "Why: the kickoff, as agreed"])
        #expect(entries.map(\.revision.author) == ["bob", one.author])

        // An empty note removes the message; the note still says who.
        _ = try store.recordNote(revisionId: two.id, message: "", author: "erin", at: .at(12))
        let cleared = try store.noted(store.revision(id: two.id))
        #expect(cleared.message == nil)
        #expect(cleared.note?.author == "erin")

        #expect(throws: StoreError.unknownRevision(id: two.id + 100, newest: two.id)) {
            _ = try store.recordNote(revisionId: two.id + 100, message: "x", author: "carol", at: .at(13))
        }
        // Notes survive reopening.
        let reopened = try engine.reopen(store)
        #expect(try reopened.notes(revisionIds: [one.id])[one.id]?.author == "dave")
        #expect(try reopened.storageProblems().isEmpty)
        try reopened.close()
    }

    @Test(arguments: StoreEngines.all)
    func aRenameWithEditsKeepsItsFieldsAndNamesBothKeys(engine: any StoreEngine) throws {
        let store = try engine.makeStore(root: "/projects/shop")
        defer { engine.discard(store) }
        let one = try #require(
            try store.recordImport(
                newRevision(
                    screens: [("giftCards", "G1")], expectedHead: nil, at: .at(0),
                    changes: [RecordedChange(kind: .added, screenKey: "giftCards")])
            ).revision)
        let fields = [
            RecordedField(field: "name", old: "giftCards", new: "vouchers"),
            RecordedField(field: "title", old: "Gift cards", new: "Vouchers"),
        ]
        let two = try #require(
            try store.recordImport(
                newRevision(
                    screens: [("vouchers", "V1")], expectedHead: one.id, at: .at(1),
                    changes: [RecordedChange(kind: .renamed, screenKey: "vouchers", previousKey: "giftCards", fields: fields)])
            ).revision)
        #expect(try store.changes(revisionId: two.id).first?.fields == fields)
        #expect(try store.log(LogFilter(screenKey: "vouchers")).map(\.revision.id) == [two.id])
        #expect(try store.log(LogFilter(screenKey: "giftCards")).map(\.revision.id) == [two.id, one.id])
    }
}
