import Foundation
import Testing
import WireframeTestSupport

/// End-to-end tests: the built `wfs` binary on temporary projects.
@Suite(.serialized) struct StoreCommandTests {
    let base: [(String, String)] = [("home", "Home"), ("settings", "Settings"), ("profile", "Profile")]

    @Test func theMeetingStory() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        #expect(try cli.run("init").status == 0)
        try cli.write("app.json", StoreCLI.wireframe(base))
        #expect(try cli.run("import", "app.json").status == 0)

        // The first meeting, with an edit made during it.
        #expect(try cli.run("session", "start", "Kickoff", "--notes", "first look").status == 0)
        try cli.write("app.json", StoreCLI.wireframe([("home", "Home"), ("settings", "Preferences"), ("profile", "Profile")]))
        #expect(try cli.run("import", "app.json").status == 0)
        #expect(try cli.run("session", "end").status == 0)

        // Between the meetings: an edit, a new screen, and a save that is rejected.
        try cli.write(
            "app.json", StoreCLI.wireframe([("home", "Home"), ("settings", "Preferences"), ("profile", "My profile"), ("help", "Help")]))
        let between = try cli.run("import", "--message", "profile and help", "app.json")
        #expect(between.status == 0)
        #expect(between.output.contains("added help"))
        try cli.write("app.json", "{\"appName\": \"Demo\" \"root\": \"home\"}")
        let rejected = try cli.run("import", "app.json")
        #expect(rejected.status == 1)
        #expect(rejected.error.contains("app.json:1:"))
        #expect(rejected.output.contains("rejected app.json: 1 error; the last good revision (3, #3) is kept"))
        try cli.write("broken.json", "{")
        let first = try cli.run("import", "broken.json")
        #expect(first.output.contains("rejected broken.json: 1 error; nothing was stored"))

        #expect(try cli.run("session", "start", "Review").status == 0)
        #expect(try cli.run("session", "end").status == 0)

        let audit = try cli.run("audit", "--from", "Kickoff", "--to", "Review", "--format", "json")
        #expect(audit.status == 0)
        let report = try #require(try StoreCLI.json(audit.output) as? [String: Any])
        let documents = try #require(report["documents"] as? [[String: Any]])
        #expect(documents.count == 1)
        #expect(documents.first?["path"] as? String == "app.json")
        #expect(documents.first?["status"] as? String == "modified")
        let screens = try #require(documents.first?["screens"] as? [String: Any])
        #expect(screens["added"] as? [String] == ["help"])
        #expect((screens["removed"] as? [String])?.isEmpty == true)
        let modified = try #require(screens["modified"] as? [[String: Any]])
        #expect(modified.map { $0["screen"] as? String } == ["home", "profile"])  // home gained a link to help

        let markdown = try cli.run("audit", "--from", "Kickoff", "--to", "Review", "--format", "markdown")
        #expect(markdown.output.contains("- Help (help)\n  - New screen.\n"))

        // The head is the last good revision; the session owns the revision made in it.
        let log = try #require(try StoreCLI.json(try cli.run("log", "--format", "json").output) as? [[String: Any]])
        #expect(log.count == 3)
        #expect((log.first?["changes"] as? [String: Any])?["added"] as? [String] == ["help"])
        #expect(log.first?["author"] as? String == "tester")
        let kickoff = try #require(
            try StoreCLI.json(try cli.run("log", "--session", "Kickoff", "--format", "json").output) as? [[String: Any]])
        #expect(kickoff.count == 1)
        #expect((kickoff.first?["changes"] as? [String: Any])?["modified"] as? [String] == ["settings"])
        #expect(try cli.run("show", "app.json@Kickoff", "--format", "json").output.contains("Preferences"))
        #expect(!(try cli.run("show", "app.json@Kickoff", "--format", "json").output.contains("My profile")))
        #expect(try cli.run("verify").status == 0)
    }

    /// A rejected file waits for a fix in `wfs status` while it exists or has a good revision;
    /// one that was never stored and is gone (a save that vanished) waits for nothing.
    @Test func aRejectedFileThatIsGoneIsNoLongerListedAsWaitingForAFix() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        #expect(try cli.run("init").status == 0)
        try cli.write("app.json", StoreCLI.wireframe(base))
        #expect(try cli.run("import", "app.json").status == 0)
        try cli.write("app.json", "{\"appName\": \"Demo\" \"root\": \"home\"}")
        try cli.write("draft.json", "{\"appName\": ")
        #expect(try cli.run("import", "app.json").status == 1)
        #expect(try cli.run("import", "draft.json").status == 1)
        func rejectedPaths() throws -> [String] {
            let status = try #require(try StoreCLI.json(try cli.run("status", "--format", "json").output) as? [String: Any])
            return try #require(status["rejected"] as? [[String: Any]]).compactMap { $0["path"] as? String }
        }
        #expect(try rejectedPaths() == ["app.json", "draft.json"])
        try FileManager.default.removeItem(atPath: cli.root + "/draft.json")
        try FileManager.default.removeItem(atPath: cli.root + "/app.json")
        // app.json still has a good revision that the store takes for the file until its deletion is imported.
        #expect(try rejectedPaths() == ["app.json"])
        let text = try cli.run("status").output
        let waiting = try #require(
            text.components(separatedBy: "rejected (the last good revision is kept):\n").last?
                .components(separatedBy: "latest imports:").first)
        #expect(waiting.hasPrefix("  app.json  rejected "))
        // The file's line and its first error; draft.json is not waiting any more.
        #expect(waiting.split(separator: "\n").count == 2, "\(waiting)")
        #expect(!waiting.contains("draft.json"), "\(waiting)")
        #expect(text.contains("rejected  draft.json"))  // still in the history of imports
    }

    @Test func everyCommandOnAProject() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        #expect(try cli.run("init", "--root", ".").status == 0)
        try cli.write("screens/app.json", StoreCLI.wireframe(base))
        try cli.write("screens/other.json", StoreCLI.wireframe([("home", "Start")], appName: "Other"))
        let first = try cli.run("import", "--author", "ada", "screens")
        #expect(first.status == 0)
        #expect(first.output.contains("stored screens/app.json"))
        #expect(try cli.run("import", "screens/app.json").output.contains("unchanged screens/app.json"))
        try cli.write("screens/app.json", StoreCLI.wireframe([("home", "Home"), ("settings", "Settings"), ("profile", "Profile 2")]))
        #expect(try cli.run("import", "screens/app.json").status == 0)

        // log filters
        #expect(try cli.run("log", "--screen", "profile").output.contains("modified profile"))
        #expect(try cli.run("log", "--document", "screens/other.json", "--format", "json").output.contains("\"id\" : 2"))
        #expect(try cli.run("log", "--limit", "1").output.components(separatedBy: "revision ").count == 2)
        #expect(try cli.run("log", "--since", "2999-01-01").output.isEmpty)
        #expect(try cli.run("log", "--until", "2000-01-01").output.isEmpty)

        // show
        #expect(try cli.run("show", "screens/app.json").output.contains("3 screens"))
        let statusText = try cli.run("status").output
        #expect(statusText.contains("screens/app.json  revision 3 (#2)  3 screens\n"), "\(statusText)")
        #expect(statusText.contains("screens/other.json  revision 2 (#1)  1 screen\n"), "\(statusText)")
        let source = try cli.run("show", "--source", "1")
        #expect(source.output == StoreCLI.wireframe(base))
        #expect(try cli.run("show", "--format", "json", "screens/app.json@1").output.contains("\"Profile\""))
        #expect(try cli.run("show", "--format", "xml", "1").status == 2)

        // diff
        let diff = try cli.run("diff", "screens/app.json@1", "screens/app.json")
        #expect(diff.output.contains("~ profile"))
        #expect(diff.output.contains("~ profile\n    Title: Profile → Profile 2\n"))
        #expect(diff.output.contains("… 1 unchanged screen\n"))
        let diffJSON = try #require(try StoreCLI.json(try cli.run("diff", "--format", "json", "1", "3").output) as? [String: Any])
        #expect((diffJSON["screens"] as? [[String: Any]])?.first?["key"] as? String == "profile")

        // sessions
        #expect(try cli.run("session", "add", "Retro", "--start", "2000-01-01T10:00", "--end", "2000-01-01T11:00").status == 0)
        #expect(try cli.run("session", "list").output.contains("Retro"))
        #expect(try cli.run("session", "show", "Retro").output.contains("no revisions"))
        let unknown = try cli.run("session", "show", "Retr")
        #expect(unknown.status == 2)
        #expect(unknown.error.contains("did you mean 'Retro'?"))
        // A point that is neither a session (none close) nor a time says both, in a REF and in --at.
        let neither =
            "'yesterday' is neither a session nor a time: name a session ('wfs session list') or use YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS], optionally with Z or ±HH:MM"
        let neitherDiff = try cli.run("diff", "screens/app.json@yesterday", "screens/app.json")
        #expect(neitherDiff.status == 64)
        #expect(neitherDiff.error == "wfs: error: \(neither)\n")
        let neitherExport = try cli.run("export", "--at", "yesterday", "--output", "never")
        #expect(neitherExport.status == 64)
        #expect(neitherExport.error == "wfs: error: \(neither)\n")
        #expect(!FileManager.default.fileExists(atPath: cli.root + "/never"))
        // A near miss keeps its suggestion.
        #expect(
            try cli.run("diff", "screens/app.json@Retr", "screens/app.json").error
                == "wfs: error: no session named 'Retr'; did you mean 'Retro'?\n")

        // status, verify
        let status = try #require(try StoreCLI.json(try cli.run("status", "--format", "json").output) as? [String: Any])
        #expect((status["documents"] as? [Any])?.count == 2)
        #expect(try cli.run("verify").output.contains("no problems"))

        // export, and a re-import of the export gives the same hashes
        #expect(try cli.run("export", "--output", "out").status == 0)
        // A time before every revision exports nothing and says why.
        let tooEarly = try cli.run("export", "--at", "1999-01-01T00:00Z", "--output", "early")
        #expect(tooEarly.status == 0)
        #expect(tooEarly.output == "")
        #expect(tooEarly.error == "wfs: warning: nothing to export: no document has a revision at or before 1999-01-01T00:00:00Z\n")
        let manifestData = try Data(contentsOf: URL(fileURLWithPath: cli.root + "/out/wfs-manifest.json"))
        let manifest = try #require(try JSONSerialization.jsonObject(with: manifestData) as? [String: Any])
        let exported = try #require(manifest["documents"] as? [[String: Any]])
        #expect(exported.count == 2)
        let again = try StoreCLI()
        defer { again.remove() }
        #expect(try again.run("init").status == 0)
        try FileManager.default.copyItem(atPath: cli.root + "/out/screens", toPath: again.root + "/screens")
        #expect(try again.run("import", "screens").status == 0)
        let heads = try #require(try StoreCLI.json(try again.run("log", "--format", "json").output) as? [[String: Any]])
        #expect(Set(heads.compactMap { $0["contentHash"] as? String }) == Set(exported.compactMap { $0["contentHash"] as? String }))

        // a folder import records a deleted file as a tombstone
        try FileManager.default.removeItem(atPath: cli.root + "/screens/other.json")
        let deletion = try cli.run("import", "screens")
        #expect(deletion.output.contains("deleted screens/other.json"))
        #expect(try cli.run("show", "--source", "screens/other.json").status == 2)
        #expect(try cli.run("show", "screens/other.json@1").status == 0)
        #expect(try cli.run("verify").status == 0)
    }

    @Test func errorsSayWhatToDo() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        let missing = try cli.run("log")
        #expect(missing.status == 2)
        #expect(missing.error.contains("wfs init"))
        #expect(try cli.run("init").status == 0)
        let outside = try cli.run("import", "/etc/hostname")
        #expect(outside.status == 64)
        #expect(outside.error.contains("outside the project root"))
        #expect(try cli.run("show", "99").error.contains("no revision 99; the store has no revisions yet"))
        #expect(try cli.run("log", "--limit", "-1").status == 64)
        #expect(try cli.run("log", "--since", "yesterday").status == 64)
        let unknownDocument = try cli.run("show", "ap.json")
        #expect(unknownDocument.status == 2)
        // The store is found from a sub-folder, and through WFS_STORE.
        try FileManager.default.createDirectory(atPath: cli.root + "/deep/er", withIntermediateDirectories: true)
        try cli.write("deep/app.json", StoreCLI.wireframe([("home", "Home")]))
        let deeper = StoreCLI(folder: cli.root + "/deep/er")
        let fromBelow = try deeper.run("import", "../app.json", "--message", "from below")
        #expect(fromBelow.status == 0)
        #expect(try deeper.run("log").output.contains("deep/app.json #1"))
        #expect(try deeper.run("show", "7").error.contains("no revision 7; revisions are numbered 1 to 1"))
        #expect(
            try cli.run("show", "deep/app.json@4").error.contains(
                "document 'deep/app.json' has no revision at number 4; its only revision is number 1"))
        try cli.write("deep/app.json", StoreCLI.wireframe([("home", "Home, again")]))
        #expect(try cli.run("import", "deep/app.json").status == 0)
        #expect(
            try cli.run("diff", "deep/app.json@1", "deep/app.json@3").error.contains(
                "document 'deep/app.json' has no revision at number 3; its revisions are numbered 1 to 2"))
        #expect(try deeper.run("status", "--store", "../../.wfs/./store.sqlite").status == 0)
        let other = try StoreCLI()
        defer { other.remove() }
        #expect(try other.run("status", environment: ["WFS_STORE": cli.root + "/.wfs/store.sqlite"]).status == 0)
        #expect(try other.run("status", "--store", cli.root + "/.wfs/store.sqlite").status == 0)
    }

    /// `wfs` reads WFS_STORE, WFS_AUTHOR and USER itself (not through `ProcessInfo`'s dictionary):
    /// the same precedence as before, empty values counting as unset.
    @Test func theStoreAndTheAuthorComeFromOptionsThenTheEnvironment() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        #expect(try cli.run("init").status == 0)
        let storePath = cli.root + "/.wfs/store.sqlite"
        try cli.write("app.json", StoreCLI.wireframe([("home", "Home")]))
        // No WFS_AUTHOR (empty): USER names the author.
        let byUser = try cli.run("import", "app.json", environment: ["WFS_AUTHOR": "", "USER": "grace"])
        #expect(byUser.status == 0)
        #expect(try cli.run("log").output.contains("  grace (wfs@\(HostName.current))"))
        // WFS_AUTHOR wins over USER, --author over both.
        try cli.write("app.json", StoreCLI.wireframe([("home", "Home 2")]))
        #expect(try cli.run("import", "app.json", environment: ["WFS_AUTHOR": "ada", "USER": "grace"]).status == 0)
        try cli.write("app.json", StoreCLI.wireframe([("home", "Home 3")]))
        #expect(try cli.run("import", "--author", "linus", "app.json", environment: ["WFS_AUTHOR": "ada"]).status == 0)
        let authors = try cli.run("log").output.split(separator: "\n").filter { $0.hasPrefix("revision ") }
        #expect(authors.count == 3)
        #expect(authors.map { $0.contains("  linus (wfs@\(HostName.current))") } == [true, false, false])
        #expect(authors.map { $0.contains("  ada (wfs@\(HostName.current))") } == [false, true, false])
        #expect(authors.map { $0.contains("  grace (wfs@\(HostName.current))") } == [false, false, true])

        // --store wins over WFS_STORE; an empty WFS_STORE is unset (the store is searched for);
        // a WFS_STORE naming no file is an error that names it.
        let elsewhere = try StoreCLI()
        defer { elsewhere.remove() }
        let missing = elsewhere.root + "/none/store.sqlite"
        #expect(try elsewhere.run("log", "--store", storePath, environment: ["WFS_STORE": missing]).output.contains("app.json #3"))
        #expect(try cli.run("log", "--limit", "1", environment: ["WFS_STORE": ""]).output.contains("app.json #3"))
        #expect(try elsewhere.run("log", environment: ["WFS_STORE": storePath]).output.contains("app.json #1"))
        let notThere = try elsewhere.run("log", environment: ["WFS_STORE": missing])
        #expect(notThere.status == 2)
        #expect(notThere.error.contains(missing))
        // Without either, a folder outside any project has no store.
        let none = try elsewhere.run("log")
        #expect(none.status == 2)
        #expect(none.error.contains("wfs init"))
    }

    @Test func pathAtAMeetingUsesTheStoredDocument() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        #expect(try cli.run("init").status == 0)
        func save(_ subroutes: String) throws {
            try """
            {"appName": "A", "root": "home", "routes": [
              {"name": "home", "title": "Home", "subroutes": [\(subroutes)]},
              {"name": "list", "title": "List", "subroutes": ["detail"]},
              {"name": "detail", "title": "Detail"}]}
            """.write(toFile: cli.root + "/app.json", atomically: true, encoding: .utf8)
            #expect(try cli.run("import", "app.json").status == 0)
        }
        try save(#""list""#)
        #expect(try cli.run("session", "add", "Kickoff", "--start", "2020-01-01T10:00", "--end", "2099-01-01T11:00").status == 0)
        // After the meeting (by revision), home links to detail directly.
        try save(#""list", "detail""#)
        let now = try cli.run("path", "app.json", "home", "detail")
        #expect(now.output == "home → detail: 1 step\n  1. push 'detail' from 'home' via subroute\n")
        let first = try cli.run("path", "--at", "1", "app.json", "home", "detail")
        #expect(first.status == 0)
        #expect(first.output.hasPrefix("home → detail: 2 steps\n"))
        let wrongDocument = try cli.run("path", "--at", "1", "other.json", "home", "detail")
        #expect(wrongDocument.status == 2)
        #expect(wrongDocument.error == "wfs: error: revision 1 is of 'app.json', not of 'other.json'\n")
        let typo = try cli.run("path", "--at", "Kikoff", "app.json", "home", "detail")
        #expect(typo.status == 2)
        #expect(typo.error.contains("did you mean 'Kickoff'?"))
    }

    @Test func initAgainKeepsTheSameProjectsStoreAndRefusesAnotherProjects() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        #expect(try cli.run("init").status == 0)
        try "{\"appName\": \"A\", \"root\": \"home\", \"routes\": [{\"name\": \"home\", \"title\": \"Home\"}]}"
            .write(toFile: cli.root + "/app.json", atomically: true, encoding: .utf8)
        #expect(try cli.run("import", "app.json").status == 0)
        // The same project: nothing changes, the history stays.
        let again = try cli.run("init")
        #expect(again.status == 0)
        #expect(again.output.hasSuffix("exists already\n"))
        #expect(try cli.run("log", "--format", "json").output.contains("\"app.json\""))
        // Another project whose store would be this file: refused.
        let other = try StoreCLI()
        defer { other.remove() }
        let refused = try other.run("init", "--store", cli.root + "/.wfs/store.sqlite")
        #expect(refused.status == 2)
        #expect(refused.error.contains("a store already exists"))
    }

    @Test func aReadOnlyStoreFailsCleanly() throws {
        guard getuid() != 0 else { return }  // root writes through permissions
        let cli = try StoreCLI()
        defer { cli.remove() }
        #expect(try cli.run("init").status == 0)
        try cli.write("app.json", StoreCLI.wireframe(base))
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: cli.root + "/.wfs")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: cli.root + "/.wfs/store.sqlite")
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: cli.root + "/.wfs") }
        let result = try cli.run("import", "app.json")
        #expect(result.status == 2)
        #expect(result.error.contains("wfs: error:"))
    }

    @Test func aReaderListsHistoryWhileAnotherProcessImports() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        #expect(try cli.run("init").status == 0)
        try cli.write("app.json", StoreCLI.wireframe(base))
        #expect(try cli.run("import", "app.json").status == 0)
        let script = """
            set -e
            for i in $(seq 1 25); do
              printf '{"appName": "Demo", "root": "home", "routes": [{"name": "home", "title": "Home %s"}]}' "$i" > app.json
              "$WFS" import app.json > /dev/null
            done
            """
        let readerScript = """
            set -e
            for i in $(seq 1 40); do "$WFS" log --limit 3 --format json > /dev/null; "$WFS" status > /dev/null; done
            """
        func start(_ script: String) throws -> (Process, Pipe) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", script]
            process.currentDirectoryURL = URL(fileURLWithPath: cli.root)
            var environment = ProcessInfo.processInfo.environment
            environment["WFS"] = StoreCLI.binary
            environment["WFS_STORE"] = nil
            process.environment = environment
            let error = Pipe()
            process.standardError = error
            try process.run()
            return (process, error)
        }
        let (writer, writerErrors) = try start(script)
        let (reader, readerErrors) = try start(readerScript)
        let writerText = String(decoding: writerErrors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let readerText = String(decoding: readerErrors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        writer.waitUntilExit()
        reader.waitUntilExit()
        #expect(writer.terminationStatus == 0, "\(writerText)")
        #expect(reader.terminationStatus == 0, "\(readerText)")
        #expect(!writerText.contains("busy") && !readerText.contains("busy"))
        #expect(!writerText.lowercased().contains("locked") && !readerText.lowercased().contains("locked"))
        let log = try #require(try StoreCLI.json(try cli.run("log", "--format", "json").output) as? [[String: Any]])
        #expect(log.count == 26)
        #expect(try cli.run("verify").status == 0)
    }
}

@Suite struct StoreWorkflowSchemaTests {
    @Test func anXMLDocumentIsStoredAndShownAsXML() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        #expect(try cli.run("init").status == 0)
        try cli.write(
            "flow.xml",
            """
            <workflow>
                <navigation>
                    <screen name="start" title="Start"/>
                </navigation>
            </workflow>

            """)
        let imported = try cli.run("import", "flow.xml")
        #expect(imported.status == 0, "\(imported.error)")
        let xml = try cli.run("show", "--format", "xml", "flow.xml")
        #expect(xml.status == 0)
        #expect(xml.output.contains("<workflow"))
        #expect(try cli.run("verify").status == 0)
        #expect(try cli.run("export", "--format", "xml", "--output", "out").status == 0)
        #expect(FileManager.default.fileExists(atPath: cli.root + "/out/flow.xml"))
    }
}
