import Foundation
import Testing
import WireframeTestSupport

/// A screen renamed and edited at once is a rename with its edits (`diff`, `log`), its history
/// goes back across the rename with `log --screen KEY --follow`, and `wfs note` gives a revision
/// its message afterwards while it keeps its author and time. On SQLite and on PostgreSQL.
@Suite struct ScreenRenameAndNoteTests {
    static func app(key: String, title: String) -> String {
        """
        {"appName": "Shop", "root": "home", "routes": [
          {"name": "home", "title": "Home", "subroutes": ["\(key)"]},
          {"name": "\(key)", "title": "\(title)", "elements": [
            {"kind": "textField", "reference": "code", "text": "Code"},
            {"kind": "button", "reference": "redeem", "text": "Redeem", "action": "redeem"}
          ], "actions": {"redeem": {"pop": true}}}
        ]}

        """
    }

    static func ids(_ run: StoreCLI.Run) throws -> [Int] {
        let entries = try #require(try StoreCLI.json(run.output) as? [[String: Any]], "\(run.error)")
        return entries.compactMap { $0["id"] as? Int }
    }

    func scenario(_ cli: StoreCLI, store: [String]) throws {
        let versions = [("giftCards", "Gift cards"), ("giftCards", "Gift card"), ("vouchers", "Vouchers"), ("vouchers", "Vouchers!")]
        for (key, title) in versions {
            try cli.write("app.json", Self.app(key: key, title: title))
            let imported = try cli.run(arguments: ["import"] + store + ["app.json"], environment: ["WFS_AUTHOR": "ada"])
            #expect(imported.status == 0, "\(imported.error)")
        }
        let log = try cli.run(arguments: ["log"] + store + ["--format", "json"])
        let all = try Self.ids(log)
        #expect(all.count == 4)
        let (one, two, three, four) = (all[3], all[2], all[1], all[0])

        let diff = try cli.run(arguments: ["diff"] + store + ["app.json@2", "app.json@3"])
        #expect(diff.status == 0, "\(diff.error)")
        #expect(diff.output.contains("> giftCards → vouchers\n    Title: Gift card → Vouchers\n"), "\(diff.output)")
        #expect(!diff.output.contains("+ vouchers") && !diff.output.contains("- giftCards"), "\(diff.output)")
        let text = try cli.run(arguments: ["log"] + store + ["--screen", "vouchers"])
        #expect(text.output.contains("renamed giftCards→vouchers"), "\(text.output)")

        // The audit between the two revisions reads the same rename, with its edit.
        let times = try #require(try StoreCLI.json(log.output) as? [[String: Any]]).compactMap { $0["createdAt"] as? String }
        let audit = try cli.run(arguments: ["audit"] + store + ["--from", times[2], "--to", times[1], "--format", "json"])
        #expect(audit.status == 0, "\(audit.error)")
        let report = try #require(try StoreCLI.json(audit.output) as? [String: Any])
        let document = try #require((report["documents"] as? [[String: Any]])?.first { $0["path"] as? String == "app.json" })
        let renamed = try #require((document["screens"] as? [String: Any])?["renamed"] as? [[String: Any]])
        #expect(renamed.map { $0["previousKey"] as? String } == ["giftCards"])
        #expect(renamed.first.flatMap { $0["fields"] as? [[String: Any]] }?.map { $0["field"] as? String } == ["title"])
        let words = try cli.run(arguments: ["audit"] + store + ["--from", times[2], "--to", times[1]])
        #expect(words.output.contains("Key: giftCards → vouchers"), "\(words.output)")

        let screen = try cli.run(arguments: ["log"] + store + ["--screen", "vouchers", "--format", "json"])
        #expect(try Self.ids(screen) == [four, three])
        let followed = try cli.run(arguments: ["log"] + store + ["--screen", "vouchers", "--follow", "--format", "json"])
        #expect(followed.status == 0, "\(followed.error)")
        #expect(try Self.ids(followed) == [four, three, two, one])
        let limited = try cli.run(arguments: ["log"] + store + ["--screen", "vouchers", "--follow", "--limit", "3", "--format", "json"])
        #expect(try Self.ids(limited) == [four, three, two])
        let alone = try cli.run(arguments: ["log"] + store + ["--follow"])
        #expect(alone.status == 64, "\(alone.error)")

        let noted = try cli.run(arguments: ["note"] + store + [String(one), "Kickoff version", "--author", "carol"])
        #expect(noted.status == 0, "\(noted.error)")
        #expect(noted.output.contains("Kickoff version") && noted.output.contains("note by carol at "), "\(noted.output)")
        let entries = try #require(
            try StoreCLI.json(cli.run(arguments: ["log"] + store + ["--format", "json"]).output) as? [[String: Any]])
        let first = try #require(entries.first { $0["id"] as? Int == one })
        #expect(first["message"] as? String == "Kickoff version")
        #expect(first["author"] as? String == "ada")
        #expect((first["note"] as? [String: Any])?["author"] as? String == "carol")
        #expect((first["note"] as? [String: Any])?["createdAt"] is String)
        #expect(entries.first { $0["id"] as? Int == two }?["note"] == nil)
        let shown = try cli.run(arguments: ["show"] + store + [String(one)])
        #expect(shown.output.contains("message Kickoff version\nnote by carol at "), "\(shown.output)")
        #expect(shown.output.contains(" ada (wfs"), "\(shown.output)")

        // The default author is the same as an import's.
        let byDefault = try cli.run(arguments: ["note"] + store + ["app.json@2", "Retitled"], environment: ["WFS_AUTHOR": "dave"])
        #expect(byDefault.status == 0, "\(byDefault.error)")
        #expect(try cli.run(arguments: ["show"] + store + [String(two)]).output.contains("note by dave at "))
        // The head's note shows wherever the revision does: status, a session's revisions.
        #expect(try cli.run(arguments: ["note"] + store + ["app.json", "Head note"]).status == 0)
        #expect(try cli.run(arguments: ["status"] + store + ["--format", "json"]).output.contains("Head note"))
        let unknown = try cli.run(arguments: ["note"] + store + ["999", "x"])
        #expect(unknown.status != 0 && unknown.error.contains("999"), "\(unknown.error)")
        #expect(try cli.run(arguments: ["verify"] + store).status == 0)
    }

    @Test func onSQLite() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        #expect(try cli.run("init").status == 0)
        try scenario(cli, store: [])
    }

    @Test(.enabled(if: PostgreSQLTestServer.isEnabled, Comment(rawValue: PostgreSQLTestServer.skipReason)))
    func onPostgreSQL() throws {
        let database = try PostgreSQLTestServer.makeDatabase()
        defer { PostgreSQLTestServer.dropDatabase(database.name) }
        let cli = try StoreCLI()
        defer { cli.remove() }
        #expect(try cli.run("init", "--store", database.url).status == 0)
        try scenario(cli, store: ["--store", database.url, "--root", cli.root])
    }
}
