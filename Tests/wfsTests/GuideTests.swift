import Foundation
import Testing
import WireframeTestSupport

/// docs/GUIDE.md works as written: its `sh` blocks, with its `json file=NAME` blocks written where
/// they stand, run in order as one shell script in an empty folder, with the built `wfs` first on
/// PATH. Its report step needs Graphviz's `dot` (skipped without it, except under CI).
@Suite struct GuideTests {
    /// The guide as one script: each `sh` block's lines, and each file block as a here-document.
    static func script(of guide: String) throws -> String {
        var script = ["set -eu"]
        var lines = guide.split(separator: "\n", omittingEmptySubsequences: false).makeIterator()
        while let line = lines.next() {
            guard line.hasPrefix("```") else { continue }
            let info = line.dropFirst(3).split(separator: " ")
            var body: [Substring] = []
            while let inner = lines.next(), inner != "```" { body.append(inner) }
            if info.first == "sh" {
                script += body.map(String.init)
            } else if let file = info.dropFirst().first(where: { $0.hasPrefix("file=") }) {
                let name = file.dropFirst("file=".count)
                script.append("cat > '\(name)' <<'GUIDE_FILE_END'")
                script += body.map(String.init)
                script.append("GUIDE_FILE_END")
            }
        }
        return script.joined(separator: "\n") + "\n"
    }

    @Test(.enabled(if: ReportCommandTests.dot != nil || ReportCommandTests.isCI, "Graphviz's dot is not installed (Debian: graphviz)"))
    func theGuideRunsAsWritten() throws {
        let guide = try String(contentsOf: CommandRunner.packageRoot.appending(path: "docs/GUIDE.md"), encoding: .utf8)
        let script = try Self.script(of: guide)
        #expect(script.contains("wfs report"), "the guide's blocks were not found:\n\(script)")

        let folder = FileManager.default.temporaryDirectory.appending(path: "wfs-guide-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try script.write(to: folder.appending(path: "guide.sh"), atomically: true, encoding: .utf8)
        let binaries = try CommandRunner.executable().deletingLastPathComponent().path
        let path = binaries + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let run = try ChildProcess.run(
            "/bin/sh", ["guide.sh"], in: folder.path,
            environment: ChildProcess.environment(["PATH": path, "USER": "dana", "NO_COLOR": "1", "WFS_STORE": nil]))
        #expect(run.status == 0, "\(run)")

        // What the guide says the commands show.
        #expect(run.output.contains("added cart, checkout, product, shop"), "\(run.output)")
        #expect(run.output.contains("shop → checkout: 2 steps"), "\(run.output)")
        #expect(run.output.contains("sam"), "\(run.output)")
        // Two clones at once: Sam's stale save merged with Dana's, and Dana's clone follows.
        #expect(run.output.contains("  merged with revision 4 by dana: product\n  app.json now holds the merge\n"), "\(run.output)")
        #expect(run.output.contains("updated app.json to revision 5 (#5) by sam"), "\(run.output)")
        #expect(run.output.contains("Review"), "\(run.output)")
        let report = try String(contentsOf: folder.appending(path: "greengrocer/review.html"), encoding: .utf8)
        #expect(report.contains("Basket") && report.contains("Delivery slot") && report.contains("<svg"))
        let exported = try FileManager.default.contentsOfDirectory(atPath: folder.appending(path: "greengrocer-approved").path)
        #expect(exported.contains("app.json"), "\(exported)")
    }
}
