import WireframeModel

/// Phase 2 (spec §1.7): groups each object's children into named parameters, eagerly for every
/// sub-tree (lazy ones included), and reports S06 and P02–P05.
struct SchemaGrouper {
    var diagnostics: [Diagnostic] = []

    mutating func group(_ node: SchemaNode) -> SchemaObject? {
        guard case .object(let definition, let mode) = node.role, let effective = node.effectiveDefinition else { return nil }
        var object = SchemaObject(
            tag: node.name, definition: definition, mode: mode, location: node.location,
            attributes: node.element.attributes.map {
                SchemaAttribute(name: $0.name, value: $0.value, location: $0.location, valueLocation: $0.valueLocation)
            },
            parameters: [])

        for child in node.children {
            switch child {
            case .text(let text):
                let candidates = effective.stringDefault.map { [$0] } ?? []
                if candidates.isEmpty {
                    diagnostics.append(TextNotAllowedCheck.diagnostic(tag: node.name, at: text.location))
                    continue
                }
                assign(.text(text.value, text.location), valueClass: .string, candidates: candidates,
                       explicit: false, to: &object, definition: effective)
            case .node(let childNode):
                switch childNode.role {
                case .parameter:
                    if childNode.lostChild { continue }
                    var values: [SchemaValue] = []
                    var classes: [SchemaClass] = []
                    for valueChild in childNode.children {
                        switch valueChild {
                        case .text(let text):
                            values.append(.text(text.value, text.location))
                            classes.append(.string)
                        case .node(let valueNode):
                            if let valueObject = group(valueNode) {
                                values.append(.object(valueObject))
                                classes.append(valueObject.schemaClass)
                            }
                        }
                    }
                    if childNode.children.isEmpty {
                        values.append(.text("", childNode.location))
                        classes.append(.string)
                    }
                    for (value, valueClass) in zip(values, classes) {
                        assign(value, valueClass: valueClass, candidates: [childNode.name], explicit: true,
                               to: &object, definition: effective)
                    }
                case .object(let childDefinition, _):
                    guard let childObject = group(childNode) else { continue }
                    var candidates = [childNode.name]
                    if let fallback = effective.defaultParameter(for: childDefinition.schemaClass) { candidates.append(fallback) }
                    assign(.object(childObject), valueClass: childDefinition.schemaClass, candidates: candidates,
                           explicit: false, to: &object, definition: effective)
                }
            }
        }

        if case .ordinary = mode {
            var missing: [String] = []
            for parameter in effective.parameters where parameter.isMandatory && object.parameter(parameter.name) == nil {
                missing.append(parameter.name)
            }
            if !missing.isEmpty {
                diagnostics.append(MissingParameterCheck.diagnostic(tag: node.name, missing: missing, at: node.location))
            }
        }
        return object
    }

    mutating func assign(
        _ value: SchemaValue, valueClass: SchemaClass, candidates: [String], explicit: Bool,
        to object: inout SchemaObject, definition: TagDefinition
    ) {
        var chosen: ParameterDefinition?
        for candidate in candidates {
            if let parameter = definition.parameter(candidate), parameter.accepts(valueClass) {
                chosen = parameter
                break
            }
        }
        guard let parameter = chosen else {
            let name = candidates.first ?? ""
            if let parameter = definition.parameter(name) {
                diagnostics.append(WrongValueKindCheck.diagnostic(
                    parameter: name, tag: object.tag, expected: parameter.accepts, found: value, at: value.location))
            } else {
                diagnostics.append(WrongValueKindCheck.unroutedDiagnostic(tag: object.tag, found: value, at: value.location))
            }
            return
        }
        if case .text(let text, let location) = value, let allowed = parameter.allowedValues {
            EnumerationCheck.run(
                text, parameter: parameter.name, allowed: allowed, isBitmask: parameter.isBitmask, at: location,
                into: &diagnostics)
        }
        if let index = object.parameters.firstIndex(where: { $0.name == parameter.name }) {
            if !parameter.isArray {
                let existingIsDynamic = object.parameters[index].values.contains { $0.isDynamic }
                if !(value.isDynamic || existingIsDynamic) {
                    diagnostics.append(ReassignedParameterCheck.diagnostic(
                        parameter: parameter.name, tag: object.tag, at: value.location,
                        first: object.parameters[index].location))
                    return
                }
            }
            object.parameters[index].values.append(value)
        } else {
            object.parameters.append(SchemaParameter(name: parameter.name, values: [value], location: value.location))
        }
    }
}

extension SchemaValue {
    /// Whether the value is only known at run time (a proxy or a conditional), which may resolve to nothing.
    var isDynamic: Bool {
        guard case .object(let object) = self else { return false }
        return object.mode != .ordinary
    }
}
