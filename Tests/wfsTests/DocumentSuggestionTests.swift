import Foundation
import Testing
import WireframeModel

/// A document named as the user typed it but not as the store knows it (a misspelling, or the
/// path from inside a folder of the project) is refused with the path the user most likely meant.
@Suite struct DocumentSuggestionTests {
    @Test func pathsAreSuggestedByTypoByFolderAndByFileName() {
        let paths = ["app.json", "plans/shop.json", "plans/team/todo.json", "a/same.json", "b/same.json"]
        #expect(Suggestions.closestPath(to: "plans/shop.jsn", in: paths) == "plans/shop.json")
        #expect(Suggestions.closestPath(to: "shop.json", in: paths) == "plans/shop.json")
        #expect(Suggestions.closestPath(to: "team/todo.json", in: paths) == "plans/team/todo.json")
        #expect(Suggestions.closestPath(to: "todo.jsn", in: paths) == "plans/team/todo.json")
        // Two documents of that name: no guess.
        #expect(Suggestions.closestPath(to: "same.json", in: paths) == nil)
        #expect(Suggestions.closestPath(to: "unrelated.xml", in: paths) == nil)
        // A suffix must end at a folder's boundary.
        #expect(Suggestions.closestPath(to: "hop.json", in: ["plans/shop.json", "extra/hop.json"]) == "extra/hop.json")
    }

    @Test func showLogAndDiffSuggestTheDocumentInItsFolder() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        #expect(try cli.run("init").status == 0)
        try cli.write("plans/shop.json", StoreCLI.wireframe([("home", "Home"), ("cart", "Cart")]))
        #expect(try cli.run("import", "plans").status == 0)
        for arguments in [["show", "shop.json"], ["log", "--document", "shop.json"], ["diff", "shop.json@1", "plans/shop.json"]] {
            let run = try cli.run(arguments: arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.output == "", "\(arguments)")
            #expect(run.error == "wfs: error: no document 'shop.json' in the store; did you mean 'plans/shop.json'?\n", "\(arguments)")
        }
    }
}
