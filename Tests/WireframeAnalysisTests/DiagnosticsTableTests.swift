import Foundation
import Testing
import WireframeAnalysis
import WireframeModel

/// `docs/DIAGNOSTICS.md`'s table is rendered from ``DiagnosticCatalog``; these tests fail when the
/// document is stale, and `RECORD_SNAPSHOTS=1` writes it anew.
@Suite struct DiagnosticsTableTests {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let document = package.appendingPathComponent("docs/DIAGNOSTICS.md")
    static let begin =
        "<!-- BEGIN GENERATED from DiagnosticCatalog: do not edit; run `RECORD_SNAPSHOTS=1 swift test --filter DiagnosticsTableTests` -->"
    static let end = "<!-- END GENERATED -->"

    /// The generated section: a table per group of codes.
    static func table() -> String {
        var lines = [begin]
        for group in DiagnosticCatalog.groups {
            let withCheck = group.definitions.contains { $0.check != nil }
            lines += ["", "## \(group.title)", ""]
            lines.append(withCheck ? "| code | check | severity | what |" : "| code | severity | what |")
            lines.append(withCheck ? "|---|---|---|---|" : "|---|---|---|")
            for definition in group.definitions {
                let severity = definition.severities.map(\.rawValue).joined(separator: " / ")
                let summary = definition.summary.replacingOccurrences(of: "|", with: "\\|")
                let check = withCheck ? " \(definition.check ?? "") |" : ""
                lines.append("| \(definition.code) |\(check) \(severity) | \(summary) |")
            }
        }
        lines += ["", end]
        return lines.joined(separator: "\n")
    }

    @Test func theDocumentHasTheTableOfTheCode() throws {
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        let start = try #require(text.range(of: Self.begin), "docs/DIAGNOSTICS.md has no generated section; it starts with: \(Self.begin)")
        let stop = try #require(
            text.range(of: Self.end, range: start.upperBound..<text.endIndex), "docs/DIAGNOSTICS.md: generated section not closed")
        let current = String(text[start.lowerBound..<stop.upperBound])
        let table = Self.table()
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1", current != table {
            try (text.replacingCharacters(in: start.lowerBound..<stop.upperBound, with: table)).write(
                to: Self.document, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            current == table,
            "docs/DIAGNOSTICS.md is stale: run `RECORD_SNAPSHOTS=1 swift test --filter DiagnosticsTableTests` to regenerate its table")
    }

    @Test func everyCodeIsListedOnce() throws {
        let codes = DiagnosticCatalog.all.map(\.code.rawValue)
        let repeated = Dictionary(grouping: codes, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        #expect(repeated.isEmpty, "listed twice: \(repeated)")
        // Every code the sources name is listed, and nothing else.
        var named: Set<String> = []
        let sources = Self.package.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        let pattern = try Regex(#""(WF[0-9]{4})""#)
        for case let file as URL in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: pattern) { named.insert(String(text[match.range].dropFirst().dropLast())) }
        }
        #expect(named.count > 100)
        #expect(named.subtracting(codes).sorted() == [], "codes in the sources without a definition in DiagnosticCatalog")
        #expect(Set(codes).subtracting(named).sorted() == [], "definitions of codes the sources never name")
        for definition in DiagnosticCatalog.all {
            #expect(
                !definition.severities.isEmpty && !definition.summary.isEmpty && !definition.summary.contains("\n"), "\(definition.code)")
        }
        // Each group holds its own range of codes, in order.
        let prefixes = [["WF00"], ["WF1"], ["WF01", "WF02"]]
        for (group, allowed) in zip(DiagnosticCatalog.groups, prefixes) {
            let groupCodes = group.definitions.map(\.code.rawValue)
            #expect(groupCodes == groupCodes.sorted(), "\(group.title)")
            #expect(groupCodes.allSatisfy { code in allowed.contains { code.hasPrefix($0) } }, "\(group.title)")
        }
    }
}
