import Foundation
import Testing

/// At `logLevel: warning` the daemon's log keeps what needs a person and nothing else: a rejected
/// save, with its diagnostics, is logged at warning; stored imports and start-up lines are not.
@Suite(.serialized)
struct LogLevelTests {
    @Test func aRejectedSaveIsAWarningWithItsDiagnostics() throws {
        let project = try Project()
        try project.write("app.json", wireframe(title: "Good"))
        let daemon = try project.startDaemon(environment: ["WFS_LOG_LEVEL": "warning"])
        // The catch-up pass at start stores the file written before it: the daemon is then watching.
        try waitUntil("the catch-up pass stores app.json") { try project.log("app.json").count == 1 }
        try project.write("app.json", invalidWireframe)
        try waitUntil("status lists the rejected document") {
            let rejected = try project.status()["rejected"] as? [[String: Any]] ?? []
            return rejected.contains { $0["path"] as? String == "app.json" }
        }
        #expect(try daemon.stop() == 0)
        let lines = daemon.log.split(separator: "\n").map(String.init)
        #expect(!lines.isEmpty)
        // Every line is a warning, and they are the rejected save's diagnostics and its import line.
        for line in lines {
            #expect(line.range(of: #"^\S+Z warning "#, options: .regularExpression) != nil, "\(line)")
        }
        #expect(lines.contains { $0.range(of: #" warning app\.json:1:\d+: error: .* \[WF\d{4}\]$"#, options: .regularExpression) != nil })
        #expect(lines.contains { $0.contains(" warning import ") && $0.contains("file.path=app.json import.outcome=rejected") })
        #expect(!lines.contains { $0.contains("import.outcome=stored") })
    }
}
