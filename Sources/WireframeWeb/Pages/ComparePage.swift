import Hummingbird
import WireframeAnalysis
import WireframeModel
import WireframeReport
import WireframeStore
import WireframeSync

/// `/compare?from=REF&to=REF`: what changed between any two points (REF as the command line takes
/// it: `42`, `app.json@3`, `app.json@MEETING`, `app.json@2026-11-20T15:00`), each changed field
/// in words, and the later graph with the changes coloured (`/compare/graph.svg`).
enum ComparePage {
    static func add(to router: Router<WebContext>, server: Server) {
        router.get("/compare") { request, _ in
            try PageAccess.checkRead(request, server: server)
            let from = PageSupport.query(request, "from")
            let to = PageSupport.query(request, "to")
            let viewer = server.logins.login(of: request)?.name
            guard let from, let to else {
                if from != nil || to != nil { throw WebError(.badRequest, "a comparison needs both 'from' and 'to'") }
                return Layout.page(title: "Compare", viewer: viewer, body: "<h1>Compare</h1>\n\(form(from: nil, to: nil))")
            }
            let comparison = try await server.pool.withStore { store in
                let history = History(store: store)
                let old = try history.resolve(from)
                let new = try history.resolve(to)
                return Comparison(
                    old: old, new: new, oldWireframe: try history.wireframe(of: old), newWireframe: try history.wireframe(of: new))
            }
            return Layout.page(
                title: "Compare \(from) and \(to)", viewer: viewer,
                body: "<h1>Compare</h1>\n\(form(from: from, to: to))\n\(body(comparison, hasDot: server.graphs.hasDot))")
        }
        router.get("/compare/graph.svg") { request, _ in
            try PageAccess.checkRead(request, server: server)
            guard let from = PageSupport.query(request, "from"), let to = PageSupport.query(request, "to") else {
                throw WebError(.badRequest, "a comparison needs both 'from' and 'to'")
            }
            let (oldId, newId) = try await server.pool.withStore { store in
                let history = History(store: store)
                return (try history.resolve(from).id, try history.resolve(to).id)
            }
            let svg = try await server.graphs.comparison(oldId, newId, pool: server.pool)
            // Ids name the same revisions forever; a document's head or a time may name another later.
            return GraphPictures.response(svg, immutable: Int64(from) != nil && Int64(to) != nil)
        }
    }

    /// Two resolved points and their wireframes (nil for a deletion).
    struct Comparison: Sendable {
        var old: Revision
        var new: Revision
        var oldWireframe: Wireframe?
        var newWireframe: Wireframe?
    }

    static func form(from: String?, to: String?) -> HTML {
        """
        <form method="get" action="/compare">
        <label>From <input name="from" value="\(from ?? "")" placeholder="42 or app.json@review"></label>
        <label>To <input name="to" value="\(to ?? "")" placeholder="app.json"></label>
        <button type="submit">Compare</button>
        </form>
        <p class="muted">A revision id (42), a document (app.json: its head), app.json@3 (its third revision), app.json@MEETING or app.json@2026-11-20T15:00.</p>
        """
    }

    static func body(_ comparison: Comparison, hasDot: Bool) -> HTML {
        let old = comparison.oldWireframe
        let new = comparison.newWireframe
        let diff = WireframeDiff.between(old, new)
        let told = ChangeSentences(diff, old: old, new: new)
        let documentSentences = told.document.map { "<li>\($0)</li>" as HTML }
        let screens = told.screens.map { screen -> HTML in
            let change = screen.change
            let name: HTML = "\(screen.name) <code>\(change.key)</code>"
            let sentences =
                screen.sentences.isEmpty
                ? "" : "\n<ul>\n\(HTML.joined(screen.sentences.map { "<li>\($0)</li>" as HTML }, separator: "\n"))\n</ul>" as HTML
            switch change.kind {
            case .added: return "<li class=\"added\">Added: \(name)</li>"
            case .removed: return "<li class=\"removed\">Removed: \(name)</li>"
            case .renamed: return "<li class=\"modified\">Key changed: <code>\(change.previousKey ?? "?")</code> → \(name)\(sentences)</li>"
            case .modified: return "<li class=\"modified\">Modified: \(name)\(sentences)</li>"
            }
        }
        let allKeys = Set((old?.screens ?? []).map(\.key)).union((new?.screens ?? []).map(\.key))
        let changedKeys = Set(diff.screens.flatMap { [$0.key] + ($0.previousKey.map { [$0] } ?? []) })
        let unchanged = allKeys.subtracting(changedKeys).count
        let picture: HTML
        if new == nil && old == nil {
            picture = ""
        } else if hasDot {
            picture =
                "<p><img class=\"graph\" src=\"/compare/graph.svg?from=\(comparison.old.id)&amp;to=\(comparison.new.id)\" alt=\"Navigation graph with the changes coloured\"></p>"
        } else {
            picture = "<p class=\"muted\">No picture: Graphviz's 'dot' is not installed on the server.</p>"
        }
        return """
            <p>From \(PageSupport.revisionLink(comparison.old)) (\(comparison.old.createdAt.shown), \(comparison.old.author)) \
            to \(PageSupport.revisionLink(comparison.new)) (\(comparison.new.createdAt.shown), \(comparison.new.author)).</p>
            \(diff.isEmpty ? "<p>No differences.</p>" as HTML : "")\
            \(documentSentences.isEmpty ? "" : "<h2>The document</h2>\n<ul>\n\(HTML.joined(documentSentences, separator: "\n"))\n</ul>" as HTML)
            \(screens.isEmpty ? "" : "<h2>Screens</h2>\n<ul class=\"changes\">\n\(HTML.joined(screens, separator: "\n"))\n</ul>" as HTML)
            <p class="muted">\(unchanged) unchanged screen\(unchanged == 1 ? "" : "s").</p>
            \(picture)
            """
    }
}
