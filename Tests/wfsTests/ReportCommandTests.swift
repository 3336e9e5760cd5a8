import Foundation
import Testing
import WireframeTestSupport

/// `wfs report` end to end on a two-meeting project, rendered by a headless Chromium.
///
/// Without `dot` or `chromium` on PATH the tests are skipped with that reason, except under CI
/// (`CI` set), where they fail: the tool is missing.
@Suite(.serialized) struct ReportCommandTests {
    static let isCI = !(ProcessInfo.processInfo.environment["CI"] ?? "").isEmpty

    static func tool(_ name: String) -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    static let dot = tool("dot")
    static let chromium = tool("chromium")

    /// A shop whose cart is renamed and whose checkout button opens a new screen at the second meeting.
    static func shop(second: Bool) -> String {
        """
        {"appName": "Shop", "root": "home", "routes": [
          {"name": "home", "title": "Home", "subroutes": ["cart", "detail"]},
          {"name": "detail", "title": "Detail <b>&amp;</b>"},
          {"name": "cart", "title": "\(second ? "Basket" : "Cart")", "elements": [
            {"kind": "button", "reference": "checkoutButton", "text": "Check out", "target": "\(second ? "checkout" : "detail")"}]}
          \(second ? ", {\"name\": \"checkout\", \"title\": \"Checkout\"}" : "")
        ]}

        """
    }

    static let stores = StoreKind.available

    /// A project with two meetings, `Kickoff` and `Review`, on a store; every run names the store.
    struct Project {
        let cli: StoreCLI
        let database: String?
        let environment: [String: String]

        init(_ kind: StoreKind) throws {
            cli = try StoreCLI()
            (database, environment) = try kind.makeStore()
            let initialized = try run("init")
            #expect(initialized.status == 0, "\(initialized.error)")
            #expect(try run("session", "start", "Kickoff", "--notes", "First look").status == 0)
            try cli.write("app.json", ReportCommandTests.shop(second: false))
            #expect(try run("import", "app.json").status == 0)
            #expect(try run("session", "end").status == 0)
            #expect(try run("session", "start", "Review", "--notes", "<Checkout> & pay").status == 0)
            try cli.write("app.json", ReportCommandTests.shop(second: true))
            #expect(try run("import", "app.json").status == 0)
            #expect(try run("session", "end").status == 0)
        }

        @discardableResult
        func run(_ arguments: String..., environment extra: [String: String] = [:]) throws -> StoreCLI.Run {
            try cli.run(arguments: arguments, environment: environment.merging(extra) { _, new in new })
        }

        func remove() {
            cli.remove()
            if let database { PostgreSQLTestServer.dropDatabase(database) }
        }
    }

    @Test(arguments: stores) func markdownSaysTheChangesInWordsWithoutGraphviz(store: StoreKind) throws {
        let project = try Project(store)
        defer { project.remove() }
        // No `dot` on this PATH: markdown still works.
        let run = try project.run(
            "report", "--from", "Kickoff", "--to", "Review", "--format", "markdown", environment: ["PATH": "/nonexistent"])
        #expect(run.status == 0, "\(run.error)")
        #expect(
            run.output.contains(
                "- Basket (cart)\n  - Title: Cart → Basket\n  - The button 'Check out' (element 1 of 1) now opens Checkout.\n"))
        #expect(run.output.contains("- Checkout (checkout)\n  - New screen.\n"))
        #expect(run.output.contains("Notes of Kickoff: First look"))
        let html = try project.run("report", "--from", "Kickoff", environment: ["PATH": "/nonexistent"])
        #expect(html.status == 2)
        #expect(html.error.contains("graphviz"))

        // Written to a file, the report says where and what it covers.
        let file = project.cli.root + "/review.md"
        let written = try project.run("report", "--from", "Kickoff", "--to", "Review", "--format", "markdown", "--output", file)
        #expect(written.status == 0, "\(written.error)")
        #expect(
            written.output == "wrote \(file): the changes from Kickoff to Review: 1 document modified; screens: 1 added, 1 modified\n",
            "\(written.output)")
        #expect(FileManager.default.fileExists(atPath: file))
    }

    /// `audit` and `diff` in JSON give an element's value as an object, and `audit` takes `--to now` as `report` does.
    @Test(arguments: stores) func jsonGivesStructuredValuesAsJSONValues(store: StoreKind) throws {
        let project = try Project(store)
        defer { project.remove() }
        func button(_ fields: Any?) throws -> (old: [String: Any], new: [String: Any]) {
            let field = try #require((fields as? [[String: Any]])?.first { $0["field"] as? String == "elements.checkoutButton" })
            return (try #require(field["old"] as? [String: Any]), try #require(field["new"] as? [String: Any]))
        }

        let audit = try project.run("audit", "--from", "Kickoff", "--to", "now", "--format", "json")
        #expect(audit.status == 0, "\(audit.error)")
        let report = try #require(try StoreCLI.json(audit.output) as? [String: Any])
        #expect((report["to"] as? [String: Any])?["name"] == nil)
        let document = try #require((report["documents"] as? [[String: Any]])?.first)
        let cart = try #require(((document["screens"] as? [String: Any])?["modified"] as? [[String: Any]])?.first)
        #expect(cart["screen"] as? String == "cart")
        let auditButton = try button(cart["fields"])
        #expect(auditButton.old["kind"] as? String == "button")
        #expect(auditButton.old["target"] as? String == "detail")
        #expect(auditButton.new["target"] as? String == "checkout")
        #expect((cart["fields"] as? [[String: Any]])?.first { $0["field"] as? String == "title" }?["new"] as? String == "Basket")

        let diff = try project.run("diff", "--format", "json", "app.json@Kickoff", "app.json")
        #expect(diff.status == 0, "\(diff.error)")
        let screens = try #require((try StoreCLI.json(diff.output) as? [String: Any])?["screens"] as? [[String: Any]])
        let diffButton = try button(screens.first { $0["key"] as? String == "cart" }?["fields"])
        #expect(diffButton.new["text"] as? String == "Check out")
        #expect(diffButton.new["target"] as? String == "checkout")

        // `now` is no session: the text and markdown forms take it too, and a name that is neither a session nor a time is a usage error.
        let text = try project.run("audit", "--from", "Kickoff", "--to", "now")
        #expect(text.status == 0, "\(text.error)")
        #expect(text.output.hasPrefix("from Kickoff ("))
        #expect(text.output.contains(") to now\n"))
        #expect(text.output.contains("    The button 'Check out' (element 1 of 1) now opens Checkout.\n"))
        #expect(try project.run("audit", "--from", "Kickoff", "--to", "now", "--format", "markdown").status == 0)
        let unknown = try project.run("audit", "--from", "Kickoff", "--to", "Revue")
        #expect(unknown.status == 64)
        #expect(unknown.error.contains("'Revue' is neither a session nor a time"), "\(unknown.error)")
    }

    @Test(.enabled(if: dot != nil || isCI, "Graphviz's dot is not installed (Debian: graphviz)"), arguments: stores)
    func showWritesDOTAndSVG(store: StoreKind) throws {
        let project = try Project(store)
        defer { project.remove() }
        let dotText = try project.run("show", "--format", "dot", "app.json")
        #expect(dotText.output.hasPrefix("digraph navigation {"))
        let svg = try project.run("show", "--format", "svg", "app.json")
        #expect(svg.status == 0, "\(svg.error)")
        #expect(svg.output.contains("<svg"))
        #expect(svg.output.components(separatedBy: "class=\"node\"").count - 1 == 4)
    }

    /// A name Graphviz cannot take (a key of 20,000 characters: `dot` refuses a string over
    /// 16,384) leaves the report and the HTML comparison written, with a note where the picture
    /// was; a title of 5,000 characters is drawn shortened; a NUL in a title is refused on import
    /// with its place.
    @Test(.enabled(if: dot != nil || isCI, "Graphviz's dot is not installed (Debian: graphviz)"))
    func aPictureGraphvizRefusesLeavesThePageWithANote() throws {
        let project = try Project(.sqlite)
        defer { project.remove() }
        let longKey = String(repeating: "k", count: 20_000)
        let longTitle = String(repeating: "T", count: 5_000)
        let third = Self.shop(second: true).replacingOccurrences(
            of: #"{"name": "checkout", "title": "Checkout"}"#,
            with: #"{"name": "checkout", "title": "\#(longTitle)", "subroutes": ["\#(longKey)"]}, {"name": "\#(longKey)", "title": "Far"}"#)
        try project.cli.write("app.json", third)
        let imported = try project.run("import", "app.json")
        #expect(imported.status == 0, "\(imported.error)")

        let report = URL(fileURLWithPath: project.cli.root).appendingPathComponent("report.html")
        let written = try project.run("report", "--from", "Kickoff", "--to", "now", "--output", report.path)
        #expect(written.status == 0, "\(written.error)")
        let page = try String(contentsOf: report, encoding: .utf8)
        #expect(page.contains("No picture: Graphviz could not draw this one (dot exited with status 1"), "\(page.prefix(2000))")
        #expect(page.contains("<h3>Far (\(longKey))</h3>"))

        let comparison = try project.run("diff", "app.json@2", "app.json@3", "--format", "html")
        #expect(comparison.status == 0, "\(comparison.error)")
        #expect(comparison.output.contains("No picture: Graphviz could not draw this one"))
        #expect(comparison.output.contains("<h2>Added: Far (\(longKey))</h2>"))
        // The picture alone is what was asked for: its refusal is the command's error.
        let svg = try project.run("diff", "app.json@2", "app.json@3", "--format", "svg")
        #expect(svg.status == 2)
        #expect(svg.error.contains("wfs: error: dot exited with status 1"), "\(svg.error)")

        // Without the long key the long title is drawn, cut to 80 characters.
        try project.cli.write(
            "app.json", Self.shop(second: true).replacingOccurrences(of: #""title": "Checkout""#, with: #""title": "\#(longTitle)""#))
        #expect(try project.run("import", "app.json").status == 0)
        let drawn = try project.run("show", "--format", "svg", "app.json")
        #expect(drawn.status == 0, "\(drawn.error)")
        #expect(drawn.output.contains(String(repeating: "T", count: 79) + "…"))
        #expect(!drawn.output.contains(String(repeating: "T", count: 81)))

        try project.cli.write(
            "app.json", Self.shop(second: true).replacingOccurrences(of: #""title": "Basket""#, with: #""title": "Bas\u0000ket""#))
        let refused = try project.run("import", "app.json")
        #expect(refused.status == 1, "\(refused.output) \(refused.error)")
        #expect(
            (refused.output + refused.error).contains(
                "app.json:4:29: error: the title of route 'cart' holds a NUL character; names and titles may hold tab and newline but no other control character [WF0114]"
            ),
            "\(refused.output) \(refused.error)")
    }

    @Test(
        .enabled(if: (dot != nil && chromium != nil) || isCI, "Graphviz's dot or Chromium is not installed (Debian: graphviz, chromium)"),
        arguments: stores)
    func chromiumRendersTheReport(store: StoreKind) throws {
        let project = try Project(store)
        defer { project.remove() }
        let output = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/report-screenshots")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let report = output.appendingPathComponent("report.html")
        let blank = output.appendingPathComponent("blank.html")
        let run = try project.run("report", "--from", "Kickoff", "--to", "Review", "--output", report.path)
        #expect(run.status == 0, "\(run.error)")
        let html = try String(contentsOf: report, encoding: .utf8)
        #expect(html.contains("Notes: &lt;Checkout&gt; &amp; pay"))
        #expect(!html.contains("<script"))
        try Data("<!DOCTYPE html><html><body></body></html>".utf8).write(to: blank)

        let chromium = try #require(Self.chromium)
        let profile = NSTemporaryDirectory() + "wfs-chromium-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: profile) }
        func render(_ arguments: [String], _ page: URL) throws -> ChildRun {
            try ChildProcess.run(
                chromium,
                ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile)", "--window-size=1000,1400"] + arguments + [
                    page.absoluteString
                ], in: output.path, environment: ChildProcess.environment([:]))
        }
        let reportPNG = output.appendingPathComponent("report.png")
        let blankPNG = output.appendingPathComponent("blank.png")
        _ = try render(["--screenshot=\(reportPNG.path)"], report)
        _ = try render(["--screenshot=\(blankPNG.path)"], blank)
        let reportBytes = try Data(contentsOf: reportPNG)
        let blankBytes = try Data(contentsOf: blankPNG)
        #expect(reportBytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // A page with nothing drawn gives the same image as an empty page.
        #expect(reportBytes != blankBytes)
        #expect(reportBytes.count > blankBytes.count * 2)

        let dom = try render(["--dump-dom"], report)
        // Home, Detail, Basket, Checkout and the legend's five (three changes, the two ends of its links).
        #expect(dom.output.components(separatedBy: "class=\"node\"").count - 1 == 9)

        let pdf = output.appendingPathComponent("report.pdf")
        _ = try render(["--no-pdf-header-footer", "--print-to-pdf=\(pdf.path)"], report)
        #expect(try Data(contentsOf: pdf).starts(with: Array("%PDF".utf8)))
    }
}
