/// The report as one self-contained HTML page: inline CSS and SVG, system fonts, no script.
public enum HTMLReport {
    /// The page; `pictures` holds each changed document's picture by path (a document without
    /// one gets none; one Graphviz refused gets its note).
    public static func html(_ report: MeetingReport, pictures: [String: ReportPicture]) -> String {
        let from = MeetingReport.name(report.audit.from)
        let to = MeetingReport.name(report.audit.to)
        var page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>Changes from \(escaped(from)) to \(escaped(to))</title>
            <style>
            body { font-family: system-ui, sans-serif; margin: 2em; color: #1f2328; max-width: 60em; }
            h1 { font-size: 1.6em; } h2 { font-size: 1.25em; border-bottom: 1px solid #d0d7de; }
            .meeting { color: #57606a; } .picture svg { max-width: 100%; height: auto; }
            .problem { color: #cf222e; } .unchanged { color: #57606a; }
            @media print { body { margin: 0; max-width: none; } h2 { break-after: avoid; } .picture { break-inside: avoid; } }
            </style>
            </head>
            <body>
            <h1>Changes from \(escaped(from)) to \(escaped(to))</h1>

            """
        for (label, point) in [("From", report.audit.from), ("To", report.audit.to)] {
            page += "<p class=\"meeting\">\(label): \(escaped(MeetingReport.name(point)))"
            if let started = point.startedAt { page += ", started \(escaped(started.shown))" }
            if let notes = point.notes, !notes.isEmpty { page += ". Notes: \(escaped(notes))" }
            page += "</p>\n"
        }
        page += "<p class=\"summary\">\(escaped(MarkdownReport.summaryLine(report)))</p>\n"
        for document in report.audit.documents where document.status != "unchanged" {
            page += "<section>\n<h2>\(escaped(document.path)): \(escaped(document.status))</h2>\n"
            if let picture = pictures[document.path] { page += figure(picture) }
            for (screen, sentences) in report.screenSentences(document.path) {
                page += "<h3>\(escaped(screen))</h3>\n<ul>\n"
                for sentence in sentences { page += "<li>\(escaped(sentence))</li>\n" }
                page += "</ul>\n"
            }
            if let detail = report.details[document.path] {
                page += "<p>Problems at \(escaped(report.audit.from.name ?? "the first meeting")): \(detail.oldDiagnostics.count).</p>\n"
                if !detail.newDiagnostics.isEmpty {
                    page += "<p>New since then:</p>\n<ul>\n"
                    for diagnostic in detail.newDiagnostics {
                        page += "<li class=\"problem\">\(escaped(diagnostic.severity.rawValue)): \(escaped(diagnostic.message))</li>\n"
                    }
                    page += "</ul>\n"
                }
            }
            page += "</section>\n"
        }
        let unchanged = report.audit.documents.filter { $0.status == "unchanged" }.map(\.path)
        if !unchanged.isEmpty { page += "<p class=\"unchanged\">Unchanged: \(escaped(unchanged.joined(separator: ", ")))</p>\n" }
        page += "</body>\n</html>\n"
        return page
    }

    /// Text safe inside an element or a quoted attribute.
    public static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    /// An SVG document without its XML declaration and doctype, to go inline in HTML.
    static func withoutProlog(_ svg: String) -> String {
        guard let start = svg.range(of: "<svg") else { return svg }
        return String(svg[start.lowerBound...])
    }
}

extension HTMLReport {
    /// A picture in a page: the SVG inline, or the note of why Graphviz did not draw it.
    static func figure(_ picture: ReportPicture) -> String {
        switch picture {
        case .drawn(let svg): "<div class=\"picture\">\n\(withoutProlog(String(decoding: svg, as: UTF8.self)))\n</div>\n"
        case .refused: "<p class=\"problem\">\(escaped(picture.note ?? ""))</p>\n"
        }
    }

    /// A page of one comparison (`wfs diff --format html`): what changed, in the report's words,
    /// and the picture.
    public static func comparisonPage(title: String, changes: ChangeSentences, unchanged: Int, picture: ReportPicture?) -> String {
        var page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>\(escaped(title))</title>
            <style>
            body { font-family: system-ui, sans-serif; margin: 2em; color: #1f2328; max-width: 60em; }
            h1 { font-size: 1.4em; } .picture svg { max-width: 100%; height: auto; }
            .problem { color: #cf222e; } .unchanged { color: #57606a; }
            </style>
            </head>
            <body>
            <h1>\(escaped(title))</h1>

            """
        if changes.document.isEmpty && changes.screens.isEmpty { page += "<p>No differences.</p>\n" }
        if !changes.document.isEmpty {
            page += "<h2>The document</h2>\n<ul>\n"
            for sentence in changes.document { page += "<li>\(escaped(sentence))</li>\n" }
            page += "</ul>\n"
        }
        for screen in changes.screens {
            let change = screen.change
            let heading: String
            switch change.kind {
            case .added: heading = "Added: \(screen.name) (\(change.key))"
            case .removed: heading = "Removed: \(screen.name) (\(change.key))"
            case .renamed: heading = "Key changed: \(change.previousKey ?? "?") → \(screen.name) (\(change.key))"
            case .modified: heading = "Modified: \(screen.name) (\(change.key))"
            }
            page += "<h2>\(escaped(heading))</h2>\n"
            if !screen.sentences.isEmpty {
                page += "<ul>\n"
                for sentence in screen.sentences { page += "<li>\(escaped(sentence))</li>\n" }
                page += "</ul>\n"
            }
        }
        page += "<p class=\"unchanged\">\(unchanged) unchanged screen\(unchanged == 1 ? "" : "s").</p>\n"
        if let picture { page += figure(picture) }
        page += "</body>\n</html>\n"
        return page
    }
}
