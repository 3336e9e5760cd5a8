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
