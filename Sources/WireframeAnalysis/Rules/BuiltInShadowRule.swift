public import WireframeModel

/// WF0112: a route defined with the name of a built-in route replaces it.
public struct BuiltInShadowRule: Rule {
    public init() {}
    public var code: DiagnosticCode { "WF0112" }
    public var severities: [Severity] { [.warning] }
    public var summary: String { "a route with the name of a built-in route replaces it" }

    public func check(_ context: ValidationContext, into diagnostics: inout [Diagnostic]) {
        guard context.wireframe.sourceFormat == .json,
            BuiltIns.routes.contains(where: { context.graph.contains($0) })
        else { return }
        // Built-in routes are few: look them up instead of comparing every screen's key with them.
        for screen in context.wireframe.screens where BuiltIns.isRoute(screen.key) {
            diagnostics.append(
                Diagnostic(
                    .warning, code, Self.message(screen.key), at: screen.locations.key ?? screen.locations.definition))
        }
    }

    static func message(_ name: String) -> String { "route '\(name)' replaces the built-in route '\(name)'" }
}
