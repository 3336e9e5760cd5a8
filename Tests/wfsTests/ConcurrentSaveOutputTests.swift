import Foundation
import Testing
import WireframeStore
import WireframeSync
import WireframeTestSupport

/// What `wfs log`, `show` and `status` say of a save that replaced a head its writer had not seen.
/// Bob stores with the `wfs` binary; Alice stores through the import pipeline as her daemon runs
/// it, remembering the head she stored last, so that her next version is based on it after Bob's.
@Suite struct ConcurrentSaveOutputTests {
    static func wireframe(cart: String, checkout: String, help: String) -> String {
        StoreCLI.wireframe([("home", "Home"), ("cart", cart), ("checkout", checkout), ("help", help)])
    }

    /// A project with three revisions of app.json: Alice's base (1), Bob's cart and checkout (2),
    /// and Alice's help screen based on 1 (3).
    func project() throws -> StoreCLI {
        let cli = try StoreCLI()
        #expect(try cli.run("init").status == 0)
        let store = try StoreLocation.open(location: cli.root + "/.wfs/store.sqlite", for: .daemon)
        defer { try? store.close() }
        let alice = ImportPipeline(store: store, root: cli.root, author: "alice", origin: .daemon, memory: SaveMemory())
        try cli.write("app.json", Self.wireframe(cart: "Cart", checkout: "Checkout", help: "Help"))
        #expect(try alice.importFile(absolutePath: cli.root + "/app.json", relativePath: "app.json").outcome == .stored)
        try cli.write("app.json", Self.wireframe(cart: "Basket", checkout: "Pay", help: "Help"))
        #expect(try cli.run("import", "app.json", environment: ["WFS_AUTHOR": "bob"]).status == 0)
        try cli.write("app.json", Self.wireframe(cart: "Cart", checkout: "Checkout", help: "Support"))
        #expect(try alice.importFile(absolutePath: cli.root + "/app.json", relativePath: "app.json").revision?.id == 3)
        return cli
    }

    static let sentence = "replaces revision 2 by bob: bob's changes to cart, checkout are not in it"

    @Test func theJSONLogGivesEachRevisionItsBaseAndWhatItReplaced() throws {
        let cli = try project()
        defer { cli.remove() }
        let log = try #require(try StoreCLI.json(cli.run("log", "--format", "json").output) as? [[String: Any]])
        #expect(log.map { $0["id"] as? Int } == [3, 2, 1])
        #expect(log[0]["basedOn"] as? Int == 1)
        let replaces = try #require(log[0]["replaces"] as? [String: Any])
        #expect(replaces["id"] as? Int == 2 && replaces["author"] as? String == "bob")
        #expect(replaces["screens"] as? [String] == ["cart", "checkout"])
        #expect(log[1]["basedOn"] as? Int == 1 && log[1]["replaces"] is NSNull)
        #expect(log[2]["basedOn"] is NSNull && log[2]["replaces"] is NSNull)
        #expect(log.map { $0["origin"] as? String } == ["wfsd", "wfs", "wfsd"].map { "\($0)@\(HostName.current)" })

        let replacing = try #require(try StoreCLI.json(cli.run("log", "--replacing", "--format", "json").output) as? [[String: Any]])
        #expect(replacing.map { $0["id"] as? Int } == [3])
    }

    @Test func theTextLogShowAndStatusSayItInWords() throws {
        let cli = try project()
        defer { cli.remove() }
        let log = try cli.run("log").output.components(separatedBy: "\n")
        let three = try #require(log.firstIndex { $0.hasPrefix("revision 3 ") })
        #expect(log[three].contains("  alice (wfsd@\(HostName.current))"))
        #expect(log[three + 1] == "    " + Self.sentence)
        #expect(log.filter { $0.contains("replaces revision") }.count == 1)

        let show = try cli.run("show", "3").output.components(separatedBy: "\n")
        #expect(show.prefix(2).last == Self.sentence)
        #expect(try !cli.run("show", "2").output.contains("replaces"))

        let status = try cli.run("status").output
        #expect(
            status.contains(
                "saves that replaced a head their writer had not seen:\n  app.json  revision 3 (#3) by alice\n    \(Self.sentence)\n"),
            "\(status)")
        let json = try #require(try StoreCLI.json(cli.run("status", "--format", "json").output) as? [String: Any])
        #expect((json["replacing"] as? [[String: Any]])?.map { $0["id"] as? Int } == [3])
    }

    @Test func statusListsNoReplacesWhenThereAreNone() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        #expect(try cli.run("init").status == 0)
        try cli.write("app.json", Self.wireframe(cart: "Cart", checkout: "Checkout", help: "Help"))
        #expect(try cli.run("import", "app.json").status == 0)
        #expect(try !cli.run("status").output.contains("replaced"))
        let json = try #require(try StoreCLI.json(cli.run("status", "--format", "json").output) as? [String: Any])
        #expect((json["replacing"] as? [Any])?.isEmpty == true)
        let log = try #require(try StoreCLI.json(cli.run("log", "--format", "json").output) as? [[String: Any]])
        #expect(log.count == 1 && log[0]["basedOn"] is NSNull && log[0]["replaces"] is NSNull)
    }
}
