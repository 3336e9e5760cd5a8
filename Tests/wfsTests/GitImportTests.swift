import Foundation
import Testing
import WireframeTestSupport

/// `wfs import --git` on real repositories made here with the real `git`: one revision per
/// commit that changed a wireframe, with the commit's author, time, message and id; merges,
/// renames, deletions, invalid files, odd authors, empty commits, shallow clones, limits, tags,
/// and running it again.
@Suite struct GitImportTests {
    /// The stores the core test runs on: SQLite, and PostgreSQL when the test cluster is there.
    static let engines: [String] = PostgreSQLTestServer.isEnabled ? ["sqlite", "postgresql"] : ["sqlite"]

    @Test(arguments: engines)
    func historyBecomesRevisionsWithAuthorsTimesMessagesAndCommits(engine: String) throws {
        let repository = try GitRepository()
        defer { repository.remove() }
        var database: (name: String, url: String)?
        if engine == "postgresql" { database = try PostgreSQLTestServer.makeDatabase() }
        defer { if let database { PostgreSQLTestServer.dropDatabase(database.name) } }
        let store = database.map { ["WFS_STORE": $0.url] } ?? [:]

        try repository.write("app.json", StoreCLI.wireframe([("home", "Home"), ("cart", "Cart")]))
        try repository.write("README.md", "not a wireframe\n")
        let first = try repository.commit("Add the app\n\nWith a cart.", author: ("Ada Lovelace", "ada@example.com"), at: 1_700_000_000)
        try repository.write("app.json", StoreCLI.wireframe([("home", "Home"), ("cart", "Basket")]))
        let second = try repository.commit("Rename the cart", author: ("Bob", "bob@example.com"), at: 1_700_000_100)
        // An invalid version: a rejected attempt of that commit, never a revision.
        try repository.write("app.json", "{\"appName\": \"Demo\", \"root\": \"nowhere\", \"routes\": []}\n")
        let broken = try repository.commit("Break it", author: ("Bob", "bob@example.com"), at: 1_700_000_200)
        try repository.write("app.json", StoreCLI.wireframe([("home", "Start"), ("cart", "Basket")]))
        let fixed = try repository.commit("Fix it", author: ("Ada Lovelace", "ada@example.com"), at: 1_700_000_300)
        // An empty commit changes no wireframe: no revision.
        _ = try repository.git("commit", "--allow-empty", "-m", "Nothing", environment: repository.dated(1_700_000_400))
        // A merge: its changes against the first parent are one revision of the merge.
        _ = try repository.git("checkout", "-q", "-b", "feature")
        try repository.write("flows/checkout.json", StoreCLI.wireframe([("home", "Checkout")]))
        _ = try repository.commit("Checkout flow", author: ("Cy", "cy@example.com"), at: 1_700_000_500)
        _ = try repository.git("checkout", "-q", "main")
        try repository.write("app.json", StoreCLI.wireframe([("home", "Start"), ("cart", "Basket"), ("help", "Help")]))
        let beside = try repository.commit("Help screen", author: ("Ada Lovelace", "ada@example.com"), at: 1_700_000_600)
        _ = try repository.git(
            "merge", "--no-ff", "-q", "-m", "Merge the checkout flow", "feature", environment: repository.dated(1_700_000_700))
        let merge = try repository.git("rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
        // A rename without edits and one with edits; then a deletion.
        _ = try repository.git("mv", "flows/checkout.json", "flows/pay.json")
        let moved = try repository.commit("Move the flow", author: ("Cy", "cy@example.com"), at: 1_700_000_800)
        _ = try repository.git("mv", "app.json", "main.json")
        try repository.write("main.json", StoreCLI.wireframe([("home", "Start"), ("cart", "Basket"), ("help", "Help!")]))
        let renamedWithEdits = try repository.commit("Main app", author: ("Ada Lovelace", "ada@example.com"), at: 1_700_000_900)
        _ = try repository.git("rm", "-q", "flows/pay.json")
        let deleted = try repository.commit("Drop the flow", author: ("Bob", "bob@example.com"), at: 1_700_001_000)

        #expect(try repository.wfs(["init"] + (database.map { ["--store", $0.url] } ?? []), environment: store).status == 0)
        let imported = try repository.wfs(["import", "--git"], environment: store)
        // The rejected commit makes the run exit 1, as a rejected file does.
        #expect(imported.status == 1, "\(imported.error)")
        #expect(imported.output.contains("commit \(first.prefix(12))  Ada Lovelace <ada@example.com>  Add the app"), "\(imported.output)")
        // The last good revision kept is the one before the rejected commit, not the newest when
        // the batch of commits is reported.
        #expect(imported.output.contains("rejected app.json: 1 error; the last good revision (2, #2) is kept"), "\(imported.output)")
        #expect(imported.output.hasSuffix("imported 9 commits\n"), "\(imported.output)")
        #expect(!imported.output.contains("Nothing"))

        let log = try repository.wfs(["log", "--format", "json"], environment: store)
        #expect(log.status == 0, "\(log.error)")
        let entries = try #require(try StoreCLI.json(log.output) as? [[String: Any]]).reversed().map { $0 }
        let rows = entries.map { entry in
            "\(entry["document"] as? String ?? "?")#\(entry["number"] as? Int ?? 0) \(entry["author"] as? String ?? "?") "
                + "\(entry["createdAt"] as? String ?? "?") \((entry["commit"] as? String)?.prefix(12) ?? "-") "
                + "\(entry["deleted"] as? Bool == true ? "deleted" : (entry["message"] as? String ?? "-"))"
                + ((entry["renamedFrom"] as? String).map { " (from \($0))" } ?? "")
        }
        // Renamed files keep their history: the documents are named by their paths now.
        let ada = "Ada Lovelace <ada@example.com>"
        #expect(
            rows == [
                "main.json#1 \(ada) 2023-11-14T22:13:20.000000Z \(first.prefix(12)) Add the app\n\nWith a cart.",
                "main.json#2 Bob <bob@example.com> 2023-11-14T22:15:00.000000Z \(second.prefix(12)) Rename the cart",
                "main.json#3 \(ada) 2023-11-14T22:18:20.000000Z \(fixed.prefix(12)) Fix it",
                "main.json#4 \(ada) 2023-11-14T22:23:20.000000Z \(beside.prefix(12)) Help screen",
                "flows/pay.json#1 Merger <merger@example.com> 2023-11-14T22:25:00.000000Z \(merge.prefix(12)) Merge the checkout flow",
                "flows/pay.json#2 Cy <cy@example.com> 2023-11-14T22:26:40.000000Z \(moved.prefix(12)) Move the flow (from flows/checkout.json)",
                "main.json#5 \(ada) 2023-11-14T22:28:20.000000Z \(renamedWithEdits.prefix(12)) Main app (from app.json)",
                "flows/pay.json#3 Bob <bob@example.com> 2023-11-14T22:30:00.000000Z \(deleted.prefix(12)) deleted",
            ], "\(rows.joined(separator: "\n"))")
        #expect(entries.first?["commit"] as? String == first)

        // The invalid commit is a rejected attempt: status names the document waiting for a fix
        // no more (the next commit fixed it), and the text log shows the short commit.
        let text = try repository.wfs(["log"], environment: store)
        #expect(text.output.contains("commit \(broken.prefix(12))") == false)
        #expect(text.output.contains("  commit \(fixed.prefix(12))"), "\(text.output)")
        let show = try repository.wfs(["show", "main.json@3"], environment: store)
        #expect(show.output.contains("commit \(fixed.prefix(12))"), "\(show.output)")

        // Again: nothing new, the same revisions.
        let again = try repository.wfs(["import", "--git"], environment: store)
        #expect(again.status == 0, "\(again.error)")
        #expect(again.output == "imported 0 commits; 9 already imported\n", "\(again.output)")
        let after = try repository.wfs(["log", "--format", "json"], environment: store)
        #expect(after.output == log.output)

        // A new commit: only it.
        try repository.write("main.json", StoreCLI.wireframe([("home", "Start"), ("cart", "Basket")]))
        let next = try repository.commit("No help", author: ("Bob", "bob@example.com"), at: 1_700_001_100)
        let third = try repository.wfs(["import", "--git"], environment: store)
        #expect(third.status == 0, "\(third.error)")
        #expect(third.output.hasPrefix("commit \(next.prefix(12))  Bob <bob@example.com>  No help\nstored main.json"), "\(third.output)")
        #expect(third.output.hasSuffix("imported 1 commit; 9 already imported\n"), "\(third.output)")
        #expect(try repository.wfs(["verify"], environment: store).status == 0)
    }

    @Test func anAuthorNameThatIsNotUTF8IsStoredWithReplacementCharacters() throws {
        let repository = try GitRepository()
        defer { repository.remove() }
        try repository.write("app.json", StoreCLI.wireframe([("home", "Home")]))
        _ = try repository.git("add", "-A", "app.json")
        let tree = try repository.git("write-tree").trimmingCharacters(in: .whitespacesAndNewlines)
        // A commit object written byte by byte: git keeps an author's bytes as they are.
        var object = Data("tree \(tree)\nauthor Jos".utf8)
        object.append(contentsOf: [0xE9, 0xFF])
        object.append(Data(" <jose@example.com> 1700000000 +0000\ncommitter Jose <jose@example.com> 1700000000 +0000\n\nLatin-1\n".utf8))
        let file = repository.root + "/../commit-object-" + UUID().uuidString
        try object.write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let id = try repository.git("hash-object", "-t", "commit", "-w", file).trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try repository.git("update-ref", "refs/heads/main", id)

        #expect(try repository.wfs(["init"]).status == 0)
        let imported = try repository.wfs(["import", "--git"])
        #expect(imported.status == 0, "\(imported.error)")
        let log = try repository.wfs(["log", "--format", "json"])
        let entries = try #require(try StoreCLI.json(log.output) as? [[String: Any]])
        #expect(entries.map { $0["author"] as? String } == ["Jos\u{FFFD}\u{FFFD} <jose@example.com>"])
        #expect(entries.map { $0["commit"] as? String } == [id])
    }

    @Test func aShallowCloneImportsWhatItHoldsAndSaysTheHistoryIsPartial() throws {
        let repository = try GitRepository()
        defer { repository.remove() }
        for (index, title) in ["One", "Two", "Three"].enumerated() {
            try repository.write("app.json", StoreCLI.wireframe([("home", title)]))
            _ = try repository.commit("Step \(index + 1)", author: ("Ada", "ada@example.com"), at: 1_700_000_000 + index * 100)
        }
        let clone = try GitRepository(cloning: repository, depth: 2)
        defer { clone.remove() }
        #expect(try clone.wfs(["init"]).status == 0)
        let imported = try clone.wfs(["import", "--git"])
        #expect(imported.status == 0, "\(imported.error)")
        #expect(imported.error.contains("wfs: warning: the repository is a shallow clone: its history is partial"), "\(imported.error)")
        #expect(imported.output.hasSuffix("imported 2 commits\n"), "\(imported.output)")
        let log = try clone.wfs(["log", "--format", "json"])
        let entries = try #require(try StoreCLI.json(log.output) as? [[String: Any]])
        #expect(entries.map { $0["message"] as? String } == ["Step 3", "Step 2"])
    }

    @Test func aRangeAndPathsLimitTheImport() throws {
        let repository = try GitRepository()
        defer { repository.remove() }
        try repository.write("a/app.json", StoreCLI.wireframe([("home", "One")]))
        try repository.write("b/app.json", StoreCLI.wireframe([("home", "One")]))
        _ = try repository.commit("First", author: ("Ada", "ada@example.com"), at: 1_700_000_000)
        _ = try repository.git("tag", "start")
        try repository.write("a/app.json", StoreCLI.wireframe([("home", "Two")]))
        try repository.write("b/app.json", StoreCLI.wireframe([("home", "Two")]))
        _ = try repository.commit("Second", author: ("Ada", "ada@example.com"), at: 1_700_000_100)
        #expect(try repository.wfs(["init"]).status == 0)

        let limited = try repository.wfs(["import", "--git", "start..HEAD", "a"])
        #expect(limited.status == 0, "\(limited.error)")
        let log = try repository.wfs(["log", "--format", "json"])
        let entries = try #require(try StoreCLI.json(log.output) as? [[String: Any]])
        #expect(entries.map { "\($0["document"] ?? "") \($0["message"] ?? "")" } == ["a/app.json Second"])

        // Without the limits, the rest: the other document of the second commit, and the first commit.
        let rest = try repository.wfs(["import", "--git"])
        #expect(rest.status == 0, "\(rest.error)")
        let all = try #require(try StoreCLI.json(try repository.wfs(["log", "--format", "json"]).output) as? [[String: Any]])
        #expect(all.count == 4)
        #expect(rest.output.hasSuffix("imported 2 commits\n"), "\(rest.output)")

        let unknown = try repository.wfs(["import", "--git", "nowhere..HEAD"])
        #expect(unknown.status == 64)
        #expect(unknown.error.contains("wfs: error: 'nowhere..HEAD' names no commits of the repository"), "\(unknown.error)")
    }

    @Test func aLimitThatNamesNothingIsAUsageErrorAndADeletedDocumentIsALimit() throws {
        let repository = try GitRepository()
        defer { repository.remove() }
        try repository.write("app.json", StoreCLI.wireframe([("home", "One")]))
        try repository.write("gone.json", StoreCLI.wireframe([("home", "Gone")]))
        _ = try repository.commit("First", author: ("Ada", "ada@example.com"), at: 1_700_000_000)
        _ = try repository.git("rm", "-q", "gone.json")
        try repository.write("app.json", StoreCLI.wireframe([("home", "Two")]))
        _ = try repository.commit("Second", author: ("Ada", "ada@example.com"), at: 1_700_000_100)
        #expect(try repository.wfs(["init"]).status == 0)

        // A mistyped range: neither a revision nor a path, as git says.
        let typo = try repository.wfs(["import", "--git", "mian"])
        #expect(typo.status == 64)
        #expect(typo.error.contains("wfs: error: 'mian' is neither a revision nor a path in \(repository.root)"), "\(typo.error)")
        // A later PATH that names nothing, after a range git reads.
        let path = try repository.wfs(["import", "--git", "HEAD~1..HEAD", "app.json", "ap.json"])
        #expect(path.status == 64)
        #expect(path.error.contains("wfs: error: 'ap.json' is not a path in \(repository.root)"), "\(path.error)")
        #expect((try StoreCLI.json(try repository.wfs(["log", "--format", "json"]).output) as? [Any])?.isEmpty == true)

        // A document deleted from the work tree is still a limit: its history comes in.
        let deleted = try repository.wfs(["import", "--git", "gone.json"])
        #expect(deleted.status == 0, "\(deleted.error)")
        let log = try #require(try StoreCLI.json(try repository.wfs(["log", "--format", "json"]).output) as? [[String: Any]])
        #expect(log.map { "\($0["document"] ?? "") \($0["deleted"] as? Bool == true)" } == ["gone.json true", "gone.json false"])
        // A range and an existing path.
        let ranged = try repository.wfs(["import", "--git", "HEAD~1..HEAD", "app.json"])
        #expect(ranged.status == 0, "\(ranged.error)")
        #expect(ranged.output.hasSuffix("imported 1 commit\n"), "\(ranged.output)")
    }

    /// A WorkflowSchema document of a commit is checked against the files it loads as that commit
    /// has them, not as the work tree has them now; a commit that changes only a loaded file
    /// checks the documents that load it again.
    @Test func loadedFilesAreReadFromEachCommit() throws {
        let repository = try GitRepository()
        defer { repository.remove() }
        func main(_ title: String) -> String {
            """
            <workflow><navigation><screen><title>\(title)</title></screen>
            <loadSchema name="next"><path>parts/screen2.xml</path><presentController/><showAlert>no</showAlert></loadSchema>
            </navigation></workflow>
            """
        }
        func screen(_ title: String) -> String { "<workflow><navigation><screen><title>\(title)</title></screen></navigation></workflow>" }
        try repository.write("main.xml", main("Home"))
        try repository.write("parts/screen2.xml", screen("Two"))
        let first = try repository.commit("Both", author: ("Ada", "ada@example.com"), at: 1_700_000_000)
        // The document changes, and the file it loads breaks in the same commit.
        try repository.write("main.xml", main("Start"))
        try repository.write("parts/screen2.xml", "<workflow><screen><bogus/></screen></workflow>")
        let broken = try repository.commit("Break the loaded file", author: ("Bob", "bob@example.com"), at: 1_700_000_100)
        // Only the loaded file changes: fixed, then gone, then back.
        try repository.write("parts/screen2.xml", screen("Two!"))
        let fixed = try repository.commit("Fix it", author: ("Ada", "ada@example.com"), at: 1_700_000_200)
        _ = try repository.git("rm", "-q", "parts/screen2.xml")
        let gone = try repository.commit("Drop it", author: ("Bob", "bob@example.com"), at: 1_700_000_300)
        try repository.write("parts/screen2.xml", screen("Two!"))
        let back = try repository.commit("Bring it back", author: ("Ada", "ada@example.com"), at: 1_700_000_400)
        #expect(try repository.wfs(["init"]).status == 0)

        // Only main.xml is imported: the loaded file is read from each commit all the same.
        let imported = try repository.wfs(["import", "--git", "main.xml"])
        #expect(imported.status == 1, "\(imported.error)")
        var outcomes: [String: [String]] = [:]
        var current = ""
        for line in imported.output.split(separator: "\n").map(String.init) {
            if line.hasPrefix("commit ") {
                current = String(line.dropFirst("commit ".count).prefix(12))
            } else if line.hasSuffix("main.xml") || line.contains("main.xml:") || line.contains("main.xml ") {
                outcomes[current, default: []].append(String(line.prefix { $0 != " " }))
            }
        }
        #expect(
            [first, broken, fixed, gone, back].map { outcomes[String($0.prefix(12))] ?? [] }
                == [["stored"], ["rejected"], ["stored"], ["unchanged"], ["unchanged"]], "\(imported.output)")
        #expect(imported.error.contains("WF1602"), "\(imported.error)")
        #expect(imported.output.hasSuffix("imported 5 commits\n"), "\(imported.output)")
        let log = try #require(try StoreCLI.json(try repository.wfs(["log", "--format", "json"]).output) as? [[String: Any]])
        // Its content is its own: the commit that fixed the loaded file stores the version that was
        // rejected; one without the loaded file is unchanged, with a warning.
        #expect(log.compactMap { $0["commit"] as? String } == [fixed, first])
        #expect(imported.output.contains("unchanged main.xml (1 warning: "), "\(imported.output)")

        // Again: the commits whose loaded file changed are done too.
        let again = try repository.wfs(["import", "--git", "main.xml"])
        #expect(again.status == 0, "\(again.error)")
        #expect(again.output == "imported 0 commits; 5 already imported\n", "\(again.output)")
    }

    /// A loaded file that is a symbolic link in the commit is followed inside the repository, and
    /// one that leads out of it is refused, as on disk.
    @Test func aLoadedLinkIsFollowedInsideTheRepositoryOnly() throws {
        let repository = try GitRepository()
        defer { repository.remove() }
        try repository.write(
            "main.xml",
            """
            <workflow><navigation><screen><title>Home</title></screen>
            <loadSchema name="next"><path>parts/screen2.xml</path><presentController/><showAlert>no</showAlert></loadSchema>
            </navigation></workflow>
            """)
        try repository.write("parts/real.xml", "<workflow><navigation><screen><title>Two</title></screen></navigation></workflow>")
        try FileManager.default.createSymbolicLink(atPath: repository.root + "/parts/screen2.xml", withDestinationPath: "real.xml")
        _ = try repository.commit("Linked", author: ("Ada", "ada@example.com"), at: 1_700_000_000)
        try FileManager.default.removeItem(atPath: repository.root + "/parts/screen2.xml")
        try FileManager.default.createSymbolicLink(atPath: repository.root + "/parts/screen2.xml", withDestinationPath: "../../outside.xml")
        _ = try repository.commit("Linked out", author: ("Ada", "ada@example.com"), at: 1_700_000_100)
        #expect(try repository.wfs(["init"]).status == 0)

        let imported = try repository.wfs(["import", "--git", "main.xml"])
        #expect(imported.status == 1, "\(imported.error)")
        #expect(imported.output.contains("stored main.xml revision 1 (#1): added"), "\(imported.output)")
        #expect(!imported.output.contains("warning"), "\(imported.output)")
        #expect(imported.output.contains("rejected main.xml: 1 error"), "\(imported.output)")
        #expect(
            imported.error.contains("loaded path 'parts/screen2.xml' is a symbolic link to '../outside.xml', outside the project root"),
            "\(imported.error)")
    }

    /// A store copied to another engine still knows which commits it has, rejected ones too.
    @Test(.enabled(if: PostgreSQLTestServer.isEnabled, Comment(rawValue: PostgreSQLTestServer.skipReason)))
    func aCopiedStoreSkipsTheCommitsItHasRejectedOnesToo() throws {
        let repository = try GitRepository()
        defer { repository.remove() }
        try repository.write("app.json", StoreCLI.wireframe([("home", "Home")]))
        _ = try repository.commit("First", author: ("Ada", "ada@example.com"), at: 1_700_000_000)
        try repository.write("app.json", "{\"appName\": \"Demo\", \"root\": \"nowhere\", \"routes\": []}\n")
        _ = try repository.commit("Break it", author: ("Bob", "bob@example.com"), at: 1_700_000_100)
        #expect(try repository.wfs(["init"]).status == 0)
        #expect(try repository.wfs(["import", "--git"]).status == 1)
        let database = try PostgreSQLTestServer.makeDatabase()
        defer { PostgreSQLTestServer.dropDatabase(database.name) }

        let copied = try repository.wfs(["store", "copy", repository.root + "/.wfs/store.sqlite", database.url])
        #expect(copied.status == 0, "\(copied.error)")
        let again = try repository.wfs(["import", "--git", "--store", database.url])
        #expect(again.status == 0, "\(again.error)")
        #expect(again.output == "imported 0 commits; 2 already imported\n", "\(again.output)")
    }

    @Test func aProjectRootBelowTheTopLevelImportsItsOwnFilesOnly() throws {
        let repository = try GitRepository()
        defer { repository.remove() }
        try repository.write("design/app.json", StoreCLI.wireframe([("home", "Home")]))
        try repository.write("other/app.json", StoreCLI.wireframe([("home", "Home")]))
        try repository.write("design/.hidden/app.json", StoreCLI.wireframe([("home", "Home")]))
        _ = try repository.commit("Both", author: ("Ada", "ada@example.com"), at: 1_700_000_000)
        let design = StoreCLI(folder: repository.root + "/design")
        #expect(try design.run(arguments: ["init"], environment: repository.environment).status == 0)
        let imported = try design.run(arguments: ["import", "--git"], environment: repository.environment)
        #expect(imported.status == 0, "\(imported.error)")
        let log = try design.run(arguments: ["log", "--format", "json"], environment: repository.environment)
        let entries = try #require(try StoreCLI.json(log.output) as? [[String: Any]])
        #expect(entries.map { $0["document"] as? String } == ["app.json"])
    }

    @Test func tagsBecomeSessions() throws {
        let repository = try GitRepository()
        defer { repository.remove() }
        try repository.write("app.json", StoreCLI.wireframe([("home", "Home")]))
        _ = try repository.commit("First", author: ("Ada", "ada@example.com"), at: 1_700_000_000)
        _ = try repository.git("tag", "meeting/Kickoff")
        try repository.write("app.json", StoreCLI.wireframe([("home", "Start")]))
        _ = try repository.commit("Second", author: ("Ada", "ada@example.com"), at: 1_700_000_100)
        _ = try repository.git("tag", "-a", "-m", "Review", "meeting/Review", environment: repository.dated(1_700_000_200))
        _ = try repository.git("tag", "meeting/2024-01-01")
        _ = try repository.git("tag", "release-1")
        #expect(try repository.wfs(["init"]).status == 0)

        let imported = try repository.wfs(["import", "--git", "--sessions-from-tags", "meeting/*"])
        #expect(imported.status == 0, "\(imported.error)")
        #expect(imported.output.contains("session Kickoff at 2023-11-14T22:13:20Z\n"), "\(imported.output)")
        #expect(imported.output.contains("session Review at 2023-11-14T22:16:40Z\n"), "\(imported.output)")
        #expect(imported.error.contains("the tag 'meeting/2024-01-01' cannot name a session (it reads as a time)"), "\(imported.error)")
        let sessions = try repository.wfs(["session", "list"])
        #expect(sessions.output.contains("Kickoff") && sessions.output.contains("Review") && !sessions.output.contains("release"))
        // An annotated tag's tagger recorded its meeting; a lightweight tag names nobody.
        let listed = try #require(
            try StoreCLI.json(try repository.wfs(["session", "list", "--format", "json"]).output) as? [[String: Any]])
        let authors = Dictionary(uniqueKeysWithValues: listed.map { ($0["name"] as? String ?? "", $0["author"] as? String ?? "none") })
        #expect(authors == ["Kickoff": "none", "Review": "Merger <merger@example.com>"])
        // The revision made at the tag's commit's time is in the session.
        let log = try repository.wfs(["log", "--format", "json"])
        let entries = try #require(try StoreCLI.json(log.output) as? [[String: Any]])
        #expect(entries.map { $0["session"] as? String } == [nil, "Kickoff"])

        // Again: the sessions exist, nothing is made twice.
        let again = try repository.wfs(["import", "--git", "--sessions-from-tags", "meeting/*"])
        #expect(again.status == 0 && !again.output.contains("session "), "\(again.output)")
    }

    @Test func outsideAWorkTreeOrWithoutGitTheErrorSaysSo() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        let environment = GitRepository.isolation(home: cli.root)
        #expect(try cli.run(arguments: ["init"], environment: environment).status == 0)
        let outside = try cli.run(arguments: ["import", "--git"], environment: environment)
        #expect(outside.status == 2)
        #expect(outside.error.contains("wfs: error: the project root '\(cli.root)' is not in a git work tree"), "\(outside.error)")

        var noGit = environment
        noGit["PATH"] = cli.root
        let missing = try cli.run(arguments: ["import", "--git"], environment: noGit)
        #expect(missing.status == 2)
        #expect(missing.error.contains("wfs: error: git is not installed or not on PATH"), "\(missing.error)")

        let withoutPaths = try cli.run(arguments: ["import"], environment: environment)
        #expect(withoutPaths.status == 64)
        let tagsAlone = try cli.run(arguments: ["import", "--sessions-from-tags", "x/*", "a.json"], environment: environment)
        #expect(tagsAlone.status == 64)
        let withAuthor = try cli.run(arguments: ["import", "--git", "--author", "someone"], environment: environment)
        #expect(withAuthor.status == 64)
        #expect(withAuthor.error.contains("--author and --message do not apply"), "\(withAuthor.error)")
    }
}

/// A git repository in a temporary folder, with git's configuration isolated from the user's and
/// the system's, and dates given for every commit.
struct GitRepository {
    let root: String
    /// A folder for HOME, outside the work tree.
    let home: String

    /// The environment of every git and wfs run: no user or system configuration.
    static func isolation(home: String) -> [String: String] {
        [
            "HOME": home, "XDG_CONFIG_HOME": home, "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null",
            "GIT_AUTHOR_NAME": "Merger", "GIT_AUTHOR_EMAIL": "merger@example.com", "GIT_COMMITTER_NAME": "Merger",
            "GIT_COMMITTER_EMAIL": "merger@example.com",
        ]
    }

    var environment: [String: String] { Self.isolation(home: home) }

    /// A new repository with a `main` branch.
    init() throws {
        let base = NSTemporaryDirectory() + "wfs-git-" + UUID().uuidString
        root = base + "/work"
        home = base + "/home"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        _ = try git("init", "-q", "-b", "main")
    }

    /// A clone of `other` with `depth` commits.
    init(cloning other: GitRepository, depth: Int) throws {
        let base = NSTemporaryDirectory() + "wfs-git-" + UUID().uuidString
        root = base + "/work"
        home = base + "/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let run = try ChildProcess.run(
            "/usr/bin/env", ["git", "clone", "-q", "--depth", "\(depth)", "file://" + other.root, root], in: base,
            environment: ChildProcess.environment(Self.isolation(home: home)))
        guard run.status == 0 else { throw TestSupportError("git clone failed: \(run.error)") }
    }

    func remove() { try? FileManager.default.removeItem(atPath: (root as NSString).deletingLastPathComponent) }

    /// The variables that date a commit or a tag.
    func dated(_ seconds: Int) -> [String: String] {
        ["GIT_AUTHOR_DATE": "@\(seconds) +0000", "GIT_COMMITTER_DATE": "@\(seconds) +0000"]
    }

    /// Runs git in the work tree; its standard output.
    @discardableResult
    func git(_ arguments: String..., environment extra: [String: String] = [:]) throws -> String {
        var variables: [String: String?] = environment
        for (key, value) in dated(1_700_000_000).merging(extra, uniquingKeysWith: { $1 }) { variables[key] = value }
        let run = try ChildProcess.run("/usr/bin/env", ["git"] + arguments, in: root, environment: ChildProcess.environment(variables))
        guard run.status == 0 else { throw TestSupportError("git \(arguments.joined(separator: " ")) failed: \(run.error)") }
        return run.output
    }

    /// Writes a file in the work tree.
    func write(_ relativePath: String, _ text: String) throws {
        try StoreCLI(folder: root).write(relativePath, text)
    }

    /// Commits every change of the work tree but the store; the commit's id.
    func commit(_ message: String, author: (name: String, email: String), at seconds: Int) throws -> String {
        _ = try git("add", "-A", "--", ".", ":(exclude).wfs")
        var variables = dated(seconds)
        variables["GIT_AUTHOR_NAME"] = author.name
        variables["GIT_AUTHOR_EMAIL"] = author.email
        _ = try git("commit", "-q", "-m", message, environment: variables)
        return try git("rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs the built `wfs` in the work tree.
    func wfs(_ arguments: [String], environment extra: [String: String] = [:]) throws -> StoreCLI.Run {
        try StoreCLI(folder: root).run(arguments: arguments, environment: environment.merging(extra, uniquingKeysWith: { $1 }))
    }
}
