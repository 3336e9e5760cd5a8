public import WireframeModel

/// WF0105: a navigation-bar button targets no route or built-in route.
public struct NavigationButtonTargetRule: Rule {
    public init() {}
    public var code: DiagnosticCode { "WF0105" }
    public var severities: [Severity] { [.error] }
    public var summary: String { "every navigation-bar button targets a route or a built-in route" }

    public func check(_ context: ValidationContext, into diagnostics: inout [Diagnostic]) {
        for bar in context.wireframe.navigationBars {
            for button in bar.buttons where !context.isTarget(button.target) {
                diagnostics.append(
                    Diagnostic(
                        .error, code,
                        Self.message(button.target, bar: bar.name) + Suggestions.didYouMean(button.target, in: context.targetNames),
                        at: button.targetLocation ?? button.location))
            }
        }
    }

    static func message(_ target: String, bar: String) -> String {
        "navigation button target '\(target)' in navigation '\(bar)' is not defined"
    }
}
