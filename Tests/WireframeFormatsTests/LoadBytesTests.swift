import Foundation
import Testing
import WireframeFormats

/// A file's bytes as `DocumentReader.loadBytes` reads them (into memory not zeroed first).
@Suite("Loading a file's bytes")
struct LoadBytesTests {
    @Test(arguments: [0, 1, 31, 4096, 65_537, 212_537])
    func theBytesLoadedAreTheFilesBytes(size: Int) throws {
        let folder = NSTemporaryDirectory() + "load-bytes-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var state = UInt64(size) &+ 0x9E37_79B9_7F4A_7C15
        let bytes = (0..<size).map { _ -> UInt8 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        let path = folder + "/app.json"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let loaded = try DocumentReader().loadBytes(path: path).get()
        #expect(loaded == bytes)
        #expect(loaded.count == size)
    }

    @Test func aFolderIsNotLoaded() throws {
        let folder = NSTemporaryDirectory() + "load-bytes-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard case .failure(let failure) = DocumentReader().loadBytes(path: folder) else {
            Issue.record("a folder was loaded")
            return
        }
        #expect(failure.diagnostic.message == "the path is a directory")
    }
}
