public import WireframeModel

/// A transition recovered from the model with the chain that causes it (spec §5.9).
public struct WorkflowSchemaTransition: Hashable, Sendable {
    /// The screen whose element or lifecycle event starts the chain.
    public var source: String
    /// The steps: the element and its message, then each action (and relayed message) on the way.
    public var chain: [String]
    /// What happens: `push`, `present`, `replaceRoot`, `pop`, `dismiss` or `loadSchema`.
    public var kind: String
    /// The target screen key (or the loaded path), empty for `pop` and `dismiss`.
    public var target: String
}

/// Recovers transitions and their trigger chains from a wireframe read from WorkflowSchema.
///
/// The model stores each element's triggers (`.message`), each screen's named actions, and each
/// screen's `parent` (the controller that created it). A chain is recovered as: element trigger →
/// message → the first action of the owning screen with that name (or its first unnamed action) →
/// the action's nested actions, depth first; a `send` to `delegate` continues at the parent
/// screen, a `send` to `self` at the same screen. Actions named after lifecycle events start
/// chains of their own.
public enum WorkflowSchemaTransitions {
    /// Every transition, in screen order, then element order.
    public static func list(_ wireframe: Wireframe) -> [WorkflowSchemaTransition] {
        var result: [WorkflowSchemaTransition] = []
        for screen in wireframe.screens {
            for element in screen.allElements {
                for trigger in element.triggers {
                    guard case .message(let message) = trigger.effect else { continue }
                    var start = "\(element.kind)"
                    if let reference = element.reference {
                        start += " '\(reference)'"
                    } else if let text = element.text {
                        start += " \"\(text)\""
                    }
                    if let event = trigger.event { start += " \(event)" }
                    follow(
                        message, from: screen, in: wireframe, chain: [start, "message '\(message.name)'"], depth: 0, into: &result,
                        source: screen.key)
                }
            }
            if screen.container == .table {
                // A cell without a message makes the table perform `didSelectCell`.
                for element in screen.allElements
                where element.kind == "tableCell" && !element.triggers.contains(where: { $0.event == nil }) {
                    let start = "tableCell" + (element.text.map { " \"\($0)\"" } ?? "")
                    let message = Message(name: "didSelectCell", destination: .self)
                    follow(
                        message, from: screen, in: wireframe, chain: [start, "didSelectCell"], depth: 0, into: &result, source: screen.key)
                }
            }
            for action in screen.actions {
                guard let name = action.name, NamedAction.lifecycleNames.contains(name), screen.container != .form,
                    screen.container != .table
                else { continue }
                collect(
                    action.action, screen: screen, in: wireframe, chain: ["lifecycle \(name)"], depth: 0, into: &result, source: screen.key)
            }
        }
        return result
    }

    static func follow(
        _ message: Message, from screen: Screen, in wireframe: Wireframe, chain: [String], depth: Int,
        into result: inout [WorkflowSchemaTransition], source: String
    ) {
        if screen.container == .form, message.name == "submit" {
            // A form handles `submit` itself and then performs `didSubmit` (or `didNotSubmit`).
            var submitted = message
            submitted.name = "didSubmit"
            follow(submitted, from: screen, in: wireframe, chain: chain + ["form submits"], depth: depth + 1, into: &result, source: source)
            return
        }
        guard depth < 8, let handler = screen.actions.first(where: { ($0.name ?? "").isEmpty || $0.name == message.name }) else { return }
        let label = handler.name.map { "action '\($0)' in '\(screen.key)'" } ?? "unnamed action in '\(screen.key)'"
        collect(handler.action, screen: screen, in: wireframe, chain: chain + [label], depth: depth, into: &result, source: source)
    }

    static func collect(
        _ action: Action, screen: Screen, in wireframe: Wireframe, chain: [String], depth: Int,
        into result: inout [WorkflowSchemaTransition], source: String
    ) {
        switch action.kind {
        case .push(let target): result.append(WorkflowSchemaTransition(source: source, chain: chain, kind: "push", target: target))
        case .present(let target): result.append(WorkflowSchemaTransition(source: source, chain: chain, kind: "present", target: target))
        case .replaceRoot(let target):
            result.append(WorkflowSchemaTransition(source: source, chain: chain, kind: "replaceRoot", target: target))
        case .pop: result.append(WorkflowSchemaTransition(source: source, chain: chain, kind: "pop", target: ""))
        case .dismiss: result.append(WorkflowSchemaTransition(source: source, chain: chain, kind: "dismiss", target: ""))
        case .sequence(let actions):
            for nested in actions {
                collect(nested, screen: screen, in: wireframe, chain: chain, depth: depth, into: &result, source: source)
            }
        case .loadSchema(let path, let success, let failure):
            result.append(WorkflowSchemaTransition(source: source, chain: chain, kind: "loadSchema", target: path))
            if let success {
                collect(
                    success, screen: screen, in: wireframe, chain: chain + ["loaded '\(path)'"], depth: depth, into: &result, source: source
                )
            }
            if let failure {
                collect(
                    failure, screen: screen, in: wireframe, chain: chain + ["failed '\(path)'"], depth: depth, into: &result, source: source
                )
            }
        case .conditional(let condition, let success, let failure):
            if let success {
                collect(
                    success, screen: screen, in: wireframe, chain: chain + ["if \(condition)"], depth: depth, into: &result, source: source)
            }
            if let failure {
                collect(
                    failure, screen: screen, in: wireframe, chain: chain + ["unless \(condition)"], depth: depth, into: &result,
                    source: source)
            }
        case .send(let message):
            let next: Screen? =
                switch message.destination {
                case .self: screen
                case .delegate, .parent: screen.parent.flatMap { wireframe.screen($0) }
                default: nil
                }
            if let next {
                follow(
                    message, from: next, in: wireframe, chain: chain + ["relay '\(message.name)' to '\(next.key)'"], depth: depth + 1,
                    into: &result, source: source)
            }
        default:
            break
        }
    }
}
