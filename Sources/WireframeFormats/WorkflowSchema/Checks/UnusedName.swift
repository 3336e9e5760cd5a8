import WireframeModel

/// S11: a `name` attribute on something that never uses it: a condition, a value, a message or a
/// gesture, or an action nested in multipleActions, conditionalAction or loadSchema (only the
/// top-level actions of a controller and sendMessage response actions are matched by name, §3.2).
enum UnusedNameCheck {
    static let code: DiagnosticCode = "WF1111"
    static let definition = DiagnosticDefinition(
        code, [.note],
        "`name` attribute never used: on a condition, value, message or gesture, or on an action nested in multipleActions, conditionalAction or loadSchema",
        check: "S11")

    /// Whether the check can report on the object (by its kind or class): `ObjectChecks` calls
    /// `run` only then, most objects being of no kind or class that reports.
    @inline(__always)
    static func applies(to object: SchemaObject) -> Bool {
        switch object.node.definition.kind {
        case .condition, .gesture, .value, .message: return true
        default: break
        }
        switch object.schemaClass {
        case .multipleActions, .conditionalAction, .loadSchema: return true
        default: return false
        }
    }

    static func run(_ object: SchemaObject, into diagnostics: inout [Diagnostic]) {
        // The kind first: most objects are of no kind that reports, and need no attribute search.
        switch object.node.definition.kind {
        case .condition, .gesture:
            if let attribute = object.attribute("name") {
                diagnostics.append(Diagnostic(.note, code, message(object.tag), at: attribute.location))
            }
        case .value, .message:
            if let attribute = object.attribute("name") {
                let hint = object.definition.parameter("name") != nil ? ownNameHint(object.tag) : ""
                diagnostics.append(Diagnostic(.note, code, message(object.tag) + hint, at: attribute.location))
            }
        default:
            break
        }
        let nestedParameters: [String] =
            switch object.schemaClass {
            case .multipleActions: ["actions"]
            case .conditionalAction, .loadSchema: ["successAction", "failureAction"]
            default: []
            }
        for parameter in nestedParameters {
            for nested in object.objects(parameter) {
                guard let attribute = nested.attribute("name") else { continue }
                diagnostics.append(Diagnostic(.note, code, nestedMessage(nested.tag, in: object.tag), at: attribute.location))
            }
        }
    }

    static func message(_ tag: String) -> String { "'name' on '\(tag)' is never used" }
    static func ownNameHint(_ tag: String) -> String { "; the \(tag)'s own name is its 'name' parameter or its text" }
    static func nestedMessage(_ tag: String, in parent: String) -> String {
        "'name' on '\(tag)' inside '\(parent)' is never used; only a controller's top-level actions are matched by name"
    }
}
