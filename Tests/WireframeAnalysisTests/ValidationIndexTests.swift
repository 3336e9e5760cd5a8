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
        #expect(
            graph.unresolvedLinks == [
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

    @Test func theKeyTableComparesKeysOfEveryLengthByAllTheirBytes() throws {
        // Keys of up to 16 bytes are held in the table's slots, longer ones beside it: names that
        // differ only in their last byte, or only past the 8th or the 16th, are different keys.
        let lengths = [1, 7, 8, 9, 15, 16, 17, 24, 25, 40]
        let keys = lengths.flatMap { length in
            ["a", "b"].map { last in String(repeating: "k", count: length - 1) + last }
        }
        let table = try #require(ASCIIKeyTable(keys))
        #expect(table.distinctCount == keys.count)
        for (position, key) in keys.enumerated() {
            #expect(table.position(of: key) == .position(position))
            #expect(table.position(of: String(key.dropLast()) + "c") == .absent)
            #expect(table.position(of: key + "a") == .absent)
            #expect(table.position(of: "x" + key.dropFirst()) == .absent)
        }
        // Bytes 9 to 16 and 17 on, with equal first bytes.
        let long = try #require(ASCIIKeyTable(["prefix01-middle01-suffix", "prefix01-middle02-suffix", "prefix01-middle01-suffiy"]))
        #expect(long.position(of: "prefix01-middle02-suffix") == .position(1))
        #expect(long.position(of: "prefix01-middle01-suffiy") == .position(2))
        #expect(long.position(of: "prefix01-middle03-suffix") == .absent)
        #expect(long.distinctCount == 3)
        var firstPositions = [42]
        let repeated = try #require(
            ASCIIKeyTable(
                ["one", "two", "one", "three-and-more-than-sixteen", "three-and-more-than-sixteen", "two"],
                firstPositions: &firstPositions))
        #expect(firstPositions == [0, 1, 0, 3, 3, 1])
        #expect(repeated.distinctCount == 3)
        #expect(repeated.position(of: "three-and-more-than-sixteen") == .position(3))
    }

    @Test func theGraphsDictionaryOfKeysIsTheFirstPositionOfEachKey() throws {
        let graph = NavigationGraph(try readWireframe(routes))
        #expect(graph.distinctKeyCount == 4)
        #expect(graph.canonicalPosition == [0, 1, 2, 3, 1])
        #expect(graph.index == ["home": 0, "list": 1, "modal": 2, "plain": 3])
        #expect(graph.position(of: "list") == 1)
        #expect(graph.position(of: "missing") == nil)
        // Keys that are not all ASCII: the graph looks them up in the dictionary.
        let accented = NavigationGraph(
            try readWireframe(
                #"""
                { "name": "home", "title": "Home", "subroutes": ["café", "cafe\u0301"] },
                { "name": "café", "title": "Café" },
                { "name": "home", "title": "Again" }
                """#))
        #expect(accented.distinctKeyCount == 2)
        #expect(accented.canonicalPosition == [0, 1, 0])
        #expect(accented.index == ["home": 0, "café": 1])
        // "cafe" and a combining accent is "café" as a String, as the dictionary has it.
        #expect(accented.position(of: "cafe\u{301}") == 1)
        #expect(accented.target(ofLink: 1, at: 0) == 1)
        #expect(accented.unresolvedLinks.isEmpty)
    }

    @Test func aLinkToANameEquivalentToAKeyFindsItsScreen() throws {
        // "\u{212A}" (KELVIN SIGN) equals "K" as a String, as the dictionary of keys has it.
        let graph = NavigationGraph(
            try readWireframe(
                #"""
                { "name": "home", "title": "Home", "subroutes": ["\u212Aey"] },
                { "name": "Key", "title": "Key" }
                """#))
        #expect(graph.target(ofLink: 0, at: 0) == 1)
        #expect(graph.unresolvedLinks.isEmpty)
    }
}
