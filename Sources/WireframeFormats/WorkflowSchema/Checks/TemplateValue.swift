import WireframeModel

/// D04: a keyPath tag with a `template` but no `valueName` whose value is statically known not to
/// be dictionaries: the owning controller stores literal text (or a string, number, bool or date)
/// under that key, and stored values win for parameters (§3.11). Each element must then be a
/// dictionary ("…contained illegal value of class…", §3.12).
enum TemplateValueCheck {
    static let code: DiagnosticCode = "WF1704"
    static let definition = DiagnosticDefinition(
        code, [.warning],
        "keyPath tag with `template` and no `valueName` over a key its controller stores literal text (or a value tag) under", check: "D04")

    /// What one controller's actions store, gathered by the routing checks' walk (`RoutingChecks.walkActionChecks`).
    struct Found {
        var literal: [String: String] = [:]  // key → what is stored there
        var other = Set<String>()
    }

    /// Looks at one action of the controller.
    static func visit(_ action: SchemaObject, class schemaClass: SchemaClass, into found: inout Found) {
        guard schemaClass == .storeValue, let key = action.text("name") else { return }
        switch action.values("value").first {
        case .text?:
            found.literal[key] = "text"
        case .object(let value)? where value.mode == .ordinary && value.definition.kind == .value && value.tag != "null":
            found.literal[key] = "a '\(value.tag)'"
        default:
            found.other.insert(key)
        }
    }

    /// Reports once every action of the controller has been visited.
    static func finish(_ found: Found, controller: ControllerNode, into diagnostics: inout [Diagnostic]) {
        guard !found.literal.isEmpty else { return }
        CheckSupport.ownedObjects(of: controller.object) { object, dynamic in
            guard !dynamic, case .proxy(let keyPath) = object.mode, object.has("template"), object.attribute("valueName") == nil,
                !found.other.contains(keyPath), let stored = found.literal[keyPath]
            else { return }
            diagnostics.append(Diagnostic(.warning, code, message(keyPath, stored: stored), at: object.location))
        }
    }

    static func message(_ keyPath: String, stored: String) -> String {
        "'\(keyPath)' holds \(stored), not dictionaries, so its 'template' cannot use it; add a 'valueName'"
    }
}
