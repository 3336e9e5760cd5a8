import Foundation
import WireframePostgreSQL
import WireframeStore

/// The PostgreSQL cluster the tests run against: a superuser URL in `WFS_TEST_POSTGRESQL`
/// (`.ci/postgresql.sh start` prints one). Each test makes a database of its own and drops it.
///
/// Without the variable, the PostgreSQL tests are skipped with that reason, except under CI
/// (`CI` set), where they fail: the cluster is missing.
public enum PostgreSQLTestServer {
    /// The superuser URL, when one is given.
    public static let url: String? = {
        let value = ProcessInfo.processInfo.environment["WFS_TEST_POSTGRESQL"] ?? ""
        return value.isEmpty ? nil : value
    }()

    /// Whether the PostgreSQL tests run: a cluster is given, or CI is set (and they fail without one).
    public static let isEnabled: Bool = url != nil || !(ProcessInfo.processInfo.environment["CI"] ?? "").isEmpty

    /// Why the PostgreSQL tests are skipped.
    public static let skipReason =
        "WFS_TEST_POSTGRESQL is not set: run `export WFS_TEST_POSTGRESQL=$(sudo .ci/postgresql.sh start)` to run the PostgreSQL tests"

    /// The superuser URL, or an error saying that the cluster is missing.
    public static func superuserURL() throws -> String {
        guard let url else { throw TestSupportError("the PostgreSQL cluster is missing: \(skipReason)") }
        return url
    }

    /// A new empty database; returns its name and a superuser URL of it.
    public static func makeDatabase() throws -> (name: String, url: String) {
        let name = "wfs_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(20)
        try execute("CREATE DATABASE \(name)")
        return (name, try url(database: name))
    }

    /// Drops a database made by ``makeDatabase()``, ending its connections.
    public static func dropDatabase(_ name: String) {
        try? execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
    }

    /// Runs statements as the superuser, in the cluster's `postgres` database or another.
    public static func execute(_ sql: String, database: String? = nil) throws {
        try execute(sql, url: try database.map { try url(database: $0) } ?? superuserURL())
    }

    /// Runs statements at a URL (as its role), outside a transaction block.
    public static func execute(_ sql: String, url: String) throws {
        let connection = try Connection(conninfo: url)
        defer { connection.close() }
        try connection.withoutTransaction { db in try db.script(sql) }
    }

    /// The superuser URL with another database: the path of the URL replaced.
    public static func url(database: String, user: String? = nil, password: String? = nil, overTCP: Bool = false) throws -> String {
        var url = try superuserURL()
        guard let scheme = url.range(of: "://") else { throw TestSupportError("not a URL: WFS_TEST_POSTGRESQL") }
        let rest = url[scheme.upperBound...]
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
        let authority = String(rest[..<authorityEnd])
        var query = ""
        if let question = rest[authorityEnd...].firstIndex(of: "?") { query = String(rest[question...]) }
        var host = authority.split(separator: "@", omittingEmptySubsequences: false).last.map(String.init) ?? ""
        var userInfo = user ?? String(authority.split(separator: "@").first ?? "postgres")
        if user == nil, !authority.contains("@") { userInfo = "postgres" }
        if let password { userInfo += ":" + password }
        if overTCP {
            // The port stays; the socket folder (`host=`) gives way to 127.0.0.1.
            host = "127.0.0.1"
            query = "?" + query.dropFirst().split(separator: "&").filter { !$0.hasPrefix("host=") }.joined(separator: "&")
            if query == "?" { query = "" }
        }
        url = String(url[..<scheme.upperBound]) + userInfo + "@" + host + "/" + database + query
        return url
    }

    /// Makes a role that logs in with a password, in the cluster.
    public static func makeRole(_ name: String, password: String) throws {
        try execute("DROP ROLE IF EXISTS \(name)")
        try execute("CREATE ROLE \(name) LOGIN PASSWORD '\(password)'")
    }

    /// The statements that give a reader role its rights, as docs/POSTGRESQL.md lists them for
    /// the role `wfs_reader` and the database `team` (``grants(_:role:database:)`` names others).
    public static let readerGrants = """
        GRANT CONNECT ON DATABASE team TO wfs_reader;
        GRANT USAGE ON SCHEMA public TO wfs_reader;
        GRANT SELECT ON ALL TABLES IN SCHEMA public TO wfs_reader;
        """

    /// The statements that give a writer role its rights, as docs/POSTGRESQL.md lists them for
    /// the role `wfs_writer` and the database `team`.
    public static let writerGrants = """
        GRANT CONNECT ON DATABASE team TO wfs_writer;
        GRANT USAGE ON SCHEMA public TO wfs_writer;
        GRANT SELECT, INSERT, UPDATE ON ALL TABLES IN SCHEMA public TO wfs_writer;
        GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO wfs_writer;
        """

    /// Grant statements for another role and database.
    public static func grants(_ statements: String, role: String, database: String) -> String {
        statements.replacingOccurrences(of: "wfs_reader", with: role).replacingOccurrences(of: "wfs_writer", with: role)
            .replacingOccurrences(of: "DATABASE team", with: "DATABASE \(database)")
    }

    /// Drops a role made by ``makeRole(_:password:)`` (after the databases it has rights in).
    public static func dropRole(_ name: String) {
        try? execute("DROP OWNED BY \(name)")
        try? execute("DROP ROLE IF EXISTS \(name)")
    }
}
