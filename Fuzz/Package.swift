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
        // What both targets do with an input (read, validate, canonicalize, hash) and libFuzzer's driver.
        .target(
            name: "FuzzHarness",
            dependencies: [.product(name: "WireframeKit", package: "WireframeStore")]
        ),
        // The JSON wireframe reader.
        .executableTarget(name: "FuzzJSON", dependencies: ["FuzzHarness"]),
        // The WorkflowSchema XML reader.
        .executableTarget(name: "FuzzXML", dependencies: ["FuzzHarness"]),
    ],
    swiftLanguageModes: [.v6]
)
