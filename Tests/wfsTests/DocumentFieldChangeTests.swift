import Foundation
import Testing

/// A revision that changes only the document's own fields (a navigation bar, the app name, the
/// root) names them in `log`, `log --format json`, `session show`, `audit` and `import`, end to
/// end; it is never "no screen changes".
@Suite(.serialized) struct DocumentFieldChangeTests {
    /// A wireframe with one navigation bar, `main`, whose one button opens `target`.
    static func wireframe(appName: String = "Demo", button: String, target: String = "settings") -> String {
        """
        {
          "appName": "\(appName)",
          "root": "home",
          "navigations": [{"name": "main", "buttons": [{"title": "\(button)", "target": "\(target)"}]}],
          "routes": [
            {"name": "home", "title": "Home", "navigation": "main", "subroutes": ["settings"]},
            {"name": "settings", "title": "Settings"}
          ]
        }

        """
    }

    @Test func logShowAndAuditNameTheDocumentFields() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        #expect(try cli.run("init").status == 0)
        try cli.write("app.json", Self.wireframe(button: "Gear"))
        #expect(try cli.run("import", "app.json").status == 0)
        #expect(try cli.run("session", "start", "Before").status == 0)
        #expect(try cli.run("session", "end").status == 0)

        // Only the navigation bar's button changes: no screen does.
        #expect(try cli.run("session", "start", "Edit").status == 0)
        try cli.write("app.json", Self.wireframe(button: "Settings"))
        let bar = try cli.run("import", "app.json")
        #expect(bar.status == 0, "\(bar.error)")
        #expect(bar.output == "stored app.json revision 2 (#2): document navigations.main\n")
        // Then only the app's name.
        try cli.write("app.json", Self.wireframe(appName: "Demo 2", button: "Settings"))
        #expect(try cli.run("import", "app.json").output == "stored app.json revision 3 (#3): document appName\n")
        #expect(try cli.run("session", "end").status == 0)

        let log = try cli.run("log")
        #expect(log.status == 0)
        let summaries = log.output.split(separator: "\n").filter { !$0.hasPrefix("revision ") }.map { String($0) }
        #expect(summaries == ["    document appName", "    document navigations.main", "    added home, settings"])
        #expect(!log.output.contains("no screen changes"))

        // JSON: the same names under `changes.document`; the other members as before.
        let entries = try #require(try StoreCLI.json(try cli.run("log", "--format", "json").output) as? [[String: Any]])
        #expect(entries.count == 3)
        let changes = try entries.map { try #require($0["changes"] as? [String: [String]]) }
        #expect(changes.map { $0["document"] ?? ["missing"] } == [["appName"], ["navigations.main"], []])
        #expect(changes.map { Set($0.keys) } == Array(repeating: ["added", "document", "modified", "removed", "renamed"], count: 3))
        #expect(changes.map { $0["modified"] ?? ["missing"] } == [[], [], []])
        // A filtered log reads the changes one revision at a time: the same names.
        let limited = try #require(try StoreCLI.json(try cli.run("log", "--limit", "1", "--format", "json").output) as? [[String: Any]])
        #expect((limited.first?["changes"] as? [String: [String]])?["document"] == ["appName"])
        #expect(try cli.run("log", "--document", "app.json", "--limit", "2").output.contains("    document navigations.main\n"))

        // `session show` lists the session's revisions the same way.
        let session = try cli.run("session", "show", "Edit")
        #expect(session.output.contains("    document navigations.main\n"))
        #expect(session.output.contains("    document appName\n"))

        // `audit` compares the two points' documents: both fields, with their values.
        let audit = try cli.run("audit", "--from", "Before", "--to", "Edit")
        #expect(audit.status == 0)
        #expect(
            audit.output.contains(
                "modified app.json\n  The document\n    App name: Demo → Demo 2\n    Navigation bar 'main': 'Gear' opens Settings → 'Settings' opens Settings\n"
            ))
        let report = try #require(try StoreCLI.json(try cli.run("audit", "--from", "Before", "--format", "json").output) as? [String: Any])
        let document = try #require((report["documents"] as? [[String: Any]])?.first)
        let fields = try #require(document["documentFields"] as? [[String: Any]])
        #expect(fields.map { $0["field"] as? String } == ["appName", "navigations.main"])
        #expect(fields.first?["old"] as? String == "Demo")
        #expect(fields.first?["new"] as? String == "Demo 2")
        let markdown = try cli.run("audit", "--from", "Before", "--format", "markdown").output
        #expect(markdown.contains("- The document\n  - App name: Demo → Demo 2\n"))

        // `show` of the revision: its summary and its canonical JSON carry the new bar.
        let show = try cli.run("show", "2")
        #expect(show.output.hasPrefix("revision 2  app.json #2  "))
        #expect(try cli.run("show", "--format", "json", "2").output.contains("\"Settings\""))
        #expect(try cli.run("verify").status == 0)
    }
}
