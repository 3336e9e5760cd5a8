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
