public import WireframeModel

/// WF0104: a tab item names no route.
public struct TabItemDefinedRule: Rule {
    public init() {}
    public var code: DiagnosticCode { "WF0104" }
    public var summary: String { "every tab item names a route" }

    public func check(_ context: ValidationContext, into diagnostics: inout [Diagnostic]) {
        for (position, screen) in context.wireframe.screens.enumerated() {
            for (index, link) in screen.links.enumerated() where link.kind == .tab && !context.isScreen(link: index, at: position) {
                diagnostics.append(Diagnostic(
                    .error, code,
                    Self.message(link.target) + Suggestions.didYouMean(link.target, in: context.wireframe.screens.map(\.key)),
                    at: link.location))
            }
        }
    }

    static func message(_ name: String) -> String { "tab item '\(name)' is not defined" }
}
