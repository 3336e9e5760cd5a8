import WireframeModel

/// One step of a path, with the inputs the screen it arrives at needs.
public struct PathStep: Sendable, Hashable {
    /// The edge taken (for a step back, the reverse of the edge that led forward).
    public var edge: NavigationEdge
    /// The dependencies of the screen the step arrives at.
    public var needs: [String]
}

/// Finds the shortest way from one screen to another (seed 002's "automatic pathfinding").
///
/// Besides the forward edges, a pushed screen can pop back to the screen that pushed it, a
/// presented one can be dismissed back to its presenter, and the tabs of a tab bar reach each
/// other directly. Breadth-first, edges in definition order: the same wireframe gives the same path.
public struct PathFinder: Sendable {
    /// The graph searched.
    public let graph: NavigationGraph

    /// Creates a path finder over a graph.
    public init(graph: NavigationGraph) {
        self.graph = graph
    }

    /// The steps from `start` to `goal`: empty when they are the same screen, nil when there is no way.
    public func path(from start: String, to goal: String) -> [PathStep]? {
        guard graph.screens[start] != nil, graph.screens[goal] != nil else { return nil }
        if start == goal { return [] }
        let moves = allMoves()
        var previous: [String: NavigationEdge] = [:]
        var seen: Set<String> = [start]
        var queue = [start]
        var index = 0
        search: while index < queue.count {
            let current = queue[index]
            index += 1
            for edge in moves[current] ?? [] where seen.insert(edge.to).inserted {
                previous[edge.to] = edge
                if edge.to == goal { break search }
                queue.append(edge.to)
            }
        }
        guard previous[goal] != nil else { return nil }
        var steps: [PathStep] = []
        var cursor = goal
        while cursor != start, let edge = previous[cursor] {
            steps.append(PathStep(edge: edge, needs: graph.screens[edge.to]?.dependencies.sorted() ?? []))
            cursor = edge.from
        }
        return steps.reversed()
    }

    /// Forward edges plus the ways back, by starting screen.
    private func allMoves() -> [String: [NavigationEdge]] {
        var moves = graph.edges
        var backward: [String: [NavigationEdge]] = [:]
        for key in graph.edges.keys.sorted() {
            let edges = graph.edges[key] ?? []
            for edge in edges {
                switch edge.kind {
                case .push:
                    backward[edge.to, default: []].append(
                        NavigationEdge(from: edge.to, to: edge.from, kind: .pop, via: "back", location: edge.location))
                case .present, .branch:
                    backward[edge.to, default: []].append(
                        NavigationEdge(from: edge.to, to: edge.from, kind: .dismiss, via: "close", location: edge.location))
                case .selectTab:
                    for sibling in edges where sibling.kind == .selectTab && sibling.to != edge.to {
                        backward[edge.to, default: []].append(
                            NavigationEdge(from: edge.to, to: sibling.to, kind: .selectTab, via: "tab", location: sibling.location))
                    }
                case .replaceRoot, .show, .pop, .dismiss:
                    break
                }
            }
        }
        for (key, edges) in backward { moves[key, default: []] += edges }
        return moves
    }
}
