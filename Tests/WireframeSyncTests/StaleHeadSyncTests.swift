import Foundation
import Testing
import WireframeSQLite
import WireframeStore
import WireframeSync
import WireframeTestSupport

/// A clone syncing to a head it has moved past (the heads were read before its daemon stored the
/// file's newer content) changes nothing: a file re-created after its deletion is not removed by
/// that old deletion, and a newer edit is not put back to an older revision.
struct StaleHeadSyncTests {
    func wireframe(_ title: String) -> String {
        #"{"appName": "A", "root": "home", "routes": [{"name": "home", "title": "\#(title)"}]}"#
    }

    @Test func anOlderHeadThanTheFilesBaseChangesNothing() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("wfs-stale-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let location = root + "/.wfs/store.sqlite"
        try SQLiteStore.create(path: location, root: root).close()
        let store = try SQLiteStore.open(path: location)
        defer { try? store.close() }
        var pipeline = ImportPipeline(store: store, root: root, author: "ada", origin: .daemon)
        pipeline.cloneBases = CloneBases(root: root)
        let file = root + "/app.json"
        func write(_ title: String) throws { try Data(wireframe(title).utf8).write(to: URL(fileURLWithPath: file)) }
        func text() -> String? { FileManager.default.contents(atPath: file).map { String(decoding: $0, as: UTF8.self) } }

        try write("One")
        let one = try #require(try pipeline.importFile(absolutePath: file, relativePath: "app.json").revision)
        try FileManager.default.removeItem(atPath: file)
        let deletion = try #require(try pipeline.recordDeletion(relativePath: "app.json")?.revision)
        try write("Two")
        let two = try #require(try pipeline.importFile(absolutePath: file, relativePath: "app.json").revision)
        #expect(one.id < deletion.id && deletion.id < two.id)

        let sync = CloneSync(pipeline: pipeline)
        func isUpToDate(_ action: CloneSync.Action) -> Bool {
            if case .upToDate = action { return true }
            return false
        }
        // The deletion, read as the head before "Two" was stored: the file stays.
        #expect(isUpToDate(try sync.sync(deletion)))
        #expect(text() == wireframe("Two"))
        // The first revision, as stale: the file keeps its newer content.
        #expect(isUpToDate(try sync.sync(one)))
        #expect(text() == wireframe("Two"))
        #expect(isUpToDate(try sync.sync(two)))
        #expect(text() == wireframe("Two"))
    }
}
