public import WireframeModel

/// WF0109: a task that is not built in, or a built-in task without the parameter it needs.
public struct KnownTaskRule: Rule {
    public init() {}
    public var code: DiagnosticCode { "WF0109" }
    public var severities: [Severity] { [.error] }
    public var summary: String { "tasks are built in (`pop`; `push` with a route; `url` with an address)" }

    public func check(_ context: ValidationContext, into diagnostics: inout [Diagnostic]) {
        guard context.wireframe.sourceFormat == .json else { return }
        func check(_ name: String, _ parameter: String?, at location: SourceLocation) {
            if !BuiltIns.isTask(name) {
                diagnostics.append(
                    Diagnostic(
                        .error, code, Self.unknown(name) + Suggestions.didYouMean(name, in: BuiltIns.tasks), at: location))
            } else if name != "pop", parameter?.isEmpty ?? true {
                diagnostics.append(Diagnostic(.error, code, Self.needsParameter(name), at: location))
            }
        }
        for position in context.contents.withElementsOrActions {
            let screen = context.wireframe.screens[position]
            screen.forEachElement { element in
                for trigger in element.pointee.triggers {
                    if case .task(let name, let parameter) = trigger.effect { check(name, parameter, at: trigger.location) }
                }
            }
            for named in screen.actions {
                named.action.forEachAction { action in
                    if case .task(let name, let parameter) = action.kind {
                        check(name, parameter, at: action.targetLocation ?? action.location)
                    }
                }
            }
        }
    }

    static func unknown(_ name: String) -> String {
        "unknown task '\(name)'; the tasks are 'pop', 'push' and 'url'"
    }

    static func needsParameter(_ name: String) -> String {
        name == "push" ? "task 'push' needs a route name in 'param'" : "task 'url' needs an address in 'param'"
    }
}
