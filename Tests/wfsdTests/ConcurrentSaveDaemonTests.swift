import Foundation
import Testing
import WireframeTestSupport

/// Two clones of one project store into one store: Alice's daemon watches hers, Bob runs
/// `wfs import` in his. Alice saves while Bob's revision is on its way (her save settles for a
/// while, so Bob stores first): her daemon, following the store, finds her file edited here and
/// merges it with Bob's revision: different screens are both kept and her file gets his; the
/// same field takes her save, which is marked as replacing his revision, and the daemon warns.
@Suite(.serialized)
struct ConcurrentSaveDaemonTests {
    /// A wireframe whose cart, checkout and help screens have the given titles.
    func shop(cart: String, checkout: String, help: String) -> String {
        let routes = [
            #"{"name": "home", "title": "Home", "subroutes": ["cart", "checkout", "help"]}"#,
            #"{"name": "cart", "title": "\#(cart)"}"#, #"{"name": "checkout", "title": "\#(checkout)"}"#,
            #"{"name": "help", "title": "\#(help)"}"#,
        ]
        return #"{"appName": "Shop", "root": "home", "routes": [\#(routes.joined(separator: ", "))]}"# + "\n"
    }

    /// Alice's daemon has stored the first revision of her clone's file; she saves `alices`, and
    /// before that save settles Bob, in his clone, stores his cart and checkout (revision 2).
    func team(alices saved: String) throws -> (bobs: Project, alices: Project, daemon: Daemon) {
        let bobs = try Project()
        let alices = try Project(root: FileManager.default.temporaryDirectory.appendingPathComponent("wfsd-alice-\(UUID().uuidString)"))
        try alices.write("app.json", shop(cart: "Cart", checkout: "Checkout", help: "Help"))
        try bobs.write("app.json", shop(cart: "Cart", checkout: "Checkout", help: "Help"))
        let daemon = try bobs.startDaemon(
            environment: ["WFS_AUTHOR": "alice", "WFS_SETTLE_MILLISECONDS": "60000"], arguments: ["--root", alices.root.path])
        try daemon.waitUntilWatching()
        try waitUntil("Alice's daemon stores her clone's file") { try bobs.log("app.json").count == 1 }
        try alices.write("app.json", saved)
        try bobs.write("app.json", shop(cart: "Basket", checkout: "Pay", help: "Help"))
        let bobsImport = try ChildProcess.run(
            Binaries.wfs.path, ["import", "app.json", "--store", bobs.store], in: bobs.root.path,
            environment: ChildProcess.environment(["WFS_AUTHOR": "bob"]))
        #expect(bobsImport.status == 0, "\(bobsImport.error)")
        return (bobs, alices, daemon)
    }

    @Test func aSaveOfAnotherScreenIsMergedAndTheFileGetsTheOtherWritersWork() throws {
        // Alice, whose daemon last stored the first revision, changes the help screen.
        let (bobs, alices, daemon) = try team(alices: shop(cart: "Cart", checkout: "Checkout", help: "Support"))
        try waitUntil("Alice's save is stored; log:\n\(daemon.log)") { try bobs.log("app.json").count == 3 }
        let log = try bobs.log("app.json")
        #expect(log.map { $0["author"] as? String } == ["alice", "bob", "alice"])
        #expect(log[0]["basedOn"] as? Int == 2 && log[0]["replaces"] is NSNull)
        let merge = try #require(log[0]["merge"] as? [String: Any])
        #expect(merge["mergedWith"] as? Int == 2 && merge["author"] as? String == "bob")
        #expect(merge["screens"] as? [String] == ["cart", "checkout"])
        try waitUntil("the daemon says so; log:\n\(daemon.log)") {
            daemon.log.contains(" info app.json: merged with revision 2 by bob: cart, checkout; the file now holds revision 3")
        }
        // Her file is the stored merge, byte for byte, and reading it again stores nothing.
        let stored = try bobs.wfs(["show", "--source", "app.json"]).stdout
        #expect(stored.contains("\"Basket\"") && stored.contains("\"Pay\"") && stored.contains("\"Support\""))
        #expect(try String(contentsOf: alices.root.appendingPathComponent("app.json"), encoding: .utf8) == stored)
        #expect(try bobs.log("app.json").count == 3)
        #expect(try daemon.stop() == 0)
        let verify = try bobs.wfs(["verify"])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
    }

    @Test func theSameFieldTakesTheSaveMarksTheReplaceAndWarnsNamingBoth() throws {
        let (bobs, alices, daemon) = try team(alices: shop(cart: "Bag", checkout: "Checkout", help: "Help"))
        try waitUntil("Alice's save is stored; log:\n\(daemon.log)") { try bobs.log("app.json").count == 3 }
        let log = try bobs.log("app.json")
        #expect(log[0]["basedOn"] as? Int == 1)
        let replaces = try #require(log[0]["replaces"] as? [String: Any])
        #expect(replaces["id"] as? Int == 2 && replaces["author"] as? String == "bob" && replaces["screens"] as? [String] == ["cart"])
        try waitUntil("the daemon warns; log:\n\(daemon.log)") {
            daemon.log.contains(" warning app.json: revision 3 by alice replaces revision 2 by bob; bob's changes to cart are not in it")
                && daemon.log.contains("merged with revision 2 by bob: checkout; overwrote bob's title of cart (Basket)")
        }
        #expect(try daemon.stop() == 0)
        let stored = try bobs.wfs(["show", "--source", "app.json"]).stdout
        #expect(stored.contains("\"Bag\"") && stored.contains("\"Pay\""))
        #expect(try String(contentsOf: alices.root.appendingPathComponent("app.json"), encoding: .utf8) == stored)
    }
}
