import Foundation
import Testing
import WireframeFormats
import WireframeModel

/// XML → model → XML → model gives an equal model, locations aside.
@Suite struct WorkflowSchemaWriterTests {
    @Test(arguments: WorkflowSchemaFixtures.corpusNames)
    func corpusRoundTrips(name: String) throws {
        let corpus = try #require(WorkflowSchemaFixtures.corpus)
        let first = WorkflowSchemaReader().read(
            WorkflowSchemaFixtures.bytes(corpus.appendingPathComponent("\(name).xml")), path: "\(name).xml")
        let model = try #require(first.wireframe)
        let written = WorkflowSchemaWriter().write(model)
        let second = WorkflowSchemaReader().read(Array(written.utf8), path: "\(name).xml")
        #expect(!second.diagnostics.hasErrors, "\(WorkflowSchemaFixtures.describe(second.diagnostics))\n\(written)")
        let reread = try #require(second.wireframe)
        #expect(LocationFree.wireframe(reread) == LocationFree.wireframe(model), "\(written)")
        #expect(WorkflowSchemaWriter().write(reread) == written)
    }

    @Test func namedKeysAndLocaleSurvive() throws {
        let source =
            "<workflow lang=\"fr\"><navigation name=\"main\"><screen name=\"home\"><title>A &amp; B</title></screen></navigation></workflow>"
        let model = try #require(WorkflowSchemaFixtures.read(source).wireframe)
        let written = WorkflowSchemaWriter().write(model)
        let reread = try #require(WorkflowSchemaFixtures.read(written).wireframe)
        #expect(reread.screens.map(\.key) == ["main", "home"])
        #expect(reread.locale == "fr")
        #expect(reread.screen("home")?.title == "A & B")
    }
}
