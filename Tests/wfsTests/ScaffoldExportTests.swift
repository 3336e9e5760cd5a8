import Foundation
import Testing

/// `wfs export --format swift` end to end: a scaffold per document at any point of its history,
/// the same bytes for the same revision, and a developer's edits never overwritten unasked.
@Suite struct ScaffoldExportTests {
    func write(_ cli: StoreCLI, _ name: String, title: String) throws {
        let json = """
            {"appName": "Shop", "root": "home", "routes": [
              {"name": "home", "title": "\(title)", "type": "navigation", "subroutes": ["detail"],
               "elements": [{"kind": "list", "reference": "itemId", "target": "detail"}]},
              {"name": "detail", "title": "Detail", "dependencies": ["itemId"],
               "elements": [{"kind": "button", "text": "Back", "target": "pop"}]}
            ]}
            """
        try Data(json.utf8).write(to: URL(fileURLWithPath: cli.root + "/" + name))
    }

    func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test func exportsAScaffoldPerDocumentAtAnyPoint() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        #expect(try cli.run("init").status == 0)
        try write(cli, "shop.json", title: "Home")
        #expect(try cli.run("import", "shop.json").status == 0)
        try write(cli, "shop.json", title: "Start")
        #expect(try cli.run("import", "shop.json").status == 0)

        let now = try cli.run("export", "--format", "swift", "--output", "now")
        #expect(now.status == 0, "\(now.error)")
        let scaffold = try text(cli.root + "/now/ShopWireframe.swift")
        #expect(scaffold.contains("final class ShopWireframe: Wireframe"))
        #expect(scaffold.contains("super.init(title: \"Start\")"))
        #expect(scaffold.contains("openDetail: { itemId in provider.navigation?.push(controller: self.detailController(itemId: itemId)) }"))
        #expect(scaffold.contains("pop: { provider.navigation?.pop() }"))
        #expect(scaffold.contains("from shop.json revision 2"))

        // The first revision, by its time.
        let log = try cli.run("log", "--format", "json")
        let revisions = try #require(try JSONSerialization.jsonObject(with: Data(log.output.utf8)) as? [[String: Any]])
        let firstTime = try #require(revisions.last?["createdAt"] as? String)
        #expect(try cli.run("export", "--format", "swift", "--at", firstTime, "--output", "first").status == 0)
        let first = try text(cli.root + "/first/ShopWireframe.swift")
        #expect(first.contains("super.init(title: \"Home\")"))
        #expect(first.contains("from shop.json revision 1"))

        // The same revision again: the same bytes.
        #expect(try cli.run("export", "--format", "swift", "--output", "again").status == 0)
        #expect(try text(cli.root + "/again/ShopWireframe.swift") == scaffold)
    }

    @Test func aFolderWithEditedScaffoldFilesIsRefusedUnlessForced() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        #expect(try cli.run("init").status == 0)
        try write(cli, "shop.json", title: "Home")
        #expect(try cli.run("import", "shop.json").status == 0)
        #expect(try cli.run("export", "--format", "swift", "--output", "app").status == 0)
        let file = cli.root + "/app/ShopWireframe.swift"
        let edited = try text(file) + "\n// The developer's own code.\n"
        try Data(edited.utf8).write(to: URL(fileURLWithPath: file))

        let refused = try cli.run("export", "--format", "swift", "--output", "app")
        #expect(refused.status != 0)
        #expect(refused.error.contains("--force"))
        #expect(try text(file) == edited)

        #expect(try cli.run("export", "--format", "swift", "--output", "app", "--force").status == 0)
        #expect(try text(file) != edited)
    }
}
