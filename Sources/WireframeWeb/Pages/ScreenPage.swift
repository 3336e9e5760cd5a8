import Foundation
import Hummingbird
import WireframeAnalysis
import WireframeModel
import WireframeReport
import WireframeStore
import WireframeSync

/// `/screens/KEY` (optionally `?document=PATH`): every revision that changed one screen, newest
/// first, a page at a time, each change's fields in words.
enum ScreenPage {
    static func add(to router: Router<WebContext>, server: Server) {
        router.get("/screens/:key") { request, context in
            try await page(request, context: context, server: server)
        }
    }

    static func page(_ request: Request, context: WebContext, server: Server) async throws -> Response {
        try PageAccess.checkRead(request, server: server)
        let raw = context.parameters.get("key") ?? ""
        let key = raw.removingPercentEncoding ?? raw
        let document = PageSupport.query(request, "document")
        var filter = LogFilter(documentPath: document, screenKey: key, limit: HistoryPage.pageSize + 1)
        if let before = PageSupport.query(request, "before") {
            guard let id = Int64(before) else { throw WebError(.badRequest, "'before' must be a revision id, not '\(before)'") }
            filter.beforeId = id
        }
        let queried = filter
        let (entries, titles) = try await server.pool.withStore { store in
            let entries = try store.log(queried)
            return (entries, try server.titles.titles(Array(entries.prefix(HistoryPage.pageSize)), store: store))
        }
        let shown = Array(entries.prefix(HistoryPage.pageSize))
        let title = shown.lazy.compactMap { titles[$0.revision.id]?[key] }.first ?? key
        let rows = shown.map { row($0, key: key) }
        let query = document.map { "document=\(URLText.query($0))&" } ?? ""
        let base = "/screens/\(URLText.pathSegment(key))"
        let next: HTML =
            entries.count > HistoryPage.pageSize
            ? "<p><a rel=\"next\" href=\"\(base)?\(query)before=\(shown.last?.revision.id ?? 0)\">Older revisions</a></p>" : ""
        let scope: HTML = document.map { " in \($0)" } ?? " in every document"
        let historyLink = "/history?screen=\(URLText.query(key))" + (document.map { "&document=\(URLText.query($0))" } ?? "")
        let empty: HTML = shown.isEmpty ? "<p class=\"muted\">No revision changed a screen with this key.</p>" : ""
        return Layout.page(
            title: "Screen \(key)", viewer: server.logins.login(of: request)?.name,
            body: """
                <h1>Screen \(title) <code>\(key)</code></h1>
                <p>Every revision that changed it\(scope), newest first. <a href="\(historyLink)">In the history</a></p>
                \(empty)
                <ol class="timeline">
                \(HTML.joined(rows, separator: "\n"))
                </ol>
                \(next)
                """)
    }

    /// One revision of the timeline: what it did to the screen, in words.
    static func row(_ entry: LogEntry, key: String) -> HTML {
        let revision = entry.revision
        let words = ChangeWords()
        var sentences: [HTML] = []
        for change in entry.changes where change.screenKey == key || change.previousKey == key {
            switch change.kind {
            case .added: sentences.append("<li class=\"added\">New screen.</li>")
            case .removed: sentences.append("<li class=\"removed\">Removed.</li>")
            case .renamed: sentences.append("<li class=\"modified\">Key: \(change.previousKey ?? "?") → \(change.screenKey)</li>")
            case .document: break
            case .modified:
                for field in change.fields {
                    let sentence = words.sentence(
                        FieldChange(field: field.field, old: field.old, new: field.new), old: nil as Screen?, new: nil)
                    sentences.append("<li>\(sentence)</li>")
                }
            }
        }
        let compare: HTML = revision.parentId.map { " · <a href=\"/compare?from=\($0)&amp;to=\(revision.id)\">compare</a>" } ?? ""
        return """
            <li id="r\(revision.id)">\(PageSupport.revisionLink(revision)), \(revision.createdAt.shown), \(revision.author)\(compare)
            <ul>\(HTML.joined(sentences, separator: "\n"))</ul></li>
            """
    }
}
