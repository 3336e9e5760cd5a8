/// How `wfs serve` runs: where it listens, which store it serves, who may write.
public struct WebOptions: Sendable {
    /// The address to bind: loopback unless the operator opens it to a network.
    public var host: String
    /// The TCP port (0: any free port, as tests use).
    public var port: Int
    /// The store's location, as `--store` takes it (a file or a `postgresql://` URL).
    public var storeLocation: String
    /// The project root on this machine (`--root`), else the store's recorded root.
    public var root: String?
    /// The tokens file (`name token` per line); nil: no writes are possible.
    public var tokensFile: String?
    /// Whether reads need a token too.
    public var requireTokenForReads: Bool
    /// The most event streams (`/api/events`) open at once; more are refused with 503.
    public var maxEventStreams: Int
    /// How often an open event stream is sent a comment, so that proxies keep it open.
    public var eventHeartbeat: Duration

    /// The default port: not a common development port, so that `wfs serve` rarely collides.
    public static let defaultPort = 7480

    public init(
        host: String = "127.0.0.1", port: Int = defaultPort, storeLocation: String, root: String? = nil,
        tokensFile: String? = nil, requireTokenForReads: Bool = false, maxEventStreams: Int = 64,
        eventHeartbeat: Duration = .seconds(15)
    ) {
        self.eventHeartbeat = eventHeartbeat
        self.host = host
        self.port = port
        self.storeLocation = storeLocation
        self.root = root
        self.tokensFile = tokensFile
        self.requireTokenForReads = requireTokenForReads
        self.maxEventStreams = maxEventStreams
    }
}
