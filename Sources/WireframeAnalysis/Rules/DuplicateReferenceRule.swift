public import WireframeModel

/// WF0110: two elements of one route with the same `reference`.
public struct DuplicateReferenceRule: Rule {
    public init() {}
    public var code: DiagnosticCode { "WF0110" }
    public var severities: [Severity] { [.error] }
    public var summary: String { "element references are unique within a route" }

    public func check(_ context: ValidationContext, into diagnostics: inout [Diagnostic]) {
        // Only screens where the navigation graph saw two elements with references (or whose
        // elements it did not walk) can have a finding.
        for position in context.contents.withElements where context.graph.mayRepeatReferences(at: position) {
            let screen = context.wireframe.screens[position]
            var first: [String: SourceLocation] = [:]
            screen.forEachElement { element in
                guard let reference = element.pointee.reference else { return }
                let location = element.pointee.locations.reference ?? element.pointee.locations.definition
                if let original = first[reference] {
                    diagnostics.append(
                        Diagnostic(
                            .error, code, Self.message(reference, route: screen.key), at: location,
                            notes: [DiagnosticNote(Self.note(reference), at: original)]))
                } else {
                    first[reference] = location
                }
            }
        }
    }

    static func message(_ reference: String, route: String) -> String {
        "duplicate reference '\(reference)' in route '\(route)'"
    }

    static func note(_ reference: String) -> String { "'\(reference)' is first used here" }
}
