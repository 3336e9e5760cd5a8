import NIOPosix
import Synchronization
public import WireframeStore
import WireframeSync

/// The store connections a server shares among its requests.
///
/// The ``Store`` protocol is synchronous, so its calls run on NIO's blocking thread pool, never
/// on an event loop or the cooperative pool. Each call borrows one connection, opened when
/// concurrent calls first need it: there are at most as many as the pool has threads (one per
/// core), so requests beyond that wait for a thread, not for a database. One path for both
/// engines: an SQLite file in WAL mode serves concurrent readers through separate connections as
/// a PostgreSQL database does.
public final class StorePool: Sendable {
    private let location: String
    private let idle: Mutex<[any Store]>

    /// Opens the first connection at once (so that a missing or damaged store is reported at
    /// start) and the rest when concurrent requests first need them.
    public init(location: String) throws {
        self.location = location
        let first = try StoreLocation.open(location: location)
        idle = Mutex([first])
    }

    /// Runs `body` with a connection, on the blocking thread pool.
    public func withStore<T: Sendable>(_ body: @escaping @Sendable (any Store) throws -> T) async throws -> T {
        return try await NIOThreadPool.singleton.runIfActive { [self] in
            let store = try idle.withLock { $0.popLast() } ?? StoreLocation.open(location: location)
            defer { idle.withLock { $0.append(store) } }
            return try body(store)
        }
    }

    /// Closes every idle connection (at shutdown, when no request runs).
    public func close() {
        for store in idle.withLock({ stores in
            defer { stores = [] }
            return stores
        }) { try? store.close() }
    }
}
