import HTTPTypes
import Hummingbird
import Synchronization
import WireframeStore

/// Rendered answers (pages and JSON) kept in memory until the store changes, so that a page
/// asked for again costs a look-up instead of a render.
///
/// Why: rendering a page from the store costs ~1.5 ms of CPU, so on two cores 50 clients saw a
/// history page's p99 at 59.5 ms and a comparison's at 132 ms (Benchmarks/serve.sh, release build,
/// 10,000 revisions); with the cache, 4.3 ms for both, at over 25,000 answers a second
/// (docs/PERFORMANCE.md has the figures for repeated and for varying URLs).
///
/// Never stale. Every look-up first asks a pooled connection ``Store/hasChangedSinceLastAsked()``
/// and, while it still holds that connection, bumps the generation (dropping every answer) when
/// it says yes; then it reads the generation `g` and looks up the answer kept under `g`. An answer
/// is kept under the generation read before it was rendered, and only while that is still the
/// current one. Take a commit that ended before a request began. Each connection notices each
/// commit exactly once, at the first question asked on it after the commit; the request's own
/// question is such a question, so either it notices the commit or an earlier question on the
/// same connection did, and both bumped the generation after the commit, before the request read
/// `g`. So `g` was set after the commit, and an answer kept under `g` was rendered after `g` was
/// set: it shows the commit. An answer rendered from an even newer state is only ever fresher.
///
/// Besides the store, an answer depends on the login that asks (pages show the viewer's name and
/// carry the login's CSRF token), so the key is the URI with the login's id; a logged-out or
/// expired cookie counts as no login. Kept: GET answers with status 200 and no `Set-Cookie`.
/// Never kept: other methods, errors, the event stream, the static files (which browsers keep),
/// the login and logout pages, and `/api/status`, which also shows the daemon's state and the
/// files on disk.
///
/// Bounded: at most ``capacity`` bytes of answers (bodies, URIs and a fixed allowance per entry);
/// past it, the least recently used answers go until a quarter of the room is free, so that the
/// eviction's sort is paid once per many insertions.
final class PageCache: Sendable {
    /// The default bound on the bytes kept: a history page of 50 revisions is ~40 KiB, so several
    /// hundred pages.
    static let defaultCapacity = 32 << 20

    /// Paths (prefixes) never kept: see the type's comment.
    static let uncachedPaths = ["/static/", "/login", "/logout", "/api/events", "/api/status"]

    /// What an answer is kept by: the URI (path and query) and the id of the login that asked.
    struct Key: Hashable, Sendable {
        var uri: String
        var login: String?
    }

    /// A kept answer.
    struct Entry: Sendable {
        var headers: HTTPFields
        var body: ByteBuffer
        var size: Int
        var lastUsed: UInt64
    }

    struct State: Sendable {
        var generation: UInt64 = 0
        var entries: [Key: Entry] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }

    /// The most bytes kept.
    let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int = defaultCapacity) {
        self.capacity = capacity
    }

    /// Whether an answer to a GET of `path` may be kept.
    static func mayKeep(path: String) -> Bool {
        !uncachedPaths.contains { path.hasPrefix($0) }
    }

    /// The current generation, after starting a new one (and dropping every answer) when the
    /// store `changed`. Called with the connection that was asked still held.
    func generation(storeChanged changed: Bool) -> UInt64 {
        state.withLock { state in
            if changed {
                state.generation &+= 1
                state.entries = [:]
                state.bytes = 0
            }
            return state.generation
        }
    }

    /// The answer kept for `key` under `generation`, if any.
    func answer(_ key: Key, generation: UInt64) -> (headers: HTTPFields, body: ByteBuffer)? {
        state.withLock { state in
            guard state.generation == generation, var entry = state.entries[key] else { return nil }
            state.clock &+= 1
            entry.lastUsed = state.clock
            state.entries[key] = entry
            return (entry.headers, entry.body)
        }
    }

    /// Keeps an answer rendered after `generation` was read, unless a newer generation began.
    func keep(_ key: Key, headers: HTTPFields, body: ByteBuffer, generation: UInt64) {
        let size = body.readableBytes + key.uri.utf8.count + (key.login?.utf8.count ?? 0) + Self.entryAllowance
        guard size <= capacity / 4 else { return }
        state.withLock { state in
            guard state.generation == generation else { return }
            state.clock &+= 1
            if let old = state.entries.updateValue(Entry(headers: headers, body: body, size: size, lastUsed: state.clock), forKey: key) {
                state.bytes -= old.size
            }
            state.bytes += size
            guard state.bytes > capacity else { return }
            for (key, entry) in state.entries.sorted(by: { $0.value.lastUsed < $1.value.lastUsed }) {
                guard state.bytes > capacity - capacity / 4 else { break }
                state.entries[key] = nil
                state.bytes -= entry.size
            }
        }
    }

    /// What an entry costs besides its body and key: its headers and the dictionary's slot.
    static let entryAllowance = 512

    /// The bytes kept now.
    var bytesKept: Int { state.withLock { $0.bytes } }
}

/// Answers a GET from ``PageCache`` when it can, and keeps what the routes answer. It runs after
/// ``ReadAccess``, so a request is refused before any kept answer is given.
struct CachedAnswers: RouterMiddleware {
    typealias Context = WebContext
    var cache: PageCache
    var pool: StorePool
    var logins: Logins

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .get, PageCache.mayKeep(path: request.uri.path) else { return try await next(request, context) }
        let cache = cache
        let generation = try await pool.withStore { store in try cache.generation(storeChanged: store.hasChangedSinceLastAsked()) }
        let login = logins.login(of: request) == nil ? nil : request.cookies[Logins.cookieName]?.value
        let key = PageCache.Key(uri: request.uri.description, login: login)
        if let kept = cache.answer(key, generation: generation) {
            return Response(status: .ok, headers: kept.headers, body: .init(byteBuffer: kept.body))
        }
        let response = try await next(request, context)
        guard response.status == .ok, response.headers[.setCookie] == nil else { return response }
        let collector = BodyCollector()
        try await response.body.write(collector)
        cache.keep(key, headers: response.headers, body: collector.bytes, generation: generation)
        return Response(status: .ok, headers: response.headers, body: .init(byteBuffer: collector.bytes))
    }
}

/// Collects a response body into one buffer (to keep it and then send it).
private final class BodyCollector: ResponseBodyWriter {
    var bytes = ByteBuffer()

    func write(_ buffer: ByteBuffer) async throws {
        var buffer = buffer
        bytes.writeBuffer(&buffer)
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
