public import WireframeModel

/// WF0102: `root` names no route.
public struct RootDefinedRule: Rule {
    public init() {}
    public var code: DiagnosticCode { "WF0102" }
    public var severities: [Severity] { [.error] }
    public var summary: String { "`root` names a defined route" }

    public func check(_ context: ValidationContext, into diagnostics: inout [Diagnostic]) {
        let wireframe = context.wireframe
        guard let location = wireframe.locations.root, !context.isScreen(wireframe.root) else { return }
        diagnostics.append(
            Diagnostic(
                .error, code,
                Self.message(wireframe.root) + Suggestions.didYouMean(wireframe.root, in: wireframe.screens.map(\.key)),
                at: location))
    }

    static func message(_ name: String) -> String { "root route '\(name)' is not defined in 'routes'" }
}
