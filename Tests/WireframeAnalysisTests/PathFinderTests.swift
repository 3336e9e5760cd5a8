import Testing
import WireframeAnalysis
import WireframeFormats
import WireframeModel

/// The steps of the shortest path, one line each: `kind from → to via … [needs]`.
private func path(_ text: String, from: String, to: String) throws -> [String]? {
    let (wireframe, diagnostics) = JSONWireframeReader().read(Array(text.utf8))
    #expect(diagnostics.isEmpty)
    let finder = PathFinder(graph: NavigationGraph(try #require(wireframe)))
    return finder.path(from: from, to: to)?.map { step in
        "\(step.edge.kind.rawValue) \(step.edge.from) → \(step.edge.to) via \(step.edge.via)"
            + (step.needs.isEmpty ? "" : " needs \(step.needs.joined(separator: ","))")
    }
}

private func app(_ routes: String, navigations: String = "[]") -> String {
    #"{ "appName": "App", "root": "home", "navigations": \#(navigations), "routes": [\#(routes)] }"#
}

private let stack = app(
    #"""
    { "name": "home", "title": "Home", "subroutes": ["list", "modal"] },
    { "name": "list", "title": "List", "elements": [{ "kind": "list", "reference": "itemId", "target": "detail" }] },
    { "name": "detail", "title": "Detail", "dependencies": ["token", "itemId"] },
    { "name": "modal", "title": "Modal", "type": "navigation", "subroutes": ["inner"] },
    { "name": "inner", "title": "Inner", "presentationStyle": "present" }
    """#)

@Suite("Path finder")
struct PathFinderTests {
    @Test func pushesWithNeedsSorted() throws {
        #expect(
            try path(stack, from: "home", to: "detail") == [
                "push home → list via subroute",
                "push list → detail via list 'itemId' needs itemId,token",
            ])
    }

    @Test func navigationRoutesArePresented() throws {
        #expect(
            try path(stack, from: "home", to: "inner") == [
                "present home → modal via subroute",
                "present modal → inner via subroute",
            ])
    }

    @Test func popBack() throws {
        #expect(
            try path(stack, from: "detail", to: "home") == [
                "pop detail → list via back",
                "pop list → home via back",
            ])
    }

    @Test func dismissBackThenForward() throws {
        #expect(
            try path(stack, from: "inner", to: "list") == [
                "dismiss inner → modal via close",
                "dismiss modal → home via close",
                "push home → list via subroute",
            ])
    }

    @Test func sameScreenIsNoStep() throws {
        #expect(try path(stack, from: "list", to: "list") == [])
    }

    @Test func unknownScreensHaveNoPath() throws {
        #expect(try path(stack, from: "home", to: "nowhere") == nil)
        #expect(try path(stack, from: "nowhere", to: "home") == nil)
    }

    @Test func unreachableScreenHasNoPath() throws {
        let text = app(
            #"{ "name": "home", "title": "H", "subroutes": ["a"] }, { "name": "a", "title": "A" }, { "name": "island", "title": "I", "subroutes": ["a"] }"#
        )
        // Popping from 'a' returns to the screen that pushed it on the way, never to another
        // screen that could have pushed it: from 'home' there is no way to 'island'.
        let homeToIsland = try path(text, from: "home", to: "island")
        #expect(homeToIsland == nil)
        #expect(try path(text, from: "island", to: "a") == ["push island → a via subroute"])
    }

    @Test func tabsReachEachOther() throws {
        let text = app(
            #"""
            { "name": "home", "title": "Home", "type": "tabbar", "tabItems": ["feed", "search", "profile"] },
            { "name": "feed", "title": "Feed" }, { "name": "search", "title": "Search" },
            { "name": "profile", "title": "Profile", "subroutes": ["settings"] },
            { "name": "settings", "title": "Settings" }
            """#)
        #expect(try path(text, from: "home", to: "search") == ["selectTab home → search via tab"])
        #expect(
            try path(text, from: "feed", to: "settings") == [
                "selectTab feed → profile via tab",
                "push profile → settings via subroute",
            ])
        #expect(
            try path(text, from: "settings", to: "feed") == [
                "pop settings → profile via back",
                "selectTab profile → feed via tab",
            ])
    }

    @Test func shortestWinsAndTiesFollowDefinitionOrder() throws {
        let text = app(
            #"""
            { "name": "home", "title": "Home", "subroutes": ["long1", "short"] },
            { "name": "long1", "title": "L1", "subroutes": ["long2"] },
            { "name": "long2", "title": "L2", "subroutes": ["goal"] },
            { "name": "short", "title": "S", "subroutes": ["goal"] },
            { "name": "goal", "title": "G" }
            """#)
        #expect(try path(text, from: "home", to: "goal") == ["push home → short via subroute", "push short → goal via subroute"])
        let tie = app(
            #"""
            { "name": "home", "title": "Home", "subroutes": ["b", "a"] },
            { "name": "a", "title": "A", "subroutes": ["goal"] },
            { "name": "b", "title": "B", "subroutes": ["goal"] },
            { "name": "goal", "title": "G" }
            """#)
        #expect(try path(tie, from: "home", to: "goal") == ["push home → b via subroute", "push b → goal via subroute"])
    }

    @Test func actionsAndBarButtons() throws {
        let text = app(
            #"""
            { "name": "home", "title": "Home", "navigation": "main", "actions": { "open": { "branch": "c" }, "swap": { "replaceRoot": "d" } } },
            { "name": "b", "title": "B" }, { "name": "c", "title": "C" }, { "name": "d", "title": "D" }
            """#,
            navigations: #"[{ "name": "main", "buttons": [{ "title": "Open B", "target": "b" }] }]"#)
        #expect(try path(text, from: "home", to: "b") == ["push home → b via navigation button 'Open B'"])
        #expect(try path(text, from: "home", to: "c") == ["branch home → c via action 'open'"])
        #expect(try path(text, from: "c", to: "home") == ["dismiss c → home via close"])
        #expect(try path(text, from: "home", to: "d") == ["replaceRoot home → d via action 'swap'"])
        // A replaced root does not go back.
        #expect(try path(text, from: "d", to: "home") == nil)
    }
}
