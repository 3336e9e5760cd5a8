import WireframeReport
import WireframeStore
import WireframeSync

/// The body of `/meetings/audit?from=A&to=B`: what changed between two meetings (or times), by
/// document and screen, in the report's words, with a link to the printable report.
enum AuditSection {
    /// Counts of what changed, in one line.
    static func summary(_ report: MeetingReport) -> String {
        let (documents, screens, authors) = report.summary
        let changed = documents.filter { $0.key != "unchanged" }.values.reduce(0, +)
        var line = "\(changed) document\(changed == 1 ? "" : "s") changed; screens: \(screens["added", default: 0]) added, "
        line += "\(screens["removed", default: 0]) removed, \(screens["modified", default: 0]) modified"
        if !authors.isEmpty { line += "; by \(authors.joined(separator: ", "))" }
        return line + "."
    }

    static func body(from: String, to: String?, pool: StorePool) async throws -> HTML {
        let later = to == "now" ? nil : to
        let report = try await pool.withStore { store in try MeetingReport.make(history: History(store: store), from: from, to: later) }
        let sections = report.audit.documents.filter { $0.status != "unchanged" }.map { document -> HTML in
            let screens = report.screenSentences(document.path).map { screen, sentences -> HTML in
                "<h3>\(screen)</h3>\n<ul>\n\(HTML.joined(sentences.map { "<li>\($0)</li>" as HTML }, separator: "\n"))\n</ul>"
            }
            let compare: HTML =
                if let old = document.fromRevision, let new = document.toRevision {
                    " · <a href=\"/compare?from=\(old)&amp;to=\(new)\">compare</a>"
                } else {
                    ""
                }
            let authors = report.details[document.path]?.authors ?? []
            return """
                <section>
                <h2>\(document.path): \(document.status)</h2>
                <p class="muted">\(authors.isEmpty ? "" : "by \(authors.joined(separator: ", "))")\(compare)</p>
                \(HTML.joined(screens, separator: "\n"))
                </section>
                """
        }
        let unchanged = report.audit.documents.filter { $0.status == "unchanged" }.map(\.path)
        var reportQuery = "from=\(URLText.query(from))"
        if let later { reportQuery += "&to=\(URLText.query(later))" }
        return """
            <h1>Changes from \(MeetingReport.name(report.audit.from)) to \(MeetingReport.name(report.audit.to))</h1>
            <p>\(summary(report))</p>
            <p><a href="/report?\(reportQuery)">Printable report</a></p>
            \(HTML.joined(sections, separator: "\n"))
            \(unchanged.isEmpty ? "" : "<p class=\"muted\">Unchanged: \(unchanged.joined(separator: ", "))</p>" as HTML)
            """
    }
}
