// swift-tools-version:6.2
import PackageDescription

/// `WFS_WARNINGS_AS_ERRORS=1 swift build` fails on any warning in this package's own code (CI does
/// this); dependencies' warnings are not this package's to fix.
let warningsAsErrors: [SwiftSetting] =
    Context.environment["WFS_WARNINGS_AS_ERRORS"] == "1" ? [.treatAllWarnings(as: .error)] : []

let strictSettings: [SwiftSetting] =
    [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("InternalImportsByDefault"),
    ] + warningsAsErrors

let package = Package(
    name: "WireframeStore",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "wfs", targets: ["wfs"]),
        .executable(name: "wfsd", targets: ["wfsd"]),
        .executable(name: "wfs-serve", targets: ["wfs-serve"]),
        .library(
            name: "WireframeKit",
            targets: [
                "WireframeModel", "WireframeFormats", "WireframeAnalysis", "WireframeStore", "WireframeSQLite", "WireframePostgreSQL",
                "WireframeSync", "WireframeReport",
            ]
        ),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0", traits: ["JSON", "YAML"]),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        // Already in the graph through swift-configuration's YAML trait; the daemon uses it
        // directly to locate the keys of its configuration file.
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        // The web app and JSON API (`wfs serve`): HTTP server, router and its test client.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        // Format- and storage-neutral value types: wireframes, screens, diagnostics, locations.
        .target(name: "WireframeModel", swiftSettings: strictSettings),
        // Readers (every node located) and deterministic writers for JSON and WorkflowSchema XML.
        .target(name: "WireframeFormats", dependencies: ["WireframeModel"], swiftSettings: strictSettings),
        // Validation rules, canonical form and content hash, navigation graph and paths, diffs.
        .target(
            name: "WireframeAnalysis",
            dependencies: [
                "WireframeModel", "WireframeFormats",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strictSettings
        ),
        // The stores' schemas: plain SQL files, append-only, embedded in the binary at build time
        // (SQLite's beside the Swift file, PostgreSQL's in `postgresql/`).
        .target(
            name: "WireframeMigrations",
            path: "Migrations",
            exclude: ["README.md", "postgresql/README.md"],
            sources: ["Migrations.swift"],
            resources: [
                .embedInCode("0001_baseline.sql"), .embedInCode("0002_concurrent_saves.sql"),
                .embedInCode("0003_git_commits.sql"), .embedInCode("0004_document_renames.sql"),
                .embedInCode("0005_revision_notes.sql"), .embedInCode("0006_session_authors.sql"),
                .embedInCode("0007_revision_merges.sql"),
                .embedInCode("postgresql/0001_baseline.postgresql.sql"),
                .embedInCode("postgresql/0003_git_commits.postgresql.sql"),
                .embedInCode("postgresql/0004_document_renames.postgresql.sql"),
                .embedInCode("postgresql/0005_revision_notes.postgresql.sql"),
                .embedInCode("postgresql/0006_session_authors.postgresql.sql"),
                .embedInCode("postgresql/0007_revision_merges.postgresql.sql"),
            ]
        ),
        // The system zlib, for compressing stored sources.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        // The system SQLite's variadic `sqlite3_db_config`, behind a function Swift can call.
        .systemLibrary(name: "CSQLiteOptions", path: "Sources/CSQLiteOptions"),
        // The declarations of PostgreSQL's own client library, libpq (Debian's `libpq-dev`); the
        // library itself is loaded when a PostgreSQL store is opened (`LibPQ`), not linked.
        .systemLibrary(name: "CLibPQ", path: "Sources/CLibPQ"),
        // The store interface (`Store`), its values and errors: what every engine implements.
        .target(name: "WireframeStore", dependencies: ["WireframeModel"], swiftSettings: strictSettings),
        // The SQLite engine of the store: connections, migrations, records and queries.
        .target(
            name: "WireframeSQLite",
            dependencies: [
                "WireframeModel", "WireframeStore", "WireframeMigrations", "CZlib", "CSQLiteOptions",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strictSettings
        ),
        // The PostgreSQL engine of the store, for a team: connection, schema, records and queries.
        .target(
            name: "WireframePostgreSQL",
            dependencies: ["WireframeModel", "WireframeStore", "WireframeMigrations", "CLibPQ"],
            swiftSettings: strictSettings
        ),
        // The Swift scaffold of a wireframe in the style of the team's Wireframe API (an export format).
        .target(name: "WireframeScaffold", dependencies: ["WireframeModel"], swiftSettings: strictSettings),
        // The import pipeline shared by `wfs import` and the daemon, export, verification, references.
        .target(
            name: "WireframeSync",
            dependencies: [
                "WireframeModel", "WireframeFormats", "WireframeAnalysis", "WireframeStore", "WireframeSQLite", "WireframePostgreSQL",
                "WireframeScaffold",
            ],
            swiftSettings: strictSettings
        ),
        // What a person reads about a change: wording, navigation pictures (DOT, Graphviz), reports.
        .target(
            name: "WireframeReport",
            dependencies: ["WireframeModel", "WireframeAnalysis", "WireframeStore", "WireframeSync"],
            swiftSettings: strictSettings
        ),
        // The JSON form of the commands' answers, shared by wfs and wfs serve: one function per
        // answer (log, show, diff, audit, status, sessions), so that `/api/…` gives exactly what
        // `wfs … --format json` prints.
        .target(
            name: "WireframeJSON",
            dependencies: ["WireframeModel", "WireframeAnalysis", "WireframeStore", "WireframeSync"],
            swiftSettings: strictSettings
        ),
        // The sync daemon's parts: configuration, inotify watcher, settle scheduler, reconciler,
        // systemd notification, the one-daemon-per-store lock, and the services that tie them together.
        .target(
            name: "WireframeDaemon",
            dependencies: [
                "WireframeModel", "WireframeFormats", "WireframeAnalysis", "WireframeStore", "WireframeSync", "WireframePostgreSQL",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: strictSettings
        ),
        // The sync daemon: argument parsing, logging bootstrap, the service group.
        .executableTarget(
            name: "wfsd",
            dependencies: [
                "WireframeDaemon", "WireframeModel",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        // The web app and JSON API over the store (`wfs serve`): routes, pages, tokens, live events.
        .target(
            name: "WireframeWeb",
            dependencies: [
                "WireframeModel", "WireframeFormats", "WireframeAnalysis", "WireframeStore", "WireframePostgreSQL", "WireframeSync",
                "WireframeReport",
                "WireframeJSON",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strictSettings
        ),
        // The web server's executable, started by `wfs serve`: kept apart so that the command-line
        // tool, started once per command, does not load an HTTP stack it rarely uses.
        .executableTarget(
            name: "wfs-serve",
            dependencies: [
                "WireframeWeb",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        // The command-line tool: argument parsing and output only; the work is in the kit.
        .executableTarget(
            name: "wfs",
            dependencies: [
                "WireframeModel", "WireframeFormats", "WireframeAnalysis", "WireframeStore", "WireframeSync", "WireframeReport",
                "WireframeJSON",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        // A benchmark driver: times the pipeline stages on generated wireframes (not a test).
        .executableTarget(
            name: "wfs-bench",
            dependencies: ["WireframeModel", "WireframeFormats", "WireframeAnalysis"],
            path: "Benchmarks/wfs-bench",
            swiftSettings: strictSettings
        ),
        // A benchmark driver: times the in-process import (ImportPipeline) on a generated history (not a test).
        .executableTarget(
            name: "wfs-import-bench",
            dependencies: ["WireframeStore", "WireframeSQLite", "WireframeSync"],
            path: "Benchmarks/wfs-import-bench",
            swiftSettings: strictSettings
        ),
        // Shared by the test targets: expected locations marked in test inputs (`1️⃣`), a seeded generator.
        .target(
            name: "WireframeTestSupport", dependencies: ["WireframeModel", "WireframeStore", "WireframePostgreSQL"],
            path: "Tests/WireframeTestSupport",
            swiftSettings: strictSettings),
        .testTarget(
            name: "WireframeFormatsTests",
            dependencies: ["WireframeModel", "WireframeFormats", "WireframeTestSupport"],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        // Wording, DOT golden files, the report's text.
        .testTarget(
            name: "WireframeReportTests",
            dependencies: [
                "WireframeModel", "WireframeFormats", "WireframeAnalysis", "WireframeSync", "WireframeReport", "WireframeTestSupport",
            ],
            exclude: ["Golden"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "WireframeScaffoldTests",
            dependencies: ["WireframeModel", "WireframeFormats", "WireframeAnalysis", "WireframeScaffold", "WireframeTestSupport"],
            exclude: ["Golden", "Stubs"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "WireframeAnalysisTests",
            dependencies: ["WireframeModel", "WireframeFormats", "WireframeAnalysis", "WireframeTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "WireframeStoreTests",
            dependencies: [
                "WireframeModel", "WireframeStore", "WireframeSQLite", "WireframePostgreSQL", "WireframeTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strictSettings
        ),
        // The import pipeline, references, the daemon's memory, store lookup.
        .testTarget(
            name: "WireframeSyncTests",
            dependencies: [
                "WireframeModel", "WireframeFormats", "WireframeAnalysis", "WireframeStore", "WireframeSQLite", "WireframeSync",
                "WireframeTestSupport",
            ],
            swiftSettings: strictSettings
        ),
        // The daemon's parts in process: configuration, the author it names, refusals.
        .testTarget(
            name: "WireframeDaemonTests",
            dependencies: ["WireframeDaemon", "WireframeStore", "WireframeSync", "WireframeTestSupport"],
            swiftSettings: strictSettings
        ),
        // End-to-end tests of the built daemon and command line on temporary projects.
        .testTarget(
            name: "wfsdTests",
            dependencies: [
                "wfsd", "wfs", "WireframeStore", "WireframeTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strictSettings
        ),
        // The web app's routes in process, on both engines.
        .testTarget(
            name: "WireframeWebTests",
            dependencies: [
                "WireframeWeb", "WireframeJSON", "WireframeModel", "WireframeStore", "WireframeSync", "WireframeTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "wfsTests",
            dependencies: [
                "wfs", "WireframeModel", "WireframeFormats", "WireframeAnalysis", "WireframeStore", "WireframeSync",
                "WireframeTestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // Golden files read by path (`HelpTests`), so that a recording run can rewrite them.
            exclude: ["Fixtures"],
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
