import Foundation
import Testing

/// A message of several lines keeps the layout of the text it is printed in: `wfs log` indents
/// every line as the first (as `git log` does), `wfs show` lines them up under the first, and a
/// control character is written as an escape, never sent to the terminal.
@Suite struct MessageLayoutTests {
    @Test func everyLineOfAMessageIsIndentedAsTheFirst() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        #expect(try cli.run("init").status == 0)
        try cli.write("app.json", StoreCLI.wireframe([("home", "Home")]))
        let message = "Checkout in two steps\n\nThe customer asked for it.\r\nSee \u{1B}[31mred\u{1B}[0m notes.\n"
        #expect(try cli.run("import", "--message", message, "app.json").status == 0)

        let log = try cli.run("log")
        #expect(log.status == 0, "\(log)")
        let lines = log.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let first = try #require(lines.firstIndex(of: "    Checkout in two steps"), "\(log.output)")
        #expect(lines[first + 1] == "", "\(log.output)")
        #expect(lines[first + 2] == "    The customer asked for it.", "\(log.output)")
        #expect(lines[first + 3] == #"    See \u{1B}[31mred\u{1B}[0m notes."#, "\(log.output)")
        #expect(lines[first + 4].hasPrefix("    added home"), "\(log.output)")
        #expect(!log.output.contains("\u{1B}") && !log.output.contains("\r"), "\(log.output)")

        let show = try cli.run("show", "app.json")
        #expect(show.status == 0, "\(show)")
        let shown = show.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(shown.firstIndex(of: "message Checkout in two steps"), "\(show.output)")
        #expect(shown[start + 1] == "", "\(show.output)")
        #expect(shown[start + 2] == "        The customer asked for it.", "\(show.output)")
        #expect(!show.output.contains("\u{1B}"), "\(show.output)")
    }
}
