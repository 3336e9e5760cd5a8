import WireframeModel

/// D02: a keyPath proxy without `default` as the only value of a mandatory parameter that is
/// created eagerly (for example `<screen keyPath>` in a navigation's `viewControllers`): when the
/// key is missing the object lacks the parameter ("Missing mandatory parameters"). Silent under
/// templates and sendMessage response actions (their data is unknown) and for `schema`.
enum ProxySlotCheck {
    static let code: DiagnosticCode = "WF1702"

    static func run(_ graph: SchemaGraph, into diagnostics: inout [Diagnostic]) {
        guard let root = graph.controllers.first?.object else { return }
        visit(root, quiet: false, into: &diagnostics)
    }

    /// Checks an object and then its children, in document order. Recursive: the builder keeps
    /// no element deeper than the reader's depth limit, and a stack of copies cost a reference
    /// count per object and per push.
    private static func visit(_ object: SchemaObject, quiet: Bool, into diagnostics: inout [Diagnostic]) {
        if !quiet, object.mode == .ordinary {
            // Parameters are tested in the storage; a parameter (name and values) is made only
            // for one whose values are all proxies without `default` (an empty one reports nothing).
            object.forEachParameter(where: { storage, values in
                !values.isEmpty && values.allSatisfy { position in
                    guard case .object(let value) = storage.values[position], case .proxy = storage.nodes[Int(value)].mode else { return false }
                    return !storage.hasParameter("default", of: Int(value))
                }
            }) { parameter in
                guard let definition = object.definition.parameter(parameter.name), definition.isMandatory, !definition.isLazy else { return }
                for case .object(let proxy) in parameter.values {
                    guard case .proxy(let keyPath) = proxy.mode, keyPath != "schema" else { continue }
                    diagnostics.append(Diagnostic(.warning, code, message(keyPath, parameter: definition.name, tag: object.tag), at: proxy.location))
                }
            }
        }
        let isProxy = object.isProxy
        let isSendMessage = object.schemaClass == .sendMessage
        object.forEachChild { parameter, child in
            let nestedQuiet = quiet || (isProxy && parameter == "template") || (isSendMessage && parameter == "actions")
            visit(child, quiet: nestedQuiet, into: &diagnostics)
        }
    }

    static func message(_ keyPath: String, parameter: String, tag: String) -> String {
        "'\(keyPath)' may be missing, and mandatory parameter '\(parameter)' of '\(tag)' has no other value; add a 'default'"
    }
}
