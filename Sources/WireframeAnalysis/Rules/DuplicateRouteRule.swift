public import WireframeModel

/// WF0101: two routes (inline ones included) with the same name.
public struct DuplicateRouteRule: Rule {
    public init() {}
    public var code: DiagnosticCode { "WF0101" }
    public var severities: [Severity] { [.error] }
    public var summary: String { "route names are unique, inline routes included" }

    public func check(_ context: ValidationContext, into diagnostics: inout [Diagnostic]) {
        let screens = context.wireframe.screens
        guard context.graph.distinctKeyCount != screens.count else { return }  // every key is unique
        let firstPositions = context.graph.canonicalPosition
        for (position, screen) in screens.enumerated() {
            let firstPosition = firstPositions[position]
            guard firstPosition != position else { continue }
            let original = screens[firstPosition]
            diagnostics.append(
                Diagnostic(
                    .error, code, Self.message(screen.key), at: screen.locations.key ?? screen.locations.definition,
                    notes: [DiagnosticNote(Self.note(screen.key), at: original.locations.key ?? original.locations.definition)]))
        }
    }

    static func message(_ name: String) -> String { "duplicate route name '\(name)'" }
    static func note(_ name: String) -> String { "'\(name)' is first defined here" }
}
