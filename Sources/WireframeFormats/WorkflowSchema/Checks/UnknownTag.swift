import WireframeModel

/// S01: a tag that is neither registered nor a parameter name of any class, for example `tabItem`.
enum UnknownTagCheck {
    static let code: DiagnosticCode = "WF1101"
    static let definition = DiagnosticDefinition(
        code, [.error], "unknown tag, with \"did you mean\" (`tabItem` → `tabBarItem`)", check: "S01")

    static func diagnostic(tag: String, parentDefinition: TagDefinition, at location: SourceLocation) -> Diagnostic {
        let candidates = TagRegistry.tagNames + parentDefinition.parameters.map(\.name)
        return Diagnostic(
            .error, code, message(tag) + (suggestion(for: tag, in: candidates).map { "; did you mean '\($0)'?" } ?? ""), at: location)
    }

    /// The nearest candidate by edit distance, else the shortest candidate that contains the name's
    /// letters in order with at most three more (so `tabItem` suggests `tabBarItem`).
    static func suggestion(for tag: String, in candidates: [String]) -> String? {
        if let closest = Suggestions.closest(to: tag, in: candidates) { return closest }
        let letters = Array(tag.lowercased())
        func contains(_ candidate: String) -> Bool {
            var index = 0
            for character in candidate.lowercased() where index < letters.count && character == letters[index] { index += 1 }
            return index == letters.count
        }
        return candidates.filter { $0.count > tag.count && $0.count - tag.count <= 3 && contains($0) }
            .min { ($0.count, $0) < ($1.count, $1) }
    }

    static func message(_ tag: String) -> String { "unknown tag '\(tag)'" }
}
