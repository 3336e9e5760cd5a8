import Testing
import WireframeTestSupport

/// Where a test's project keeps its store: SQLite in the project, or a new PostgreSQL database
/// of the test cluster (only with `WFS_TEST_POSTGRESQL`, and always under CI).
enum StoreKind: String, CustomTestStringConvertible {
    case sqlite, postgresql

    var testDescription: String { rawValue }

    /// The kinds this run tests: SQLite always, PostgreSQL when its test cluster is configured.
    static let available: [StoreKind] = PostgreSQLTestServer.isEnabled ? [.sqlite, .postgresql] : [.sqlite]
}

extension StoreKind {
    /// Where a new project of this kind keeps its store: for PostgreSQL, a new database of the test
    /// cluster (the caller drops it) named to every run through `WFS_STORE`; for SQLite, nothing
    /// to name (the store is made in the project).
    func makeStore() throws -> (database: String?, environment: [String: String]) {
        guard self == .postgresql else { return (nil, [:]) }
        let made = try PostgreSQLTestServer.makeDatabase()
        return (made.name, ["WFS_STORE": made.url])
    }
}
