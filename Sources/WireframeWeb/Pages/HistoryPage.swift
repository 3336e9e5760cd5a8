import Hummingbird
import WireframeJSON
import WireframeStore
import WireframeSync

/// `/history`: revisions newest first, filtered by document, screen, author, meeting and time, a
/// page at a time (`?before=ID` continues below the last revision shown), each with the screens it
/// added, removed and modified, by title.
enum HistoryPage {
    /// Revisions on one page.
    static let pageSize = 50

    static func add(to router: Router<WebContext>, server: Server) {
        router.get("/history") { request, _ in
            try PageAccess.checkRead(request, server: server)
            let names = ["document", "screen", "author", "meeting", "since", "until"]
            var given: [String: String] = [:]
            for name in names { given[name] = PageSupport.query(request, name) }
            var filter = LogFilter(
                documentPath: given["document"], screenKey: given["screen"], sessionName: given["meeting"],
                since: try PageSupport.time(given["since"]), until: try PageSupport.time(given["until"]), limit: pageSize + 1)
            filter.author = given["author"]
            if let before = PageSupport.query(request, "before") {
                guard let id = Int64(before) else { throw WebError(.badRequest, "'before' must be a revision id, not '\(before)'") }
                filter.beforeId = id
            }
            let queried = filter
            // The entries `wfs log` lists (one path for the page, the command and the API).
            let (entries, titles) = try await server.pool.withStore { store in
                let entries = try LogAnswer.entries(store: store, filter: queried)
                if entries.isEmpty, let screen = queried.screenKey, let unknown = try LogAnswer.unknownScreen(screen, store: store) {
                    throw WebError(.notFound, unknown)
                }
                return (entries, try server.titles.titles(Array(entries.prefix(pageSize)), store: store))
            }
            let shown = entries.prefix(pageSize)
            let rows = shown.map { entry in row(entry, titles: titles[entry.revision.id] ?? [:]) }
            var query = ""
            for name in names { if let value = given[name] { query += "\(name)=\(URLText.query(value))&" } }
            let next: HTML =
                entries.count > pageSize
                ? "<p><a rel=\"next\" href=\"/history?\(query)before=\(shown.last?.revision.id ?? 0)\">Older revisions</a></p>" : ""
            let newest: HTML = filter.beforeId == nil ? "" : "<p><a href=\"/history?\(query)\">Newest revisions</a></p>"
            let fields = names.map { name -> HTML in
                "<label>\(name) <input name=\"\(name)\" value=\"\(given[name] ?? "")\" size=\"14\"></label>"
            }
            let body: HTML = """
                <h1>History</h1>
                <form method="get" action="/history" class="filters">
                \(HTML.joined(fields, separator: "\n"))
                <button type="submit">Filter</button>
                </form>
                <p class="muted">Times as the command line takes them: 2026-11-20 or 2026-11-20T15:00 (server's local time unless a zone is given).</p>
                \(shown.isEmpty ? "<p class=\"muted\">No revisions match.</p>" as HTML : "")
                <table class="history">
                <tr><th>Revision</th><th>Time</th><th>Author</th><th>Meeting</th><th>Changes</th></tr>
                \(HTML.joined(rows, separator: "\n"))
                </table>
                \(newest)\(next)
                """
            return Layout.page(title: "History", viewer: server.logins.login(of: request)?.name, body: body)
        }
    }

    /// One revision's row: where it is, who made it, and what it changed.
    static func row(_ entry: LogEntry, titles: [String: String]) -> HTML {
        let revision = entry.revision
        func keys(_ kind: RecordedChange.Kind) -> [String] {
            entry.changes.filter { $0.kind == kind }.map(\.screenKey)
        }
        var changes: HTML = """
            \(PageSupport.screenList("added", keys(.added), titles: titles, cssClass: "added"))\
            \(PageSupport.screenList("removed", keys(.removed), titles: titles, cssClass: "removed"))\
            \(PageSupport.screenList("modified", keys(.modified) + keys(.renamed), titles: titles, cssClass: "modified"))
            """
        if entry.changes.contains(where: { $0.kind == .document }) { changes = "\(changes)<span>document fields changed</span>" }
        if revision.isDeletion { changes = "<span class=\"removed\">the file was deleted</span>" }
        if let parent = revision.parentId {
            changes = "\(changes) <a href=\"/compare?from=\(parent)&amp;to=\(revision.id)\">compare</a>"
        }
        let meeting: HTML = revision.sessionName.map { "<a href=\"/history?meeting=\(URLText.query($0))\">\($0)</a>" } ?? ""
        let message: HTML = revision.message.map { "<br><span class=\"muted\">\($0)</span>" } ?? ""
        let replaced = HTML.joined(revision.otherWritersSentences.map { "<br><span class=\"warning\">\($0)</span>" as HTML })
        return """
            <tr id="r\(revision.id)"><td>\(PageSupport.revisionLink(revision))</td><td>\(revision.createdAt.shown)</td>\
            <td>\(revision.author)</td><td>\(meeting)</td><td>\(changes)\(message)\(replaced)</td></tr>
            """
    }
}
