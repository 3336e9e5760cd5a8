import Foundation
import Testing

/// The expected output of the pictures and the report, in `Golden/` beside this file: changed
/// only on purpose, when what they show changes. `RECORD_SNAPSHOTS=1 swift test --filter
/// WireframeReportTests` writes them anew from the output (and fails, so that a
/// recording run is never taken for a check); review the change with `git diff`.
enum GoldenFile {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    /// Expects `actual` to be the golden file `name` byte for byte; on failure, says which lines differ.
    static func expect(_ actual: String, is name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try Data(actual.utf8).write(to: url, options: .atomic)
            // A recording run is never taken for a check.
            Issue.record("recorded \(name); run again without RECORD_SNAPSHOTS to check it", sourceLocation: sourceLocation)
            return
        }
        let expected = try Data(contentsOf: url)
        // Bytes, not `String ==`: that holds canonically equivalent Unicode equal.
        #expect(
            Array(actual.utf8) == Array(expected),
            "\(name) differs from its golden file (RECORD_SNAPSHOTS=1 records it anew):\n\(difference(String(decoding: expected, as: UTF8.self), actual))",
            sourceLocation: sourceLocation)
    }

    /// The lines between the common start and the common end: `-` expected, `+` actual, with line numbers.
    static func difference(_ expected: String, _ actual: String) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var start = 0
        while start < old.count, start < new.count, old[start].utf8.elementsEqual(new[start].utf8) { start += 1 }
        var end = 0
        while end < old.count - start, end < new.count - start,
            old[old.count - 1 - end].utf8.elementsEqual(new[new.count - 1 - end].utf8)
        {
            end += 1
        }
        var text = "@@ line \(start + 1) @@\n"
        for line in old[start..<(old.count - end)] { text += "-\(line.debugDescription)\n" }
        for line in new[start..<(new.count - end)] { text += "+\(line.debugDescription)\n" }
        return text
    }
}

@Test func goldenDifferenceNamesTheChangedLines() {
    #expect(GoldenFile.difference("a\nb\nc\n", "a\nB\nc\n") == "@@ line 2 @@\n-\"b\"\n+\"B\"\n")
    #expect(GoldenFile.difference("a\n", "a\nb\n") == "@@ line 2 @@\n+\"b\"\n")
}
