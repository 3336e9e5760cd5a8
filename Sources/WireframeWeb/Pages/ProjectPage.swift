import Hummingbird
import WireframeJSON
import WireframeStore
import WireframeSync

/// `/`: the project's documents, each with its head revision and its newest attempt's state
/// (a save refused after the head shows its diagnostics), and the newest saves that overwrote
/// another writer's work, in the words of `wfs status`.
enum ProjectPage {
    static func add(to router: Router<WebContext>, server: Server) {
        router.get("/") { request, _ in
            try PageAccess.checkRead(request, server: server)
            let (heads, refused, replacing) = try await server.pool.withStore { store in
                var filter = LogFilter(limit: StatusAnswer.replacingShown)
                filter.replacingOnly = true
                filter.includesFields = false
                return (
                    try store.state(atOrBefore: nil).filter { !$0.isDeletion }, try store.rejectedDocuments(),
                    try store.log(filter).map(\.revision)
                )
            }
            let refusedByPath = Dictionary(refused.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
            let rows = heads.map { head -> HTML in
                let state: HTML =
                    if let attempt = refusedByPath[head.documentPath] {
                        "<td class=\"error\">\(attempt.outcome.rawValue) at \(attempt.startedAt.shown) by \(attempt.author)</td>"
                    } else {
                        "<td>stored</td>"
                    }
                return """
                    <tr><td><a href="/history?document=\(URLText.query(head.documentPath))">\(head.documentPath)</a></td>\
                    <td>\(PageSupport.revisionLink(head))</td><td>\(head.author)</td>\
                    <td>\(head.createdAt.shown)</td>\(state)</tr>
                    """
            }
            // A document whose every save was refused has no head; its attempts still show.
            let headPaths = Set(heads.map(\.documentPath))
            let refusedSections = refused.map { attempt -> HTML in
                let items = attempt.diagnostics.map { PageSupport.diagnostic($0, path: attempt.path, revisionId: nil) }
                let head: HTML = headPaths.contains(attempt.path) ? "" : " (no stored revision)"
                return """
                    <section class="refused">
                    <h3>\(attempt.path)\(head): \(attempt.outcome.rawValue) at \(attempt.startedAt.shown) by \(attempt.author)</h3>
                    <ul>
                    \(HTML.joined(items, separator: "\n"))
                    </ul>
                    </section>
                    """
            }
            let refusedPart: HTML =
                refused.isEmpty
                ? ""
                : "<h2>Refused saves</h2>\n<p>The newest save of these documents was not stored; the head is the last good one.</p>\n\(HTML.joined(refusedSections, separator: "\n"))"
            let replacingItems = replacing.map { revision -> HTML in
                let sentences = HTML.joined(revision.otherWritersSentences.map { "<br><span class=\"warning\">\($0)</span>" as HTML })
                return """
                    <li>\(PageSupport.revisionLink(revision)) \(revision.documentPath) by \(revision.author), \
                    \(revision.createdAt.shown)\(sentences)</li>
                    """
            }
            let replacingPart: HTML =
                replacing.isEmpty
                ? ""
                : """
                <h2>Saves that overwrote another writer's work</h2>
                <ul>
                \(HTML.joined(replacingItems, separator: "\n"))
                </ul>
                <p class="muted">Older ones: wfs log --replacing.</p>
                """
            let empty: HTML =
                heads.isEmpty && refused.isEmpty
                ? "<p class=\"muted\">The store has no revisions yet; 'wfs import PATH' or the daemon (wfsd) stores them.</p>" : ""
            return Layout.page(
                title: "Project", viewer: server.logins.login(of: request)?.name,
                body: """
                    <h1>Project</h1>
                    \(empty)<table>
                    <tr><th>Document</th><th>Head</th><th>Author</th><th>Time</th><th>Newest save</th></tr>
                    \(HTML.joined(rows, separator: "\n"))
                    </table>
                    \(refusedPart)
                    \(replacingPart)
                    """)
        }
    }
}
