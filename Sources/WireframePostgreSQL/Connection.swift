import CLibPQ
import Foundation
import WireframeStore

/// One libpq connection, used by one thread at a time (a lock around every use): the store's
/// operations are synchronous and each is one transaction on it.
///
/// A connection that went away (the server restarted, a network cut) is reset at the start of the
/// next transaction, so that a long-running writer (the daemon) that retries keeps working.
package final class Connection: @unchecked Sendable {
    /// The URL or connection string as given (may hold a password: never shown).
    private let conninfo: String
    /// Where the store is, as shown: the URL without a password.
    package let location: String
    /// Guards ``handle``: one statement at a time on a connection.
    private let lock = NSLock()
    /// The libpq connection; nil once closed.
    private var handle: OpaquePointer?

    /// How long a statement waits for a row lock another writer holds before it gives up
    /// (``StoreError/busy(path:seconds:holder:)``), like the SQLite store's busy timeout.
    package static let lockTimeoutSeconds: Double = 5

    /// Connects; a server that cannot be reached or refuses the login is
    /// ``StoreError/unavailable(location:reason:)`` with libpq's reason (which never holds the password).
    package init(conninfo: String) throws {
        self.conninfo = conninfo
        self.location = Self.withoutPassword(conninfo)
        self.handle = try Self.connect(conninfo: conninfo, location: location)
    }

    deinit {
        if let handle { PQfinish(handle) }
    }

    /// Closes the connection; using it afterwards fails.
    package func close() {
        lock.withLock {
            if let handle { PQfinish(handle) }
            handle = nil
        }
    }

    /// The server process of this connection (for tests that end it from elsewhere).
    package func backendProcessId() -> Int32 {
        lock.withLock { handle.map { PQbackendPID($0) } ?? 0 }
    }

    static func connect(conninfo: String, location: String) throws -> OpaquePointer {
        // `dbname` is expanded (a URL or a connection string); what the URL says overrides the
        // defaults before it: a connection that hangs gives up after 10 seconds.
        let keywords = ["connect_timeout", "fallback_application_name", "dbname"]
        let values = ["10", "wfs", conninfo]
        let handle = withCStrings(keywords) { keywordPointers in
            withCStrings(values) { valuePointers in PQconnectdbParams(keywordPointers, valuePointers, 1) }
        }
        guard let handle else {
            if case .failure(let error) = LibPQ.loaded { throw StoreError.unavailable(location: location, reason: error.reason) }
            throw StoreError.unavailable(location: location, reason: "out of memory")
        }
        guard PQstatus(handle) == CONNECTION_OK else {
            let reason = Self.message(handle)
            PQfinish(handle)
            throw StoreError.unavailable(location: location, reason: reason)
        }
        let setup = PQexec(handle, "SET lock_timeout = '\(Int(lockTimeoutSeconds * 1000))ms'")
        defer { PQclear(setup) }
        guard PQresultStatus(setup) == PGRES_COMMAND_OK else {
            let reason = Self.message(handle)
            PQfinish(handle)
            throw StoreError.unavailable(location: location, reason: reason)
        }
        return handle
    }

    /// libpq's last error of a connection, on one line.
    static func message(_ handle: OpaquePointer) -> String {
        let text = PQerrorMessage(handle).map { String(cString: $0) } ?? ""
        return Self.oneLine(text)
    }

    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            .joined(separator: "; ")
    }

    /// Runs `body` in one transaction: `BEGIN` (read only and repeatable read for a read, so that
    /// its statements see one state), the body, `COMMIT`; a rollback when anything throws.
    package func transaction<T>(readOnly: Bool, _ body: (Statements) throws -> T) throws -> T {
        try lock.withLock { () throws -> T in
            let handle = try usableHandle()
            let database = Statements(handle: handle, location: location)
            try database.execute(readOnly ? "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY" : "BEGIN")
            do {
                let result = try body(database)
                try database.execute("COMMIT")
                return result
            } catch {
                if PQstatus(handle) == CONNECTION_OK { PQclear(PQexec(handle, "ROLLBACK")) }
                throw error
            }
        }
    }

    /// Runs statements outside a transaction block (each its own).
    package func withoutTransaction<T>(_ body: (Statements) throws -> T) throws -> T {
        try lock.withLock { () throws -> T in
            let handle = try usableHandle()
            return try body(Statements(handle: handle, location: location))
        }
    }

    /// The connection (with the lock held), connected again when it went away.
    private func usableHandle() throws -> OpaquePointer {
        guard let current = handle else { throw StoreError.unavailable(location: location, reason: "the store was closed") }
        if PQstatus(current) == CONNECTION_OK { return current }
        PQfinish(current)
        handle = nil
        let fresh = try Self.connect(conninfo: conninfo, location: location)
        handle = fresh
        return fresh
    }

    /// A location as shown: `user:password@` becomes `user@` and a `password=` parameter
    /// (of a URL's query or a connection string) is left out.
    package static func withoutPassword(_ location: String) -> String {
        if let scheme = location.range(of: "://") {
            let rest = location[scheme.upperBound...]
            let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
            var authority = String(rest[..<authorityEnd])
            if let at = authority.lastIndex(of: "@") {
                let userInfo = authority[..<at]
                if let colon = userInfo.firstIndex(of: ":") {
                    authority = String(userInfo[..<colon]) + String(authority[at...])
                }
            }
            var tail = String(rest[authorityEnd...])
            if let question = tail.firstIndex(of: "?") {
                let query = tail[tail.index(after: question)...].split(separator: "&", omittingEmptySubsequences: false)
                    .filter { !$0.lowercased().hasPrefix("password=") }
                tail = String(tail[..<question]) + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
            }
            return String(location[..<scheme.upperBound]) + authority + tail
        }
        // A connection string: `key=value` words; a value may be quoted.
        var words: [String] = []
        var current = ""
        var quoted = false
        var escaped = false
        for character in location {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                current.append(character)
                escaped = true
            } else if character == "'" {
                current.append(character)
                quoted.toggle()
            } else if character == " " && !quoted {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words.filter { !$0.lowercased().hasPrefix("password") }.joined(separator: " ")
    }
}

/// Calls `body` with a C array of C strings (NUL-terminated, ended by a null pointer).
func withCStrings<T>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T) -> T {
    let pointers = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: strings.count + 1)
    for (index, string) in strings.enumerated() { pointers[index] = UnsafePointer(strdup(string)) }
    pointers[strings.count] = nil
    defer {
        for index in 0..<strings.count { free(UnsafeMutablePointer(mutating: pointers[index])) }
        pointers.deallocate()
    }
    return body(pointers)
}
