public import WireframeModel

/// WF0104: a tab item names no route.
public struct TabItemDefinedRule: Rule {
    public init() {}
    public var code: DiagnosticCode { "WF0104" }
    public var severities: [Severity] { [.error] }
    public var summary: String { "every tab item names a route" }

    public func check(_ context: ValidationContext, into diagnostics: inout [Diagnostic]) {
        // Only links that name no screen can be undefined: the graph has listed them.
        let screens = context.wireframe.screens
        for unresolved in context.graph.unresolvedLinks {
            let link = screens[unresolved.position].links[unresolved.link]
            guard link.kind == .tab, !context.isScreen(link: unresolved.link, at: unresolved.position) else { continue }
            diagnostics.append(
                Diagnostic(
                    .error, code,
                    Self.message(link.target) + Suggestions.didYouMean(link.target, in: screens.map(\.key)),
                    at: link.location))
        }
    }

    static func message(_ name: String) -> String { "tab item '\(name)' is not defined" }
}
