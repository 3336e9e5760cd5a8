import Foundation
import Testing

/// Text output shows times in whole seconds in the reader's zone (`TZ`) with the offset, as
/// `git log` does; JSON keeps every microsecond, in UTC.
@Suite struct TimesShownTests {
    @Test func textInTheReadersZoneJSONInUTC() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        let paris = ["TZ": "Europe/Paris"]
        #expect(try cli.run(arguments: ["init"], environment: paris).status == 0)
        #expect(try cli.run(arguments: ["session", "start", "Kickoff"], environment: paris).status == 0)
        try cli.write("app.json", #"{"appName": "A", "root": "home", "routes": [{"name": "home", "title": "Home"}]}"#)
        #expect(try cli.run(arguments: ["import", "app.json"], environment: paris).status == 0)
        let log = try cli.run(arguments: ["log"], environment: paris)
        #expect(log.status == 0, "\(log.error)")
        // December in Paris: one hour ahead of UTC.
        let shown = #/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+01:00/#
        #expect(log.output.contains(shown), "\(log.output)")
        #expect(!log.output.contains(#/\d\d:\d\d:\d\d\.\d{6}/#), "\(log.output)")
        let sessions = try cli.run(arguments: ["session", "list"], environment: paris)
        #expect(sessions.output.contains(shown), "\(sessions.output)")

        let json = try cli.run(arguments: ["log", "--format", "json"], environment: paris)
        #expect(json.output.contains(#/"createdAt" ?: ?"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z"/#), "\(json.output)")
    }
}
