import WireframeModel

/// P02: a value of the wrong kind for its parameter (a view in `title`, a showAlert as a
/// loadSchema `successAction`, text in `view`).
enum WrongValueKindCheck {
    static let code: DiagnosticCode = "WF1202"
    static let definition = DiagnosticDefinition(code, [.error], "value of the wrong kind", check: "P02")

    static func diagnostic(
        parameter: String, tag: String, expected: [SchemaClass], found: String, at location: SourceLocation
    ) -> Diagnostic {
        Diagnostic(.error, code, message(parameter, tag: tag, expected: expected, found: found), at: location)
    }

    /// `found`: what `describe` gives for the value.
    static func unroutedDiagnostic(tag: String, found: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.error, code, unroutedMessage(found, tag: tag), at: location)
    }

    static func describe(_ value: SchemaValue) -> String {
        switch value {
        case .text: "text"
        case .object(let object): "'\(object.tag)'"
        }
    }

    static func message(_ parameter: String, tag: String, expected: [SchemaClass], found: String) -> String {
        let kinds = expected.map(\.displayName).joined(separator: " or ")
        return "parameter '\(parameter)' of '\(tag)' expects \(kinds), found \(found)"
    }

    static func unroutedMessage(_ found: String, tag: String) -> String { "\(found) cannot be used in '\(tag)'" }
}
