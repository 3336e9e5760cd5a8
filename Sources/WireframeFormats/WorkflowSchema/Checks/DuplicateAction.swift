import WireframeModel

/// M08: two actions with the same name in one `actions` list (the later ones never run), and the
/// same among sendMessage response actions.
enum DuplicateActionCheck {
    static let code: DiagnosticCode = "WF1408"
    static let definition = DiagnosticDefinition(code, [.warning], "duplicate action names (also among response actions)", check: "M08")

    static func run(_ graph: SchemaGraph, into diagnostics: inout [Diagnostic]) {
        for controller in graph.controllers {
            check(controller.actions, names: controller.actionNames, into: &diagnostics)
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
        check(actions, names: nil, into: &diagnostics)
    }

    /// `names`: the actions' names when known ("" for none; a controller's, which the mapper
    /// read): an attribute is then looked up only for a repeated name and the one it repeats.
    static func check(_ actions: [SchemaObject], names: [String]?, into diagnostics: inout [Diagnostic]) {
        if let names, names.count <= 16 {
            // A short list whose names are known: each name is compared with the ones before it
            // in place, without a list of the names seen (its allocation and growth per list).
            for position in names.indices where !names[position].isEmpty {
                let name = names[position]
                let count = name.utf8.count
                guard let earlier = names[..<position].firstIndex(where: { $0.utf8.count == count && $0 == name }),
                    let attribute = actions[position].attribute("name"), let first = actions[earlier].attribute("name")
                else { continue }
                diagnostics.append(
                    Diagnostic(
                        .warning, code, message(name), at: attribute.valueLocation,
                        notes: [DiagnosticNote(noteMessage, at: first.valueLocation)]))
            }
            return
        }
        // Most lists hold a few names, compared one by one; a dictionary is built only for long ones.
        var few: [(name: String, position: Int)] = []
        var many: [String: Int]?
        for (position, action) in actions.enumerated() {
            let name: String
            if let names {
                name = names[position]
            } else {
                name = action.workflowName ?? ""
            }
            guard !name.isEmpty else { continue }
            let earlier = if let many { many[name] } else { few.first { $0.name == name }?.position }
            if let earlier {
                guard let attribute = action.attribute("name"), let first = actions[earlier].attribute("name") else { continue }
                diagnostics.append(
                    Diagnostic(
                        .warning, code, message(name), at: attribute.valueLocation,
                        notes: [DiagnosticNote(noteMessage, at: first.valueLocation)]))
            } else if many != nil {
                many?[name] = position
            } else {
                few.append((name, position))
                if few.count > 16 { many = Dictionary(uniqueKeysWithValues: few.map { ($0.name, $0.position) }) }
            }
        }
    }

    static func message(_ name: String) -> String { "action '\(name)' is defined again and never runs" }
    static let noteMessage = "the first action of that name is here"
}
