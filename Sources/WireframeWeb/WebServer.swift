public import Hummingbird
public import Logging
import WireframeStore
import WireframeSync

/// The web app: its routes, middleware and store connections.
public enum WebServer {
    /// The store location `--store` names, else `WFS_STORE`, else the one found from the current
    /// folder, as every `wfs` command finds it.
    public static func storeLocation(explicit: String?) throws -> String {
        try StoreLocation.path(explicit: explicit)
    }

    /// The application serving `options`, with its store opened (tests run it in process).
    public static func makeApplication(options: WebOptions, logger: Logger) throws -> some ApplicationProtocol {
        let server = Server(
            options: options, pool: try StorePool(location: options.storeLocation),
            tokens: try options.tokensFile.map(TokenBook.read(file:)) ?? .empty, logins: Logins(), graphs: GraphPictures(),
            titles: ChangedTitles())
        let router = Router(context: WebContext.self)
        router.add(middleware: SecurityHeaders())
        router.add(middleware: ErrorResponses())
        router.get("/static/site.css") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/css; charset=utf-8", .cacheControl: "max-age=3600"],
                body: .init(byteBuffer: ByteBuffer(string: Layout.styleSheet)))
        }
        router.get("/static/live.js") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/javascript; charset=utf-8", .cacheControl: "max-age=3600"],
                body: .init(byteBuffer: ByteBuffer(string: LiveScript.source)))
        }
        ProjectPage.add(to: router, server: server)
        HistoryPage.add(to: router, server: server)
        RevisionPage.add(to: router, server: server)
        ComparePage.add(to: router, server: server)
        ScreenPage.add(to: router, server: server)
        MeetingsPage.add(to: router, server: server)
        ReportPage.add(to: router, server: server)
        LoginPage.add(to: router, server: server)
        return Application(
            router: router,
            configuration: .init(address: .hostname(options.host, port: options.port), serverName: "wfs"),
            logger: logger)
    }

    /// Runs the server until SIGINT or SIGTERM.
    public static func run(options: WebOptions, logger: Logger) async throws {
        try await makeApplication(options: options, logger: logger).runService()
    }
}

/// What every route shares: the options, the store connections, the tokens, the logins, and
/// what is kept in memory because revisions never change (pictures, screen titles).
struct Server: Sendable {
    var options: WebOptions
    var pool: StorePool
    var tokens: TokenBook
    var logins: Logins
    var graphs: GraphPictures
    var titles: ChangedTitles
}

/// Why the server cannot start (a tokens file it cannot use, a port it cannot bind), in words for
/// the operator.
public struct StartFailure: Error, CustomStringConvertible, Sendable {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
