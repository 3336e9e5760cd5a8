import CLibPQ
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Hears every revision stored in a PostgreSQL store, by any writer on any machine: the store
/// NOTIFYs ``channel`` in the transaction that stores a revision, and this LISTENs on a libpq
/// connection of its own, on a thread of its own.
///
/// `heard` is called with the revision's id for each notification, and with nil after each
/// (re)connection, since what was stored while the connection was down was not heard. A dropped
/// connection is made again a second later, for as long as the listener runs.
public final class RevisionListener: Sendable {
    /// The channel the store notifies, with the revision's id as the payload.
    public static let channel = "wfs_revision"

    private let conninfo: String
    private let heard: @Sendable (Int64?) -> Void
    private let stopped = Atomic<Bool>(false)

    /// A listener on the store at `location` (a `postgresql://` URL); it starts with ``start()``.
    public init(location: String, heard: @escaping @Sendable (Int64?) -> Void) {
        conninfo = location
        self.heard = heard
    }

    /// Starts listening on a thread of its own.
    public func start() {
        let thread = Thread { [self] in run() }
        thread.name = "wfs-revision-listener"
        thread.start()
    }

    /// Stops listening (within half a second).
    public func stop() {
        stopped.store(true, ordering: .relaxed)
    }

    private func run() {
        while !stopped.load(ordering: .relaxed) {
            if let handle = connect() {
                heard(nil)
                listen(on: handle)
                PQfinish(handle)
            }
            if !stopped.load(ordering: .relaxed) { sleep(1) }
        }
    }

    /// A connection that LISTENs, or nil when the server cannot be reached now.
    private func connect() -> OpaquePointer? {
        guard let handle = try? Connection.connect(conninfo: conninfo, location: Connection.withoutPassword(conninfo)) else {
            return nil
        }
        let result = PQexec(handle, "LISTEN \(Self.channel)")
        defer { PQclear(result) }
        guard PQresultStatus(result) == PGRES_COMMAND_OK else {
            PQfinish(handle)
            return nil
        }
        return handle
    }

    /// Waits for notifications until the connection drops or the listener stops.
    private func listen(on handle: OpaquePointer) {
        while !stopped.load(ordering: .relaxed) {
            var waiting = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
            let ready = poll(&waiting, 1, 500)
            if ready < 0 && errno != EINTR { return }
            guard ready > 0 else { continue }
            guard PQconsumeInput(handle) == 1 else { return }
            while let notification = PQnotifies(handle) {
                let payload = notification.pointee.extra.map { String(cString: $0) } ?? ""
                PQfreemem(notification)
                heard(Int64(payload))
            }
        }
    }
}
