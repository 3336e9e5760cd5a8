import Testing
import WireframeAnalysis
import WireframeFormats
import WireframeModel

private func graph(_ routes: String, navigations: String = "[]") throws -> NavigationGraph {
    let text = #"{ "appName": "App", "root": "home", "navigations": \#(navigations), "routes": [\#(routes)] }"#
    let (wireframe, diagnostics) = JSONWireframeReader().read(Array(text.utf8))
    #expect(diagnostics.filter { $0.severity == .error }.isEmpty)
    return NavigationGraph(try #require(wireframe))
}

/// The graph keeps positions; edges with their descriptions are built when asked for.
@Suite("Navigation graph")
struct NavigationGraphTests {
    private let routes = #"""
        { "name": "home", "title": "Home", "navigation": "bar", "subroutes": ["list", "missing", "back"],
          "actions": { "open": { "present": "modal" } } },
        { "name": "list", "title": "List", "type": "tabbar", "tabItems": ["home", "modal"],
          "elements": [{ "kind": "button", "text": "Go", "target": "modal" }] },
        { "name": "modal", "title": "Modal", "children": ["list", "nowhere"] },
        { "name": "list", "title": "Again", "subroutes": ["modal"] }
        """#
    private let bars = #"[{ "name": "bar", "buttons": [{ "title": "Add", "target": "modal" }] }]"#

    @Test func edgesAreBuiltInDefinitionOrder() throws {
        let graph = try graph(routes, navigations: bars)
        #expect(
            graph.edges(at: 0).map { "\($0.kind.rawValue) \($0.from) → \($0.to) via \($0.via)" } == [
                "push home → list via subroute",
                "push home → modal via navigation button 'Add'",
                "present home → modal via action 'open'",
            ])
        #expect(
            graph.edges(at: 1).map { "\($0.kind.rawValue) \($0.to) via \($0.via)" } == [
                "selectTab home via tab", "selectTab modal via tab", "push modal via button 'Go'",
            ])
        #expect(graph.edges(at: 2).map(\.toPosition) == [1])
        // A later definition of a key leads nowhere of its own.
        #expect(graph.edges(at: 3).isEmpty)
        #expect(graph.adjacency.map(\.count) == [3, 3, 1, 0])
        #expect(graph.edges(from: "list").map(\.to) == ["home", "modal", "modal"])
    }

    @Test func linkTargetsAreThePositionsOfTheFirstDefinitions() throws {
        let graph = try graph(routes, navigations: bars)
        #expect((0..<3).map { graph.target(ofLink: $0, at: 0) } == [1, nil, nil])
        #expect((0..<2).map { graph.target(ofLink: $0, at: 1) } == [0, 2])
        #expect((0..<2).map { graph.target(ofLink: $0, at: 2) } == [1, nil])
        #expect(graph.target(ofLink: 0, at: 3) == 2)
    }

    @Test func reachabilityFollowsEveryKindOfStep() throws {
        let graph = try graph(
            #"""
            { "name": "home", "title": "Home", "actions": { "a": { "push": "one" } } },
            { "name": "one", "title": "One", "elements": [{ "kind": "button", "text": "x", "task": "push", "param": "two" }] },
            { "name": "two", "title": "Two", "children": ["three"] },
            { "name": "three", "title": "Three" },
            { "name": "alone", "title": "Alone", "subroutes": ["home"] }
            """#)
        #expect(graph.reachable(from: "home") == [true, true, true, true, false])
        #expect(graph.reachable(after: [1]) == [false, false, true, true, false])
        #expect(graph.reachable(from: "nowhere") == [false, false, false, false, false])
    }
}
