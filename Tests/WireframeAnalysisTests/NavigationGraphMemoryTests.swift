import Foundation
import Testing
@testable import WireframeAnalysis
import WireframeFormats
import WireframeModel
import WireframeTestSupport

/// A graph that takes what it can from the graph of the version before (the daemon's case) is
/// the graph built from scratch, and validation on it finds what a full validation finds.
@Suite("Navigation graph from the version before")
struct NavigationGraphMemoryTests {
    /// One generated version: its routes (name and JSON object text) and navigation bars.
    struct Version {
        var root = "s0"
        var routes: [(name: String, text: String)] = []
        var bars: String = "[]"

        var text: String {
            // One route per line, as an editor writes them, so that routes are taken from memory.
            let routeLines = routes.map { "    " + $0.text }.joined(separator: ",\n")
            return "{\n  \"appName\": \"App\",\n  \"root\": \"\(root)\",\n  \"navigations\": \(bars),\n  \"routes\": [\n\(routeLines)\n  ]\n}\n"
        }
    }

    static func route(_ name: String, _ random: inout SplitMix64, names: [String]) -> String {
        func target() -> String {
            switch Int.random(in: 0..<10, using: &random) {
            case 0: "missing\(Int.random(in: 0..<3, using: &random))"
            case 1: "pop"
            default: names.randomElement(using: &random) ?? "s0"
            }
        }
        var fields = [#""name": "\#(name)""#, #""title": "T\#(Int.random(in: 0..<100, using: &random))""#]
        if Bool.random(using: &random) { fields.append(#""subroutes": [\#((0..<Int.random(in: 1...3, using: &random)).map { _ in "\"\(target())\"" }.joined(separator: ", "))]"#) }
        if Int.random(in: 0..<4, using: &random) == 0 {
            fields.append(#""type": "tabbar", "tabItems": ["\#(target())", "\#(target())"]"#)
        }
        if Int.random(in: 0..<3, using: &random) == 0 {
            fields.append(#""elements": [{ "kind": "button", "text": "Go", "target": "\#(target())" }, { "kind": "button", "text": "Push", "task": "push", "param": "\#(target())" }]"#)
        }
        if Int.random(in: 0..<3, using: &random) == 0 {
            fields.append(#""actions": { "open": { "present": "\#(target())" }, "go": { "sequence": [{ "push": "\#(target())" }, { "replaceRoot": "\#(target())" }] } }"#)
        }
        if Int.random(in: 0..<5, using: &random) == 0 { fields.append(#""navigation": "bar\#(Int.random(in: 0..<2, using: &random))""#) }
        if Int.random(in: 0..<4, using: &random) == 0 { fields.append(#""dependencies": ["id"]"#) }
        if Int.random(in: 0..<8, using: &random) == 0 {
            fields.append(#""subroutes": [{ "name": "\#(name)-inline", "title": "In", "subroutes": ["\#(target())"] }]"#)
        }
        return "{ " + fields.joined(separator: ", ") + " }"
    }

    /// An edit: routes changed, added, removed (often the target of others' transitions),
    /// renamed, moved, duplicated; the root or the navigation bars changed.
    static func edit(_ version: Version, _ random: inout SplitMix64, next: inout Int) -> Version {
        var version = version
        let names = version.routes.map(\.name)
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            switch Int.random(in: 0..<12, using: &random) {
            case 0...4 where !version.routes.isEmpty:
                let index = Int.random(in: 0..<version.routes.count, using: &random)
                version.routes[index].text = route(version.routes[index].name, &random, names: names)
            case 5:
                let name = "s\(next)"
                next += 1
                version.routes.insert((name, route(name, &random, names: names + [name])), at: Int.random(in: 0...version.routes.count, using: &random))
            case 6 where version.routes.count > 1:
                version.routes.remove(at: Int.random(in: 0..<version.routes.count, using: &random))
            case 7 where !version.routes.isEmpty:
                let index = Int.random(in: 0..<version.routes.count, using: &random)
                let name = "s\(next)"
                next += 1
                version.routes[index] = (name, route(name, &random, names: names))
            case 8 where version.routes.count > 1:
                let from = Int.random(in: 0..<version.routes.count, using: &random)
                let moved = version.routes.remove(at: from)
                version.routes.insert(moved, at: Int.random(in: 0...version.routes.count, using: &random))
            case 9 where !version.routes.isEmpty:
                let copied = version.routes[Int.random(in: 0..<version.routes.count, using: &random)]
                version.routes.insert(copied, at: Int.random(in: 0...version.routes.count, using: &random))
            case 10:
                version.root = names.randomElement(using: &random) ?? "s0"
            case 11:
                version.bars = Bool.random(using: &random)
                    ? #"[{ "name": "bar0", "buttons": [{ "title": "Add", "target": "\#(names.randomElement(using: &random) ?? "s0")" }] }]"#
                    : "[]"
            default:
                // Text put in before a route: every route after it moves.
                if let index = version.routes.indices.randomElement(using: &random) { version.routes[index].text += " " }
            }
        }
        return version
    }

    /// Everything the graph answers, position by position.
    static func expectSame(_ graph: NavigationGraph, _ full: NavigationGraph, _ context: String) {
        #expect(graph.screens.count == full.screens.count, "\(context)")
        guard graph.screens.count == full.screens.count else { return }
        #expect(graph.canonicalPosition == full.canonicalPosition, "\(context)")
        #expect(graph.distinctKeyCount == full.distinctKeyCount, "\(context)")
        #expect(graph.unresolvedLinks == full.unresolvedLinks, "\(context)")
        #expect(graph.index == full.index, "\(context)")
        #expect(graph.reachable(from: graph.root) == full.reachable(from: full.root), "\(context)")
        for position in full.screens.indices {
            #expect(Array(graph.successors(at: position)) == Array(full.successors(at: position)), "\(context) at \(position)")
            #expect(graph.edges(at: position) == full.edges(at: position), "\(context) at \(position)")
            for link in full.screens[position].links.indices {
                #expect(graph.target(ofLink: link, at: position) == full.target(ofLink: link, at: position), "\(context) at \(position)")
            }
            #expect(graph.position(of: full.screens[position].key) == full.position(of: full.screens[position].key), "\(context)")
        }
    }

    /// With `asTheDaemonKeepsIt`, the graph before is kept without its screens
    /// (``NavigationGraph/withoutScreens()``) and each read moves the screens of the read before.
    @Test(arguments: [false, true])
    func aGraphFromTheVersionBeforeIsTheFullGraph(asTheDaemonKeepsIt: Bool) throws {
        var random = SplitMix64(seed: 9)
        var next = 40
        var version = Version()
        let names = (0..<40).map { "s\($0)" }
        version.routes = names.map { ($0, Self.route($0, &random, names: names)) }
        let reader = JSONWireframeReader()
        let validator = Validator()
        var memory: JSONReadMemory?
        var lastGraph: NavigationGraph?
        var lastKeys: [String] = []
        var reusedScreens = 0
        var reusedKeys = 0
        var changedFindings = 0
        var lastFindings: [Diagnostic] = []
        for step in 0..<400 {
            if step > 0 { version = Self.edit(version, &random, next: &next) }
            let read = asTheDaemonKeepsIt ? reader.read(Array(version.text.utf8), movingScreensOf: &memory) : reader.read(Array(version.text.utf8), after: memory)
            memory = read.memory
            let wireframe = try #require(read.wireframe)
            let graphMemory = lastGraph.map { GraphMemory(previous: $0, origins: read.screenOrigins) }
            let (findings, graph) = validator.validate(wireframe, after: graphMemory)
            let full = NavigationGraph(wireframe)
            Self.expectSame(graph, full, "step \(step)")
            #expect(findings == validator.validate(wireframe), "step \(step)")
            if lastGraph != nil, lastKeys == wireframe.screens.map(\.key) {
                reusedKeys += 1
                reusedScreens += read.screenOrigins.enumerated().filter { $0.element == $0.offset }.count
            }
            if findings.map(\.message) != lastFindings.map(\.message) { changedFindings += 1 }
            lastFindings = findings
            lastGraph = asTheDaemonKeepsIt ? graph.withoutScreens() : graph
            lastKeys = wireframe.screens.map(\.key)
            if asTheDaemonKeepsIt { #expect(lastGraph?.screens.isEmpty == true) }
        }
        // The sequence exercises what it is meant to: graphs taken in part, findings that change.
        #expect(reusedKeys > 100)
        #expect(reusedScreens > 2_000)
        #expect(changedFindings > 50)
    }

    /// A transition to a screen that is then removed, and the screen put back.
    @Test func aRemovedTargetIsFoundUndefinedAndUnreachableOnesChange() throws {
        let routes = [
            #"{ "name": "home", "title": "Home", "subroutes": ["a", "b"] }"#,
            #"{ "name": "a", "title": "A", "elements": [{ "kind": "button", "text": "Go", "target": "c" }] }"#,
            #"{ "name": "b", "title": "B" }"#,
            #"{ "name": "c", "title": "C", "actions": { "open": { "push": "d" } } }"#,
            #"{ "name": "d", "title": "D" }"#,
        ]
        func text(_ routes: [String]) -> [UInt8] {
            Array(("{\n  \"appName\": \"App\",\n  \"root\": \"home\",\n  \"routes\": [\n    " + routes.joined(separator: ",\n    ") + "\n  ]\n}\n").utf8)
        }
        let reader = JSONWireframeReader()
        let validator = Validator()
        let first = reader.read(text(routes), after: nil)
        let (_, graph) = validator.validate(try #require(first.wireframe), after: nil)
        // `c` renamed to `x`: `a`'s button leads nowhere, `d` is no longer reachable.
        var edited = routes
        edited[3] = #"{ "name": "x", "title": "C", "actions": { "open": { "push": "d" } } }"#
        let second = reader.read(text(edited), after: first.memory)
        #expect(second.screenOrigins == [0, 1, 2, -1, 4])
        let wireframe = try #require(second.wireframe)
        let (findings, secondGraph) = validator.validate(wireframe, after: GraphMemory(previous: graph, origins: second.screenOrigins))
        #expect(findings == validator.validate(wireframe))
        #expect(findings.map(\.code.rawValue).sorted() == ["WF0108", "WF0201", "WF0201"])
        Self.expectSame(secondGraph, NavigationGraph(wireframe), "renamed")
        // Put back, with a line put in before the routes: every route is taken, moved.
        let third = reader.read(Array(String(decoding: text(routes), as: UTF8.self).replacingOccurrences(of: "\"routes\"", with: "\n\"routes\"").utf8), after: second.memory)
        let back = try #require(third.wireframe)
        let (backFindings, backGraph) = validator.validate(back, after: GraphMemory(previous: secondGraph, origins: third.screenOrigins))
        #expect(backFindings == validator.validate(back))
        Self.expectSame(backGraph, NavigationGraph(back), "put back")
    }
}
