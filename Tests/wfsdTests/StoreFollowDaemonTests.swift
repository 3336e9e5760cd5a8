import Foundation
import Testing
import WireframeTestSupport

/// A daemon's clone follows the store: what another writer stores is written into its files,
/// the exact stored source; a document added elsewhere appears and one deleted elsewhere goes;
/// with `sync: upload-only` nothing is ever written into the clone.
@Suite(.serialized)
struct StoreFollowDaemonTests {
    /// A wireframe whose home and cart screens have the given titles.
    func shop(home: String, cart: String) -> String {
        #"{"appName": "Shop", "root": "home", "routes": [{"name": "home", "title": "\#(home)", "subroutes": ["cart"]}, {"name": "cart", "title": "\#(cart)"}]}"#
            + "\n"
    }

    func text(_ project: Project, _ relative: String) -> String? {
        try? String(contentsOf: project.url(relative), encoding: .utf8)
    }

    /// Bob's `wfs import` in his clone, into `store`.
    func importAsBob(_ bobs: URL, store: String, _ arguments: String...) throws {
        let run = try ChildProcess.run(
            Binaries.wfs.path, ["import", "--store", store, "--root", bobs.path] + arguments, in: bobs.path,
            environment: ChildProcess.environment(["WFS_AUTHOR": "bob"]))
        #expect(run.status == 0, "\(run.error)")
    }

    @Test func onSQLiteAnotherClonesImportsReachTheDaemonsFiles() throws {
        let adas = try Project()
        let bobs = try Project(root: FileManager.default.temporaryDirectory.appendingPathComponent("wfsd-bob-\(UUID().uuidString)"))
        try adas.write("shop.json", shop(home: "Home", cart: "Cart"))
        try bobs.write("shop.json", shop(home: "Home", cart: "Cart"))
        let daemon = try adas.startDaemon(environment: ["WFS_AUTHOR": "ada"])
        try daemon.waitUntilWatching()
        try waitUntil("Ada's daemon stores her file") { try adas.log("shop.json").count == 1 }

        // Bob's edit, formatted his way, reaches Ada's file byte for byte.
        let bobsFile = shop(home: "Home", cart: "Basket").replacingOccurrences(of: ", ", with: ",\n  ")
        try bobs.write("shop.json", bobsFile)
        try importAsBob(bobs.root, store: adas.store, "shop.json")
        try waitUntil("Ada's file follows; log:\n\(daemon.log)") { text(adas, "shop.json") == bobsFile }
        try waitUntil("the daemon says so; log:\n\(daemon.log)") { daemon.log.contains("shop.json: updated to revision 2 by bob") }

        // A document Bob adds appears; one he deletes goes.
        try bobs.write("plans/new.json", shop(home: "Plan", cart: "Cart"))
        try importAsBob(bobs.root, store: adas.store, "plans/new.json")
        try waitUntil("the new document appears; log:\n\(daemon.log)") { text(adas, "plans/new.json") == shop(home: "Plan", cart: "Cart") }
        try bobs.remove("plans/new.json")
        try importAsBob(bobs.root, store: adas.store, ".")
        try waitUntil("the deleted document goes; log:\n\(daemon.log)") {
            !FileManager.default.fileExists(atPath: adas.url("plans/new.json").path)
        }
        // Nothing the daemon wrote was stored again as Ada's.
        #expect(try adas.log().map { $0["author"] as? String } == ["bob", "bob", "bob", "ada"])
        #expect(try daemon.stop() == 0)
    }

    @Test func uploadOnlyWritesNothingIntoTheClone() throws {
        let adas = try Project()
        let bobs = try Project(root: FileManager.default.temporaryDirectory.appendingPathComponent("wfsd-bob-\(UUID().uuidString)"))
        try adas.write("shop.json", shop(home: "Home", cart: "Cart"))
        let daemon = try adas.startDaemon(environment: ["WFS_AUTHOR": "ada", "WFS_SYNC": "upload-only"])
        try daemon.waitUntilWatching()
        try waitUntil("Ada's daemon stores her file") { try adas.log("shop.json").count == 1 }
        try bobs.write("shop.json", shop(home: "Home", cart: "Basket"))
        try importAsBob(bobs.root, store: adas.store, "shop.json")
        // Her own next save is still stored: the daemon runs, and has seen the store move.
        try adas.write("other.json", shop(home: "Other", cart: "Cart"))
        try waitUntil("Ada's next save is stored; log:\n\(daemon.log)") { try adas.log("other.json").count == 1 }
        Thread.sleep(forTimeInterval: 0.5)
        #expect(text(adas, "shop.json") == shop(home: "Home", cart: "Cart"))
        #expect(!daemon.log.contains("updated to revision"))
        #expect(try daemon.stop() == 0)
    }

    @Test(.enabled(if: PostgreSQLTestServer.isEnabled, Comment(rawValue: PostgreSQLTestServer.skipReason)))
    func onPostgreSQLTwoDaemonsEditingDifferentScreensAtOnceBothKeepBoth() throws {
        let database = try PostgreSQLTestServer.makeDatabase()
        defer { PostgreSQLTestServer.dropDatabase(database.name) }
        let adas = try Project(store: database.url)
        let bobs = try Project(store: database.url)
        try adas.write("shop.json", shop(home: "Home", cart: "Cart"))
        try bobs.write("shop.json", shop(home: "Home", cart: "Cart"))
        let adasDaemon = try adas.startDaemon(environment: ["WFS_AUTHOR": "ada", "WFS_SETTLE_MILLISECONDS": "0"])
        let bobsDaemon = try bobs.startDaemon(environment: ["WFS_AUTHOR": "bob", "WFS_SETTLE_MILLISECONDS": "0"])
        try adasDaemon.waitUntilWatching()
        try bobsDaemon.waitUntilWatching()
        try waitUntil("the first revision") { try adas.log("shop.json").count == 1 }

        // Within the same second: Ada retitles the cart, Bob the home screen.
        try adas.write("shop.json", shop(home: "Home", cart: "Basket"))
        try bobs.write("shop.json", shop(home: "Welcome", cart: "Cart"))
        try waitUntil("both files hold both changes; logs:\n\(adasDaemon.log)\n\(bobsDaemon.log)", timeout: .seconds(30)) {
            guard let ada = text(adas, "shop.json"), let bob = text(bobs, "shop.json") else { return false }
            return ada == bob && ada.contains("\"Basket\"") && ada.contains("\"Welcome\"")
        }
        let head = try adas.wfs(["show", "--source", "shop.json"]).stdout
        #expect(head == text(adas, "shop.json"))
        // No save replaced the other's work.
        #expect(try adas.log("shop.json").allSatisfy { $0["replaces"] is NSNull })

        // A server's store has a daemon per clone: `wfs status` in a folder inside Ada's clone
        // finds Ada's; outside any clone it says which daemon it looked for.
        let inside = adas.root.appendingPathComponent("plans/deep")
        try FileManager.default.createDirectory(at: inside, withIntermediateDirectories: true)
        let found = try Project.run(Binaries.wfs, ["status", "--store", database.url], in: inside)
        #expect(found.stdout.contains("daemon running, pid"), "\(found.stdout) \(found.stderr)")
        let outside = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("wfs-outside-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outside) }
        let missing = try Project.run(Binaries.wfs, ["status", "--store", database.url], in: outside)
        #expect(
            missing.stdout.contains("daemon not running (none holds \(outside.path)/.wfs/team-store-wfsd.lock)"),
            "\(missing.stdout) \(missing.stderr)")
        #expect(try adasDaemon.stop() == 0)
        #expect(try bobsDaemon.stop() == 0)
    }

    @Test func theFirstSaveAfterTheDaemonStartsHasItsBaseFromTheClonesRecord() throws {
        let adas = try Project()
        let bobs = try Project(root: FileManager.default.temporaryDirectory.appendingPathComponent("wfsd-bob-\(UUID().uuidString)"))
        try adas.write("shop.json", shop(home: "Home", cart: "Cart"))
        #expect(try adas.wfs(["import", "--root", adas.root.path, "--author", "ada", adas.url("shop.json").path]).status == 0)
        // While no daemon runs: Bob retitles the cart, Ada the home screen (her file, based on revision 1).
        try bobs.write("shop.json", shop(home: "Home", cart: "Basket"))
        try importAsBob(bobs.root, store: adas.store, "shop.json")
        try adas.write("shop.json", shop(home: "Welcome", cart: "Cart"))
        let daemon = try adas.startDaemon(environment: ["WFS_AUTHOR": "ada"])
        try daemon.waitUntilWatching()
        try waitUntil("the catch-up pass stores Ada's save; log:\n\(daemon.log)") { try adas.log("shop.json").count == 3 }
        let head = try #require(try adas.log("shop.json").first)
        #expect(head["basedOn"] as? Int == 2 && head["replaces"] is NSNull)
        #expect((head["merge"] as? [String: Any])?["screens"] as? [String] == ["cart"])
        try waitUntil("her file holds both; log:\n\(daemon.log)") {
            text(adas, "shop.json").map { $0.contains("\"Basket\"") && $0.contains("\"Welcome\"") } ?? false
        }
        #expect(try daemon.stop() == 0)
    }
}
