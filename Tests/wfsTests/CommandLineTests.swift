import Foundation
import Testing

/// What argument-parser answers itself still reads as `wfs`, whichever way `WFS.main()` parses.
@Suite("wfs command line")
struct CommandLineTests {
    @Test func versionAndCompletionScript() throws {
        let version = try CommandRunner.run(["--version"])
        #expect(version.status == 0)
        #expect(version.standardOutput == "0.1.0\n")
        let bash = try CommandRunner.run(["--generate-completion-script", "bash"])
        #expect(bash.status == 0, "\(bash)")
        #expect(bash.standardOutput.hasPrefix("#!/bin/bash"))
        #expect(bash.standardOutput.contains("__wfs_cursor_index_in_current_word"))
        #expect(bash.standardOutput.contains("log"))
        let afterCommand = try CommandRunner.run(["log", "--generate-completion-script", "bash"])
        #expect(afterCommand.standardOutput == bash.standardOutput)
    }

    @Test func errorsAndHelpNameWfsAlone() throws {
        let invalid = try CommandRunner.run(["log", "--limit", "x"])
        #expect(invalid.status == 64)
        #expect(invalid.standardError.contains("Error: The value 'x' is invalid for '--limit <limit>'"))
        #expect(invalid.standardError.contains("Usage: wfs log [--store <store>]"))
        let validation = try CommandRunner.run(["log", "--limit=-1"])
        #expect(validation.status == 64)
        #expect(validation.standardError.contains("Error: --limit must be zero or more."))
        let help = try CommandRunner.run(["help", "log"])
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("USAGE: wfs log [--store <store>]"))
        #expect(try CommandRunner.run(["log", "--help"]).standardOutput == help.standardOutput)
        let unknown = try CommandRunner.run(["nosuch"])
        #expect(unknown.status == 64)
        #expect(unknown.standardError.contains("Usage: wfs <subcommand>"))
    }
}
