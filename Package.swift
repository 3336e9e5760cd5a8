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
] + warningsAsErrors

let package = Package(
    name: "WireframeStore",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "wfs", targets: ["wfs"]),
        .library(name: "WireframeKit", targets: ["WireframeModel", "WireframeFormats", "WireframeAnalysis"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
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
        // The command-line tool: argument parsing and output only; the work is in the kit.
        .executableTarget(
            name: "wfs",
            dependencies: [
                "WireframeModel", "WireframeFormats", "WireframeAnalysis",
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
        // Shared by the test targets: expected locations marked in test inputs (`1️⃣`).
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
            name: "wfsTests",
            dependencies: ["wfs"],
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
