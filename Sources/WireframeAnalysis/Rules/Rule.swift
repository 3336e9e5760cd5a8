public import WireframeModel

/// One validation rule: a stable code, a default severity and a check over the whole wireframe.
///
/// Rules collect every finding; none stops at the first. Each rule lives in its own file
/// with its messages at the bottom of that file.
public protocol Rule: Sendable {
    /// The stable code, `WF0xxx`.
    var code: DiagnosticCode { get }
    /// What the rule checks, in one line.
    var summary: String { get }
    /// Appends what the rule finds.
    func check(_ context: ValidationContext, into diagnostics: inout [Diagnostic])
}

/// What rules share: the wireframe, its screens by key and its navigation graph, computed once.
public struct ValidationContext: Sendable {
    /// The wireframe as read.
    public let wireframe: Wireframe
    /// The navigation graph.
    public let graph: NavigationGraph
    /// For each position in the wireframe's screens, whether the root reaches it.
    public let reachable: [Bool]

    /// Builds the context of a wireframe.
    public init(_ wireframe: Wireframe) {
        self.wireframe = wireframe
        let graph = NavigationGraph(wireframe)
        self.graph = graph
        self.reachable = graph.reachable(from: wireframe.root)
    }

    /// Whether a name can be a target: a defined screen or a built-in route.
    public func isTarget(_ name: String) -> Bool { graph.contains(name) || BuiltIns.isRoute(name) }

    /// Whether a screen with this key is defined.
    public func isScreen(_ name: String) -> Bool { graph.contains(name) }

    /// The first screen defined with a key.
    public func screen(_ name: String) -> Screen? { graph.screen(name) }

    /// Names a target could have been meant as, for "did you mean".
    public var targetNames: [String] { wireframe.screens.map(\.key) + BuiltIns.routes }
}
