import Foundation
import Testing
import WireframeModel
import WireframeStore

/// The git commit a version was imported from, as every engine must keep it: on its revision, on
/// an attempt that stored nothing, and in the list of imported commits a new import skips, each
/// file at the path its document had when the commit was imported.
@Suite struct GitCommitConformanceTests {
    static let first = String(repeating: "a1", count: 20)
    static let second = String(repeating: "b2", count: 20)
    static let third = String(repeating: "c3", count: 32)

    func version(_ path: String, _ screens: [(String, String)], expectedHead: Int64?, at seconds: Int64, commit: String?)
        -> NewRevision
    {
        var new = newRevision(path: path, screens: screens, expectedHead: expectedHead, at: .at(seconds))
        new.attempt.gitCommit = commit
        return new
    }

    @Test(arguments: StoreEngines.all)
    func revisionsAndAttemptsKeepTheirCommitAndTheImportedFilesAreListed(engine: any StoreEngine) throws {
        let store = try engine.makeStore(root: "/projects/shop")
        defer { engine.discard(store) }
        #expect(try store.importedGitCommits().isEmpty)

        let one = try #require(
            try store.recordImport(version("a.json", [("home", "H1")], expectedHead: nil, at: 0, commit: Self.first)).revision)
        #expect(one.gitCommit == Self.first)
        #expect(try store.revision(id: one.id).gitCommit == Self.first)
        #expect(try store.log(LogFilter()).map(\.revision.gitCommit) == [Self.first])

        // A version of no commit (a file on disk) has none.
        let plain = try #require(try store.recordImport(version("b.json", [("home", "B")], expectedHead: nil, at: 1, commit: nil)).revision)
        #expect(plain.gitCommit == nil)

        // A rejected file of a commit: an attempt, no revision, listed all the same.
        var rejected = AttemptInfo(path: "c.json", startedAt: .at(2), durationMicroseconds: 0, author: "ada", origin: .cli, diagnostics: [])
        rejected.gitCommit = Self.second
        _ = try store.recordAttempt(rejected, outcome: .rejected, contentHash: nil)

        // A deletion of a commit (a SHA-256 repository's longer name).
        var deletion = AttemptInfo(path: "a.json", startedAt: .at(3), durationMicroseconds: 0, author: "ada", origin: .cli, diagnostics: [])
        deletion.gitCommit = Self.third
        let deleted = try #require(try store.recordDeletion(deletion, message: nil, createdAt: .at(3))?.revision)
        #expect(deleted.gitCommit == Self.third)

        #expect(try store.importedGitCommits() == [Self.first: ["a.json"], Self.second: ["c.json"], Self.third: ["a.json"]])
    }

    @Test(arguments: StoreEngines.all)
    func aCommitBeforeARenameIsListedAtThePathItHadThen(engine: any StoreEngine) throws {
        let store = try engine.makeStore(root: "/projects/shop")
        defer { engine.discard(store) }
        let one = try #require(
            try store.recordImport(version("a.json", [("home", "H1")], expectedHead: nil, at: 0, commit: Self.first)).revision)
        var rename = version("b.json", [("home", "H1")], expectedHead: one.id, at: 1, commit: Self.second)
        rename.renamedFrom = "a.json"
        #expect(try store.recordImport(rename).outcome == .stored)
        #expect(try store.importedGitCommits() == [Self.first: ["a.json"], Self.second: ["b.json"]])
    }
}
