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
    /// The first definition of each screen key.
    public let screens: [String: Screen]
    /// The navigation graph.
    public let graph: NavigationGraph
    /// Keys reachable from the root.
    public let reachable: Set<String>

    /// Builds the context of a wireframe.
    public init(_ wireframe: Wireframe) {
        self.wireframe = wireframe
        let graph = NavigationGraph(wireframe)
        self.graph = graph
        self.screens = graph.screens
        self.reachable = graph.reachable(from: wireframe.root)
    }

    /// Whether a name can be a target: a defined screen or a built-in route.
    public func isTarget(_ name: String) -> Bool { screens[name] != nil || BuiltIns.isRoute(name) }

    /// Names a target could have been meant as, for "did you mean".
    public var targetNames: [String] { wireframe.screens.map(\.key) + BuiltIns.routes }
}
