import WireframeModel

/// S04: a parameter tag (or a demoted tag) at the top level of the document. A tag that is neither
/// registered nor any class's parameter name is most often a misspelt object tag
/// (`<viewControler>`), so it gets the nearest registered tag as a suggestion, as WF1101 does
/// one level deeper.
enum TopLevelParameterCheck {
    static let code: DiagnosticCode = "WF1104"
    static let definition = DiagnosticDefinition(
        code, [.error], "parameter tag at top level; a tag no class knows gets \"did you mean\" (`viewControler` → `viewController`)",
        check: "S04")

    static func diagnostic(tag: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.error, code, message(tag) + (suggestion(for: tag).map { "; did you mean '\($0)'?" } ?? ""), at: location)
    }

    static func message(_ tag: String) -> String {
        "'\(tag)' is a parameter tag and cannot be a top-level element"
    }

    /// The registered tag nearest to an unknown one; nothing for a registered tag or a real
    /// parameter name, which are not misspellings.
    static func suggestion(for tag: String) -> String? {
        guard TagRegistry.definition(of: tag) == nil, !TagRegistry.allParameterNames.contains(tag) else { return nil }
        return UnknownTagCheck.suggestion(for: tag, in: TagRegistry.tagNames)
    }
}
