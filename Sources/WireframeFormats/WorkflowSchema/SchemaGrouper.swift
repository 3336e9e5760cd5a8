import WireframeModel

/// Phase 2 (spec §1.7): puts each value of an object into its named parameter, eagerly for every
/// sub-tree (lazy ones included), and reports P02–P05. `SchemaBuilder` hands it the values.
struct SchemaGrouper {
    var diagnostics: [Diagnostic] = []

    /// P05: every mandatory parameter of an ordinary object is present.
    mutating func checkMandatory(_ object: SchemaObject, definition: TagDefinition) {
        guard case .ordinary = object.mode else { return }
        var missing: [String] = []
        for name in definition.mandatoryParameterNames where object.parameter(name) == nil { missing.append(name) }
        if !missing.isEmpty {
            diagnostics.append(MissingParameterCheck.diagnostic(tag: object.tag, missing: missing, at: object.location))
        }
    }

    /// Puts a value into the first of `candidate` and the default parameter for `bareClass` that
    /// names a parameter accepting it (the default is looked up only when `candidate` does not
    /// take the value; nil: no fallback).
    mutating func assign(
        _ value: SchemaValue, valueClass: SchemaClass, candidate: String, fallbackFor bareClass: SchemaClass?, explicit: Bool,
        to object: inout SchemaObject, definition: TagDefinition
    ) {
        // Positions in the definition's parameters: the one chosen is the only one copied.
        let candidateIndex = definition.parameterIndex(candidate)
        var chosen: Int?
        if let index = candidateIndex, definition.parameter(at: index, accepts: valueClass) {
            chosen = index
        } else if let bareClass, let fallback = definition.defaultParameter(for: bareClass),
            let index = definition.parameterIndex(fallback),
            definition.parameter(at: index, accepts: valueClass)
        {
            chosen = index
        }
        guard let chosen else {
            if let index = candidateIndex {
                diagnostics.append(WrongValueKindCheck.diagnostic(
                    parameter: candidate, tag: object.tag, expected: definition.parameters[index].accepts, found: value,
                    at: value.location))
            } else {
                diagnostics.append(WrongValueKindCheck.unroutedDiagnostic(tag: object.tag, found: value, at: value.location))
            }
            return
        }
        // The chosen parameter's fields are read in place: copying the definition costs three references.
        let name = definition.parameterName(at: chosen)
        if case .text(let text, let location) = value, let allowed = definition.parameters[chosen].allowedValues {
            EnumerationCheck.run(
                text, parameter: name, allowed: allowed, isBitmask: definition.parameters[chosen].isBitmask, at: location,
                into: &diagnostics)
        }
        let count = name.utf8.count
        if let index = object.parameters.firstIndex(where: { $0.name.utf8.count == count && $0.name == name }) {
            if !definition.parameters[chosen].isArray {
                let existingIsDynamic = object.parameters[index].values.contains { $0.isDynamic }
                if !(value.isDynamic || existingIsDynamic) {
                    diagnostics.append(ReassignedParameterCheck.diagnostic(
                        parameter: name, tag: object.tag, at: value.location,
                        first: object.parameters[index].location))
                    return
                }
            }
            object.parameters[index].values.append(value)
        } else {
            // Room for a few parameters at once instead of growing the array one by one.
            if object.parameters.isEmpty { object.parameters.reserveCapacity(min(4, definition.parameters.count)) }
            object.parameters.append(SchemaParameter(name: name, values: [value], location: value.location))
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
