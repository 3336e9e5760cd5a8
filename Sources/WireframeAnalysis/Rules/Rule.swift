public import WireframeModel

/// One validation rule: a stable code, a default severity and a check over the whole wireframe.
///
/// Rules collect every finding; none stops at the first. Each rule lives in its own file
/// with its messages at the bottom of that file.
public protocol Rule: Sendable {
    /// The stable code, `WF0xxx`.
    var code: DiagnosticCode { get }
    /// The severities the rule gives, the usual one first.
    var severities: [Severity] { get }
    /// What the rule checks, in one line.
    var summary: String { get }
    /// Appends what the rule finds.
    func check(_ context: ValidationContext, into diagnostics: inout [Diagnostic])
}

extension Rule {
    /// The rule's code, severities and summary, as `docs/DIAGNOSTICS.md` lists them.
    public var definition: DiagnosticDefinition { DiagnosticDefinition(code, severities, summary) }
}

/// What rules share: the wireframe, its screens by key and its navigation graph, computed once.
public struct ValidationContext: Sendable {
    /// The wireframe as read.
    public let wireframe: Wireframe
    /// The navigation graph.
    public let graph: NavigationGraph
    /// For each position in the wireframe's screens, whether the root reaches it.
    public let reachable: [Bool]

    /// Paths that `loadSchema` actions load: names of other files' root screens. Whether they
    /// resolve is the cross-file checks' business (WF1601–WF1603), so rules take them as defined.
    public let loadedFiles: Set<String>

    /// Which screens have what the rules check.
    public let contents: ScreenContents

    /// Builds the context of a wireframe.
    public init(_ wireframe: Wireframe) {
        self.wireframe = wireframe
        // The graph's pass over the screens records what they have, for the rules.
        var contents = ScreenContents()
        let graph = NavigationGraph(wireframe, recording: &contents)
        self.contents = contents
        self.loadedFiles = contents.loadedFiles
        self.graph = graph
        self.reachable = graph.reachable(from: wireframe.root)
    }

    /// Whether a name can be a target: a defined screen or a built-in route.
    public func isTarget(_ name: String) -> Bool { isScreen(name) || BuiltIns.isRoute(name) }

    /// Whether a screen with this key is defined here, or is the root of a file loaded from here.
    public func isScreen(_ name: String) -> Bool { graph.contains(name) || loadedFiles.contains(name) }

    /// Whether the target of a link is a screen (as ``isScreen(_:)`` says), without looking its
    /// name up again: `link` counts in the `links` of the screen at `position`.
    public func isScreen(link: Int, at position: Int) -> Bool {
        if graph.target(ofLink: link, at: position) != nil { return true }
        return !loadedFiles.isEmpty && loadedFiles.contains(wireframe.screens[position].links[link].target)
    }

    /// The first screen defined with a key.
    public func screen(_ name: String) -> Screen? { graph.screen(name) }

    /// Names a target could have been meant as, for "did you mean".
    public var targetNames: [String] { wireframe.screens.map(\.key) + BuiltIns.routes }
}
