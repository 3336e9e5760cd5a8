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
/// A path may first climb back from the start screen: a pushed screen pops, a presented one is
/// dismissed, to a screen that opens it and that the root reaches (how the person got to the
/// start is not known, only that they came from the root). Once the path moves forward, going
/// back would only return to a screen already on it, so from then on it moves forward. The tabs
/// of a tab bar reach each other directly at any point. Breadth-first, edges in definition
/// order: the same wireframe always gives the same path.
public struct PathFinder: Sendable {
    /// The graph searched.
    public let graph: NavigationGraph

    /// Creates a path finder over a graph.
    public init(graph: NavigationGraph) {
        self.graph = graph
    }

    /// The steps from `start` to `goal`: empty when they are the same screen, nil when there is no way.
    public func path(from start: String, to goal: String) -> [PathStep]? {
        guard let startPosition = graph.position(of: start), let goalPosition = graph.position(of: goal) else { return nil }
        if startPosition == goalPosition { return [] }
        let reachable = graph.reachable(from: graph.root)
        let adjacency = graph.adjacency
        let (backward, tabs) = ways(adjacency: adjacency, reachable: reachable)
        // A state is a screen and whether the path is still climbing back (0) or moving forward (1).
        let count = graph.screens.count
        var previous: [(state: Int, edge: NavigationEdge)?] = Array(repeating: nil, count: count * 2)
        var seen = Array(repeating: false, count: count * 2)
        let first = startPosition * 2
        seen[first] = true
        var queue = [first]
        var head = 0
        var found: Int?
        search: while head < queue.count {
            let state = queue[head]
            head += 1
            let position = state / 2
            let climbing = state % 2 == 0
            var moves: [(NavigationEdge, Int)] = adjacency[position].map { ($0, $0.toPosition * 2 + 1) }
            moves += tabs[position].map { ($0, $0.toPosition * 2 + state % 2) }
            if climbing { moves += backward[position].map { ($0, $0.toPosition * 2) } }
            for (edge, next) in moves where !seen[next] {
                seen[next] = true
                previous[next] = (state, edge)
                if next / 2 == goalPosition {
                    found = next
                    break search
                }
                queue.append(next)
            }
        }
        guard var cursor = found else { return nil }
        var steps: [PathStep] = []
        while cursor != first, let (state, edge) = previous[cursor] {
            steps.append(PathStep(edge: edge, needs: graph.screens[edge.toPosition].dependencies.sorted()))
            cursor = state
        }
        return steps.reversed()
    }

    /// The ways back (to openers the root reaches) and the ways between tabs, by starting position.
    private func ways(
        adjacency: [[NavigationEdge]], reachable: [Bool]
    ) -> (backward: [[NavigationEdge]], tabs: [[NavigationEdge]]) {
        var backward: [[NavigationEdge]] = Array(repeating: [], count: graph.screens.count)
        var tabs: [[NavigationEdge]] = Array(repeating: [], count: graph.screens.count)
        for edges in adjacency {
            for edge in edges {
                switch edge.kind {
                case .push, .present, .branch:
                    guard reachable[edge.fromPosition] else { continue }
                    backward[edge.toPosition].append(
                        NavigationEdge(
                            from: edge.to, to: edge.from, kind: edge.kind == .push ? .pop : .dismiss,
                            way: edge.kind == .push ? .back : .close, location: edge.location,
                            fromPosition: edge.toPosition, toPosition: edge.fromPosition))
                case .selectTab:
                    for sibling in edges where sibling.kind == .selectTab && sibling.toPosition != edge.toPosition {
                        tabs[edge.toPosition].append(
                            NavigationEdge(
                                from: edge.to, to: sibling.to, kind: .selectTab, way: .tab, location: sibling.location,
                                fromPosition: edge.toPosition, toPosition: sibling.toPosition))
                    }
                case .replaceRoot, .show, .pop, .dismiss:
                    break
                }
            }
        }
        return (backward, tabs)
    }
}
