public import WireframeModel

/// WF0106: a route's `navigation` names no entry of `navigations`.
public struct NavigationBarDefinedRule: Rule {
    public init() {}
    public var code: DiagnosticCode { "WF0106" }
    public var severities: [Severity] { [.error] }
    public var summary: String { "a route's `navigation` names an entry of `navigations`" }

    public func check(_ context: ValidationContext, into diagnostics: inout [Diagnostic]) {
        let names = context.wireframe.navigationBars.map(\.name)
        for position in context.contents.withNavigationBar {
            let screen = context.wireframe.screens[position]
            guard let name = screen.navigationBar, !names.contains(name) else { continue }
            diagnostics.append(
                Diagnostic(
                    .error, code, Self.message(name) + Suggestions.didYouMean(name, in: names),
                    at: screen.locations.navigationBar ?? screen.locations.definition))
        }
    }

    static func message(_ name: String) -> String { "navigation '\(name)' is not defined in 'navigations'" }
}
