public import WireframeModel

/// WF0107: an element triggers an action its route does not define.
public struct ElementActionDefinedRule: Rule {
    public init() {}
    public var code: DiagnosticCode { "WF0107" }
    public var severities: [Severity] { [.error] }
    public var summary: String { "an element's `action` names an action of its route" }

    public func check(_ context: ValidationContext, into diagnostics: inout [Diagnostic]) {
        // Only screens where the navigation graph saw an element trigger an action (or whose
        // elements it did not walk) can have a finding.
        for position in context.contents.withElements where context.graph.mayHaveElementActions(at: position) {
            let screen = context.wireframe.screens[position]
            // The list of names is made only for a finding ("did you mean"): made per screen, it
            // cost an array and its growth for every screen with elements.
            let actions = screen.actions
            screen.forEachElement { element in
                for trigger in element.pointee.triggers {
                    guard case .action(let name) = trigger.effect, !actions.contains(where: { $0.name == name }) else { continue }
                    let names = actions.compactMap(\.name)
                    diagnostics.append(
                        Diagnostic(
                            .error, code, Self.message(name, route: screen.key) + Suggestions.didYouMean(name, in: names),
                            at: trigger.location))
                }
            }
        }
    }

    static func message(_ name: String, route: String) -> String {
        "action '\(name)' is not defined in the actions of route '\(route)'"
    }
}
