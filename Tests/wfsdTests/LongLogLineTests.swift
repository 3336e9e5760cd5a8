import Foundation
import Testing

/// A file whose diagnostic quotes a very long name: each message and value in the daemon's log is
/// cut to a kilobyte, so that one hostile file cannot write megabyte lines.
@Suite(.serialized)
struct LongLogLineTests {
    @Test func aDiagnosticQuotingALongNameIsCutInTheLog() throws {
        let project = try Project()
        let name = String(repeating: "n", count: 200_000)
        let text = #"{ "appName": "A", "root": "home", "routes": [{ "name": "home", "title": "Home", "subroutes": [""# + name + #""] }] }"#
        try project.write("app.json", text)
        let daemon = try project.startDaemon()
        try waitUntil("status lists the rejected document") {
            let rejected = try project.status()["rejected"] as? [[String: Any]] ?? []
            return rejected.contains { $0["path"] as? String == "app.json" }
        }
        #expect(try daemon.stop() == 0)
        let lines = daemon.log.split(separator: "\n")
        // The diagnostic is logged, cut short: its start names the subroute, its end is an ellipsis.
        let cut = lines.filter { $0.contains("error: subroute 'nnnn") && $0.hasSuffix("…") }
        #expect(cut.count == 1, "\(daemon.log.prefix(4_000))")
        let longest = lines.map(\.utf8.count).max() ?? 0
        #expect(longest < 4_096, "the longest log line has \(longest) bytes")
    }
}
