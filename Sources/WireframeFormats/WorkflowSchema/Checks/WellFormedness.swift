import WireframeModel

/// X01: the file is not well-formed XML. Every error the XML parser reports is fatal, even
/// where the platform parser would recover.
enum WellFormednessCheck {
    static let code: DiagnosticCode = "WF1001"

    static func diagnostic(_ detail: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.error, code, "XML is not well-formed: \(detail)", at: location)
    }

    /// A message for a libxml2 error code (the codes the platform parser reports).
    static func describe(code: Int) -> String {
        switch code {
        case 4: "the document is empty"
        case 5: "extra content or premature end of the document"
        case 9: "invalid character"
        case 23: "'>' expected"
        case 26: "undeclared entity"
        case 38, 39, 40: "attribute value expected"
        case 41: "attribute without value"
        case 42: "attribute given twice"
        case 57: "an XML declaration is only allowed at the start of the document"
        case 68: "name expected"
        case 72: "'<' expected"
        case 73: "'>' expected"
        case 76: "end tag does not match the open element"
        case 77: "tag not finished"
        case 85: "elements are not well balanced"
        case 86: "extra content at the end of the document"
        default: "parse error \(code)"
        }
    }
}
