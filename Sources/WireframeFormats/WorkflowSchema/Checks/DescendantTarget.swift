import WireframeModel

/// M05: a `descendant` message whose `destinationName` matches no controller among the
/// performer's possible descendants (stack and tab children, hosted controllers, controllers
/// that stack members push), matches several (the last wins), or whose target lacks the action;
/// a close descendant name or action name is suggested.
enum DescendantTargetCheck {
    static let code: DiagnosticCode = "WF1405"
    static let definition = DiagnosticDefinition(
        code, [.warning], "no, several, or action-less descendant target, with \"did you mean\" for a close name", check: "M05")

    static func run(_ graph: SchemaGraph, into diagnostics: inout [Diagnostic]) {
        for send in graph.sends {
            guard case .action = send.sender, send.message.destination == .descendant,
                let name = send.message.destinationName, !name.isEmpty
            else { continue }
            var candidates: [Int] = []
            var stack = graph.controllers[send.owner].children.reversed() as [Int]
            var seen = Set<Int>()
            var names: [String] = []
            while let index = stack.popLast() {
                guard seen.insert(index).inserted else { continue }
                if let found = graph.controllers[index].object.workflowName, !found.isEmpty {
                    if found == name { candidates.append(index) } else { names.append(found) }
                }
                let node = graph.controllers[index]
                stack += (node.children + node.shown).reversed()
            }
            guard let target = candidates.last else {
                diagnostics.append(
                    Diagnostic(.warning, code, noTargetMessage(name) + Suggestions.didYouMean(name, in: names), at: send.message.location))
                continue
            }
            if candidates.count > 1 {
                diagnostics.append(Diagnostic(.warning, code, severalMessage(name, count: candidates.count), at: send.message.location))
            }
            if !RoutingChecks.handles(graph.controllers[target], send.message.name) {
                diagnostics.append(
                    Diagnostic(
                        .warning, code,
                        noActionMessage(send.message.name, target: name)
                            + RoutingChecks.didYouMean(send.message.name, in: graph.controllers[target]), at: send.message.location))
            }
        }
    }

    static func noTargetMessage(_ name: String) -> String { "no descendant controller is named '\(name)'" }
    static func severalMessage(_ name: String, count: Int) -> String {
        "\(count) descendant controllers are named '\(name)'; the last one receives the message"
    }
    static func noActionMessage(_ message: String, target: String) -> String {
        "descendant '\(target)' has no action for message '\(message)'"
    }
}
