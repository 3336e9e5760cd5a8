import Foundation
import Testing
import WireframeFormats

/// Inputs the fuzzers found (`Fuzz/regressions/json|xml/`, see docs/RELIABILITY.md) go through the
/// readers on every test run: each must give a wireframe or a diagnostic, never a crash or a hang.
@Suite struct FuzzRegressionTests {
    static let folder = URL(filePath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Fuzz/regressions")

    static func inputs(_ format: String) -> [URL] {
        let files =
            (try? FileManager.default.contentsOfDirectory(at: folder.appending(path: format), includingPropertiesForKeys: nil)) ?? []
        return files.filter { !$0.lastPathComponent.hasPrefix(".") }.sorted { $0.path < $1.path }
    }

    @Test(arguments: inputs("json") + inputs("xml"))
    func theReaderAnswers(_ input: URL) throws {
        let bytes = [UInt8](try Data(contentsOf: input))
        let path = input.path(percentEncoded: false).contains("/xml/") ? "input.xml" : "input.json"
        let result = DocumentReader().read(bytes: bytes, path: path)
        #expect(result.wireframe != nil || !result.diagnostics.isEmpty)
    }
}
