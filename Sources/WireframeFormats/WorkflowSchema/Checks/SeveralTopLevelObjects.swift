import WireframeModel

/// X06: more than one top-level object; each overwrites the previous one, so only the last is used.
enum SeveralTopLevelObjectsCheck {
    static let code: DiagnosticCode = "WF1006"
    static let definition = DiagnosticDefinition(code, [.warning], "several top-level objects (at each ignored one)", check: "X06")

    static func diagnostic(tag: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.warning, code, message(tag), at: location)
    }

    static func message(_ tag: String) -> String {
        "top-level '\(tag)' is ignored: only the last top-level object is used"
    }
}
