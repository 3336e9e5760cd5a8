import WireframeModel

/// M10: an action name that looks like a lifecycle event (the same ignoring case, or within two
/// edits of viewDidLoad, viewWillAppear, …) but is not exactly one, and that no message in the file
/// targets: it never fires (§3.6, names are case-sensitive).
enum LifecycleTypoCheck {
    static let code: DiagnosticCode = "WF1410"
    static let definition = DiagnosticDefinition(
        code, [.warning], "action name that looks like a lifecycle event (case, or two edits) and that no message targets", check: "M10")

    static func run(_ graph: SchemaGraph, reach: MessageReach, into diagnostics: inout [Diagnostic]) {
        for controller in graph.controllers {
            // The names the mapper read: the attribute is looked up only for a finding.
            for (position, name) in controller.actionNames.enumerated() {
                guard !name.isEmpty, mayBeLike(name), !isLifecycleName(name), !reach.allNames.contains(name),
                    let event = lifecycleEvent(like: name), let attribute = controller.actions[position].attribute("name")
                else { continue }
                diagnostics.append(Diagnostic(.warning, code, message(attribute.value, event: event), at: attribute.valueLocation))
            }
        }
    }

    /// Whether a name is exactly a lifecycle event's. The lengths are compared first: those
    /// names have 11 to 17 bytes, and most action names have another length.
    static func isLifecycleName(_ name: String) -> Bool {
        lifecycleLengths.contains(name.utf8.count) && NamedAction.lifecycleNames.contains(name)
    }

    /// The lengths in bytes of the lifecycle names, from the shortest to the longest.
    static let lifecycleLengths: ClosedRange<Int> = {
        let counts = NamedAction.lifecycleNames.map(\.utf8.count)
        return (counts.min() ?? 0)...(counts.max() ?? 0)
    }()

    /// Whether `lifecycleEvent(like:)` can find an event for the name, by its length alone: an
    /// ASCII name lowercases to as many scalars as it has bytes, and one more than two scalars
    /// longer or shorter than every event's is neither equal to one nor within two edits. A
    /// name that is not ASCII is always looked at.
    static func mayBeLike(_ name: String) -> Bool {
        let bytes = name.utf8.count
        if bytes >= loweredLengths.lowerBound - 2, bytes <= loweredLengths.upperBound + 2 { return true }
        return !name.utf8.allSatisfy { $0 < 0x80 }
    }

    /// The lengths in scalars of the lowercased lifecycle names, from the shortest to the longest.
    static let loweredLengths: ClosedRange<Int> = {
        let counts = loweredLifecycleNames.map(\.count)
        return (counts.min() ?? 0)...(counts.max() ?? 0)
    }()

    /// The lifecycle name that `name` is probably a misspelling of.
    static func lifecycleEvent(like name: String) -> String? {
        let lowered = name.lowercased()
        let count = lowered.unicodeScalars.count
        // More than two characters longer or shorter is more than two edits: no distance to compute.
        return loweredLifecycleNames.first {
            $0.lowered == lowered
                || (abs($0.count - count) <= 2 && Suggestions.distance(lowered, $0.lowered, limit: 2) <= 2)
        }?.name
    }

    /// The lifecycle names in their order, lowercased once, with their lengths in scalars.
    static let loweredLifecycleNames: [(name: String, lowered: String, count: Int)] = NamedAction.lifecycleNames.map {
        ($0, $0.lowercased(), $0.lowercased().unicodeScalars.count)
    }

    static func message(_ name: String, event: String) -> String {
        "action '\(name)' never fires: no message targets it and it is not the lifecycle event '\(event)' (names are case-sensitive)"
    }
}
