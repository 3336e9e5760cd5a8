import Foundation
import Testing
import WireframeTestSupport

/// A file with thousands of diagnostics: `wfs validate`, `wfs import` and the attempt it stores
/// list at most 1,000 of them and a WF0009 summary, and still report the true totals.
struct DiagnosticLimitCommandTests {
    /// Routes without a title that the root does not reach: one error (WF0011) a route and one
    /// warning (WF0201) a route but the root. Written by the test, like the full-size file of
    /// `scripts/hostile-inputs.py`.
    static func routes(_ count: Int) -> String {
        "{\"appName\":\"A\",\"root\":\"r0\",\"routes\":[" + (0..<count).map { "{\"name\":\"r\($0)\"}" }.joined(separator: ",") + "]}\n"
    }

    static let routeCount = 2500
    static let summary = "3999 more diagnostics not listed: 1500 errors, 2499 warnings, 0 notes (a file lists at most 1000) [WF0009]"

    @Test func validateListsTheFirstThousandErrorsFirstAndCountsTheRest() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        try cli.write("routes.json", Self.routes(Self.routeCount))

        let validated = try cli.run("validate", "routes.json")
        #expect(validated.status == 1)
        let lines = validated.error.split(separator: "\n")
        #expect(lines.count == 1002, "\(lines.suffix(3))")
        // The kept ones are the errors (there are more than 1,000), in source order.
        #expect(lines.prefix(1000).allSatisfy { $0.hasSuffix("[WF0011]") && $0.contains(": error: ") })
        #expect(lines.first?.hasPrefix("routes.json:1:") == true && lines[999].contains("'title'"))
        #expect(lines[1000].hasSuffix(Self.summary), "\(lines[1000])")
        #expect(lines[1000].contains(": error: "))
        #expect(lines[1001] == "1 file checked: 2500 errors, 2499 warnings")

        let json = try cli.run("validate", "--format", "json", "routes.json")
        let report = try #require(try StoreCLI.json(json.output) as? [String: Any])
        #expect(report["errorCount"] as? Int == 2500 && report["warningCount"] as? Int == 2499)
        let files = try #require(report["files"] as? [[String: Any]])
        let diagnostics = try #require(files.first?["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 1001)
        #expect(diagnostics.last?["code"] as? String == "WF0009")
    }

    @Test func aRejectedImportStoresAndPrintsTheSameThousandAndTheSummary() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        #expect(try cli.run("init").status == 0)
        try cli.write("routes.json", Self.routes(Self.routeCount))

        let imported = try cli.run("import", "routes.json")
        #expect(imported.status == 1)
        let lines = imported.error.split(separator: "\n")
        #expect(lines.count == 1001, "\(lines.suffix(2))")
        #expect(lines.last?.hasSuffix(Self.summary) == true, "\(lines.last ?? "")")
        #expect(imported.output.contains("rejected routes.json: 2500 errors; nothing was stored"), "\(imported.output)")

        let status = try cli.run("status", "--format", "json")
        #expect(status.status == 0, "\(status.error)")
        let object = try #require(try StoreCLI.json(status.output) as? [String: Any])
        let rejected = try #require(object["rejected"] as? [[String: Any]])
        let stored = try #require(rejected.first?["diagnostics"] as? [[String: Any]])
        #expect(stored.count == 1001)
        #expect(stored.last?["code"] as? String == "WF0009")
        #expect(
            stored.last?["message"] as? String
                == "3999 more diagnostics not listed: 1500 errors, 2499 warnings, 0 notes (a file lists at most 1000)")
        let text = try cli.run("status")
        #expect(text.output.contains("2500 errors"), "\(text.output)")
    }

    @Test func aFileWithFewerDiagnosticsListsThemAll() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        try cli.write("routes.json", Self.routes(500))
        let validated = try cli.run("validate", "routes.json")
        #expect(validated.error.split(separator: "\n").count == 1000)
        #expect(!validated.error.contains("WF0009"))
        #expect(validated.error.hasSuffix("1 file checked: 500 errors, 499 warnings\n"))
    }
}
