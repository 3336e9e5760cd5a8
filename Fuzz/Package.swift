// swift-tools-version:6.1
import PackageDescription

// Fuzz targets for the wireframe readers, kept out of the main package so that its normal
// `swift build` and `swift test` never see libFuzzer. Build and run with `scripts/fuzz.sh`
// (see docs/RELIABILITY.md): `swift build -c release -Xswiftc -sanitize=fuzzer,address`.
let package = Package(
    name: "WireframeFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "WireframeStore", path: "..")],
    targets: [
        // The JSON wireframe reader, then the rules and the canonical form on what it read.
        .executableTarget(
            name: "FuzzJSON",
            dependencies: [.product(name: "WireframeKit", package: "WireframeStore")]
        ),
        // The WorkflowSchema XML reader, then the rules and the canonical form on what it read.
        .executableTarget(
            name: "FuzzXML",
            dependencies: [.product(name: "WireframeKit", package: "WireframeStore")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
