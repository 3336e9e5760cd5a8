import Foundation
import WireframeModel
@testable import WireframeSQLite
import WireframeStore

/// A fresh folder under the temporary directory, removed by the caller.
func temporaryFolder() throws -> String {
    let path = NSTemporaryDirectory() + "wfs-store-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// A store in a new temporary folder.
func makeStore() throws -> (SQLiteStore, String) {
    let folder = try temporaryFolder()
    let store = try SQLiteStore.create(path: folder + "/.wfs/store.sqlite", root: folder)
    return (store, folder)
}

/// The SHA-256 of a text in lowercase hexadecimal: a screen's hash is that of its content, which
/// the store computes again from the stored JSON (a screen version keeps only the first bytes of
/// its hash, migration 0010).
func hash(_ name: String) -> String {
    HashBytes.sha256Hex(Array(name.utf8))
}

/// A new revision with screens given as key → content text.
func newRevision(
    path: String = "app.json", screens: [(String, String)], expectedHead: Int64?, at time: Timestamp,
    changes: [RecordedChange] = [], source: String? = nil, headSource: [UInt8]? = nil, author: String = "ada"
) -> NewRevision {
    let contents = screens.map { ScreenContent(key: $0.0, hash: hash($0.1), content: Array($0.1.utf8)) }
    let whole = screens.map { "\($0.0)=\($0.1)" }.joined(separator: ";")
    let sourceBytes = Array((source ?? whole).utf8)
    return NewRevision(
        attempt: AttemptInfo(path: path, startedAt: time, durationMicroseconds: 10, author: author, origin: .cli, diagnostics: []),
        format: .json, contentHash: hash("doc" + whole), source: sourceBytes, sourceHash: hash("src" + whole),
        header: Array("{}".utf8), screens: contents, changes: changes, expectedHeadId: expectedHead,
        headSource: headSource, message: nil, createdAt: time)
}

extension Timestamp {
    /// A timestamp `seconds` after a fixed origin.
    static func at(_ seconds: Int64) -> Timestamp { Timestamp(microseconds: 1_800_000_000_000_000 + seconds * 1_000_000) }
}
