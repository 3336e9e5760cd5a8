import WireframeModel

/// S02: a registered tag written bare where its class is not among the parent's defaults, so it
/// is demoted to a parameter tag that the parent does not have. Names the wrapper parameters.
enum MisplacedTagCheck {
    static let code: DiagnosticCode = "WF1102"
    static let definition = DiagnosticDefinition(
        code, [.error], "registered tag not allowed bare here; names the wrapper parameters", check: "S02")

    static func diagnostic(
        tag: String, parent: String, childClass: SchemaClass, parentDefinition: TagDefinition, at location: SourceLocation
    ) -> Diagnostic {
        let wrappers = parentDefinition.parameters.filter { $0.accepts(childClass) }.map(\.name)
        return Diagnostic(.error, code, message(tag, parent: parent, wrappers: wrappers), at: location)
    }

    static func message(_ tag: String, parent: String, wrappers: [String]) -> String {
        if wrappers.isEmpty { return "'\(tag)' cannot appear inside '\(parent)'" }
        let list = wrappers.map { "'\($0)'" }.joined(separator: " or ")
        return "'\(tag)' cannot appear directly inside '\(parent)'; wrap it in \(list)"
    }
}
