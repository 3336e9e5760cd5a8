public import WireframeModel

/// WF0103: a subroute names no route or built-in route.
public struct SubrouteDefinedRule: Rule {
    public init() {}
    public var code: DiagnosticCode { "WF0103" }
    public var summary: String { "every subroute names a route or a built-in route" }

    public func check(_ context: ValidationContext, into diagnostics: inout [Diagnostic]) {
        for (position, screen) in context.wireframe.screens.enumerated() {
            for (index, link) in screen.links.enumerated()
            where link.kind == .subroute && !context.isScreen(link: index, at: position) && !BuiltIns.isRoute(link.target) {
                diagnostics.append(Diagnostic(
                    .error, code, Self.message(link.target) + Suggestions.didYouMean(link.target, in: context.targetNames),
                    at: link.location))
            }
        }
    }

    static func message(_ name: String) -> String { "subroute '\(name)' is not defined" }
}
