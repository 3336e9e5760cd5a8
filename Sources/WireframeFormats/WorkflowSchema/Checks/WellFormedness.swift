import WireframeModel

/// X01: the file is not well-formed XML. The first error stops the reader (`XMLTokenizer`).
enum WellFormednessCheck {
    static let code: DiagnosticCode = "WF1001"
    static let definition = DiagnosticDefinition(code, [.error], "not well-formed XML", check: "X01")

    static func diagnostic(_ detail: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.error, code, "XML is not well-formed: \(detail)", at: location)
    }

}
