import WireframeModel

/// D02: a keyPath proxy without `default` as the only value of a mandatory parameter that is
/// created eagerly (for example `<screen keyPath>` in a navigation's `viewControllers`): when the
/// key is missing the object lacks the parameter ("Missing mandatory parameters"). Silent under
/// templates and sendMessage response actions (their data is unknown) and for `schema`.
enum ProxySlotCheck {
    static let code: DiagnosticCode = "WF1702"
    static let definition = DiagnosticDefinition(
        code, [.warning], "keyPath proxy without `default` as the only value of an eager mandatory parameter", check: "D02")

    /// Whether D02 looks at an object: not at all (a file whose root is no ordinary
    /// controller, or a parse alone), quietly (under a template or a sendMessage response
    /// action: reports nothing there), or fully.
    enum Walk {
        case off, quiet, checked

        /// What a child in the parameter of that name gets, under an object of this walk.
        @inline(__always)
        func child(isProxy: Bool, isSendMessage: Bool, parameter: String) -> Walk {
            guard self == .checked else { return self }
            return (isProxy && parameter == "template") || (isSendMessage && parameter == "actions") ? .quiet : .checked
        }
    }

    /// Checks one ordinary object (not under a template or a response action). `ObjectChecks`
    /// calls it in its walk of every object, in document order, for a file whose root is an
    /// ordinary controller (where the routing checks run): the check reads every object, and
    /// a walk of its own cost a second visit of each.
    static func visit(_ object: SchemaObject, into diagnostics: inout [Diagnostic]) {
        let arena = object.arena
        let storage = arena.storage
        let node = Int(object.index)
        let parameters = Int(storage.nodes[node].parameters.lowerBound)..<Int(storage.nodes[node].parameters.upperBound)
        // A parameter (name and values) is made only for one whose values are all proxies
        // without `default` (an empty one reports nothing).
        for at in parameters {
            let values = Int(storage.parameters[at].values.lowerBound)..<Int(storage.parameters[at].values.upperBound)
            let allBareProxies =
                !values.isEmpty
                && values.allSatisfy { position in
                    guard case .object(let value) = storage.values[position], case .proxy = storage.nodes[Int(value)].mode else {
                        return false
                    }
                    return !storage.hasParameter("default", of: Int(value))
                }
            guard allBareProxies else { continue }
            let parameter = SchemaParameter.stored(in: arena, at: at)
            guard let definition = object.definition.parameter(parameter.name), definition.isMandatory, !definition.isLazy else { continue }
            for case .object(let proxy) in parameter.values {
                guard case .proxy(let keyPath) = proxy.mode, keyPath != "schema" else { continue }
                diagnostics.append(
                    Diagnostic(.warning, code, message(keyPath, parameter: definition.name, tag: object.tag), at: proxy.location))
            }
        }
    }

    static func message(_ keyPath: String, parameter: String, tag: String) -> String {
        "'\(keyPath)' may be missing, and mandatory parameter '\(parameter)' of '\(tag)' has no other value; add a 'default'"
    }
}
