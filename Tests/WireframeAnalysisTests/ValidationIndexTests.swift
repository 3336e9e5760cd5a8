import Testing
@testable import WireframeAnalysis
import WireframeFormats
import WireframeModel

private func readWireframe(_ routes: String, navigations: String = "[]") throws -> Wireframe {
    let text = #"{ "appName": "App", "root": "home", "navigations": \#(navigations), "routes": [\#(routes)] }"#
    return try #require(JSONWireframeReader().read(Array(text.utf8)).wireframe)
}

/// The lists rules walk instead of every screen, and the graph's table of keys.
@Suite("Validation index")
struct ValidationIndexTests {
    private let routes = #"""
        { "name": "home", "title": "Home", "navigation": "bar", "subroutes": ["list", "missing", "pop"],
          "actions": { "open": { "present": "modal" }, "load": { "loadSchema": "other" } } },
        { "name": "list", "title": "List", "type": "tabbar", "tabItems": ["home", "nowhere"],
          "elements": [{ "kind": "button", "text": "Go", "target": "modal" }] },
        { "name": "modal", "title": "Modal", "children": ["list", "gone"], "dependencies": ["token"] },
        { "name": "plain", "title": "Plain", "tabItems": ["home"] },
        { "name": "list", "title": "Again", "subroutes": ["modal"] }
        """#

    @Test func contentsListTheScreensThatHaveEachPart() throws {
        let wireframe = try readWireframe(routes)
        let contents = ScreenContents(wireframe.screens)
        #expect(contents.withElements == [1])
        #expect(contents.withElementsOrActions == [0, 1])
        #expect(contents.withNavigationBar == [0])
        #expect(contents.withDependencies == [2])
        #expect(contents.withTabs == [1, 3])
        #expect(contents.loadedFiles == ["other"])
    }

    @Test func theContextRecordsTheSameContentsAsOnePassOverTheScreens() throws {
        let wireframe = try readWireframe(routes)
        let context = ValidationContext(wireframe)
        let contents = ScreenContents(wireframe.screens)
        #expect(context.contents.withElements == contents.withElements)
        #expect(context.contents.withElementsOrActions == contents.withElementsOrActions)
        #expect(context.contents.withNavigationBar == contents.withNavigationBar)
        #expect(context.contents.withDependencies == contents.withDependencies)
        #expect(context.contents.withTabs == contents.withTabs)
        #expect(context.loadedFiles == ["other"])
    }

    @Test func theGraphListsTheLinksThatNameNoScreen() throws {
        let graph = NavigationGraph(try readWireframe(routes))
        #expect(graph.unresolvedLinks == [
            LinkPosition(position: 0, link: 1), LinkPosition(position: 0, link: 2),
            LinkPosition(position: 1, link: 1), LinkPosition(position: 2, link: 1),
        ])
        #expect(graph.target(ofLink: 0, at: 0) == 1)
        #expect(graph.target(ofLink: 0, at: 4) == 2)
        #expect(graph.target(ofLink: 0, at: 1) == 0)
    }

    @Test func theKeyTableAnswersAsADictionaryForASCIINames() throws {
        let keys = ["home", "list", "a-rather-long-screen-name-of-many-words", "", "list", "x"]
        let table = try #require(ASCIIKeyTable(keys))
        #expect(table.position(of: "home") == .position(0))
        #expect(table.position(of: "list") == .position(1))
        #expect(table.position(of: "a-rather-long-screen-name-of-many-words") == .position(2))
        #expect(table.position(of: "a-rather-long-screen-name-of-many-word") == .absent)
        #expect(table.position(of: "") == .position(3))
        #expect(table.position(of: "x") == .position(5))
        #expect(table.position(of: "y") == .absent)
        #expect(table.position(of: "Home") == .absent)
        // A name that is not ASCII may equal an ASCII key as a String: the table does not tell.
        #expect("\u{212A}ey" == "Key")
        #expect(table.position(of: "\u{212A}ey") == .unknown)
        #expect(table.position(of: "höme") == .unknown)
        #expect(ASCIIKeyTable(["home", "café"]) == nil)
    }

    @Test func theKeyTableHoldsManyKeys() throws {
        let keys = (0..<5000).map { "screen\($0)" }
        let table = try #require(ASCIIKeyTable(keys + keys))
        for (position, key) in keys.enumerated() { #expect(table.position(of: key) == .position(position)) }
        #expect(table.position(of: "screen5000") == .absent)
    }

    @Test func aLinkToANameEquivalentToAKeyFindsItsScreen() throws {
        // "\u{212A}" (KELVIN SIGN) equals "K" as a String, as the dictionary of keys has it.
        let graph = NavigationGraph(try readWireframe(#"""
            { "name": "home", "title": "Home", "subroutes": ["\u212Aey"] },
            { "name": "Key", "title": "Key" }
            """#))
        #expect(graph.target(ofLink: 0, at: 0) == 1)
        #expect(graph.unresolvedLinks.isEmpty)
    }
}
