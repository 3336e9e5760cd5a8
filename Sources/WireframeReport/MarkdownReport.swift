import WireframeModel

/// The report as markdown (and, without the marks, as the text of `wfs audit`).
public enum MarkdownReport {
    /// The markdown of a report.
    public static func markdown(_ report: MeetingReport) -> String {
        var text = "# Changes from \(MeetingReport.name(report.audit.from)) to \(MeetingReport.name(report.audit.to))\n\n"
        for point in [report.audit.from, report.audit.to] {
            if let notes = point.notes, !notes.isEmpty { text += "Notes of \(point.name ?? "now"): \(notes)\n\n" }
        }
        text += summaryLine(report) + "\n\n"
        let unchanged = report.audit.documents.filter { $0.status == "unchanged" }.map(\.path.escapingControlCharacters)
        for document in report.audit.documents where document.status != "unchanged" {
            text += "## \(document.path.escapingControlCharacters): \(document.status)\n\n"
            for (screen, sentences) in report.screenSentences(document.path) {
                text += "- \(screen)\n"
                for sentence in sentences { text += "  - \(sentence)\n" }
            }
            if let detail = report.details[document.path], !detail.newDiagnostics.isEmpty {
                text += "\nNew problems:\n\n"
                for diagnostic in detail.newDiagnostics { text += "- \(diagnostic.severity.rawValue): \(diagnostic.message)\n" }
            }
            text += "\n"
        }
        if !unchanged.isEmpty { text += "Unchanged: \(unchanged.joined(separator: ", "))\n" }
        return text
    }

    /// The report as plain text.
    public static func text(_ report: MeetingReport) -> String {
        var text = "from \(MeetingReport.name(report.audit.from)) to \(MeetingReport.name(report.audit.to))\n"
        let changed = report.audit.documents.filter { $0.status != "unchanged" }
        if changed.isEmpty { text += "no changes\n" }
        for document in changed {
            text += "\(document.status) \(document.path.escapingControlCharacters)\n"
            for (screen, sentences) in report.screenSentences(document.path) {
                text += "  \(screen)\n"
                for sentence in sentences { text += "    \(sentence)\n" }
            }
        }
        let unchanged = report.audit.documents.filter { $0.status == "unchanged" }.map(\.path.escapingControlCharacters)
        if !unchanged.isEmpty { text += "unchanged: \(unchanged.joined(separator: ", "))\n" }
        return text
    }

    /// "2 documents modified; screens: 3 added, 1 removed, 4 modified; changed by ann, bob."
    static func summaryLine(_ report: MeetingReport) -> String {
        let summary = report.summary
        let documents = ["added", "removed", "modified", "unchanged"].compactMap { status in
            summary.documents[status].map { "\($0) \(status)" }
        }
        let screens = ["added", "removed", "modified"].map { "\(summary.screens[$0] ?? 0) \($0)" }
        var line = "Documents: \(documents.joined(separator: ", ")); screens: \(screens.joined(separator: ", "))"
        if !summary.authors.isEmpty { line += "; changed by \(summary.authors.joined(separator: ", "))" }
        return line + "."
    }
}
