import Foundation
import ServiceLifecycle
import Synchronization
import WireframePostgreSQL
import WireframeStore
import WireframeSync

/// A revision that was stored, as the event stream announces it.
struct RevisionEvent: Sendable, Equatable {
    var id: Int64
    var document: String
    /// What a merged save kept of another writer's work and what of it it overwrote: a page
    /// open on the document shows who lost what as it happens.
    var merge: MergeRecord? = nil
}

/// What a stream is sent: a stored revision, or a heartbeat that keeps proxies from closing it.
enum FeedItem: Sendable {
    case revision(RevisionEvent)
    case heartbeat
}

/// The server's one watch on the store, fanned out to every open event stream.
///
/// On PostgreSQL it is woken by the store's notifications (``RevisionListener``: LISTEN/NOTIFY),
/// so that every server instance hears every writer on any machine at once; on SQLite it asks
/// the store for its newest revision every half second. Either way it then announces each
/// revision stored since the last it announced, whoever stored it: one cheap query for the whole
/// server, however many streams are open. It runs as a service of the application and ends
/// every stream at shutdown.
final class EventFeed: Service, Sendable {
    private struct State {
        var streams: [Int: AsyncStream<FeedItem>.Continuation] = [:]
        var nextStream = 0
        /// The newest revision announced, or there when the feed started.
        var newest: Int64 = 0
        /// Whether ``newest`` has been read from the store.
        var ready = false
        var finished = false
        /// Whether a catch-up runs, and whether another was asked for meanwhile.
        var catchingUp = false
        var again = false
    }

    private let state = Mutex(State())
    private let pool: StorePool
    private let location: String
    /// The most streams open at once.
    let maxStreams: Int
    private let heartbeat: Duration
    private let tick: Duration = .milliseconds(500)
    /// How often a PostgreSQL store is asked all the same, in case a notification was lost
    /// (the listener cannot reach the server meanwhile).
    private let safetyNet: Duration = .seconds(30)

    init(pool: StorePool, location: String, maxStreams: Int, heartbeat: Duration) {
        self.pool = pool
        self.location = location
        self.maxStreams = maxStreams
        self.heartbeat = heartbeat
    }

    /// A new stream's items and the newest revision before them; nil when `maxStreams` are open
    /// (or the server is stopping).
    func subscribe() -> (id: Int, items: AsyncStream<FeedItem>, newest: Int64)? {
        let (items, continuation) = AsyncStream<FeedItem>.makeStream(bufferingPolicy: .bufferingNewest(Int(NewRevisions.limit)))
        let opened: (Int, Int64)? = state.withLock { state in
            guard !state.finished, state.streams.count < maxStreams else { return nil }
            let id = state.nextStream
            state.nextStream += 1
            state.streams[id] = continuation
            return (id, state.newest)
        }
        guard let opened else { return nil }
        return (opened.0, items, opened.1)
    }

    /// Forgets a stream that ended.
    func unsubscribe(_ id: Int) {
        state.withLock { $0.streams.removeValue(forKey: id) }?.finish()
    }

    /// How many streams are open.
    var openStreams: Int {
        state.withLock { $0.streams.count }
    }

    func run() async throws {
        let notified = StoreLocation.isURL(location)
        let listener =
            notified
            ? RevisionListener(location: location) { [self] _ in
                Task { await self.catchUp() }
            } : nil
        listener?.start()
        defer { listener?.stop() }
        try? await cancelWhenGracefulShutdown {
            let clock = ContinuousClock()
            var lastBeat = clock.now
            var lastAsked = clock.now
            await self.catchUp()
            while !Task.isCancelled {
                try await Task.sleep(for: self.tick)
                if !notified || clock.now - lastAsked >= self.safetyNet {
                    await self.catchUp()
                    lastAsked = clock.now
                }
                if clock.now - lastBeat >= self.heartbeat {
                    self.publish(.heartbeat)
                    lastBeat = clock.now
                }
            }
        }
        let streams = state.withLock { state in
            state.finished = true
            defer { state.streams = [:] }
            return Array(state.streams.values)
        }
        for stream in streams { stream.finish() }
    }

    /// Announces the revisions stored since the last it announced; one at a time (a call while
    /// one runs makes it run once more).
    private func catchUp() async {
        let first = state.withLock { state in
            if state.catchingUp {
                state.again = true
                return false
            }
            state.catchingUp = true
            return true
        }
        guard first else { return }
        repeat {
            await catchUpOnce()
        } while state.withLock { state in
            if state.again {
                state.again = false
                return true
            }
            state.catchingUp = false
            return false
        }
    }

    private func catchUpOnce() async {
        let (last, ready) = state.withLock { ($0.newest, $0.ready) }
        guard ready else {
            // What the store holds when the feed starts is not news.
            // An empty store is ready with nothing; a store that cannot answer is asked again.
            let newest: Int64
            do {
                newest = try await pool.withStore { store in try Self.newestId(store) ?? 0 }
            } catch {
                return
            }
            state.withLock { state in
                state.newest = newest
                state.ready = true
            }
            return
        }
        let found = try? await pool.withStore { store -> [RevisionEvent] in
            guard let newest = try Self.newestId(store), newest > last else { return [] }
            return try Self.revisions(store, after: last, through: newest)
        }
        guard let events = found, let newest = events.last?.id else { return }
        state.withLock { $0.newest = max($0.newest, newest) }
        for event in events { publish(.revision(event)) }
    }

    private func publish(_ item: FeedItem) {
        for stream in state.withLock({ Array($0.streams.values) }) { stream.yield(item) }
    }

    /// The revisions after `after` up to `through` (at most ``NewRevisions/limit``, the newest), oldest first.
    func revisions(after: Int64, through: Int64) async throws -> [RevisionEvent] {
        try await pool.withStore { store in try Self.revisions(store, after: after, through: through) }
    }

    private static func revisions(_ store: any Store, after: Int64, through: Int64) throws -> [RevisionEvent] {
        try NewRevisions.revisions(store, after: after, through: through).map {
            RevisionEvent(id: $0.id, document: $0.documentPath, merge: $0.merge)
        }
    }

    private static func newestId(_ store: any Store) throws -> Int64? {
        try NewRevisions.newestId(store)
    }
}
