import CLibPQ
import WireframeStore

/// An error the server (or libpq) reported for a statement: its SQLSTATE and message, and how it
/// reads as a ``StoreError``.
struct ServerError {
    /// The five-character SQLSTATE; empty when libpq reported the error itself (a lost connection).
    var state: String
    /// The server's primary message, or libpq's.
    var message: String
    /// Whether the connection is gone.
    var connectionLost: Bool

    init(result: OpaquePointer, connection: OpaquePointer) {
        state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) } ?? ""
        let primary = PQresultErrorField(result, Int32(UInt8(ascii: "M"))).map { String(cString: $0) }
        message = primary ?? Connection.message(connection)
        connectionLost = PQstatus(connection) != CONNECTION_OK
    }

    /// The store error this is, for the statement that caused it:
    ///
    /// - 42501 (insufficient privilege): ``StoreError/permissionDenied(location:privilege:)``
    ///   naming the privilege and the object (`INSERT on table revision`);
    /// - a lost connection, class 08 (connection exception), 57P01-57P03 (the server shuts down or
    ///   ended this connection): ``StoreError/unavailable(location:reason:)``;
    /// - 53100 (disk full): ``StoreError/diskFull(path:)``;
    /// - 55P03 (a lock not available within `lock_timeout`), 57014 (a statement cancelled),
    ///   40001 and 40P01 (a serialization failure, a deadlock): ``StoreError/busy(path:seconds:holder:)``;
    /// - 25006 (a read-only transaction: a standby server): ``StoreError/readOnly(path:)``;
    /// - anything else: ``StoreError/cannotOpen(path:reason:)`` with the server's message.
    func storeError(location: String, statement: String) -> StoreError {
        if connectionLost || state.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(state) {
            return .unavailable(location: location, reason: Connection.oneLine(message))
        }
        switch state {
        case "42501":
            return .permissionDenied(location: location, privilege: Self.privilege(message: message, statement: statement))
        case "53100":
            return .diskFull(path: location)
        case "55P03", "57014", "40001", "40P01":
            return .busy(path: location, seconds: Connection.lockTimeoutSeconds, holder: "another writer")
        case "25006":
            return .readOnly(path: location)
        default:
            return .cannotOpen(path: location, reason: Connection.oneLine(message) + (state.isEmpty ? "" : " (SQLSTATE \(state))"))
        }
    }

    /// The privilege a refused statement needed, from the server's message (`permission denied
    /// for table revision`) and the statement's verb: `INSERT on table revision`, `USAGE on
    /// sequence revision_id_seq`, `CREATE on schema team`.
    static func privilege(message: String, statement: String) -> String {
        let prefix = "permission denied for "
        let object = message.hasPrefix(prefix) ? String(message.dropFirst(prefix.count)) : message
        let words = statement.split(whereSeparator: \.isWhitespace).map { $0.uppercased() }
        var verb = words.first ?? "SELECT"
        if verb == "SELECT", words.contains("FOR"), words.contains("UPDATE") { verb = "UPDATE" }
        // A table is locked before a row is inserted (one open session at a time).
        if verb == "LOCK" { verb = "INSERT" }
        if object.hasPrefix("sequence ") { verb = verb == "SELECT" ? "SELECT" : "USAGE" }
        if object.hasPrefix("schema ") { verb = verb == "CREATE" ? "CREATE" : "USAGE" }
        if object.hasPrefix("database ") { verb = verb == "CREATE" ? "CREATE" : "CONNECT" }
        return "\(verb) on \(object)"
    }
}
