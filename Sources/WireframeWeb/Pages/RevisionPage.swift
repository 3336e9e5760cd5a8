import Hummingbird
import WireframeAnalysis
import WireframeFormats
import WireframeModel
import WireframeStore
import WireframeSync

/// `/revisions/ID`: one revision's screens and their links, its navigation graph (a picture at
/// `/revisions/ID/graph.svg`), its diagnostics and its exact source, each line an anchor (`#L12`).
enum RevisionPage {
    static func add(to router: Router<WebContext>, server: Server) {
        router.get("/revisions/:id") { request, context in
            try PageAccess.checkRead(request, server: server)
            let id = try revisionId(context)
            let (revision, source) = try await server.pool.withStore { store in
                // With its newest note, as `wfs show` gives it.
                let revision = try store.noted(store.revision(id: id))
                return (revision, revision.isDeletion ? nil : try History(store: store).source(of: revision))
            }
            return Layout.page(
                title: "Revision \(id)", viewer: server.logins.login(of: request)?.name,
                body: body(revision, source: source, hasDot: server.graphs.hasDot))
        }
        router.get("/revisions/:id/graph.svg") { request, context in
            try PageAccess.checkRead(request, server: server)
            return GraphPictures.response(try await server.graphs.revision(try revisionId(context), pool: server.pool), immutable: true)
        }
    }

    static func revisionId(_ context: WebContext) throws -> Int64 {
        let text = context.parameters.get("id") ?? ""
        guard let id = Int64(text) else {
            throw WebError(.badRequest, "'\(text)' is not a revision id (a number, as 'wfs show 42' takes it)")
        }
        return id
    }

    static func body(_ revision: Revision, source: [UInt8]?, hasDot: Bool) -> HTML {
        let heading: HTML = """
            <h1>Revision \(revision.id): \(revision.documentPath)@\(revision.number)</h1>
            <p>\(revision.createdAt.shown) by \(revision.author) (\(revision.originLabel))\
            \(revision.sessionName.map { " in meeting \($0)" } ?? "")\
            \(revision.parentId.map { id -> HTML in " · <a href=\"/compare?from=\(id)&amp;to=\(revision.id)\">changes since the previous revision</a>" } ?? "")\
             · <a href="/history?document=\(URLText.query(revision.documentPath))">history of the document</a></p>
            \(revision.message.map { "<p class=\"message\">\($0)</p>" as HTML } ?? "")\
            \(HTML.joined(revision.otherWritersSentences.map { "<p class=\"warning\">\($0)</p>" as HTML }))
            """
        guard let source else {
            return "\(heading)\n<p>This revision records that the file was deleted; it has no screens and no source.</p>"
        }
        let read = DocumentReader().read(bytes: source, path: revision.documentPath)
        guard let wireframe = read.wireframe else {
            return "\(heading)\n<p class=\"error\">The stored source no longer reads as a wireframe.</p>\n\(sourceListing(source))"
        }
        let diagnostics = Validator().findings(read: read.diagnostics, wireframe: wireframe)
        let graph = NavigationGraph(wireframe)
        let titles = Dictionary(wireframe.screens.map { ($0.key, $0.title) }, uniquingKeysWith: { first, _ in first })
        let screens = wireframe.screens.map { screen -> HTML in
            var seen = Set<String>()
            let links = graph.edges(from: screen.key).filter { seen.insert("\($0.to) \($0.via)").inserted }.map { edge -> HTML in
                "<a href=\"#screen-\(URLText.pathSegment(edge.to))\">\(titles[edge.to] ?? edge.to)</a> (\(edge.via))"
            }
            return """
                <tr id="screen-\(URLText.pathSegment(screen.key))"><td>\(screen.title)</td>\
                <td><a href="/screens/\(URLText.pathSegment(screen.key))?document=\(URLText.query(revision.documentPath))"><code>\(screen.key)</code></a></td>\
                <td>\(screen.container.rawValue)</td><td>\(HTML.joined(links, separator: ", "))</td></tr>
                """
        }
        let picture: HTML =
            hasDot
            ? "<p><img class=\"graph\" src=\"/revisions/\(revision.id)/graph.svg\" alt=\"Navigation graph of \(revision.documentPath)@\(revision.number)\"></p>"
            : "<p class=\"muted\">No picture: Graphviz's 'dot' is not installed on the server (on Debian: apt-get install graphviz); the screens and their links are listed below.</p>"
        let problems: HTML =
            diagnostics.isEmpty
            ? "<p>No problems.</p>"
            : "<ul class=\"diagnostics\">\n\(HTML.joined(diagnostics.map { PageSupport.diagnostic($0, path: revision.documentPath, revisionId: revision.id) }, separator: "\n"))\n</ul>"
        return """
            \(heading)
            <p>App \(wireframe.appName), first screen <code>\(wireframe.root)</code>, \(wireframe.screens.count) screen\(wireframe.screens.count == 1 ? "" : "s").</p>
            <h2>Navigation</h2>
            \(picture)
            <h2>Screens</h2>
            <table class="screens">
            <tr><th>Title</th><th>Key</th><th>Type</th><th>Links</th></tr>
            \(HTML.joined(screens, separator: "\n"))
            </table>
            <h2>Diagnostics</h2>
            \(problems)
            <h2>Source</h2>
            \(sourceListing(source))
            """
    }

    /// The exact source, each line numbered and an anchor (`#L12`) a diagnostic links to.
    static func sourceListing(_ source: [UInt8]) -> HTML {
        var lines = String(decoding: source, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        let numbered = lines.enumerated().map { index, line -> HTML in
            let text = line.hasSuffix("\r") ? line.dropLast() : line
            return "<span id=\"L\(index + 1)\"><a class=\"line\" href=\"#L\(index + 1)\">\(index + 1)</a>\(text)</span>"
        }
        return "<pre class=\"source\">\(HTML.joined(numbered, separator: "\n"))</pre>"
    }
}
