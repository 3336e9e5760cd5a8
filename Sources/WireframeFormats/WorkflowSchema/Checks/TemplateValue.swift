import WireframeModel

/// D04: a keyPath tag with a `template` but no `valueName` whose value is statically known not to
/// be dictionaries: the owning controller stores literal text (or a string, number, bool or date)
/// under that key, and stored values win for parameters (§3.11). Each element must then be a
/// dictionary ("…contained illegal value of class…", §3.12).
enum TemplateValueCheck {
    static let code: DiagnosticCode = "WF1704"

    static func run(_ graph: SchemaGraph, into diagnostics: inout [Diagnostic]) {
        for controller in graph.controllers {
            var literal: [String: String] = [:]  // key → what is stored there
            var other = Set<String>()
            RoutingChecks.walkActions(of: controller) { action, _ in
                guard action.schemaClass == .storeValue, let key = action.text("name") else { return }
                switch action.values("value").first {
                case .text?:
                    literal[key] = "text"
                case .object(let value)? where value.mode == .ordinary && value.definition.kind == .value && value.tag != "null":
                    literal[key] = "a '\(value.tag)'"
                default:
                    other.insert(key)
                }
            }
            guard !literal.isEmpty else { continue }
            CheckSupport.ownedObjects(of: controller.object) { object, dynamic in
                guard !dynamic, case .proxy(let keyPath) = object.mode, object.has("template"), object.attribute("valueName") == nil,
                    !other.contains(keyPath), let stored = literal[keyPath]
                else { return }
                diagnostics.append(Diagnostic(.warning, code, message(keyPath, stored: stored), at: object.location))
            }
        }
    }

    static func message(_ keyPath: String, stored: String) -> String {
        "'\(keyPath)' holds \(stored), not dictionaries, so its 'template' cannot use it; add a 'valueName'"
    }
}
