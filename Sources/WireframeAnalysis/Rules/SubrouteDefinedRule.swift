public import WireframeModel

/// WF0103: a subroute names no route or built-in route.
public struct SubrouteDefinedRule: Rule {
    public init() {}
    public var code: DiagnosticCode { "WF0103" }
    public var severities: [Severity] { [.error] }
    public var summary: String { "every subroute names a route or a built-in route" }

    public func check(_ context: ValidationContext, into diagnostics: inout [Diagnostic]) {
        // Only links that name no screen can be undefined: the graph has listed them.
        let screens = context.wireframe.screens
        for unresolved in context.graph.unresolvedLinks {
            let link = screens[unresolved.position].links[unresolved.link]
            guard link.kind == .subroute, !context.isScreen(link: unresolved.link, at: unresolved.position),
                !BuiltIns.isRoute(link.target)
            else { continue }
            diagnostics.append(
                Diagnostic(
                    .error, code, Self.message(link.target) + Suggestions.didYouMean(link.target, in: context.targetNames),
                    at: link.location))
        }
    }

    static func message(_ name: String) -> String { "subroute '\(name)' is not defined" }
}
