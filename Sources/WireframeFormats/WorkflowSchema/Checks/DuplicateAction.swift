import WireframeModel

/// M08: two actions with the same name in one `actions` list (the later ones never run), and the
/// same among sendMessage response actions.
enum DuplicateActionCheck {
    static let code: DiagnosticCode = "WF1408"

    static func run(_ graph: SchemaGraph, into diagnostics: inout [Diagnostic]) {
        for controller in graph.controllers {
            check(controller.actions, into: &diagnostics)
            var stack = controller.actions
            while let action = stack.popLast() {
                if action.schemaClass == .sendMessage { check(action.objects("actions"), into: &diagnostics) }
                // Read from the storage: no parameter or value list is made per action.
                action.forEachChild { _, nested in
                    if nested.node.definition.kind == .action { stack.append(nested) }
                }
            }
        }
    }

    static func check(_ actions: [SchemaObject], into diagnostics: inout [Diagnostic]) {
        // Most lists hold a few names, compared one by one; a dictionary is built only for long ones.
        var few: [(name: String, location: SourceLocation)] = []
        var many: [String: SourceLocation]?
        for action in actions {
            guard let attribute = action.attribute("name"), !attribute.value.isEmpty else { continue }
            let name = attribute.value
            let earlier = if let many { many[name] } else { few.first { $0.name == name }?.location }
            if let earlier {
                diagnostics.append(Diagnostic(
                    .warning, code, message(name), at: attribute.valueLocation, notes: [DiagnosticNote(noteMessage, at: earlier)]))
            } else if many != nil {
                many?[name] = attribute.valueLocation
            } else {
                few.append((name, attribute.valueLocation))
                if few.count > 16 { many = Dictionary(uniqueKeysWithValues: few.map { ($0.name, $0.location) }) }
            }
        }
    }

    static func message(_ name: String) -> String { "action '\(name)' is defined again and never runs" }
    static let noteMessage = "the first action of that name is here"
}
