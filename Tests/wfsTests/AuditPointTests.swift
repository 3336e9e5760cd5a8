import Foundation
import Testing

/// `wfs audit` and `wfs report` take a time wherever they take a meeting, as `wfs export --at`
/// does, and a shortened meeting name gets the meeting it shortens as a suggestion.
@Suite struct AuditPointTests {
    @Test func aTimeStandsForAMeetingAndAShortNameIsSuggested() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        #expect(try cli.run("init").status == 0)
        try cli.write("app.json", StoreCLI.wireframe([("home", "Home"), ("cart", "Cart")]))
        #expect(try cli.run("import", "app.json").status == 0)
        #expect(try cli.run("session", "start", "Kickoff with Acme").status == 0)
        #expect(try cli.run("session", "end").status == 0)
        let between = try #require(
            try cli.run("session", "list", "--format", "json").output.split(separator: "\"endedAt\" : \"").dropFirst().first?.prefix(
                while: { $0 != "\"" }))
        try cli.write("app.json", StoreCLI.wireframe([("home", "Home"), ("cart", "Basket")]))
        #expect(try cli.run("import", "app.json").status == 0)

        let byTime = try cli.run("audit", "--from", String(between), "--format", "json")
        #expect(byTime.status == 0, "\(byTime.error)")
        let report = try #require(try StoreCLI.json(byTime.output) as? [String: Any])
        let documents = try #require(report["documents"] as? [[String: Any]])
        #expect(documents.first?["status"] as? String == "modified", "\(byTime.output)")
        let from = try #require(report["from"] as? [String: Any])
        #expect(from["name"] == nil && from["at"] as? String == String(between), "\(from)")

        let text = try cli.run("audit", "--from", String(between), "--to", "now")
        #expect(text.status == 0 && text.output.contains("Basket"), "\(text)")

        let short = try cli.run("audit", "--from", "Kickoff")
        #expect(short.status != 0 && short.error.contains("did you mean 'Kickoff with Acme'?"), "\(short.error)")
    }
}
