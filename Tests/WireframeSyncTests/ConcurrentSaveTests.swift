import Foundation
import Testing
import WireframeSQLite
import WireframeStore
import WireframeSync
import WireframeTestSupport

/// Two writers of one document through the import pipeline, each with a connection of its own to
/// one store: a writer that remembers the head it stored (the daemon) and finds another writer's
/// revision there since stores its version all the same, based on the head it had, and the store
/// names what of the other change the version lacks.
struct ConcurrentSaveTests {
    /// A wireframe whose screens have the given titles (`home` links to the others).
    static func wireframe(_ titles: [(String, String)]) -> String {
        let others = titles.map { "\"\($0.0)\"" }.filter { $0 != "\"home\"" }.joined(separator: ", ")
        let routes = titles.map { key, title in
            key == "home"
                ? #"{"name": "home", "title": "\#(title)", "subroutes": [\#(others)]}"#
                : #"{"name": "\#(key)", "title": "\#(title)"}"#
        }
        return #"{"appName": "Shop", "root": "home", "routes": [\#(routes.joined(separator: ", "))]}"# + "\n"
    }

    static let base = wireframe([("home", "Home"), ("cart", "Cart"), ("checkout", "Checkout"), ("help", "Help")])

    /// A project folder with a store; removed by the caller.
    func project() throws -> (root: String, store: String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("wfs-concurrent-\(UUID().uuidString)").path
        let store = root + "/.wfs/store.sqlite"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try SQLiteStore.create(path: store, root: root).close()
        return (root, store)
    }

    func write(_ text: String, to root: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/app.json"))
    }

    @Test func aWriterWhoseHeadMovedStoresItsVersionBasedOnTheHeadItHadAndTheStoreNamesWhatItLacks() throws {
        let (root, location) = try project()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let aliceStore = try SQLiteStore.open(path: location)
        let bobStore = try SQLiteStore.open(path: location)
        defer {
            try? aliceStore.close()
            try? bobStore.close()
        }
        // Alice's daemon stores the base and remembers it.
        let alice = ImportPipeline(store: aliceStore, root: root, author: "alice", origin: .daemon, memory: SaveMemory())
        let bob = ImportPipeline(store: bobStore, root: root, author: "bob", origin: .cli)
        try write(Self.base, to: root)
        let base = try #require(try alice.importFile(absolutePath: root + "/app.json", relativePath: "app.json").revision)
        #expect(base.basedOn == nil && base.replaces == nil)
        #expect(base.machine == HostName.current && base.originLabel == "wfsd@\(HostName.current)")

        // Bob changes the cart and the checkout, from the head he reads.
        try write(wireframe(cart: "Basket", checkout: "Pay", help: "Help"), to: root)
        let bobs = try #require(try bob.importFile(absolutePath: root + "/app.json", relativePath: "app.json").revision)
        #expect(bobs.basedOn == base.id && bobs.replaces == nil)
        #expect(bobs.originLabel == "wfs@\(HostName.current)")

        // Alice, who last stored the base, changes the help screen: her write meets Bob's head,
        // compares with it again, and is stored after it, based on the base.
        try write(wireframe(cart: "Cart", checkout: "Checkout", help: "Support"), to: root)
        let result = try alice.importFile(absolutePath: root + "/app.json", relativePath: "app.json")
        #expect(result.outcome == .stored)
        let alices = try #require(result.revision)
        #expect(alices.number == 3 && alices.parentId == bobs.id && alices.basedOn == base.id)
        #expect(alices.replaces == Replacement(id: bobs.id, author: "bob", screens: ["cart", "checkout"]))
        #expect(alices.replaces?.sentence == "replaces revision \(bobs.id) by bob: bob's changes to cart, checkout are not in it")
        // Her changes are against the head she was stored after: Bob's.
        #expect(Set(result.changes.map(\.screenKey)) == ["cart", "checkout", "help"])

        // Her next save is based on her own revision: nothing replaced.
        try write(wireframe(cart: "Basket", checkout: "Pay", help: "Support"), to: root)
        let next = try #require(try alice.importFile(absolutePath: root + "/app.json", relativePath: "app.json").revision)
        #expect(next.basedOn == alices.id && next.replaces == nil)
        #expect(try aliceStore.storageProblems().isEmpty)
    }

    @Test func aWriterThatReadTheHeadItStoresAfterReplacesNothing() throws {
        let (root, location) = try project()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let store = try SQLiteStore.open(path: location)
        defer { try? store.close() }
        let cli = ImportPipeline(store: store, root: root, author: "carol")
        try write(Self.base, to: root)
        let first = try #require(try cli.importFile(absolutePath: root + "/app.json", relativePath: "app.json").revision)
        try write(wireframe(cart: "Basket", checkout: "Checkout", help: "Help"), to: root)
        let second = try #require(try cli.importFile(absolutePath: root + "/app.json", relativePath: "app.json").revision)
        #expect(second.basedOn == first.id && second.replaces == nil)
        // A deletion is of the head as it is.
        try FileManager.default.removeItem(atPath: root + "/app.json")
        let deletion = try #require(try cli.recordDeletion(relativePath: "app.json")?.revision)
        #expect(deletion.basedOn == second.id && deletion.replaces == nil && deletion.machine == HostName.current)
    }

    func wireframe(cart: String, checkout: String, help: String) -> String {
        Self.wireframe([("home", "Home"), ("cart", cart), ("checkout", checkout), ("help", help)])
    }
}
