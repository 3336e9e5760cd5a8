import Foundation
import Testing

/// A meeting recorded with a typo, wrong notes, or by mistake is corrected with `wfs session
/// rename`, `edit` and `delete`; the revisions are never touched, and REFs follow the new name.
@Suite struct SessionCorrectionTests {
    @Test func aMeetingIsRenamedEditedAndDeleted() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        #expect(try cli.run("init").status == 0)
        #expect(try cli.run("session", "start", "Kickof", "--notes", "with Acme", environment: ["WFS_AUTHOR": "ann"]).status == 0)
        try cli.write("app.json", StoreCLI.wireframe([("home", "Home")]))
        #expect(try cli.run("import", "app.json").status == 0)
        #expect(try cli.run("session", "end").status == 0)

        let renamed = try cli.run("session", "rename", "Kickof", "Kickoff", environment: ["WFS_AUTHOR": "ben"])
        #expect(renamed.status == 0, "\(renamed.error)")
        #expect(renamed.output == "renamed session Kickof to Kickoff\n")
        #expect(try cli.run("show", "app.json@Kickoff").status == 0)
        #expect(try cli.run("log", "--session", "Kickoff").output.contains("session Kickoff"))
        // Who started it stays; who renamed it is who last changed it.
        let shown = try cli.run("session", "show", "Kickoff")
        #expect(shown.output.hasPrefix("Kickoff  ") && shown.output.contains(" started by ann  with Acme\n"), "\(shown.output)")
        #expect(shown.output.contains("\n  last changed by ben at "), "\(shown.output)")
        let old = try cli.run("show", "app.json@Kickof")
        #expect(old.status != 0 && old.error.contains("did you mean 'Kickoff'?"), "\(old.error)")

        // The new name follows the rule of every new session name.
        let unreadable = try cli.run("session", "rename", "Kickoff", "Kick@off")
        #expect(unreadable.status == 64, "\(unreadable.error)")
        #expect(try cli.run("session", "edit", "Kickoff", "--notes", "with Acme and Bob").status == 0)
        #expect(try cli.run("session", "list").output.contains("Kickoff  ") == true)
        #expect(try cli.run("session", "list").output.contains("with Acme and Bob"))

        #expect(try cli.run("session", "add", "Review", "--start", "2020-01-01T10:00", "--end", "2020-01-01T11:00").status == 0)
        let taken = try cli.run("session", "rename", "Review", "Kickoff")
        #expect(taken.status != 0 && taken.error.contains("Kickoff"), "\(taken.error)")

        let deleted = try cli.run("session", "delete", "Kickoff")
        #expect(deleted.status == 0, "\(deleted.error)")
        #expect(try cli.run("session", "list").output.contains("Kickoff") == false)
        let log = try cli.run("log")
        #expect(log.output.contains("revision 1") && !log.output.contains("session Kickoff"), "\(log.output)")
        #expect(try cli.run("verify").status == 0)
    }
}
