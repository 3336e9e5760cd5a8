public import WireframeModel

/// WF0201: a route that no path from the root reaches.
public struct UnreachableRouteRule: Rule {
    public init() {}
    public var code: DiagnosticCode { "WF0201" }
    public var summary: String { "every route can be reached from the root" }

    public func check(_ context: ValidationContext, into diagnostics: inout [Diagnostic]) {
        let root = context.wireframe.root
        guard context.screen(root) != nil else { return }  // WF0102 says why
        let screens = context.wireframe.screens
        for position in screens.indices
        where !context.reachable[position] && context.graph.canonicalPosition[position] == position {
            let screen = screens[position]
            diagnostics.append(Diagnostic(
                .warning, code, Self.message(screen.key, root: root),
                at: screen.locations.key ?? screen.locations.definition))
        }
    }

    static func message(_ name: String, root: String) -> String {
        "route '\(name)' cannot be reached from root '\(root)'"
    }
}
