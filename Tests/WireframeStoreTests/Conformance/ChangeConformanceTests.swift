import Testing
import WireframeModel
import WireframeStore

/// What a cache of answers read from the store relies on: each connection hears of every commit,
/// its own and another's, the first time it asks after it, and of nothing when nothing was written.
@Suite struct ChangeConformanceTests {
    @Test(arguments: StoreEngines.all)
    func eachConnectionHearsOfEveryCommitOnceAndOfNothingElse(engine: any StoreEngine) throws {
        let store = try engine.makeStore(root: "/projects/shop")
        defer { engine.discard(store) }
        let other = try engine.reopen(store)
        defer { try? other.close() }
        // A PostgreSQL server's snapshots move with every commit to any of its databases (other
        // tests write to theirs meanwhile), so "nothing changed" is certain only on SQLite.
        let exact = engine is SQLiteEngine
        func quiet(_ connection: any Store) throws -> Bool {
            let changed = try connection.hasChangedSinceLastAsked()
            return !exact || !changed
        }
        #expect(try store.hasChangedSinceLastAsked())
        #expect(try other.hasChangedSinceLastAsked())
        #expect(try quiet(store))
        #expect(try quiet(other))

        // A read changes nothing.
        _ = try store.sessions()
        _ = try other.log(LogFilter())
        #expect(try quiet(store))
        #expect(try quiet(other))

        // Another connection's commit, then this connection's own: each heard once by both.
        _ = try other.startSession(name: "kickoff", notes: nil, at: .at(1), author: "alice")
        #expect(try store.hasChangedSinceLastAsked())
        #expect(try quiet(store))
        #expect(try other.hasChangedSinceLastAsked())
        #expect(try quiet(other))
        _ = try store.endSession(at: .at(2), by: "bob")
        #expect(try store.hasChangedSinceLastAsked())
        #expect(try other.hasChangedSinceLastAsked())
        #expect(try quiet(store))
        #expect(try quiet(other))

        // A revision is a commit like any other.
        _ = try store.recordImport(newRevision(screens: [("home", "H1")], expectedHead: nil, at: .at(3)))
        #expect(try other.hasChangedSinceLastAsked())
        #expect(try store.hasChangedSinceLastAsked())
    }
}
