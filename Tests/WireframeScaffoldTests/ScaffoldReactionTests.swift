import Testing
import WireframeFormats
import WireframeModel
@testable import WireframeScaffold

/// Every way the model lets a screen move, from an element, a navigation-bar button or an
/// action, reaches the scaffold as a reaction of its controller.
@Suite struct ScaffoldReactionTests {
    static let document = """
        {
          "root": "home",
          "routes": [
            {
              "name": "home",
              "title": "Home",
              "elements": [
                { "kind": "button", "text": "Open", "target": "detail" },
                { "kind": "button", "text": "Sheet", "target": "sheet" },
                { "kind": "button", "text": "Back", "task": "pop" },
                { "kind": "button", "text": "Close", "task": "dismiss" },
                { "kind": "button", "text": "Start over", "target": "popToRoot" },
                { "kind": "button", "text": "Next", "task": "push", "param": "next" },
                { "kind": "button", "text": "Help", "task": "url", "param": "https://example.com/help" }
              ],
              "actions": {
                "compose": { "branch": "compose" },
                "restart": { "replaceRoot": "next" },
                "toDetail": { "popToView": "detail" }
              }
            },
            { "name": "detail", "title": "Detail" },
            { "name": "sheet", "title": "Sheet", "presentationStyle": "present" },
            { "name": "next", "title": "Next" },
            { "name": "compose", "title": "Compose" }
          ]
        }
        """

    @Test func everyMoveOfTheModelReachesTheController() throws {
        let read = DocumentReader().read(bytes: Array(Self.document.utf8), path: "moves.json")
        let wireframe = try #require(read.wireframe, "\(read.diagnostics)")
        let plan = ScaffoldPlan(wireframe, baseName: "moves")
        let position = try #require(plan.positions["home"])
        let home: ScaffoldPlan.Screen = plan.screens[position]
        let moves: [ScaffoldPlan.Move] = home.reactions.map { $0.move }
        let expected: [ScaffoldPlan.Move] = [.push, .present, .pop, .dismiss, .popToRoot, .branch, .replaceRoot, .popTo("detail")]
        for move in expected { #expect(moves.contains(move), "\(move) missing from \(moves)") }
        let back = try #require(home.reactions.first(where: { $0.move == ScaffoldPlan.Move.pop }))
        #expect(back.triggers == ["button 'Back'"])
        // A task that opens an address moves nowhere in the app.
        #expect(!home.reactions.contains { $0.triggers.contains("button 'Help'") })
    }
}
