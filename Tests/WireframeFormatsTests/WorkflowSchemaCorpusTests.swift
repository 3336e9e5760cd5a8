import Foundation
import Testing
import WireframeFormats
import WireframeModel

@Suite struct WorkflowSchemaCorpusTests {
    @Test(arguments: WorkflowSchemaFixtures.corpusNames)
    func corpusFileReadsWithoutErrors(name: String) throws {
        let url = try #require(WorkflowSchemaFixtures.corpus?.appendingPathComponent("\(name).xml"))
        let result = WorkflowSchemaReader().read(WorkflowSchemaFixtures.bytes(url), path: url.path)
        #expect(result.wireframe != nil)
        #expect(result.diagnostics.isEmpty, "\(name):\n\(WorkflowSchemaFixtures.describe(result.diagnostics))")
    }
}

@Suite struct WorkflowSchemaCorpusProjectTests {
    /// The corpus files that no other corpus file loads: the app's entries.
    static let entries = WorkflowSchemaFixtures.corpusNames.filter {
        !["form_tests_2", "form_tests_3", "load_tests_screen1", "load_tests_screen2"].contains($0)
    }

    static var appRootReader: WorkflowSchemaReader {
        var reader = WorkflowSchemaReader()
        reader.entryIsAppRoot = true
        return reader
    }

    /// Read as the app's entry (so the checks that need to know the root is neither pushed nor
    /// presented run too), every entry of the corpus gives only the missing-file warning the corpus
    /// has on purpose.
    @Test(arguments: entries)
    func corpusEntryHasOnlyTheIntendedWarning(name: String) throws {
        let corpus = try #require(WorkflowSchemaFixtures.corpus)
        let project = Self.appRootReader.read(fileAt: "\(name).xml", projectRoot: corpus.path)
        let expected = name == "load_tests_main" ? ["WF1601 loaded file 'there_is_no_screen3.xml' does not exist"] : []
        #expect(
            project.diagnostics.map { "\($0.code) \($0.message)" } == expected, "\(WorkflowSchemaFixtures.describe(project.diagnostics))")
    }

    /// A loaded file read as if it were the app's entry: its form pushes, but as the app's root
    /// nothing puts it in a navigation stack. Read as a project of its own without that promise
    /// (as a folder is validated, file by file) it is clean.
    @Test func loadedFileReadAsEntry() throws {
        let corpus = try #require(WorkflowSchemaFixtures.corpus)
        let asAppRoot = Self.appRootReader.read(fileAt: "form_tests_2.xml", projectRoot: corpus.path)
        #expect(asAppRoot.diagnostics.map(\.code) == ["WF1501"])
        let plain = WorkflowSchemaReader().read(fileAt: "form_tests_2.xml", projectRoot: corpus.path)
        #expect(plain.diagnostics.isEmpty, "\(WorkflowSchemaFixtures.describe(plain.diagnostics))")
    }
}
