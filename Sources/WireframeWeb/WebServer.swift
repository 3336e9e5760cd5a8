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
        let pool = try StorePool(location: options.storeLocation)
        let tokens = try options.tokensFile.map(TokenBook.read(file:)) ?? .empty
        let logins = Logins()
        // A login cookie counts for reads (GET, HEAD) only: the pages' forms check the login's CSRF
        // token themselves (PageAccess), and a write to the API needs a bearer token.
        let cookieUser: @Sendable (Request) -> String? = { request in
            request.method == .get || request.method == .head ? logins.login(of: request)?.name : nil
        }
        let server = Server(
            options: options, pool: pool,
            access: Access(tokens: tokens, requireTokenForReads: options.requireTokenForReads, cookieUser: cookieUser),
            feed: EventFeed(
                pool: pool, location: options.storeLocation, maxStreams: options.maxEventStreams,
                heartbeat: options.eventHeartbeat),
            logins: logins, graphs: GraphPictures(), titles: ChangedTitles())
        // HEAD wherever GET (RFC 9110): the GET route's answer without its body.
        let router = Router(context: WebContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: SecurityHeaders())
        router.add(middleware: ErrorResponses())
        router.add(middleware: ReadAccess(access: server.access))
        router.add(middleware: CachedAnswers(cache: PageCache(), pool: pool, logins: logins))
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
        API.add(to: router, server: server)
        // Added last, it wraps only what no route answered: a known path asked with another method.
        router.add(middleware: AllowedMethods(routes: router.routes))
        let startLine = startUpLine(options: options, tokens: tokens)
        return Application(
            router: router,
            configuration: .init(address: .hostname(options.host, port: options.port), serverName: "wfs"),
            services: [server.feed],
            onServerRunning: { channel in
                logger.notice("\(startLine(channel.localAddress?.port ?? options.port))")
            },
            logger: logger)
    }

    /// What the server says when it is listening: where, which store, who may write and read.
    static func startUpLine(options: WebOptions, tokens: TokenBook) -> @Sendable (Int) -> String {
        let writes =
            tokens.isEmpty
            ? "writes are not possible (no --tokens)" : "writes need one of the \(tokens.count) tokens of \(options.tokensFile ?? "")"
        let reads = options.requireTokenForReads ? "reads need a token" : "reads are open"
        return { port in
            "wfs serve: listening on http://\(options.host):\(port)/ for \(options.storeLocation); \(writes); \(reads)"
        }
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
    /// Who may read and write.
    var access: Access
    /// The revisions stored, announced to every event stream.
    var feed: EventFeed

    /// The tokens file's tokens.
    var tokens: TokenBook { access.tokens }

    /// The project root on this machine: `--root`, else the store's, else the current folder.
    func root(of store: any Store) throws -> String {
        try StoreLocation.projectRoot(of: store, given: options.root)
    }

    /// The pages' logins.
    var logins: Logins
    /// Graph pictures, kept by revision ids.
    var graphs: GraphPictures
    /// The titles of the screens revisions changed, kept by revision id.
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
