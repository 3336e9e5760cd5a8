#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation
import Testing

/// `wfs validate`, end to end: the built binary, its output streams and exit status.
@Suite("wfs validate")
struct ValidateCommandTests {
    static let seedFolder = CommandRunner.packageRoot.appending(path: "Tests/WireframeFormatsTests/Fixtures/seed000")

    /// A valid wireframe with one warning: `orphan` cannot be reached.
    static let warningOnly = """
        {
          "appName": "A",
          "root": "home",
          "routes": [
            { "name": "home", "title": "Home" },
            { "name": "orphan", "title": "Orphan" }
          ]
        }

        """

    static let valid = #"{ "appName": "A", "root": "home", "routes": [{ "name": "home", "title": "Home" }] }"#

    static let invalid = """
        {
          "appName": "A",
          "root": "home",
          "routes": [{ "name": "home", "title": "Home", "subroutes": ["nowhere"] }]
        }
        """

    // MARK: Valid files

    @Test func examplesAreValid() throws {
        let result = try CommandRunner.run(["validate", "Examples/shop.json", "Examples/todo.json", "Examples/tabs.json"])
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput == "")
        #expect(result.standardError == "3 files checked, no problems\n")
    }

    @Test func examplesFolderIsValid() throws {
        let result = try CommandRunner.run(["validate", "Examples"])
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput == "")
        #expect(result.standardError == "3 files checked, no problems\n")
    }

    // MARK: Seed 000

    @Test func seedCrashExample() throws {
        let result = try CommandRunner.run(["validate", "crash.json"], in: Self.seedFolder)
        #expect(result.status == 1)
        #expect(result.standardOutput == "")
        #expect(
            result.standardError == """
                crash.json:11:17: error: subroute 'settings' is not defined [WF0103]
                1 file checked: 1 error, 0 warnings

                """)
    }

    @Test func seedTypo() throws {
        let result = try CommandRunner.run(["validate", "mandatory-as-written.json"], in: Self.seedFolder)
        #expect(result.status == 1)
        #expect(
            result.standardError == """
                mandatory-as-written.json:3:12: error: expected ':' after key 'root', found ',' [WF0001]
                1 file checked: 1 error, 0 warnings

                """)
    }

    @Test(
        arguments: [
            "mandatory", "route", "navigation", "presentation-type", "presentation-style", "crash", "no-crash",
        ].flatMap { [$0, "\($0)-as-written"] })
    func seedExample(_ name: String) throws {
        let expected = try String(contentsOf: Self.seedFolder.appending(path: "\(name).expected"), encoding: .utf8)
        let result = try CommandRunner.run(["validate", "\(name).json"], in: Self.seedFolder)
        var lines = result.standardError.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.popLast() == "")
        let summary = lines.popLast()
        #expect(lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n") == expected)
        #expect(result.status == (expected.isEmpty ? 0 : 1))
        #expect(summary == (expected.isEmpty ? "1 file checked, no problems" : "1 file checked: 1 error, 0 warnings"))
    }

    // MARK: JSON report

    @Test func jsonReportShape() throws {
        let result = try CommandRunner.run(["validate", "--format", "json", "crash.json", "no-crash.json"], in: Self.seedFolder)
        #expect(result.status == 1)
        #expect(result.standardError == "")
        #expect(result.standardOutput.hasSuffix("}\n"))
        let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
        let report = try #require(object as? [String: Any])
        #expect(Set(report.keys) == ["files", "errorCount", "warningCount"])
        #expect(report["errorCount"] as? Int == 1)
        #expect(report["warningCount"] as? Int == 0)
        let files = try #require(report["files"] as? [[String: Any]])
        #expect(files.count == 2)
        #expect(files.map { $0["path"] as? String } == ["crash.json", "no-crash.json"])
        for file in files { #expect(Set(file.keys) == ["path", "diagnostics"]) }
        let diagnostics = try #require(files[0]["diagnostics"] as? [[String: Any]])
        #expect((files[1]["diagnostics"] as? [Any])?.isEmpty == true)
        #expect(diagnostics.count == 1)
        let diagnostic = try #require(diagnostics.first)
        #expect(Set(diagnostic.keys).isSuperset(of: ["severity", "code", "message", "line", "column"]))
        #expect(diagnostic["severity"] as? String == "error")
        #expect(diagnostic["code"] as? String == "WF0103")
        #expect(diagnostic["message"] as? String == "subroute 'settings' is not defined")
        #expect(diagnostic["line"] as? Int == 11)
        #expect(diagnostic["column"] as? Int == 17)
    }

    @Test func jsonReportCarriesNotesAndWarnings() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CommandRunner.write(
            #"{ "appName": "A", "root": "home", "routes": [{ "name": "home", "title": "Home" }, { "name": "home", "title": "Again" }, { "name": "x", "title": "X" }] }"#,
            to: "dup.json", in: folder)
        let result = try CommandRunner.run(["validate", "--format", "json", "dup.json"], in: folder)
        #expect(result.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(report["errorCount"] as? Int == 1)
        #expect(report["warningCount"] as? Int == 1)
        let files = try #require(report["files"] as? [[String: Any]])
        let diagnostics = try #require(files.first?["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.map { $0["code"] as? String } == ["WF0101", "WF0201"])
        #expect(diagnostics.map { $0["severity"] as? String } == ["error", "warning"])
        let notes = try #require(diagnostics.first?["notes"] as? [[String: Any]])
        #expect(notes.count == 1)
        #expect(notes.first?["message"] as? String == "'home' is first defined here")
        #expect(notes.first?["line"] as? Int == 1)
        #expect(notes.first?["column"] as? Int == 56)
    }

    // MARK: Exit status

    @Test func warningsPassUnlessStrict() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CommandRunner.write(Self.warningOnly, to: "app.json", in: folder)
        let lenient = try CommandRunner.run(["validate", "app.json"], in: folder)
        #expect(lenient.status == 0)
        #expect(
            lenient.standardError == """
                app.json:6:15: warning: route 'orphan' cannot be reached from root 'home' [WF0201]
                1 file checked: 0 errors, 1 warning

                """)
        let strict = try CommandRunner.run(["validate", "--strict", "app.json"], in: folder)
        #expect(strict.status == 1)
        #expect(strict.standardError == lenient.standardError)
        let strictJSON = try CommandRunner.run(["validate", "--strict", "--format", "json", "app.json"], in: folder)
        #expect(strictJSON.status == 1)
    }

    @Test func strictValidFileStillPasses() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CommandRunner.write(Self.valid, to: "app.json", in: folder)
        let result = try CommandRunner.run(["validate", "--strict", "app.json"], in: folder)
        #expect(result.status == 0)
        #expect(result.standardError == "1 file checked, no problems\n")
    }

    @Test func missingPathExitsTwo() throws {
        let result = try CommandRunner.run(["validate", "no-such-file.json"])
        #expect(result.status == 2)
        #expect(result.standardOutput == "")
        #expect(result.standardError.hasPrefix("no-such-file.json: error: no such file or folder\n"))
    }

    @Test func missingPathWinsOverErrorsInOtherFiles() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CommandRunner.write(Self.invalid, to: "bad.json", in: folder)
        let result = try CommandRunner.run(["validate", "bad.json", "gone.json"], in: folder)
        #expect(result.status == 2)
        #expect(
            result.standardError == """
                gone.json: error: no such file or folder
                bad.json:4:63: error: subroute 'nowhere' is not defined [WF0103]
                1 file checked: 1 error, 0 warnings, 1 path not found

                """)
    }

    @Test func aMissingPathIsCountedInTheSummary() throws {
        let result = try CommandRunner.run(["validate", "no-such-file.json"])
        #expect(result.standardError == "no-such-file.json: error: no such file or folder\n0 files checked, 1 path not found\n")
    }

    @Test func unreadableFileExitsTwo() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appending(path: "pipe.json")
        try #require(mkfifo(fifo.path, 0o644) == 0)
        let result = try CommandRunner.run(["validate", "pipe.json"], in: folder, timeout: 30)
        #expect(result.standardError.hasPrefix("pipe.json:1:1: error: the path is not a regular file [WF0007]\n"))
        #expect(result.status == 2)
    }

    @Test(arguments: [
        [String](), ["validate"], ["validate", "--format", "xml", "a.json"], ["validate", "--colour", "a.json"], ["frobnicate"],
    ])
    func usageErrorsExitSixtyFour(_ arguments: [String]) throws {
        let result = try CommandRunner.run(arguments)
        if arguments.isEmpty {
            // The root command with no subcommand prints its help; that is not an error.
            #expect(result.status == 0)
            #expect(result.standardOutput.contains("USAGE: wfs <subcommand>"))
            return
        }
        #expect(result.status == 64, "\(result)")
        #expect(result.standardOutput == "")
        #expect(result.standardError.hasPrefix("Error: "))
    }

    @Test func noPathsSaysWhatIsMissing() throws {
        let result = try CommandRunner.run(["validate"])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: Missing expected argument '<paths> ...'\n"))
    }

    // MARK: Colour

    @Test func colourOnATerminalOnly() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CommandRunner.write(Self.invalid, to: "bad.json", in: folder)
        let coloured = try CommandRunner.runOnTerminal(["validate", "bad.json"], in: folder)
        #expect(coloured.status == 1)
        #expect(coloured.terminal.contains("\u{1B}[1;31merror:\u{1B}[0m subroute 'nowhere' is not defined [WF0103]"))

        let plain = try CommandRunner.runOnTerminal(["validate", "bad.json"], in: folder, environment: ["NO_COLOR": "1"])
        #expect(plain.status == 1)
        #expect(!plain.terminal.contains("\u{1B}"))
        #expect(plain.terminal.contains("bad.json:4:63: error: subroute 'nowhere' is not defined [WF0103]"))

        let dumb = try CommandRunner.runOnTerminal(["validate", "bad.json"], in: folder, environment: ["TERM": "dumb"])
        #expect(!dumb.terminal.contains("\u{1B}"))
    }

    @Test func noColourWhenNotATerminal() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CommandRunner.write(Self.invalid, to: "bad.json", in: folder)
        let result = try CommandRunner.run(["validate", "bad.json"], in: folder)
        #expect(!result.standardError.contains("\u{1B}"))
        let noColour = try CommandRunner.run(["validate", "bad.json"], in: folder, environment: ["NO_COLOR": "1"])
        #expect(noColour.standardError == result.standardError)
    }

    // MARK: Hostile input

    @Test func hundredThousandLevelsExitsOneWithWF0004() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CommandRunner.write(
            String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000), to: "deep.json", in: folder)
        let result = try CommandRunner.run(["validate", "deep.json"], in: folder, timeout: 30)
        #expect(result.status == 1)
        #expect(
            result.standardError == """
                deep.json:1:513: error: nesting is deeper than 512 levels [WF0004]
                1 file checked: 1 error, 0 warnings

                """)
    }

    @Test func emptyFileIsWF0003() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CommandRunner.write("", to: "empty.json", in: folder)
        let result = try CommandRunner.run(["validate", "empty.json"], in: folder)
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("empty.json:1:1: error: the file is empty; a wireframe is a JSON object [WF0003]\n"))
    }

    // MARK: Folders

    @Test func folderIsSearchedRecursivelySkippingStoreVersionControlAndEditorFiles() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CommandRunner.write(Self.valid, to: "project/a.json", in: folder)
        try CommandRunner.write(Self.invalid, to: "project/sub/deeper/b.json", in: folder)
        for skipped in [
            "project/.wfs/store.json", "project/.git/objects/c.json", "project/sub/.git/d.json",
            "project/.#a.json", "project/a.json~", "project/.a.json.swp", "project/a.json.swp", "project/4913",
            "project/notes.txt", "project/.hidden.json", "project/node_modules/pkg/e.json",
        ] {
            try CommandRunner.write("{ not json", to: skipped, in: folder)
        }
        let result = try CommandRunner.run(["validate", "project"], in: folder)
        #expect(result.status == 1)
        #expect(
            result.standardError == """
                project/sub/deeper/b.json:4:63: error: subroute 'nowhere' is not defined [WF0103]
                2 files checked: 1 error, 0 warnings

                """)
        let json = try CommandRunner.run(["validate", "--format", "json", "project/"], in: folder)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let files = try #require(report["files"] as? [[String: Any]])
        #expect(files.map { $0["path"] as? String } == ["project/a.json", "project/sub/deeper/b.json"])
    }

    @Test func folderWithoutWireframesWarns() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CommandRunner.write("notes", to: "empty/notes.txt", in: folder)
        let result = try CommandRunner.run(["validate", "empty"], in: folder)
        #expect(result.status == 0)
        #expect(
            result.standardError == """
                empty: warning: no .json or .xml wireframes in this folder
                0 files checked, no problems

                """)
    }

    @Test func diagnosticsOfSeveralFilesComeInTheOrderGiven() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CommandRunner.write(Self.invalid, to: "z.json", in: folder)
        try CommandRunner.write(Self.warningOnly, to: "a.json", in: folder)
        let result = try CommandRunner.run(["validate", "z.json", "a.json"], in: folder)
        #expect(result.status == 1)
        #expect(
            result.standardError == """
                z.json:4:63: error: subroute 'nowhere' is not defined [WF0103]
                a.json:6:15: warning: route 'orphan' cannot be reached from root 'home' [WF0201]
                2 files checked: 1 error, 1 warning

                """)
    }
}
