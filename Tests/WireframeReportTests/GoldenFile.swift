import Foundation
import Testing
import WireframeTestSupport

/// The expected output of the pictures and the report, in `Golden/` beside this file
/// (`GoldenComparison`; `RECORD_SNAPSHOTS=1 swift test --filter WireframeReportTests` records them).
enum GoldenFile {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    /// Expects `actual` to be the golden file `name` byte for byte; on failure, says which lines differ.
    static func expect(_ actual: String, is name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if let mismatch = try GoldenComparison.mismatch(actual, goldenFile: folder.appendingPathComponent(name)) {
            Issue.record(Comment(rawValue: mismatch), sourceLocation: sourceLocation)
        }
    }
}

@Test func goldenDifferenceNamesTheChangedLines() {
    #expect(GoldenComparison.difference("a\nb\nc\n", "a\nB\nc\n") == "@@ line 2 @@\n-\"b\"\n+\"B\"\n")
    #expect(GoldenComparison.difference("a\n", "a\nb\n") == "@@ line 2 @@\n+\"b\"\n")
}
