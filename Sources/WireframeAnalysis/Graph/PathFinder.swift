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
        guard let startPosition = graph.index[start], let goalPosition = graph.index[goal] else { return nil }
        if startPosition == goalPosition { return [] }
        let moves = allMoves()
        var previous: [NavigationEdge?] = Array(repeating: nil, count: graph.screens.count)
        var seen = Array(repeating: false, count: graph.screens.count)
        seen[startPosition] = true
        var queue = [startPosition]
        var head = 0
        search: while head < queue.count {
            let current = queue[head]
            head += 1
            for edge in moves[current] where !seen[edge.toPosition] {
                seen[edge.toPosition] = true
                previous[edge.toPosition] = edge
                if edge.toPosition == goalPosition { break search }
                queue.append(edge.toPosition)
            }
        }
        guard previous[goalPosition] != nil else { return nil }
        var steps: [PathStep] = []
        var cursor = goalPosition
        while cursor != startPosition, let edge = previous[cursor] {
            steps.append(PathStep(edge: edge, needs: graph.screens[edge.toPosition].dependencies.sorted()))
            cursor = edge.fromPosition
        }
        return steps.reversed()
    }

    /// Forward edges plus the ways back, by starting position.
    private func allMoves() -> [[NavigationEdge]] {
        var moves = graph.adjacency
        for edges in graph.adjacency {
            for edge in edges {
                func back(_ kind: StepKind, _ via: String, to target: NavigationEdge) {
                    moves[edge.toPosition].append(NavigationEdge(
                        from: edge.to, to: target.from, kind: kind, via: via, location: target.location,
                        fromPosition: edge.toPosition, toPosition: target.fromPosition))
                }
                switch edge.kind {
                case .push:
                    back(.pop, "back", to: edge)
                case .present, .branch:
                    back(.dismiss, "close", to: edge)
                case .selectTab:
                    for sibling in edges where sibling.kind == .selectTab && sibling.toPosition != edge.toPosition {
                        moves[edge.toPosition].append(NavigationEdge(
                            from: edge.to, to: sibling.to, kind: .selectTab, via: "tab", location: sibling.location,
                            fromPosition: edge.toPosition, toPosition: sibling.toPosition))
                    }
                case .replaceRoot, .show, .pop, .dismiss:
                    break
                }
            }
        }
        return moves
    }
}
