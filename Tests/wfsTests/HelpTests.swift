import ArgumentParser
import Foundation
import Testing

@testable import wfs

/// The `--help` of `wfs` and of every subcommand, as the built binary prints it, is the text
/// committed in `Fixtures/Help/`. `RECORD_SNAPSHOTS=1 swift test --filter HelpTests` writes the
/// current text there instead (and fails, so that a recording run is never taken for a check).
@Suite("Help")
struct HelpTests {
    static let folder = CommandRunner.packageRoot.appending(path: "Tests/wfsTests/Fixtures/Help")

    static let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"

    /// Every command's words after `wfs`: the root (no words), each subcommand, each of theirs.
    static let commands: [[String]] = {
        func paths(_ command: any ParsableCommand.Type, _ words: [String]) -> [[String]] {
            [words] + command.configuration.subcommands.flatMap { paths($0, words + [$0.configuration.commandName ?? ""]) }
        }
        return paths(WFS.self, [])
    }()

    /// The fixture's name: `wfs.txt`, `wfs-log.txt`, `wfs-session-start.txt`.
    static func fixtureName(_ words: [String]) -> String {
        (["wfs"] + words).joined(separator: "-") + ".txt"
    }

    @Test(arguments: commands)
    func helpMatchesFixture(_ words: [String]) throws {
        // Help is wrapped to the terminal's width; a pipe has none, so fix it.
        let result = try CommandRunner.run(words + ["--help"], environment: ["COLUMNS": "80"])
        #expect(result.status == 0, "\(result)")
        #expect(result.standardError.isEmpty, "\(result)")
        let name = Self.fixtureName(words)
        let file = Self.folder.appending(path: name)
        if Self.recording {
            try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
            try Data(result.standardOutput.utf8).write(to: file)
            Issue.record("recorded Tests/wfsTests/Fixtures/Help/\(name); run the tests again without RECORD_SNAPSHOTS to check it")
            return
        }
        let expected = try? String(contentsOf: file, encoding: .utf8)
        #expect(
            result.standardOutput == expected,
            """
            `wfs \((words + ["--help"]).joined(separator: " "))` differs from Tests/wfsTests/Fixtures/Help/\(name). \
            If the new help is intended, re-record it with `RECORD_SNAPSHOTS=1 swift test --filter HelpTests` \
            and commit the changed fixture.
            """)
    }

    /// `help COMMAND` prints what `COMMAND --help` prints.
    @Test func helpSubcommandMatchesHelpOption() throws {
        let help = try CommandRunner.run(["help", "session", "add"], environment: ["COLUMNS": "80"])
        #expect(help.status == 0)
        #expect(
            help.standardOutput == (try CommandRunner.run(["session", "add", "--help"], environment: ["COLUMNS": "80"])).standardOutput)
    }

    /// No fixture is left for a command that is gone.
    @Test func everyFixtureHasACommand() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".txt") }
        #expect(Set(files) == Set(Self.commands.map(Self.fixtureName)))
    }
}
