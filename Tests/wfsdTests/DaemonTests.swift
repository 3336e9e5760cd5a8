import Foundation
import Testing
import WireframeStore
import WireframeTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The settle times the end-to-end tests run under: the default, where events go through the
/// settle scheduler to the import loop, and zero, where the watcher's thread imports at once.
enum SettleTime: String, CustomTestStringConvertible, Sendable {
    case standard
    case zero

    static let both: [SettleTime] = [.standard, .zero]

    var environment: [String: String] { self == .zero ? ["WFS_SETTLE_MILLISECONDS": "0"] : [:] }
    var testDescription: String { rawValue }
}

/// End-to-end: the built `wfsd` on a temporary project, checked through the built `wfs`.
@Suite(.serialized)
struct DaemonTests {
    func titles(_ project: Project, _ document: String) throws -> [String] {
        try project.log(document).compactMap { $0["contentHash"] as? String }
    }

    func revisionCount(_ project: Project, _ document: String) throws -> Int { try project.log(document).count }

    /// How the daemon stored a document's head, `reconcile` (its catch-up pass) or `daemon` (a
    /// save it saw), as its log says, once `wfs log` names this machine's `wfsd` as its origin.
    func headOrigin(_ project: Project, _ document: String, _ daemon: Daemon) throws -> String? {
        let head = try project.log(document).first
        guard head?["origin"] as? String == "wfsd@\(HostName.current)", let id = head?["id"] as? Int else { return nil }
        let line = daemon.log.split(separator: "\n").first { line in
            line.contains(" import ") && line.split(separator: " ").contains { $0 == "revision.id=\(id)" }
        }
        return line?.split(separator: " ").first { $0.hasPrefix("revision.origin=") }.map { String($0.dropFirst("revision.origin=".count)) }
    }

    func headTitle(_ project: Project, _ document: String) throws -> String? {
        let result = try project.wfs(["show", "--format", "json", document])
        guard result.status == 0 else { return nil }
        return result.stdout.range(of: #""title"\s*:\s*"([^"]*)""#, options: .regularExpression).map { String(result.stdout[$0]) }
    }

    @Test func savesTheWaysEditorsDoEachMakeOneRevision() throws {
        let project = try Project()
        try project.write("app.json", wireframe(title: "One"))
        let daemon = try project.startDaemon()
        try daemon.waitUntilWatching()
        // The catch-up pass imported the file that was there before the daemon.
        try waitUntil("app.json has a revision") { try revisionCount(project, "app.json") == 1 }
        #expect(try headOrigin(project, "app.json", daemon) == "reconcile")

        try project.write("app.json", wireframe(title: "Two"))
        try waitUntil("in-place write stored") { try revisionCount(project, "app.json") == 2 }
        #expect(try headOrigin(project, "app.json", daemon) == "daemon")

        try project.writeAndRename("app.json", wireframe(title: "Three"))
        try waitUntil("rename into place stored") { try revisionCount(project, "app.json") == 3 }

        try project.writeLikeVim("app.json", wireframe(title: "Four"))
        try waitUntil("vim's save stored") { try revisionCount(project, "app.json") == 4 }
        // Vim's sequence is one revision and no deletion; the droppings were never documents.
        try project.write("other.json", wireframe(title: "Marker"))
        try waitUntil("a later save is stored") { try revisionCount(project, "other.json") == 1 }
        let log = try project.log("app.json")
        #expect(log.count == 4)
        #expect(try headTitle(project, "app.json")?.contains("Four") == true)
        let documents = try project.log().compactMap { $0["document"] as? String }
        #expect(Set(documents) == ["app.json", "other.json"])
        #expect(try daemon.stop() == 0)
    }

    @Test func aBurstEndsWithTheLastContentAsHead() throws {
        let project = try Project()
        let daemon = try project.startDaemon(environment: ["WFS_SETTLE_MILLISECONDS": "50"])
        try daemon.waitUntilWatching()
        for index in 1...30 {
            try project.write("burst.json", wireframe(title: "Burst \(index)"))
        }
        try waitUntil("the last content is the head") { try headTitle(project, "burst.json")?.contains("Burst 30") == true }
        // Folded: far fewer revisions than saves, and the head is the last one.
        #expect(try revisionCount(project, "burst.json") < 30)
        #expect(try daemon.stop() == 0)
    }

    @Test(arguments: SettleTime.both)
    func aRejectedSaveKeepsTheLastGoodRevisionUntilTheFix(settle: SettleTime) throws {
        let project = try Project()
        let daemon = try project.startDaemon(environment: settle.environment)
        try daemon.waitUntilWatching()
        try project.write("app.json", wireframe(title: "Good"))
        try waitUntil("the good revision is stored") { try revisionCount(project, "app.json") == 1 }

        try project.write("app.json", invalidWireframe)
        try waitUntil("status lists the rejected document") {
            let rejected = try project.status()["rejected"] as? [[String: Any]] ?? []
            return rejected.contains { $0["path"] as? String == "app.json" }
        }
        #expect(try revisionCount(project, "app.json") == 1)
        let rejected = try project.status()["rejected"] as? [[String: Any]] ?? []
        let diagnostics = rejected.first?["diagnostics"] as? [[String: Any]] ?? []
        #expect(diagnostics.contains { ($0["code"] as? String)?.hasPrefix("WF") == true && $0["line"] as? Int == 1 })
        // The daemon's log prints the diagnostics compiler style.
        #expect(daemon.log.range(of: #"app\.json:1:\d+: error: .* \[WF\d{4}\]"#, options: .regularExpression) != nil)

        try project.write("app.json", wireframe(title: "Fixed"))
        try waitUntil("the fix is stored") { try revisionCount(project, "app.json") == 2 }
        try waitUntil("status no longer lists it") {
            (try project.status()["rejected"] as? [[String: Any]] ?? []).isEmpty
        }
        #expect(try daemon.stop() == 0)
    }

    @Test(arguments: SettleTime.both)
    func aLoaderIsValidatedAgainWhenTheFileItLoadsChanges(settle: SettleTime) throws {
        let project = try Project()
        let main = """
            <workflow><navigation><screen><title>Main</title></screen>
            <loadSchema name="more"><path>more.xml</path><presentController/><showAlert>no</showAlert></loadSchema>
            </navigation></workflow>

            """
        let good = "<workflow><screen><title>More</title></screen></workflow>\n"
        let broken = "<workflow><screen><bogus/></screen></workflow>\n"
        try project.write("main.xml", main)
        try project.write("more.xml", good)
        let daemon = try project.startDaemon(environment: settle.environment)
        try daemon.waitUntilWatching()
        #expect(try revisionCount(project, "main.xml") == 1)
        #expect(try revisionCount(project, "more.xml") == 1)
        func rejected() throws -> [String: [[String: Any]]] {
            var result: [String: [[String: Any]]] = [:]
            for entry in try project.status()["rejected"] as? [[String: Any]] ?? [] {
                if let path = entry["path"] as? String { result[path] = entry["diagnostics"] as? [[String: Any]] ?? [] }
            }
            return result
        }

        // Breaking the loaded file rejects it, and its loader, whose own bytes did not change.
        try project.write("more.xml", broken)
        try waitUntil("both documents are listed as rejected") { Set(try rejected().keys) == ["main.xml", "more.xml"] }
        let mainDiagnostics = try rejected()["main.xml"] ?? []
        #expect(mainDiagnostics.map { "\($0["line"] as? Int ?? 0) \($0["code"] as? String ?? "")" } == ["2 WF1602"])
        #expect(daemon.log.contains(#"file.path=main.xml import.cause="a loaded file changed" import.outcome=rejected"#))

        // The fix clears both; neither gets a new revision, since neither's content changed.
        try project.write("more.xml", good)
        try waitUntil("neither is rejected any more") { try rejected().isEmpty }
        #expect(try revisionCount(project, "main.xml") == 1)
        #expect(try revisionCount(project, "more.xml") == 1)

        // A loaded file that goes is a warning for its loader, which stays accepted.
        try project.remove("more.xml")
        try waitUntil("the deletion is recorded") { try revisionCount(project, "more.xml") == 2 }
        try waitUntil("the loader was checked again") {
            daemon.log.components(separatedBy: #"file.path=main.xml import.cause="a loaded file changed" import.outcome=unchanged"#).count
                == 3
        }
        #expect(try rejected().isEmpty)
        #expect(try daemon.stop() == 0)
    }

    @Test func aLoaderIsCheckedAgainAtCatchUpWhenItsLoadedFileChangedWhileStopped() throws {
        let project = try Project()
        try project.write(
            "main.xml",
            """
            <workflow><navigation><screen><title>Main</title></screen>
            <loadSchema name="more"><path>more.xml</path><presentController/><showAlert>no</showAlert></loadSchema>
            </navigation></workflow>

            """)
        try project.write("more.xml", "<workflow><screen><title>More</title></screen></workflow>\n")
        var daemon = try project.startDaemon()
        try daemon.waitUntilWatching()
        #expect(try daemon.stop() == 0)
        try project.write("more.xml", "<workflow><screen><bogus/></screen></workflow>\n")
        daemon = try project.startDaemon()
        try daemon.waitUntilWatching()
        let rejected = (try project.status()["rejected"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
        #expect(Set(rejected) == ["main.xml", "more.xml"])
        #expect(try daemon.stop() == 0)
    }

    @Test(arguments: SettleTime.both)
    func newNestedFoldersAreWatchedAndDeletionsRecorded(settle: SettleTime) throws {
        let project = try Project()
        let daemon = try project.startDaemon(environment: settle.environment)
        try daemon.waitUntilWatching()
        try project.write("a/b/c/deep.json", wireframe(title: "Deep"))
        try waitUntil("a file in a new nested folder is stored") { try revisionCount(project, "a/b/c/deep.json") == 1 }
        try project.write("a/b/c/deep.json", wireframe(title: "Deeper"))
        try waitUntil("a second save there is stored") { try revisionCount(project, "a/b/c/deep.json") == 2 }

        // Ignored: droppings, the store's folder, configured excludes need no daemon action.
        try project.write("a/notes.json.swp", "junk")
        try project.write(".git/config.json", "{}")

        try project.remove("a/b/c/deep.json")
        try waitUntil("the deletion is recorded") { try revisionCount(project, "a/b/c/deep.json") == 3 }
        let status = try project.status()
        let heads = status["documents"] as? [[String: Any]] ?? []
        #expect(heads.allSatisfy { ($0["document"] as? String)?.hasPrefix(".git") != true })
        #expect(try daemon.stop() == 0)
    }

    @Test(arguments: SettleTime.both)
    func sigtermExitsZeroAndARestartReconcilesChangesMadeWhileStopped(settle: SettleTime) throws {
        let project = try Project()
        try project.write("kept.json", wireframe(title: "Kept"))
        try project.write("changed.json", wireframe(title: "Before"))
        try project.write("gone.json", wireframe(title: "Gone"))
        var daemon = try project.startDaemon(environment: settle.environment)
        try daemon.waitUntilWatching()
        try waitUntil("three documents") { try project.log().count == 3 }
        let status = try project.status()
        let running = status["daemon"] as? [String: Any]
        #expect(running?["running"] as? Bool == true)
        #expect(running?["pid"] as? Int == Int(daemon.process.processIdentifier))
        #expect(try daemon.stop(SIGTERM) == 0)
        #expect((try project.status()["daemon"] as? [String: Any])?["running"] as? Bool == false)

        // While nobody watches.
        try project.write("changed.json", wireframe(title: "After"))
        try project.remove("gone.json")
        try project.write("new.json", wireframe(title: "New"))

        daemon = try project.startDaemon(environment: settle.environment)
        try daemon.waitUntilWatching()
        try waitUntil("changes caught up") {
            try revisionCount(project, "changed.json") == 2 && revisionCount(project, "gone.json") == 2
                && revisionCount(project, "new.json") == 1
        }
        #expect(try headOrigin(project, "changed.json", daemon) == "reconcile")
        #expect(try headOrigin(project, "gone.json", daemon) == "reconcile")
        #expect(try revisionCount(project, "kept.json") == 1)
        #expect(try daemon.stop(SIGINT) == 0)
    }

    @Test func sigtermImportsWhatIsStillSettlingBeforeExiting() throws {
        let project = try Project()
        // A long settle time: the save is still settling when SIGTERM arrives.
        let daemon = try project.startDaemon(environment: ["WFS_SETTLE_MILLISECONDS": "60000"])
        try daemon.waitUntilWatching()
        try project.write("late.json", wireframe(title: "Late"))
        try waitUntil("the daemon saw the event") {
            let state = (try? Data(contentsOf: URL(fileURLWithPath: project.store + "-wfsd.json"))) ?? Data()
            return (try? JSONSerialization.jsonObject(with: state) as? [String: Any])?["lastEvent"] != nil
        }
        #expect(try revisionCount(project, "late.json") == 0)
        #expect(try daemon.stop(SIGTERM) == 0)
        #expect(try revisionCount(project, "late.json") == 1)
        #expect(try headOrigin(project, "late.json", daemon) == "daemon")
    }

    @Test func withNoSettleTimeSigtermWaitsForTheImportsOfTheWatchersThread() throws {
        let project = try Project()
        let daemon = try project.startDaemon(environment: ["WFS_SETTLE_MILLISECONDS": "0"])
        try daemon.waitUntilWatching()
        // Saves of many files at once: the watcher's thread imports them one after another.
        for index in 1...30 {
            try project.write("file\(index).json", wireframe(title: "File \(index)"))
        }
        try waitUntil("the daemon reports a stored revision") { daemon.log.contains("import.outcome=stored") }
        #expect(try daemon.stop(SIGTERM) == 0)
        // Nothing was imported after the daemon said it stopped, and what it reported is stored.
        let lines = daemon.log.split(separator: "\n")
        let stopped = try #require(lines.lastIndex { $0.contains(" stopped") })
        #expect(!lines[stopped...].contains { $0.contains("import.outcome=") })
        let reported = lines.filter { $0.contains("import.outcome=stored") }.compactMap { line in
            line.split(separator: " ").first { $0.hasPrefix("file.path=") }.map { String($0.dropFirst("file.path=".count)) }
        }
        for path in reported { #expect(try revisionCount(project, path) == 1, "\(path)") }
        #expect(try project.wfs(["verify"]).status == 0)
        // A restart catches up whatever the daemon had not read before it stopped.
        let again = try project.startDaemon(environment: ["WFS_SETTLE_MILLISECONDS": "0"])
        try again.waitUntilWatching()
        for index in 1...30 { #expect(try revisionCount(project, "file\(index).json") == 1) }
        #expect(try again.stop() == 0)
    }

    @Test func withNoSettleTimeTheStateFileShowsTheLastEventOnceItsWorkIsDone() throws {
        let project = try Project()
        let daemon = try project.startDaemon(environment: ["WFS_SETTLE_MILLISECONDS": "0"])
        try daemon.waitUntilWatching()
        func state() -> [String: Any] {
            let data = (try? Data(contentsOf: URL(fileURLWithPath: project.store + "-wfsd.json"))) ?? Data()
            return (try? JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
        }
        // Timestamps of one fixed-width form compare as text.
        func lastEvent(since mark: String) -> Bool { (state()["lastEvent"] as? String).map { $0 >= mark } ?? false }

        let beforeSave = Timestamp.now().text
        try project.write("saved.json", wireframe(title: "Saved"))
        try waitUntil("the state file shows the save and its import") {
            let last = state()["lastImport"] as? [String: Any]
            return last?["path"] as? String == "saved.json" && last?["outcome"] as? String == "stored" && lastEvent(since: beforeSave)
        }

        // A file created and deleted before it was ever written and closed: its one event (the
        // deletion) leads to no import and no record, and the state file shows it all the same.
        let ghost = project.url("ghost.json").path
        let descriptor = open(ghost, O_WRONLY | O_CREAT, 0o644)
        #expect(descriptor >= 0)
        let beforeDeletion = Timestamp.now().text
        #expect(unlink(ghost) == 0)
        close(descriptor)
        try waitUntil("the state file shows the deletion") { lastEvent(since: beforeDeletion) }
        #expect((state()["lastImport"] as? [String: Any])?["path"] as? String == "saved.json")
        #expect(try daemon.stop(SIGTERM) == 0)
    }

    @Test func killedMidSavesTheStoreVerifiesAndKeepsEveryReportedRevision() throws {
        let project = try Project()
        let daemon = try project.startDaemon(environment: ["WFS_SETTLE_MILLISECONDS": "0"])
        try daemon.waitUntilWatching()
        for index in 1...40 {
            try project.write("busy.json", wireframe(title: "Save \(index)"))
            usleep(2_000)
        }
        // Kill once at least one import is reported (on a loaded machine the first may come late),
        // while the later saves are still being imported.
        try waitUntil("the daemon reports a stored revision") { daemon.log.contains("import.outcome=stored") }
        kill(daemon.process.processIdentifier, SIGKILL)
        daemon.process.waitUntilExit()
        let verify = try project.wfs(["verify"])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        // Every revision the daemon reported as stored is in the store.
        let reported = daemon.log.split(separator: "\n").filter { $0.contains("import.outcome=stored") }.compactMap { line in
            line.split(separator: " ").first { $0.hasPrefix("revision.id=") }.flatMap { Int($0.dropFirst("revision.id=".count)) }
        }
        let stored = Set(try project.log("busy.json").compactMap { $0["id"] as? Int })
        #expect(!reported.isEmpty)
        #expect(Set(reported).isSubset(of: stored))
    }

    @Test func aSecondDaemonForTheSameStoreIsRefusedNamingThePid() throws {
        let project = try Project()
        let first = try project.startDaemon()
        try first.waitUntilWatching()
        let second = try project.startDaemon()
        try waitUntil("the second daemon exits") { !second.process.isRunning }
        second.process.waitUntilExit()
        #expect(second.process.terminationStatus == 2)
        #expect(second.log.contains("pid \(first.process.processIdentifier)"))
        #expect(first.process.isRunning)
        #expect(try first.stop() == 0)
    }

    @Test func invalidConfigurationFailsAtStartNamingTheKey() throws {
        let project = try Project()
        let config = project.root.appendingPathComponent("wfsd.yaml")
        try "settleMilliseconds: 999999\nlogLevel: loud\n".write(to: config, atomically: true, encoding: .utf8)
        let daemon = try project.startDaemonUntilItExits(arguments: ["--config", config.path])
        #expect(daemon.process.terminationStatus == 2)
        #expect(daemon.log.contains("'settleMilliseconds'"))
        #expect(daemon.log.contains("'logLevel'"))

        // The environment overrides the file: a valid WFS_SETTLE_MILLISECONDS fixes one key, not the other.
        let second = try project.startDaemonUntilItExits(
            environment: ["WFS_SETTLE_MILLISECONDS": "5"], arguments: ["--config", config.path])
        #expect(!second.log.contains("'settleMilliseconds'"))
        #expect(second.log.contains("'logLevel'"))

        // A misspelt key is an error at its place in the file, not a silent default.
        try "settleMilliseconds: 5\nauthr: team\n".write(to: config, atomically: true, encoding: .utf8)
        let third = try project.startDaemonUntilItExits(arguments: ["--config", config.path])
        #expect(third.process.terminationStatus == 2)
        #expect(third.log.contains("\(config.path):2:1: error: invalid configuration: 'authr' is not a configuration key"))
        #expect(third.log.contains("did you mean 'author'?"))
        #expect(!third.log.contains("wfsd: error: \(config.path)"))
    }

    @Test func excludesFromTheConfigurationAreNotImported() throws {
        let project = try Project()
        let config = project.root.appendingPathComponent("wfsd.yaml")
        try "exclude:\n  - \"drafts/**\"\n".write(to: config, atomically: true, encoding: .utf8)
        let daemon = try project.startDaemon(arguments: ["--config", config.path])
        try daemon.waitUntilWatching()
        try project.write("drafts/idea.json", wireframe(title: "Idea"))
        try project.write("real.json", wireframe(title: "Real"))
        try waitUntil("real.json is stored") { try revisionCount(project, "real.json") == 1 }
        #expect(try revisionCount(project, "drafts/idea.json") == 0)
        #expect(try daemon.stop() == 0)
    }
}

/// The kernel's queue overflows while the daemon is stopped (SIGSTOP): it must rescan, not go silent.
@Suite(.serialized)
struct OverflowTests {
    @Test(arguments: SettleTime.both)
    func aQueueOverflowLeadsToALoggedRescan(settle: SettleTime) throws {
        let project = try Project()
        try project.write("app.json", wireframe(title: "Before"))
        let daemon = try project.startDaemon(environment: settle.environment)
        try daemon.waitUntilWatching()
        try waitUntil("the first revision") { try project.log("app.json").count == 1 }

        kill(daemon.process.processIdentifier, SIGSTOP)
        // The signal is asynchronous: wait until every thread of the daemon has stopped.
        try waitUntil("every thread of wfsd is stopped") { allThreadsStopped(daemon.process.processIdentifier) }
        try project.write("app.json", wireframe(title: "After"))
        // More events than /proc/sys/fs/inotify/max_queued_events (16384 by default), on files
        // the daemon ignores: the kernel queues them all the same. Distinct names, because the
        // kernel folds identical consecutive events into one.
        let limit =
            (try? String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8))
            .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 16384
        for index in 0...(limit / 3 + 100) {
            // IN_CREATE, IN_CLOSE_WRITE, IN_DELETE: three events per file.
            let junk = project.url("junk\(index).txt").path
            let descriptor = open(junk, O_WRONLY | O_CREAT, 0o644)
            close(descriptor)
            unlink(junk)
        }
        kill(daemon.process.processIdentifier, SIGCONT)

        try waitUntil("the overflow is logged and a rescan runs; log:\n\(daemon.log)") {
            daemon.log.contains("overflowed") && daemon.log.contains("reconcile.reason=overflow")
        }
        try waitUntil("the change is stored") { try project.log("app.json").count == 2 }
        #expect(try daemon.stop() == 0)
    }
}

/// Whether every thread of a process is in the stopped state (`T` in `/proc/PID/task/TID/stat`).
func allThreadsStopped(_ pid: Int32) -> Bool {
    guard let threads = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task"), !threads.isEmpty else { return false }
    return threads.allSatisfy { thread in
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/task/\(thread)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
        return state == "T" || state == "t"
    }
}
