import Foundation
import Testing

/// What ArgumentParser answers itself (the version, completion scripts, usage errors) reads as
/// `wfs`, and each kind of failure ends with the status README.md gives it.
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
        // The closed value sets are offered as completions.
        #expect(bash.standardOutput.contains("markdown"))
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

    /// A value outside a closed set is a usage error that lists the values.
    @Test func closedValueSetsAreChecked() throws {
        let format = try CommandRunner.run(["status", "--format", "yaml"])
        #expect(format.status == 64, "\(format)")
        #expect(format.standardError.contains("Error: The value 'yaml' is invalid for '--format <format>'"))
        #expect(format.standardError.contains("text"))
        #expect(format.standardError.contains("json"))
        let missing = try CommandRunner.run(["audit"])
        #expect(missing.status == 64, "\(missing)")
        #expect(missing.standardError.contains("Error: Missing expected argument '--from <from>'"))
        let noPaths = try CommandRunner.run(["validate"])
        #expect(noPaths.status == 64, "\(noPaths)")
        #expect(noPaths.standardError.contains("Error: Missing expected argument '<paths> ...'"))
    }

    /// A command that cannot run (here: no store) says why and ends with status 2; one that ran and
    /// printed its own diagnostics ends with status 1.
    @Test func cannotRunAndFoundErrors() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let noStore = try CommandRunner.run(["log", "--store", folder.appending(path: "none.sqlite").path], in: folder)
        #expect(noStore.status == 2, "\(noStore)")
        #expect(noStore.standardError.hasPrefix("wfs: error: "))
        #expect(noStore.standardOutput.isEmpty)
        try CommandRunner.write(#"{"appName": "A", "root": "nowhere", "screens": []}"#, to: "bad.json", in: folder)
        let invalid = try CommandRunner.run(["validate", "bad.json"], in: folder)
        #expect(invalid.status == 1, "\(invalid)")
        #expect(invalid.standardError.contains("bad.json:"))
    }
}
