import Foundation
import Testing
import WireframeTestSupport

/// Two clones of one project store into one store: Alice's daemon watches hers, Bob runs
/// `wfs import` in his. A save of Alice's made after Bob stored, from the version she had, is
/// stored all the same, marked as replacing Bob's revision, and the daemon warns of it.
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

    @Test func aSaveMadeWithoutAnotherWritersRevisionIsStoredMarkedAndLogged() throws {
        // Bob's clone holds the store; Alice's is a folder of its own.
        let bobs = try Project()
        let alices = try Project(root: FileManager.default.temporaryDirectory.appendingPathComponent("wfsd-alice-\(UUID().uuidString)"))
        try alices.write("app.json", shop(cart: "Cart", checkout: "Checkout", help: "Help"))
        try bobs.write("app.json", shop(cart: "Cart", checkout: "Checkout", help: "Help"))
        let daemon = try bobs.startDaemon(environment: ["WFS_AUTHOR": "alice"], arguments: ["--root", alices.root.path])
        try daemon.waitUntilWatching()
        try waitUntil("Alice's daemon stores her clone's file") { try bobs.log("app.json").count == 1 }

        // Bob changes the cart and the checkout and imports them.
        try bobs.write("app.json", shop(cart: "Basket", checkout: "Pay", help: "Help"))
        let bobsImport = try ChildProcess.run(
            Binaries.wfs.path, ["import", "app.json", "--store", bobs.store], in: bobs.root.path,
            environment: ChildProcess.environment(["WFS_AUTHOR": "bob"]))
        #expect(bobsImport.status == 0, "\(bobsImport.error)")

        // Alice, whose daemon last stored the first revision, changes the help screen.
        try alices.write("app.json", shop(cart: "Cart", checkout: "Checkout", help: "Support"))
        try waitUntil("Alice's save is stored; log:\n\(daemon.log)") { try bobs.log("app.json").count == 3 }
        let log = try bobs.log("app.json")
        #expect(log.map { $0["author"] as? String } == ["alice", "bob", "alice"])
        #expect(log[0]["basedOn"] as? Int == 1)
        let replaces = try #require(log[0]["replaces"] as? [String: Any])
        #expect(replaces["id"] as? Int == 2 && replaces["author"] as? String == "bob")
        #expect(replaces["screens"] as? [String] == ["cart", "checkout"])
        #expect(log.map { $0["origin"] as? String } == ["wfsd@\(HostName.current)", "wfs@\(HostName.current)", "wfsd@\(HostName.current)"])
        try waitUntil("the daemon warns; log:\n\(daemon.log)") {
            daemon.log.contains(
                " warning app.json: revision 3 by alice replaces revision 2 by bob; bob's changes to cart, checkout are not in it")
        }
        #expect(try daemon.stop() == 0)
        let verify = try bobs.wfs(["verify"])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        // The store keeps Alice's version as she saved it.
        #expect(try bobs.wfs(["show", "--source", "app.json"]).stdout == shop(cart: "Cart", checkout: "Checkout", help: "Support"))
    }
}
