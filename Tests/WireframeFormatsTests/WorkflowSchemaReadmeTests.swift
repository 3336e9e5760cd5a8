import Foundation
import Testing
import WireframeFormats
import WireframeModel

@Suite struct WorkflowSchemaReadmeTests {
    @Test func dump() throws {
        let directory = try #require(WorkflowSchemaFixtures.root?.appendingPathComponent("readme"))
        for index in 1...16 {
            let name = String(format: "readme_%02d.xml", index)
            let result = WorkflowSchemaReader().read(WorkflowSchemaFixtures.bytes(directory.appendingPathComponent(name)), path: name)
            print("== \(name) wireframe=\(result.wireframe != nil)\n" + WorkflowSchemaFixtures.describe(result.diagnostics))
        }
    }
}
