// swift-tools-version:6.1
import PackageDescription

/// `WFS_WARNINGS_AS_ERRORS=1 swift build` fails on any warning in this package's own code (CI does this).
let warningsAsErrors: [SwiftSetting] =
    Context.environment["WFS_WARNINGS_AS_ERRORS"] == "1" ? [.unsafeFlags(["-warnings-as-errors"])] : []

let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    // Exclusivity is checked at run time in debug builds (and so in every test run); release
    // builds rely on those tests and skip the per-access bookkeeping on the hot paths.
    .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
    // Each function in a section of its own (the Swift compiler's default puts a file's functions in
    // one), so that the release `wfs` link can place the functions a command runs next to each other
    // (`startupLinkerSettings`) and drop the ones nothing calls. The compiler keeps an existing
    // object whose code did not change, even when only this flag did: a release `.build` from
    // before it needs this package's objects removed once.
    .unsafeFlags(["-Xfrontend", "-function-sections"], .when(platforms: [.linux], configuration: .release)),
] + warningsAsErrors

/// Every `wfs` command is a process: a release `wfs` on Linux is a static executable (the C library,
/// libstdc++, SQLite and zlib linked in, no dynamic loader at start), linked with lld, without
/// exporting its own symbols to the dynamic symbol table, which nothing looks up. The dynamic
/// loader's symbol lookups and relocations are about 4 M of the instructions of `wfs --version`,
/// and the copy-on-write of relocated pages half of its page faults (docs/PERFORMANCE.md, "Starting
/// a process"). A static executable is not position-independent (a static PIE cannot carry the run
/// path that SwiftPM gives every executable: glibc refuses it at start), so its own code and data
/// are at fixed addresses; the daemon stays a PIE. `pack-relative-relocs` is kept for a `wfs`
/// linked dynamically (other platforms' C libraries, or without this setting).
///
/// Static glibc loads the shared NSS modules (and with them the shared C library) to ask the name
/// service about a user, group or host, and a process that does so can crash. So no path of `wfs`
/// names a user or group: file types come from `lstat` (`ProjectFiles`), the author's fallback
/// from `/etc/passwd` read directly (`Times.author`). `NameServiceTests` runs every command that
/// touches files or the author under `strace` and fails on any look at `/etc/nsswitch.conf` or an
/// NSS module; `.ci/run` runs it against the release binary too.
///
/// The functions that commands run are placed first in the code, in the order of
/// `Sources/wfs/symbol-order.txt` (lld's `--symbol-ordering-file`; made by `scripts/symbol-order.py`
/// from `callgrind` runs of the usual commands): they then lie in the first 7 MB of the 23 MB of
/// code (1.8 MB of functions, with the whole code of each prebuilt library object that holds one,
/// such as the standard library's), so the kernel maps a command's code with fewer page faults
/// (each read fault maps the 64 KiB around it). A name the file lists that the binary lacks is skipped
/// (`--no-warn-symbol-ordering`), so a stale file only places less; regenerate it when the code
/// has moved a lot (docs/PERFORMANCE.md, "Session 11"). SwiftPM does not track the file: after
/// changing it, remove `.build/release/wfs` to link again.
let symbolOrderFile = Context.packageDirectory + "/Sources/wfs/symbol-order.txt"
let startupLinkerSettings: [LinkerSetting] = [
    .unsafeFlags(
        [
            "-static-executable", "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
            "-Xlinker", "--no-export-dynamic",
            "-Xlinker", "--symbol-ordering-file", "-Xlinker", symbolOrderFile, "-Xlinker", "--no-warn-symbol-ordering",
        ],
        .when(platforms: [.linux], configuration: .release)
    )
]

let package = Package(
    name: "WireframeStore",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "wfs", targets: ["wfs"]),
        .executable(name: "wfsd", targets: ["wfsd"]),
        .library(
            name: "WireframeKit",
            targets: ["WireframeModel", "WireframeFormats", "WireframeAnalysis", "WireframeStore", "WireframeSQLite", "WireframeSync"]
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
        // The store's schema: plain SQL files, append-only, embedded in the binary at build time.
        .target(
            name: "WireframeMigrations",
            path: "Migrations",
            exclude: ["README.md"],
            sources: ["Migrations.swift"],
            resources: [.embedInCode("0001_baseline.sql")]
        ),
        // The system zlib, for compressing stored sources.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        // The system SQLite's variadic `sqlite3_db_config`, behind a function Swift can call.
        .systemLibrary(name: "CSQLiteOptions", path: "Sources/CSQLiteOptions"),
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
        // The import pipeline shared by `wfs import` and the daemon, export, verification, references.
        .target(
            name: "WireframeSync",
            dependencies: ["WireframeModel", "WireframeFormats", "WireframeAnalysis", "WireframeStore", "WireframeSQLite"],
            swiftSettings: strictSettings
        ),
        // The sync daemon's parts: configuration, inotify watcher, settle scheduler, reconciler,
        // systemd notification, the one-daemon-per-store lock, and the services that tie them together.
        .target(
            name: "WireframeDaemon",
            dependencies: [
                "WireframeModel", "WireframeFormats", "WireframeStore", "WireframeSQLite", "WireframeSync",
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
                "WireframeDaemon",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        // The command-line tool: argument parsing and output only; the work is in the kit.
        .executableTarget(
            name: "wfs",
            dependencies: [
                "WireframeModel", "WireframeFormats", "WireframeAnalysis", "WireframeStore", "WireframeSync",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            exclude: ["symbol-order.txt"],
            swiftSettings: strictSettings,
            linkerSettings: startupLinkerSettings
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
        .target(name: "WireframeTestSupport", dependencies: ["WireframeModel"], path: "Tests/WireframeTestSupport", swiftSettings: strictSettings),
        .testTarget(
            name: "WireframeFormatsTests",
            dependencies: ["WireframeModel", "WireframeFormats", "WireframeTestSupport"],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "WireframeAnalysisTests",
            dependencies: ["WireframeModel", "WireframeFormats", "WireframeAnalysis", "WireframeTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "WireframeStoreTests",
            dependencies: ["WireframeModel", "WireframeStore", "WireframeSQLite", "WireframeTestSupport", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strictSettings
        ),
        // End-to-end tests of the built daemon and command line on temporary projects.
        .testTarget(
            name: "wfsdTests",
            dependencies: [
                "wfsd", "wfs", "WireframeDaemon", "WireframeStore", "WireframeSQLite", "WireframeSync", "WireframeTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "wfsTests",
            dependencies: ["wfs", "WireframeStore", "WireframeTestSupport", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
