import Foundation
import Testing
import WireframeModel
import WireframeReport
import WireframeSync

/// The report's text for a fixed two-meeting project: the shop's `app.json` changed between
/// `Kickoff` and `Review` (by two authors), `help.json` added with a problem, `about.json` unchanged.
enum ReportGolden {
    /// The audit as `wfs audit --format json` gives it, with fixed meetings.
    static let audit = """
        {
          "from": {"name": "Kickoff", "at": "2026-11-20T15:00:00Z", "notes": "First look at the shop."},
          "to": {"name": "Review", "at": "2026-11-27T16:30:00Z", "notes": "Checkout & payment"},
          "documents": [
            {"path": "about.json", "status": "unchanged", "fromRevision": 1, "toRevision": 1, "documentFields": [],
             "screens": {"added": [], "removed": [], "modified": [], "renamed": []}},
            {"path": "app.json", "status": "modified", "fromRevision": 2, "toRevision": 5,
             "documentFields": [],
             "screens": {"added": ["checkout"], "removed": ["orphan"], "renamed": [], "modified": [
               {"screen": "cart", "fields": [{"field": "title", "old": "Cart", "new": "Basket"}]}]}},
            {"path": "help.json", "status": "added", "toRevision": 4, "documentFields": [],
             "screens": {"added": ["faq"], "removed": [], "modified": [], "renamed": []}}
          ]
        }
        """

    static let help = """
        {"appName": "Help", "root": "faq", "routes": [{"name": "faq", "title": "Questions", "subroutes": ["contact"]}]}
        """

    static func report() throws -> MeetingReport {
        let audit = try JSONDecoder().decode(AuditReport.self, from: Data(audit.utf8))
        return MeetingReport(
            audit: audit,
            details: [
                "app.json": .init(old: try wireframe(shopBefore), new: try wireframe(shopAfter), authors: ["ann", "bob"]),
                "help.json": .init(old: nil, new: try wireframe(help), authors: ["cy"]),
            ])
    }
}

@Test func markdownReportIsTheGoldenFile() throws {
    try GoldenFile.expect(MarkdownReport.markdown(try ReportGolden.report()), is: "report.md")
}

@Test func textReportIsTheGoldenFile() throws {
    try GoldenFile.expect(MarkdownReport.text(try ReportGolden.report()), is: "report.txt")
}
