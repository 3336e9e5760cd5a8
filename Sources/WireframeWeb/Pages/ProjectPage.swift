import Hummingbird
import WireframeStore

/// `/`: the project's documents, each with its head revision and its newest attempt's state.
enum ProjectPage {
    static func add(to router: Router<WebContext>, server: Server) {
        router.get("/") { _, _ in
            let heads = try await server.pool.withStore { store in try store.state(atOrBefore: nil).filter { !$0.isDeletion } }
            let rows = heads.map { head -> HTML in
                """
                <tr><td><a href="/history?document=\(URLText.query(head.documentPath))">\(head.documentPath)</a></td>\
                <td><a href="/revisions/\(head.id)">#\(head.number)</a></td><td>\(head.author)</td>\
                <td>\(head.createdAt.text)</td></tr>
                """
            }
            return Layout.page(
                title: "Project",
                body: """
                    <h1>Project</h1>
                    <table>
                    <tr><th>Document</th><th>Head</th><th>Author</th><th>Time</th></tr>
                    \(HTML.joined(rows, separator: "\n"))
                    </table>
                    """)
        }
    }
}
