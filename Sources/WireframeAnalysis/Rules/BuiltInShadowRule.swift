public import WireframeModel

/// WF0112: a route defined with the name of a built-in route replaces it.
public struct BuiltInShadowRule: Rule {
    public init() {}
    public var code: DiagnosticCode { "WF0112" }
    public var summary: String { "routes do not take the names of built-in routes" }

    public func check(_ context: ValidationContext, into diagnostics: inout [Diagnostic]) {
        for screen in context.wireframe.screens where BuiltIns.isRoute(screen.key) && context.wireframe.sourceFormat == .json {
            diagnostics.append(Diagnostic(
                .warning, code, Self.message(screen.key), at: screen.locations.key ?? screen.locations.definition))
        }
    }

    static func message(_ name: String) -> String { "route '\(name)' replaces the built-in route '\(name)'" }
}
