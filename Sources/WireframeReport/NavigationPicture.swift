public import WireframeAnalysis
public import WireframeModel

/// Writes a wireframe's navigation graph, or a comparison of two, as Graphviz DOT.
///
/// The bytes depend on the wireframes alone (screens in definition order, edges in the order the
/// graph gives them), so that pictures can be compared as golden files.
public struct NavigationPicture: Sendable {
    /// Above this many screens a comparison shows only the changed screens and their neighbours,
    /// and a picture's layout is simplified: `dot` took 33 minutes to lay out a generated
    /// 1,000-screen app as a small one is laid out.
    public static let defaultScreenLimit = 150

    /// What happened to a screen in a comparison.
    public enum Change: String, Sendable, Hashable {
        /// New in the later wireframe.
        case added
        /// Gone from the later wireframe.
        case removed
        /// Changed content.
        case modified
    }

    /// The most screens drawn before a comparison keeps to the changed ones.
    public var screenLimit: Int

    /// Creates a writer.
    public init(screenLimit: Int = NavigationPicture.defaultScreenLimit) {
        self.screenLimit = screenLimit
    }

    /// The DOT text of one wireframe's graph.
    public func dot(_ wireframe: Wireframe) -> String {
        dot(old: nil, new: wireframe, changes: [:])
    }

    /// The DOT text of a comparison: the later wireframe's graph with the earlier one's removed
    /// screens, coloured by change, with a legend.
    public func dot(old: Wireframe?, new: Wireframe?, diff: WireframeDiff) -> String {
        var changes: [String: Change] = [:]
        for screen in diff.screens {
            switch screen.kind {
            case .added: changes[screen.key] = .added
            case .removed: changes[screen.key] = .removed
            case .modified, .renamed: changes[screen.key] = .modified
            }
        }
        return dot(old: old, new: new, changes: changes, legend: true)
    }

    private struct Node {
        var key: String
        var title: String
        var change: Change?
    }

    private struct Edge: Hashable {
        var from: String
        var to: String
        var kind: StepKind
        var way: NavigationWay
        var removed: Bool
    }

    private func dot(old: Wireframe?, new: Wireframe?, changes: [String: Change], legend: Bool = false) -> String {
        let newGraph = new.map { NavigationGraph($0) }
        let oldGraph = old.map { NavigationGraph($0) }
        var nodes: [Node] = []
        var seen: Set<String> = []
        var edges: [Edge] = []
        if let newGraph {
            for (position, screen) in newGraph.screens.enumerated() where seen.insert(screen.key).inserted {
                nodes.append(Node(key: screen.key, title: screen.title, change: changes[screen.key]))
                for edge in newGraph.edges(at: position) {
                    edges.append(Edge(from: edge.from, to: edge.to, kind: edge.kind, way: edge.way, removed: false))
                }
            }
        }
        if let oldGraph {
            for (position, screen) in oldGraph.screens.enumerated()
            where changes[screen.key] == .removed && seen.insert(screen.key).inserted {
                nodes.append(Node(key: screen.key, title: screen.title, change: .removed))
                for edge in oldGraph.edges(at: position) {
                    edges.append(Edge(from: edge.from, to: edge.to, kind: edge.kind, way: edge.way, removed: true))
                }
            }
        }
        let root = (new ?? old)?.root ?? ""
        let graph = newGraph ?? oldGraph
        let reachable = graph.map { graph in
            let flags = graph.reachable(from: root)
            return Set(graph.screens.indices.filter { flags[$0] }.map { graph.screens[$0].key })
        }
        var note: String?
        if nodes.count > screenLimit, !changes.isEmpty {
            var kept = Set(changes.keys)
            for edge in edges where changes[edge.from] != nil || changes[edge.to] != nil {
                kept.insert(edge.from)
                kept.insert(edge.to)
            }
            note = "Only the \(changes.count) changed screens and their neighbours of \(nodes.count) screens are drawn."
            nodes = nodes.filter { kept.contains($0.key) }
            edges = edges.filter { kept.contains($0.from) && kept.contains($0.to) }
        }
        // Above the limit, even after keeping to the changed screens, the layout is simplified;
        // else `dot` runs for half an hour (1,000 screens, 2,600 links of `wiregen.py single
        // 1000`: over 30 minutes as drawn below the limit). The screens' columns (ranks) come
        // from one shortest-way tree from the first screen (the edges of a breadth-first
        // search); every other link is drawn with `constraint=false`, so it no longer pulls
        // screens into 750 columns of mostly empty places to order and place (14 s). Its label
        // is an `xlabel`: a labelled `constraint=false` edge makes Graphviz 2.43 fail ("trouble
        // in init_rank"). `nslimit` bounds the placement's iterations (6 s) and `splines=line`
        // draws links straight instead of routing them around boxes (4 s). Without the tree,
        // those two with `mclimit=0.01, remincross=false` still took 80 s. The figures are in
        // docs/PERFORMANCE.md.
        var treeEdges: Set<Edge> = []
        if nodes.count > screenLimit {
            treeEdges = Self.shortestWayTree(nodes.map(\.key), edges: edges, root: root)
            let simplified =
                "\(nodes.count) screens: columns follow the shortest way from the first screen; other links are straight lines."
            note = note.map { "\($0) \(simplified)" } ?? simplified
        }
        var text = "digraph navigation {\n"
        text += "  graph [rankdir=LR, fontname=\"sans-serif\", fontsize=11"
        if let note { text += ", labelloc=t, label=\(Self.quoted(note))" }
        if nodes.count > screenLimit { text += ", nslimit=1, nslimit1=1, splines=line" }
        text += "];\n"
        text += "  node [shape=box, style=\"rounded,filled\", fillcolor=\"#ffffff\", fontname=\"sans-serif\", fontsize=11];\n"
        text += "  edge [fontname=\"sans-serif\", fontsize=9];\n"
        for node in nodes {
            var attributes = ["label=\(Self.label(node.title.isEmpty ? node.key : "\(node.title)\n\(node.key)"))"]
            attributes.append("id=\(Self.quoted("screen-\(node.key)"))")
            if node.key == root { attributes.append("peripheries=2") }
            switch node.change {
            case .added: attributes.append("color=\"#1a7f37\", fillcolor=\"#dafbe1\"")
            case .removed: attributes.append("color=\"#cf222e\", fillcolor=\"#ffebe9\", style=\"rounded,filled,dashed\"")
            case .modified: attributes.append("color=\"#9a6700\", fillcolor=\"#fff8c5\"")
            case nil:
                if let reachable, !reachable.contains(node.key) {
                    attributes.append("fontcolor=\"#57606a\", xlabel=\"unreachable\", style=\"rounded,filled,dotted\"")
                }
            }
            text += "  \(Self.quoted(node.key)) [\(attributes.joined(separator: ", "))];\n"
        }
        let drawn = Set(nodes.map(\.key))
        var written: Set<Edge> = []
        for edge in edges where drawn.contains(edge.from) && drawn.contains(edge.to) && written.insert(edge).inserted {
            var attributes = Self.style(edge.kind, way: edge.way)
            if edge.removed { attributes.append("color=\"#cf222e\"") }
            if nodes.count > screenLimit, !treeEdges.contains(edge) {
                attributes = attributes.map { $0.hasPrefix("label=") ? "x" + $0 : $0 } + ["constraint=false"]
            }
            text += "  \(Self.quoted(edge.from)) -> \(Self.quoted(edge.to)) [\(attributes.joined(separator: ", "))];\n"
        }
        if legend { text += Self.legend }
        text += "}\n"
        return text
    }

    /// The legend of a comparison: what the colours of screens and the lines of links mean.
    static let legend = """
          subgraph cluster_legend {
            label="Legend"; fontsize=9;
            legend_added [label="added", color="#1a7f37", fillcolor="#dafbe1"];
            legend_removed [label="removed", color="#cf222e", fillcolor="#ffebe9", style="rounded,filled,dashed"];
            legend_modified [label="modified", color="#9a6700", fillcolor="#fff8c5"];
            legend_from [label="a screen"];
            legend_to [label="the screen it opens"];
            legend_from -> legend_to [color="\(barButtonColour)", label="navigation-bar button"];
            legend_from -> legend_to [color="\(elementColour)", label="element on the screen"];
            legend_from -> legend_to [style=bold, label="tab"];
            legend_from -> legend_to [style=dashed, label="presented"];
            legend_from -> legend_to [style=dotted, label="action"];
          }

        """

    /// The edges of a breadth-first search from the root, then from each screen not yet reached,
    /// in the screens' order: one edge into each screen at most, and no cycle.
    private static func shortestWayTree(_ keys: [String], edges: [Edge], root: String) -> Set<Edge> {
        var outgoing: [String: [Edge]] = [:]
        for edge in edges { outgoing[edge.from, default: []].append(edge) }
        let drawn = Set(keys)
        var reached: Set<String> = []
        var tree: Set<Edge> = []
        for start in [root] + keys where drawn.contains(start) && reached.insert(start).inserted {
            var queue = [start]
            var next = 0
            while next < queue.count {
                let key = queue[next]
                next += 1
                for edge in outgoing[key] ?? [] where drawn.contains(edge.to) && reached.insert(edge.to).inserted {
                    tree.insert(edge)
                    queue.append(edge.to)
                }
            }
        }
        return tree
    }

    /// The look of an edge: its colour by what a person taps (a navigation-bar button blue, an
    /// element purple), its line by how it moves (a tab bold, a presentation dashed, an action
    /// dotted), and its label what the person does.
    private static func style(_ kind: StepKind, way: NavigationWay) -> [String] {
        var attributes: [String] = []
        switch way {
        case .barButton: attributes.append("color=\"\(barButtonColour)\"")
        case .element: attributes.append("color=\"\(elementColour)\"")
        default: break
        }
        if case .action = way {
            attributes.append("style=dotted")
        } else if kind == .selectTab {
            attributes.append("style=bold")
        } else if kind == .present || kind == .branch {
            attributes.append("style=dashed")
        }
        attributes.append("label=\(label(way.gesture))")
        return attributes
    }

    private static let barButtonColour = "#0969da"
    private static let elementColour = "#8250df"

    /// The longest label drawn, in characters: a longer title or text is cut there and ends in
    /// an ellipsis (Graphviz refuses a string of 16,384 bytes and more, and a box as wide as a
    /// paragraph helps nobody).
    static let labelLimit = 80

    /// A label as drawn: each line of it at most ``labelLimit`` characters.
    static func label(_ value: String) -> String {
        quoted(
            value.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                line.count > labelLimit ? line.prefix(labelLimit - 1) + "…" : String(line)
            }.joined(separator: "\n"))
    }

    /// A DOT string literal: quotes and backslashes escaped, line breaks as `\n`, other control
    /// characters left out (a NUL makes Graphviz refuse the file; names stored before they were
    /// refused may hold them).
    static func quoted(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += " "
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
