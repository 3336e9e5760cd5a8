import WireframeModel

/// D02: a keyPath proxy without `default` as the only value of a mandatory parameter that is
/// created eagerly (for example `<screen keyPath>` in a navigation's `viewControllers`): when the
/// key is missing the object lacks the parameter ("Missing mandatory parameters"). Silent under
/// templates and sendMessage response actions (their data is unknown) and for `schema`.
enum ProxySlotCheck {
    static let code: DiagnosticCode = "WF1702"

    static func run(_ graph: SchemaGraph, into diagnostics: inout [Diagnostic]) {
        guard let root = graph.controllers.first?.object else { return }
        let arena = root.arena
        visit(Int(root.index), in: arena.storage, arena: arena, quiet: false, into: &diagnostics)
    }

    /// Checks an object and then its children, in document order. Recursive: the builder keeps
    /// no element deeper than the reader's depth limit. The walk reads the storage by position:
    /// a view per child cost a reference count on the storage, and the check reads every object.
    private static func visit(
        _ node: Int, in storage: SchemaStorage, arena: SchemaArena, quiet: Bool, into diagnostics: inout [Diagnostic]
    ) {
        let parameters = Int(storage.nodes[node].parameters.lowerBound)..<Int(storage.nodes[node].parameters.upperBound)
        if !quiet, case .ordinary = storage.nodes[node].mode {
            // A parameter (name and values) is made only for one whose values are all proxies
            // without `default` (an empty one reports nothing).
            for at in parameters {
                let values = Int(storage.parameters[at].values.lowerBound)..<Int(storage.parameters[at].values.upperBound)
                let allBareProxies = !values.isEmpty && values.allSatisfy { position in
                    guard case .object(let value) = storage.values[position], case .proxy = storage.nodes[Int(value)].mode else { return false }
                    return !storage.hasParameter("default", of: Int(value))
                }
                guard allBareProxies else { continue }
                let object = SchemaObject(arena, Int32(node))
                let parameter = SchemaParameter.stored(in: arena, at: at)
                guard let definition = object.definition.parameter(parameter.name), definition.isMandatory, !definition.isLazy else { continue }
                for case .object(let proxy) in parameter.values {
                    guard case .proxy(let keyPath) = proxy.mode, keyPath != "schema" else { continue }
                    diagnostics.append(Diagnostic(.warning, code, message(keyPath, parameter: definition.name, tag: object.tag), at: proxy.location))
                }
            }
        }
        let isProxy = if case .proxy = storage.nodes[node].mode { true } else { false }
        let isSendMessage = storage.nodes[node].schemaClass == .sendMessage
        for at in parameters {
            let values = Int(storage.parameters[at].values.lowerBound)..<Int(storage.parameters[at].values.upperBound)
            for value in values {
                guard case .object(let child) = storage.values[value] else { continue }
                let nestedQuiet =
                    quiet || (isProxy && storage.name(storage.parameters[at].name) == "template")
                    || (isSendMessage && storage.name(storage.parameters[at].name) == "actions")
                visit(Int(child), in: storage, arena: arena, quiet: nestedQuiet, into: &diagnostics)
            }
        }
    }

    static func message(_ keyPath: String, parameter: String, tag: String) -> String {
        "'\(keyPath)' may be missing, and mandatory parameter '\(parameter)' of '\(tag)' has no other value; add a 'default'"
    }
}
