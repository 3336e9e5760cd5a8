import ArgumentParser
import Testing

@testable import wfs

/// A command line read by `PlainCommandLine` makes the same command, with the same values, as
/// ArgumentParser makes of it; any other line is left to ArgumentParser.
@Suite("Plain command lines")
struct PlainCommandLineTests {
    /// Every value of a command, as `dump` shows its property wrappers' parsed values.
    static func described(_ command: any ParsableCommand) -> String {
        var text = ""
        dump(command, to: &text)
        return text
    }

    static let plainLines: [[String]] = [
        ["diff", "app.json@101", "app.json@300"],
        ["diff", "3", "4", "--format", "json"],
        ["diff", "--store", "/tmp/s.sqlite", "a.json@Session 1", "a.json", "--format", "text"],
        ["import", "app.json"],
        ["import", "a.json", "folder", "--author", "Ann Lee", "--message", "first draft"],
        ["import", "--store", "", "a b.json"],
        ["log"],
        ["log", "--limit", "1"],
        ["log", "--limit", "+0", "--format", "json"],
        ["log", "--document", "app.json", "--screen", "home", "--session", "S", "--since", "2026-01-01", "--until", "2026-12-31T10:00"],
        ["status"],
        ["status", "--format", "json", "--store", "x.sqlite"],
        ["show", "app.json"],
        ["show", "--format", "json", "app.json@3"],
        ["show", "--source", "12", "--format", "xml", "--store", "s.sqlite"],
        ["audit", "--from", "Middle"],
        ["audit", "--from", "A", "--to", "B", "--format", "markdown", "--store", "s.sqlite"],
        ["validate", "app.json"],
        ["validate", "--strict", "a.json", "folder", "--format", "json"],
        ["verify"],
        ["verify", "--store", "x.sqlite"],
        ["path", "Examples/todo.json", "root", "toDoDetail"],
        ["path", "--format", "json", "--at", "Kickoff", "--store", "s.sqlite", "app.json", "home", "settings"],
        ["export", "--output", "out"],
        ["export", "--format", "xml", "--at", "2026-11-20T15:00", "--document", "app.json", "--output", "out dir", "--store", "s.sqlite"],
    ]

    @Test(arguments: plainLines)
    func sameCommandAsArgumentParser(_ arguments: [String]) throws {
        let plain = try #require(PlainCommandLine.command(arguments))
        let parsed = try WFS.Commands.parseAsRoot(arguments)
        #expect(type(of: plain) == type(of: parsed))
        #expect(Self.described(plain) == Self.described(parsed))
        // The description shows the values themselves, so equal descriptions mean equal values.
        for value in arguments.dropFirst() where !value.hasPrefix("--") && !value.isEmpty {
            #expect(Self.described(plain).contains(value == "+0" ? "0" : value), "\(value)")
        }
        #expect(WFS.Commands.parse(arguments).map(Self.described) == Self.described(parsed))
    }

    static let otherLines: [[String]] = [
        [], ["diff"], ["diff", "a"], ["diff", "a", "b", "c"], ["diff", "-a", "b"], ["diff", "a", "b", "--format", "yaml"],
        ["diff", "--format=json", "a", "b"], ["diff", "a", "b", "--format"], ["diff", "a", "--", "b"], ["diff", "help", "b"],
        ["diff", "a", "b", "--store", "x", "--store", "y"], ["diff", "a", "b", "--store", "-x"], ["diff", "a", "b", "--author", "x"],
        ["import"], ["import", "--store", "x"], ["import", "-"], ["log", "x"], ["log", "--limit", "-1"], ["log", "--limit", "many"],
        ["log", "--limit", "1e3"], ["status", "--format", "JSON"], ["status", "now"], ["show"], ["show", "a", "b"],
        ["show", "--source", "--source", "a"], ["show", "--format", "markdown", "a"], ["show", "--source=true", "a"], ["audit"],
        ["audit", "--to", "B"], ["audit", "--from", "A", "x"], ["audit", "--from", "A", "--format", "xml"], ["status", "--source"],
        ["--version"], ["log", "-h"], ["validate"], ["validate", "--strict", "--strict", "a"], ["validate", "--format", "yaml", "a"],
        ["validate", "-s", "a"], ["validate", "--store", "x", "a"], ["verify", "x"], ["verify", "--strict"], ["path", "a", "b"],
        ["path", "a", "b", "c", "d"], ["path", "--format", "xml", "a", "b", "c"], ["export"], ["export", "x", "--output", "o"],
        ["export", "--output", "o", "--format", "text"], ["init"], ["session", "start", "A"],
    ]

    @Test(arguments: otherLines)
    func leftToArgumentParser(_ arguments: [String]) {
        #expect(PlainCommandLine.command(arguments) == nil)
    }

    /// A line the plain reader leaves alone still parses (or fails) through ArgumentParser as before.
    @Test func negativeLimitStillFailsValidation() {
        #expect(WFS.Commands.parse(["log", "--limit", "-1"]) == nil)
        #expect(throws: (any Error).self) { try WFS.Commands.parseAsRoot(["log", "--limit", "-1"]) }
    }
}
