import WireframeModel

/// Phase 2 (spec §1.7): puts each value of an object into its named parameter, eagerly for every
/// sub-tree (lazy ones included), and reports P02–P05. `SchemaBuilder` hands it the values.
///
/// Values go only to the innermost open object (an object's children end before it does), so
/// the parameters of the open objects are kept on two stacks, and an object's parameters are
/// written to the store in one piece when it ends.
struct SchemaGrouper {
    var diagnostics: [Diagnostic] = []
    /// The known names: a read's tags and parameter names are positions among them.
    private let known = KnownNames.workflowSchema
    /// Tag and parameter-tag names that are not known names (a read has none in practice), after
    /// the known names in the numbering of `name(_:)`.
    private var extraNames: [String] = []

    /// A number for a name that is not a known name (known names are their position), which
    /// `name(_:)` gives back: the builder passes tags to grouping as numbers, so that no string
    /// is counted per value.
    mutating func addName(_ name: String) -> Int32 {
        extraNames.append(name)
        return Int32(known.count + extraNames.count - 1)
    }

    /// The name of a number: a known name's position, or a number `addName` gave.
    func name(_ number: Int32) -> String {
        let position = Int(number)
        if position >= 0, position < known.count { return known.name(at: position) }
        let extra = position - known.count
        return extra >= 0 && extra < extraNames.count ? extraNames[extra] : ""
    }

    /// A parameter of an open object so far, by its position in the object's (effective)
    /// definition: comparing positions needs no string, and the record holds no reference.
    private struct OpenParameter {
        var index: Int
        /// The first value.
        var location: SourceLocation
        /// Whether a value is a proxy or a conditional (known only at run time).
        var hasDynamic: Bool
    }

    /// The parameters of the open objects, innermost last.
    private var parameters: [OpenParameter] = []
    /// Their values, each with its parameter's position in `parameters`.
    private var values: [(parameter: Int, value: SchemaStorage.Value)] = []

    /// Where the parameters and values of an object that opens start.
    struct Mark {
        fileprivate var parameters: Int
        fileprivate var values: Int
    }

    func open() -> Mark { Mark(parameters: parameters.count, values: values.count) }

    /// The position among the names of the parameter at `index` of `definition`: read from the
    /// known names' table at `nameStart` (the definition's start there), or added to the storage
    /// when the definition is not the registry's (`nameStart` -1).
    @inline(__always)
    private func parameterName(_ index: Int, of definition: TagDefinition, nameStart: Int32, in arena: inout SchemaStorage) -> Int32 {
        if nameStart >= 0 {
            let position = self.known.parameterName(at: Int(nameStart) + index)
            if position >= 0 { return position }
        }
        return arena.addName(definition.parameterName(at: index))
    }

    /// Writes the object's parameters and values to the store (values first, each parameter's
    /// together, in the order the parameters were first given) and forgets them; the parameters'
    /// range. `definition` is the one that grouped them; `nameStart` where its parameter names
    /// start in the known names' table (-1: not the registry's).
    mutating func close(_ mark: Mark, definition: TagDefinition, nameStart: Int32, into arena: inout SchemaStorage) -> Range<Int32> {
        let parameterStart = Int32(arena.parameters.count)
        if parameters.count - mark.parameters == 1 {
            let start = Int32(arena.values.count)
            for position in mark.values..<values.count { arena.values.append(values[position].value) }
            let parameter = parameters[mark.parameters]
            let name = parameterName(parameter.index, of: definition, nameStart: nameStart, in: &arena)
            let record = arena.parameterRecord(name: name, location: parameter.location, values: start..<Int32(arena.values.count))
            arena.parameters.append(record)
        } else {
            for index in mark.parameters..<parameters.count {
                let start = Int32(arena.values.count)
                for position in mark.values..<values.count where values[position].parameter == index {
                    arena.values.append(values[position].value)
                }
                let parameter = parameters[index]
                let name = parameterName(parameter.index, of: definition, nameStart: nameStart, in: &arena)
                let record = arena.parameterRecord(name: name, location: parameter.location, values: start..<Int32(arena.values.count))
                arena.parameters.append(record)
            }
        }
        parameters.removeSubrange(mark.parameters...)
        values.removeSubrange(mark.values...)
        return parameterStart..<Int32(arena.parameters.count)
    }

    /// Where the open object since `mark` has the parameter at that position of its definition.
    private func position(of index: Int, since mark: Mark) -> Int? {
        for position in mark.parameters..<parameters.count where parameters[position].index == index { return position }
        return nil
    }

    /// P05: every mandatory parameter of an ordinary object is present.
    mutating func checkMandatory(tag: Int32, isOrdinary: Bool, location: SourceLocation, since mark: Mark, definition: TagDefinition) {
        guard isOrdinary else { return }
        let indices = definition.mandatoryParameterIndices
        guard !indices.isEmpty else { return }
        var missing: [String] = []
        for (at, index) in indices.enumerated() where position(of: index, since: mark) == nil {
            missing.append(definition.mandatoryParameterNames[at])
        }
        if !missing.isEmpty {
            diagnostics.append(MissingParameterCheck.diagnostic(tag: name(tag), missing: missing, at: location))
        }
    }

    /// Chooses the parameter of a value: the first of `candidate` and the default parameter for
    /// `bareClass` that names a parameter accepting it (the default is looked up only when
    /// `candidate` does not take the value; nil: no fallback); its position in the definition, or
    /// nil after a diagnostic. The object is the innermost open one, `tag`; `candidate` and `tag`
    /// are numbers of `name(_:)`; `candidate` -1: the name of the parameter at `candidateIndex`
    /// (a text's string default, whose position is that of the first parameter of its name).
    /// `candidateIndex`: the position of `candidate` in the definition (nil: it has none), which
    /// the caller finds by the name's position when it can.
    /// The caller then checks a text's enumeration (`definition.parameters[chosen]`) and calls
    /// `place`: the grouper does not read texts from the storage.
    mutating func choose(
        valueClass: SchemaClass, candidate: Int32, candidateIndex: Int?,
        fallbackFor bareClass: SchemaClass?, tag: Int32, definition: TagDefinition, facts: SchemaStorage.ValueFacts
    ) -> Int? {
        // Positions in the definition's parameters: the one chosen is the only one copied.
        var chosen: Int?
        if let index = candidateIndex, definition.parameter(at: index, accepts: valueClass) {
            chosen = index
        } else if let bareClass, let index = definition.defaultParameterIndex(for: bareClass),
            definition.parameter(at: index, accepts: valueClass)
        {
            chosen = index
        }
        guard let chosen else {
            // A read's tags are known names (a registered tag always is one).
            let found = facts.tag < 0 ? "text" : Int(facts.tag) < known.names.count ? "'\(known.name(at: Int(facts.tag)))'" : "an object"
            if let index = candidateIndex {
                diagnostics.append(
                    WrongValueKindCheck.diagnostic(
                        parameter: candidate < 0 ? definition.parameterName(at: index) : name(candidate), tag: name(tag),
                        expected: definition.parameters[index].accepts, found: found,
                        at: facts.location))
            } else {
                diagnostics.append(WrongValueKindCheck.unroutedDiagnostic(tag: name(tag), found: found, at: facts.location))
            }
            return nil
        }
        return chosen
    }

    /// Puts a value into the parameter `choose` chose, at `chosen` in the definition of the
    /// innermost open object, `tag` opened at `mark`.
    @inline(__always)
    mutating func place(
        _ value: SchemaStorage.Value, at chosen: Int, tag: Int32, since mark: Mark, definition: TagDefinition,
        facts: SchemaStorage.ValueFacts
    ) {
        let location = facts.location
        let isDynamic = facts.isDynamic
        if let index = position(of: chosen, since: mark) {
            // The chosen parameter's fields are read in place: copying the definition costs three references.
            if !definition.parameters[chosen].isArray {
                if !(isDynamic || parameters[index].hasDynamic) {
                    diagnostics.append(
                        ReassignedParameterCheck.diagnostic(
                            parameter: definition.parameterName(at: chosen), tag: name(tag), at: location, first: parameters[index].location
                        ))
                    return
                }
            }
            if isDynamic { parameters[index].hasDynamic = true }
            values.append((index, value))
        } else {
            parameters.append(OpenParameter(index: chosen, location: location, hasDynamic: isDynamic))
            values.append((parameters.count - 1, value))
        }
    }
}

extension SchemaValue {
    /// Whether the value is only known at run time (a proxy or a conditional), which may resolve to nothing.
    var isDynamic: Bool {
        guard case .object(let object) = self else { return false }
        return object.isDynamic
    }
}
