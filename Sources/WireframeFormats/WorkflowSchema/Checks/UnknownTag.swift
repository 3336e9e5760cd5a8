public import WireframeModel

/// S01: a tag that is neither registered nor a parameter name of any class, for example `tabItem`.
enum UnknownTagCheck {
    static let code: DiagnosticCode = "WF1101"

    static func diagnostic(tag: String, parentDefinition: TagDefinition, at location: SourceLocation) -> Diagnostic {
        let candidates = TagRegistry.tagNames + parentDefinition.parameters.map(\.name)
        return Diagnostic(.error, code, message(tag) + Suggestions.didYouMean(tag, in: candidates), at: location)
    }

    static func message(_ tag: String) -> String { "unknown tag '\(tag)'" }
}
