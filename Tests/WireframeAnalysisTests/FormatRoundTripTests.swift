import Foundation
import Testing
import WireframeAnalysis
import WireframeFormats
import WireframeModel

/// Lossless writing: whatever a reader produced, the JSON writer keeps, so that hashes survive
/// a change of format (WorkflowSchema → JSON) and a second trip through either writer.
@Suite("Format round trips")
struct FormatRoundTripTests {
    static let corpus = URL(filePath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "WireframeFormatsTests/Fixtures/WorkflowSchema/corpus")

    static var corpusFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? [])
            .filter { $0.hasSuffix(".xml") }.sorted()
    }

    static func hash(_ wireframe: Wireframe) -> String { ContentHash.of(CanonicalForm.canonicalize(wireframe)) }

    @Test func corpusIsPresent() {
        #expect(Self.corpusFiles.count == 17)
    }

    @Test(arguments: corpusFiles)
    func workflowSchemaThroughJSONKeepsTheHash(_ name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.corpus.appending(path: name)))
        let (read, diagnostics) = WorkflowSchemaReader().read(bytes, path: name)
        #expect(!diagnostics.hasErrors)
        let wireframe = try #require(read)
        let json = JSONWireframeWriter().prettyText(CanonicalForm.canonicalize(wireframe))
        let (again, jsonDiagnostics) = JSONWireframeReader().read(Array(json.utf8))
        #expect(jsonDiagnostics.filter { $0.severity != .note } == [], "\(name): \(jsonDiagnostics.map(\.message))")
        let back = try #require(again)
        #expect(Self.hash(back) == Self.hash(wireframe))
        // The exported text is itself canonical: writing it again changes nothing.
        #expect(JSONWireframeWriter().prettyText(CanonicalForm.canonicalize(back)) == json)
    }

    @Test(arguments: corpusFiles)
    func workflowSchemaThroughItsOwnWriterKeepsTheHash(_ name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.corpus.appending(path: name)))
        let wireframe = try #require(WorkflowSchemaReader().read(bytes, path: name).wireframe)
        let xml = WorkflowSchemaWriter().write(wireframe)
        let back = try #require(WorkflowSchemaReader().read(Array(xml.utf8), path: name).wireframe)
        #expect(Self.hash(back) == Self.hash(wireframe))
    }
}
