import Foundation
import Testing
import WireframeStore
import WireframeSync

/// A number after `@` is always the document's revision of that number: no new meeting may be
/// named by one, a tag pattern keeps such a tag's whole name, and a meeting stored so before the
/// rule is named in `wfs status` and `wfs verify` with the command that renames it.
@Suite struct NumberedSessionTests {
    @Test func aMeetingCannotBeNamedByANumber() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        #expect(try cli.run("init").status == 0)
        let attempts = [
            ["session", "start", "42"],
            ["session", "add", "7", "--start", "2026-01-01T10:00Z", "--end", "2026-01-01T11:00Z"],
        ]
        for arguments in attempts {
            let refused = try cli.run(arguments: arguments)
            #expect(refused.status == 64, "\(arguments): \(refused)")
            #expect(refused.error.contains("cannot name a session: it is a number"), "\(refused.error)")
        }
        #expect(try cli.run("session", "start", "Review").status == 0)
        let rename = try cli.run("session", "rename", "Review", "3")
        #expect(rename.status == 64 && rename.error.contains("it is a number"), "\(rename)")
        // A name with a number in it is fine.
        #expect(try cli.run("session", "rename", "Review", "Review 3").status == 0)
    }

    @Test func aTagPatternKeepsTheWholeNameOfANumberedTag() throws {
        let repository = try GitRepository()
        defer { repository.remove() }
        try repository.write("notes.json", StoreCLI.wireframe([("home", "Home")]))
        _ = try repository.commit("First", author: ("Ada", "ada@example.com"), at: 1_700_000_000)
        try repository.write("notes.json", StoreCLI.wireframe([("home", "Start")]))
        _ = try repository.commit("Second", author: ("Ada", "ada@example.com"), at: 1_700_000_100)
        _ = try repository.git("tag", "review-1")
        #expect(try repository.wfs(["init"]).status == 0)
        let imported = try repository.wfs(["import", "--git", "--sessions-from-tags", "review-*"])
        #expect(imported.status == 0, "\(imported.error)")
        let sessions = try repository.wfs(["session", "list", "--format", "json"])
        let listed = try #require(try StoreCLI.json(sessions.output) as? [[String: Any]])
        #expect(listed.map { $0["name"] as? String } == ["review-1"], "\(sessions.output)")
        // notes.json@1 is the first revision, as the docs say.
        let first = try repository.wfs(["show", "notes.json@1"])
        #expect(first.status == 0 && first.output.hasPrefix("revision 1  notes.json #1  "), "\(first)")
    }

    @Test func aStoredMeetingNamedByANumberIsNamedWithItsRename() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        #expect(try cli.run("init").status == 0)
        try cli.write("app.json", StoreCLI.wireframe([("home", "Home")]))
        #expect(try cli.run("import", "app.json").status == 0)
        try cli.write("app.json", StoreCLI.wireframe([("home", "Start")]))
        #expect(try cli.run("import", "app.json").status == 0)
        // As a store made before the rule holds it: written through the store itself.
        do {
            let store = try StoreLocation.open(location: cli.root + "/.wfs/store.sqlite")
            defer { try? store.close() }
            let now = Timestamp(microseconds: Int64(Date().timeIntervalSince1970 * 1_000_000))
            _ = try store.addSession(name: "1", notes: nil, start: now, end: now, author: nil)
        }
        // The REF reads the number as the revision, not as the meeting.
        let shown = try cli.run("show", "app.json@1")
        #expect(shown.status == 0 && shown.output.hasPrefix("revision 1  app.json #1  "), "\(shown)")
        let status = try cli.run("status")
        #expect(status.status == 0)
        #expect(status.output.contains("the session '1' is named by a number"), "\(status.output)")
        #expect(status.output.contains("wfs session rename 1 NEW-NAME"), "\(status.output)")
        let verify = try cli.run("verify")
        #expect(verify.status == 0, "\(verify)")
        #expect(verify.error.contains("wfs: warning: the session '1' is named by a number"), "\(verify.error)")
        #expect(try cli.run("session", "rename", "1", "First review").status == 0)
        #expect(!(try cli.run("status").output.contains("named by a number")))
    }
}
