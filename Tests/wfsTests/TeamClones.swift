import Foundation
import Testing
import WireframeTestSupport

/// Ada's and Bob's clones of `shop.json` on one store (for SQLite, the store in Ada's clone).
struct TeamClones {
    let ada: StoreCLI
    let bob: StoreCLI
    let database: String?
    let store: [String: String]

    init(_ kind: StoreKind, file: String = StoreCLI.wireframe([("home", "Home"), ("cart", "Cart")])) throws {
        ada = try StoreCLI()
        bob = try StoreCLI()
        var environment: [String: String]
        (database, environment) = try kind.makeStore()
        if database == nil { environment["WFS_STORE"] = ada.root + "/.wfs/store.sqlite" }
        store = environment
        #expect(try run(ada, "init").status == 0)
        try ada.write("shop.json", file)
        try bob.write("shop.json", file)
        #expect(try run(ada, "import", "shop.json").status == 0)
        #expect(try run(bob, "import", "shop.json").output == "unchanged shop.json\n")
    }

    /// Runs `wfs` in a clone, as its owner, with the clone as the project root.
    @discardableResult
    func run(_ clone: StoreCLI, _ arguments: String...) throws -> StoreCLI.Run {
        var environment = store
        environment["WFS_AUTHOR"] = clone.root == ada.root ? "ada" : "bob"
        return try clone.run(arguments: [arguments[0], "--root", clone.root] + arguments.dropFirst(), environment: environment)
    }

    func file(_ clone: StoreCLI, _ name: String = "shop.json") throws -> String {
        try String(contentsOfFile: clone.root + "/" + name, encoding: .utf8)
    }

    func exists(_ clone: StoreCLI, _ name: String) -> Bool {
        FileManager.default.fileExists(atPath: clone.root + "/" + name)
    }

    /// The document's newest revision as `wfs log --format json` gives it.
    func head() throws -> [String: Any] {
        let log = try StoreCLI.json(run(ada, "log", "--format", "json", "--limit", "1").output) as? [[String: Any]]
        return try #require(log?.first)
    }

    func remove() {
        ada.remove()
        bob.remove()
        if let database { PostgreSQLTestServer.dropDatabase(database) }
    }
}
