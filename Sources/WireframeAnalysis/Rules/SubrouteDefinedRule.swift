public import WireframeModel

/// WF0103: a subroute names no route or built-in route.
public struct SubrouteDefinedRule: Rule {
    public init() {}
    public var code: DiagnosticCode { "WF0103" }
    public var summary: String { "every subroute names a route or a built-in route" }

    public func check(_ context: ValidationContext, into diagnostics: inout [Diagnostic]) {
        for screen in context.wireframe.screens {
            for link in screen.links where link.kind == .subroute && !context.isTarget(link.target) {
                diagnostics.append(Diagnostic(
                    .error, code, Self.message(link.target) + Suggestions.didYouMean(link.target, in: context.targetNames),
                    at: link.location))
            }
        }
    }

    static func message(_ name: String) -> String { "subroute '\(name)' is not defined" }
}
