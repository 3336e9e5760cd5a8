public import WireframeModel

/// WF0108: an element `target`, a `push` task, an action or a contained screen names no route.
public struct TargetDefinedRule: Rule {
    public init() {}
    public var code: DiagnosticCode { "WF0108" }
    public var severities: [Severity] { [.error] }
    public var summary: String { "element targets, `push` tasks, action targets and contained screens name routes" }

    public func check(_ context: ValidationContext, into diagnostics: inout [Diagnostic]) {
        func report(_ what: String, _ name: String, at location: SourceLocation) {
            diagnostics.append(
                Diagnostic(
                    .error, code, Self.message(what, name) + Suggestions.didYouMean(name, in: context.targetNames),
                    at: location))
        }
        let screens = context.wireframe.screens
        // Only links that name no screen can be undefined: the graph has listed them.
        for unresolved in context.graph.unresolvedLinks {
            let link = screens[unresolved.position].links[unresolved.link]
            if link.kind == .child && !context.isScreen(link: unresolved.link, at: unresolved.position) {
                report("contained screen", link.target, at: link.location)
            }
        }
        // A screen all of whose steps the graph found to name screens (and that has no
        // `popToView`) has no undefined element or action target: only the others are walked.
        for position in context.contents.withElementsOrActions where !context.graph.stepsResolved(at: position) {
            let screen = screens[position]
            screen.forEachElement { element in
                for trigger in element.pointee.triggers {
                    switch trigger.effect {
                    case .target(let target) where !context.isTarget(target):
                        report("target", target, at: trigger.location)
                    case .task("push", let parameter?) where !context.isScreen(parameter):
                        report("'push' task route", parameter, at: trigger.parameterLocation ?? trigger.location)
                    default:
                        break
                    }
                }
            }
            for named in screen.actions {
                for action in named.action.flattened {
                    let location = action.targetLocation ?? action.location
                    switch action.kind {
                    case .push(let target), .present(let target), .branch(let target), .replaceRoot(let target):
                        if !context.isScreen(target) {
                            report("'\(Self.keyword(action.kind))' target", target, at: location)
                        }
                    case .popToView(let target):
                        if !context.isScreen(target) { report("'popToView' target", target, at: location) }
                    case .task("push", let parameter?):
                        if !context.isScreen(parameter) {
                            report("'push' task route", parameter, at: action.parameterLocation ?? location)
                        }
                    default:
                        break
                    }
                }
            }
        }
    }

    static func keyword(_ kind: ActionKind) -> String {
        switch kind {
        case .push: "push"
        case .present: "present"
        case .branch: "branch"
        case .replaceRoot: "replaceRoot"
        default: "action"
        }
    }

    static func message(_ what: String, _ name: String) -> String { "\(what) '\(name)' is not defined" }
}
