import WireframeModel

/// X09: text split by an entity reference, a comment or a CDATA section. The reader joins the
/// parts; the original keeps only the first part (parameter) or makes several values (object).
enum SplitTextCheck {
    static let code: DiagnosticCode = "WF1009"
    static let definition = DiagnosticDefinition(code, [.warning], "text split by entity, comment or CDATA (concatenated)", check: "X09")

    static func diagnostic(inParameter: Bool, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.warning, code, inParameter ? parameterMessage : objectMessage, at: location)
    }

    static let parameterMessage =
        "text is split by an entity reference, comment or CDATA section; the original keeps only the first part"
    static let objectMessage =
        "text is split by an entity reference, comment or CDATA section; the original makes several values of it"
}
