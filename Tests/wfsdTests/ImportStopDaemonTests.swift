import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// SIGTERM stops the import in flight, and an import past its budget is a rejected attempt while
/// the daemon goes on, end to end through the real `wfsd`.
@Suite(.serialized)
struct ImportStopDaemonTests {
    /// A valid wireframe of `count` screens in a chain, large enough that reading it takes a while.
    static func chain(_ count: Int, title: String = "Screen") -> String {
        var text = #"{"appName": "Chain", "root": "screen0", "routes": ["# + "\n"
        for index in 0..<count {
            let next = index + 1 < count ? #", "subroutes": ["screen\#(index + 1)"]"# : ""
            text += #"  {"name": "screen\#(index)", "title": "\#(title) \#(index)", "type": "view"\#(next)}"#
            text += index + 1 < count ? ",\n" : "\n"
        }
        return text + "]}\n"
    }

    @Test func sigtermStopsTheImportInFlightAndTheNextStartImportsTheFile() throws {
        let project = try Project()
        try project.write("big.json", Self.chain(40_000))
        // The catch-up pass imports the file; the debug log says when it begins.
        let daemon = try project.startDaemon(environment: ["WFS_LOG_LEVEL": "debug"])
        try waitUntil("the import begins; log:\n\(daemon.log)") { daemon.log.contains("importing") || !daemon.process.isRunning }
        #expect(try daemon.stop() == 0)
        #expect(daemon.log.contains("import stopped: the daemon is stopping"), "log:\n\(daemon.log)")
        #expect(!daemon.log.contains(" info import "), "log:\n\(daemon.log)")
        // Nothing of the stopped import was written: no revision, no attempt.
        #expect(try project.log("big.json").isEmpty)
        #expect((try project.status()["rejected"] as? [Any])?.isEmpty ?? true)

        let again = try project.startDaemon()
        try again.waitUntilWatching()
        let revisions = try project.log("big.json")
        #expect(revisions.count == 1)
        #expect(revisions.first?["screenCount"] as? Int == 40_000)
        #expect(try again.stop() == 0)
    }

    @Test func anImportPastTheWorkLimitIsRejectedAndTheDaemonGoesOn() throws {
        let project = try Project()
        try project.write("large.json", Self.chain(30))
        try project.write("small.json", Self.chain(3))
        // Each chain screen counts once (it has no elements): 30 is past the limit, 3 is not.
        let daemon = try project.startDaemon(environment: ["WFS_IMPORT_WORK_LIMIT": "10"])
        try daemon.waitUntilWatching()
        #expect(try project.log("large.json").isEmpty)
        #expect(try project.log("small.json").count == 1)
        let rejected = try project.status()["rejected"] as? [[String: Any]] ?? []
        #expect(rejected.map { $0["path"] as? String } == ["large.json"])
        let diagnostics = rejected.first?["diagnostics"] as? [[String: Any]] ?? []
        #expect(diagnostics.map { $0["code"] as? String } == ["WF0017"])
        #expect((diagnostics.first?["message"] as? String)?.contains("more than 10 screens and elements") == true)

        // A save within the limit is imported while the daemon runs.
        try project.write("large.json", Self.chain(5))
        try waitUntil("large.json is stored") { try project.log("large.json").count == 1 }
        #expect(try daemon.stop() == 0)
    }
}
