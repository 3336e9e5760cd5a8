import Foundation
import Testing
import WireframeFormats
import WireframeModel

/// Hostile input: document type declarations, entity expansion, external entities, depth and size.
@Suite struct WorkflowSchemaSafetyTests {
    @Test func billionLaughsIsRefusedBeforeParsing() {
        var source = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n  <!ENTITY lol \"lol\">\n"
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "lol\(level - 1)"
            source += "  <!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">\n"
        }
        source += "]>\n<workflow><screen><title>&lol9;</title></screen></workflow>"
        let result = WorkflowSchemaFixtures.read(source)
        #expect(result.wireframe == nil)
        #expect(
            WorkflowSchemaFixtures.describe(result.diagnostics)
                == "2:1 error WF1011: document type declarations are not allowed; remove the '<!DOCTYPE' and any entity declarations")
    }

    @Test func externalEntityIsRefused() {
        let source =
            "<!DOCTYPE workflow [ <!ENTITY secret SYSTEM \"file:///etc/passwd\"> ]>\n<workflow><screen><title>&secret;</title></screen></workflow>"
        let result = WorkflowSchemaFixtures.read(source)
        #expect(result.wireframe == nil)
        #expect(result.diagnostics.map(\.code) == ["WF1011"])
        #expect(result.diagnostics.first?.location == SourceLocation(line: 1, column: 1, offset: 0))
    }

    @Test func doctypeInsideCommentIsOnlyAComment() {
        let result = WorkflowSchemaFixtures.read("<!-- <!DOCTYPE x> --><workflow><screen/></workflow>")
        #expect(result.diagnostics.isEmpty)
    }

    @Test func undeclaredEntityIsNotWellFormed() {
        let result = WorkflowSchemaFixtures.read("<workflow><screen><title>&nope;</title></screen></workflow>")
        #expect(result.wireframe == nil)
        #expect(result.diagnostics.map(\.code) == ["WF1001"])
    }

    @Test func deepNestingFailsFastWithoutRecursion() {
        let depth = 100_000
        let source =
            "<workflow>" + String(repeating: "<container>", count: depth) + String(repeating: "</container>", count: depth) + "</workflow>"
        let start = Date()
        let result = WorkflowSchemaFixtures.read(source)
        #expect(Date().timeIntervalSince(start) < 5)
        #expect(result.wireframe == nil)
        #expect(WorkflowSchemaFixtures.describe(result.diagnostics) == "1:2816 error WF0004: elements nest deeper than 256 levels")
    }

    /// 900,000 attributes on one tag (10 MB, within the size limit and the work budget): each is
    /// checked against the earlier ones by name, which must not compare every pair (that takes
    /// hours); the repeated last name is still found.
    @Test(.timeLimit(.minutes(1)))
    func aTagWithVeryManyAttributesIsCheckedForRepeatsInLinearWork() {
        let count = 900_000
        var source = "<workflow"
        source.reserveCapacity(count * 14)
        for index in 0..<count { source += " a\(index)=\"\"" }
        let firstOfRepeated = source.utf8.count - " a\(count - 1)=\"\"".utf8.count + 1
        source += " a\(count - 1)='again'/>"
        let result = WorkflowSchemaFixtures.read(source)
        #expect(result.wireframe == nil)
        #expect(result.diagnostics.map(\.code) == ["WF1001"])
        #expect(result.diagnostics.first?.message == "XML is not well-formed: attribute 'a\(count - 1)' is given twice")
        #expect(result.diagnostics.first?.location.offset == source.utf8.count - " a\(count - 1)='again'/>".utf8.count + 1)
        #expect(result.diagnostics.first?.notes.map { $0.location?.offset } == [firstOfRepeated])
    }

    /// One element and 1,000,000 attributes: one more than the budget of elements and attributes
    /// of one file, refused with one error at the attribute that exceeds it.
    @Test(.timeLimit(.minutes(1)))
    func aFileOverTheBudgetOfElementsAndAttributesIsRefused() {
        let budget = WorkflowSchemaReader.defaultMaximumNodes
        #expect(budget == 1_000_000)
        var source = "<workflow"
        source.reserveCapacity(budget * 12)
        var lastOffset = 0
        for index in 0..<budget {
            lastOffset = source.utf8.count + 1
            source += " a\(index)=\"\""
        }
        source += "/>"
        let result = WorkflowSchemaFixtures.read(source)
        #expect(result.wireframe == nil)
        #expect(result.diagnostics.map(\.code) == ["WF0008"])
        #expect(
            result.diagnostics.first?.message
                == "the file has more than 1000000 elements and attributes; the reader accepts at most that many")
        #expect(result.diagnostics.first?.location.offset == lastOffset)
    }

    @Test func theBudgetCountsElementsAndAttributesTogether() {
        var reader = WorkflowSchemaReader()
        reader.maximumNodes = 4
        let within = reader.read(Array("<workflow><screen a=\"1\"><title>T</title></screen></workflow>".utf8), path: "within.xml")
        #expect(!within.diagnostics.contains { $0.code == "WF0008" })
        let over = reader.read(Array("<workflow><screen a=\"1\" b=\"2\"><title>T</title></screen></workflow>".utf8), path: "over.xml")
        #expect(over.wireframe == nil)
        #expect(
            WorkflowSchemaFixtures.describe(over.diagnostics)
                == "1:31 error WF0008: the file has more than 4 elements and attributes; the reader accepts at most that many")
    }

    /// Names that differ only past their first bytes, or whose hashes may meet, are told apart.
    @Test func manyAttributesWithSimilarNamesAreNotTakenForRepeats() {
        let names = (0..<5_000).map { "attribute\(String(repeating: "x", count: $0 % 7))\($0)" }
        let source = "<workflow><screen " + names.map { "\($0)=\"v\"" }.joined(separator: " ") + "/></workflow>"
        let result = WorkflowSchemaFixtures.read(source)
        #expect(result.wireframe != nil)
        #expect(result.diagnostics.allSatisfy { $0.code == "WF1108" })
        #expect(result.diagnostics.count == names.count)
    }

    @Test func oversizedFileIsRefused() {
        var reader = WorkflowSchemaReader()
        reader.maximumSize = 64
        let result = reader.read(
            Array(("<workflow><screen><title>" + String(repeating: "x", count: 100) + "</title></screen></workflow>").utf8), path: "big.xml"
        )
        #expect(result.wireframe == nil)
        #expect(result.diagnostics.map(\.code) == ["WF0006"])
    }

    @Test func emptyAndInvalidUTF8() {
        #expect(WorkflowSchemaReader().read([], path: "e.xml").diagnostics.map(\.code) == ["WF0003"])
        #expect(WorkflowSchemaReader().read([0x3C, 0xFF, 0x3E], path: "e.xml").diagnostics.map(\.code) == ["WF0002"])
    }
}

/// The project reader: loadSchema across files, missing and escaping paths, merged keys.
@Suite struct WorkflowSchemaProjectTests {
    @Test func loadTestsMainWarnsOnlyAboutTheMissingScreen() throws {
        let corpus = try #require(WorkflowSchemaFixtures.corpus)
        let project = WorkflowSchemaReader().read(fileAt: "load_tests_main.xml", projectRoot: corpus.path)
        #expect(project.files.map(\.path) == ["load_tests_main.xml", "load_tests_screen1.xml", "load_tests_screen2.xml"])
        #expect(
            project.diagnostics.map { "\($0.path ?? "") \($0.location) \($0.severity) \($0.code): \($0.message)" }
                == ["load_tests_main.xml 34:23 warning WF1601: loaded file 'there_is_no_screen3.xml' does not exist"])
        let merged = try #require(project.merged)
        #expect(
            merged.screen(#"tabs/navigation["Screen 1"]"#)?.action(named: "loadScreen")?.action.kind.withoutLocations
                == .loadSchema(
                    path: "load_tests_screen1.xml", success: Action(.replaceRoot("load_tests_screen1.xml#screen")),
                    failure: Action(.alert("Failed to load screen 1"))
                ).withoutLocations)
        #expect(merged.screen("load_tests_screen1.xml#screen")?.title == "Screen 1 title")
    }

    @Test func formTestsChainSpansThreeFiles() throws {
        let corpus = try #require(WorkflowSchemaFixtures.corpus)
        let project = WorkflowSchemaReader().read(fileAt: "form_tests_1.xml", projectRoot: corpus.path)
        #expect(project.files.map(\.path) == ["form_tests_1.xml", "form_tests_2.xml", "form_tests_3.xml"])
        #expect(project.diagnostics.isEmpty, "\(WorkflowSchemaFixtures.describe(project.diagnostics))")
        let merged = try #require(project.merged)
        let presented = try #require(merged.screen("navigation/screen/form[0]/loadSchema@didSubmit/presentController[0]/navigation"))
        #expect(presented.links.map(\.target) == ["form_tests_2.xml#screen"])
        #expect(merged.screens.contains { $0.key == "form_tests_3.xml#screen" && $0.title == "Results" })
    }

    @Test func pathLeavingTheRootIsAnErrorAndLoadedErrorsAndRootClassAreReported() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wfs-project-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let entry = """
            <workflow><navigation><screen/>
            <loadSchema name="a"><path>../outside.xml</path><presentController/><showAlert>no</showAlert></loadSchema>
            <loadSchema name="b"><path>sub/broken.xml</path><presentController/><showAlert>no</showAlert></loadSchema>
            <loadSchema name="c"><path>sub/table.xml</path><presentController><navigation keyPath="schema"/></presentController><showAlert>no</showAlert></loadSchema>
            </navigation></workflow>
            """
        try entry.write(to: directory.appendingPathComponent("main.xml"), atomically: true, encoding: .utf8)
        try "<workflow><screen><bogus/></screen></workflow>".write(
            to: directory.appendingPathComponent("sub/broken.xml"), atomically: true, encoding: .utf8)
        try "<workflow><table><tableSection/></table></workflow>".write(
            to: directory.appendingPathComponent("sub/table.xml"), atomically: true, encoding: .utf8)
        let project = WorkflowSchemaReader().read(fileAt: "main.xml", projectRoot: directory.path)
        #expect(
            project.diagnostics.map { "\($0.path ?? "") \($0.location) \($0.severity) \($0.code): \($0.message)" } == [
                "main.xml 2:28 error WF1601: loaded path '../outside.xml' leaves the project root",
                "main.xml 3:28 error WF1602: loaded file 'sub/broken.xml' has 1 error",
                "main.xml 4:67 error WF1603: loaded file 'sub/table.xml' has root 'table', but 'navigation' is expected here",
                "sub/broken.xml 1:19 error WF1101: unknown tag 'bogus'",
            ])
        #expect(project.loadTargets == ["sub/broken.xml", "sub/table.xml"])
    }

    /// A chain of 1,000 files, each loading the next, validated file by file in one pass: each
    /// file is read once, not once per file that loads it (half a million reads).
    @Test(.timeLimit(.minutes(1)))
    func aLongLoadChainIsReadOncePerFileInOnePass() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wfs-project-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let count = 1_000
        for index in 0..<count {
            let load =
                index + 1 < count
                ? "<loadSchema name=\"next\"><path>chain\(index + 1).xml</path><presentController/><showAlert>no</showAlert></loadSchema>"
                : ""
            try "<workflow><navigation><screen><title>Step \(index)</title></screen>\(load)</navigation></workflow>".write(
                to: directory.appendingPathComponent("chain\(index).xml"), atomically: true, encoding: .utf8)
        }
        let files = WorkflowSchemaFiles()
        var projects: [WorkflowSchemaProject] = []
        for index in 0..<count {
            projects.append(WorkflowSchemaReader().read(fileAt: "chain\(index).xml", projectRoot: directory.path, files: files))
        }
        #expect(files.readCount == count)
        #expect(projects.map(\.files.count) == (0..<count).map { count - $0 })
        // What the shared pass gives is what a file read on its own gives.
        for index in [0, 1, count / 2, count - 2, count - 1] {
            let alone = WorkflowSchemaReader().read(fileAt: "chain\(index).xml", projectRoot: directory.path)
            #expect(projects[index].diagnostics == alone.diagnostics)
            #expect(projects[index].loadTargets == alone.loadTargets)
            #expect(projects[index].files.map(\.path) == alone.files.map(\.path))
            #expect(projects[index].merged == alone.merged)
        }
        #expect(projects[0].loadTargets.count == count - 1)
        #expect(projects[0].merged?.screens.count == 2 * count)  // each file: a navigation and its screen
    }

    /// An entry whose bytes changed since the pass read it (as a loaded file) is read from the
    /// new bytes.
    @Test func anEntryReadWithNewBytesIsNotTakenFromThePass() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wfs-project-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try
            "<workflow><navigation><screen/><loadSchema name=\"a\"><path>b.xml</path><presentController/><showAlert>no</showAlert></loadSchema></navigation></workflow>"
            .write(to: directory.appendingPathComponent("a.xml"), atomically: true, encoding: .utf8)
        try "<workflow><navigation><screen><title>Old</title></screen></navigation></workflow>".write(
            to: directory.appendingPathComponent("b.xml"), atomically: true, encoding: .utf8)
        let files = WorkflowSchemaFiles()
        _ = WorkflowSchemaReader().read(fileAt: "a.xml", projectRoot: directory.path, files: files)
        let newer = Array("<workflow><navigation><screen><title>New</title></screen></navigation></workflow>".utf8)
        let project = WorkflowSchemaReader().read(fileAt: "b.xml", projectRoot: directory.path, entryBytes: newer, files: files)
        #expect(project.files.first?.wireframe?.screens.contains { $0.title == "New" } == true)
        let unchanged = WorkflowSchemaReader().read(fileAt: "a.xml", projectRoot: directory.path, files: files)
        #expect(unchanged.files.map(\.path) == ["a.xml", "b.xml"])
        #expect(unchanged.files.last?.wireframe?.screens.contains { $0.title == "New" } == true)
        // a.xml twice (an entry loaded by nothing is not kept), b.xml's two versions once each.
        #expect(files.readCount == 4)
    }

    @Test func aLoadedSymbolicLinkOutOfTheRootIsNotFollowed() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("wfs-project-\(UUID().uuidString)")
        let directory = base.appendingPathComponent("project")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        try "<workflow><screen><title>Secret</title></screen></workflow>".write(
            to: base.appendingPathComponent("secret.xml"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent("link.xml").path, withDestinationPath: base.appendingPathComponent("secret.xml").path)
        let entry = """
            <workflow><navigation><screen/>
            <loadSchema name="a"><path>link.xml</path><presentController/><showAlert>no</showAlert></loadSchema>
            </navigation></workflow>
            """
        try entry.write(to: directory.appendingPathComponent("main.xml"), atomically: true, encoding: .utf8)
        let project = WorkflowSchemaReader().read(fileAt: "main.xml", projectRoot: directory.path)
        let secret = base.appendingPathComponent("secret.xml").resolvingSymlinksInPath().path
        #expect(
            project.diagnostics.map { "\($0.path ?? "") \($0.location) \($0.severity) \($0.code): \($0.message)" } == [
                "main.xml 2:28 error WF1601: loaded path 'link.xml' is a symbolic link to '\(secret)', outside the project root"
            ])
        #expect(project.files.map(\.path) == ["main.xml"])
    }

    @Test func aLoadedFIFOIsRefusedWithoutBlockingAndMissingTargetsAreStillTargets() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wfs-project-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let entry = """
            <workflow><navigation><screen/>
            <loadSchema name="a"><path>pipe.xml</path><presentController/><showAlert>no</showAlert></loadSchema>
            <loadSchema name="b"><path>later.xml</path><presentController/><showAlert>no</showAlert></loadSchema>
            </navigation></workflow>
            """
        try entry.write(to: directory.appendingPathComponent("main.xml"), atomically: true, encoding: .utf8)
        #expect(mkfifo(directory.appendingPathComponent("pipe.xml").path, 0o600) == 0)
        let project = WorkflowSchemaReader().read(fileAt: "main.xml", projectRoot: directory.path)
        #expect(
            project.diagnostics.map { "\($0.path ?? "") \($0.location) \($0.severity) \($0.code): \($0.message)" } == [
                "main.xml 2:28 error WF1602: loaded file 'pipe.xml' has 1 error",
                "main.xml 3:28 warning WF1601: loaded file 'later.xml' does not exist",
                "pipe.xml 1:1 error WF0007: the path is not a regular file",
            ])
        #expect(project.loadTargets == ["later.xml", "pipe.xml"])
    }
}

extension ActionKind {
    /// The kind with nested locations reset, to compare with literals.
    var withoutLocations: ActionKind { LocationFree.action(Action(self)).kind }
}
