import ArgumentParser
import Hummingbird
import Logging
import WireframeWeb

/// The web server behind `wfs serve`: parses the options and runs the app until SIGINT or SIGTERM.
@main
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wfs serve",
        abstract: "Serve the store as a web app and a JSON API.",
        discussion: """
            Pages for the project, its history, revisions, comparisons, screen timelines and meetings, \
            and the JSON API under /api/ (the shapes of 'wfs … --format json'). Binds 127.0.0.1 unless \
            --host says otherwise. Reads are open to whoever can reach the server unless \
            --require-token-for-reads; every write needs a token from --tokens.
            """
    )

    @Option(help: "The store: a file, or a postgresql:// URL (default: WFS_STORE, else .wfs/store.sqlite in this or a parent folder).")
    var store: String?

    @Option(help: "The project root on this machine (default: the root the SQLite store recorded, else the current folder).")
    var root: String?

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on.")
    var port = WebOptions.defaultPort

    @Option(help: "The tokens file: one 'name token' per line; the name becomes the author of what the token writes.")
    var tokens: String?

    @Flag(help: "Require a token for reads as well as writes.")
    var requireTokenForReads = false

    @Option(help: "The most live event streams (/api/events) open at once; more are refused (503).")
    var maxEventStreams = 64

    func run() async throws {
        let options = WebOptions(
            host: host, port: port, storeLocation: try WebServer.storeLocation(explicit: store), root: root,
            tokensFile: tokens, requireTokenForReads: requireTokenForReads,
            maxEventStreams: maxEventStreams)
        try await WebServer.run(options: options, logger: Logger(label: "wfs-serve"))
    }
}
