public import Foundation

/// Output compared with a golden file: an expected output kept beside the tests and changed only
/// on purpose, when what it shows changes. With `RECORD_SNAPSHOTS=1` in the environment the
/// golden file is written anew from the output instead, and the comparison still fails, so that a
/// recording run is never taken for a check; review the change with `git diff`.
public enum GoldenComparison {
    /// Nil when `actual` is the golden file at `url` byte for byte (not `String ==`, which holds
    /// canonically equivalent Unicode equal); else why not, with the lines that differ.
    public static func mismatch(_ actual: String, goldenFile url: URL) throws -> String? {
        let name = url.lastPathComponent
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try Data(actual.utf8).write(to: url, options: .atomic)
            return "recorded \(name); run again without RECORD_SNAPSHOTS to check it"
        }
        let expected = try Data(contentsOf: url)
        guard Array(actual.utf8) != Array(expected) else { return nil }
        return "\(name) differs from its golden file (RECORD_SNAPSHOTS=1 records it anew):\n"
            + difference(String(decoding: expected, as: UTF8.self), actual)
    }

    /// The lines between the common start and the common end: `-` expected, `+` actual, with line numbers.
    public static func difference(_ expected: String, _ actual: String) -> String {
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
