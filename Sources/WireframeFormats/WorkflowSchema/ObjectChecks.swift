import WireframeModel

/// Runs the per-object checks (S11, P06–P09, C01–C07, C09–C12, M06, M14, D05–D08, D10–D12, and D02
/// for a read whose root is an ordinary controller) on every object of a tree, lazily created
/// sub-trees included. `locale` is the document's `lang`.
enum ObjectChecks {
    /// `proxySlots`: D02 (`ProxySlotCheck`) runs too, when the root is an ordinary controller
    /// (a file the mapper and the routing checks read).
    static func run(_ root: SchemaObject, locale: String?, proxySlots: Bool = false, into diagnostics: inout [Diagnostic]) {
        var patterns = RegularExpressionCheck.Patterns()
        let slots: ProxySlotCheck.Walk = proxySlots && root.schemaClass.isController && root.mode == .ordinary ? .checked : .off
        visit(root, locale: locale, patterns: &patterns, slots: slots, into: &diagnostics)
    }

    /// Checks an object and then its children, in document order. Recursive, like the mapper:
    /// objects nest no deeper than the reader's depth limit, and a stack of copies cost a
    /// reference count per object and per push.
    ///
    /// `patterns` remembers which regular expressions compiled, for C09, within the one read.
    private static func visit(
        _ object: SchemaObject, locale: String?, patterns: inout RegularExpressionCheck.Patterns, slots: ProxySlotCheck.Walk,
        into diagnostics: inout [Diagnostic]
    ) {
        // The checks in their order; one that looks at a single class (or mode) is called for
        // it alone, its own guard kept: a call whose guard fails cost about a hundred
        // instructions, some twenty times per object.
        let mode = object.mode
        if mode == .ordinary {
            let schemaClass = object.schemaClass
            switch schemaClass {
            case .button, .textField, .searchBar, .textView, .switch, .slider, .segment:
                AccessibilityCheck.run(object, into: &diagnostics)
            default:
                break
            }
            if schemaClass == .switch { SwitchValuesCheck.run(object, into: &diagnostics) }
            if schemaClass == .barButtonItem { BarButtonItemCheck.run(object, into: &diagnostics) }
            if schemaClass == .tableCell { DetailDisclosureCheck.run(object, into: &diagnostics) }
            if schemaClass == .showActionSheet { ActionSheetCheck.run(object, into: &diagnostics) }
            if schemaClass == .longPressGesture { LongPressCheck.run(object, into: &diagnostics) }
            if schemaClass == .imageView { ImageViewCheck.run(object, into: &diagnostics) }
            // C10 and C12 look at one tag each: compared here by position (`KnownTag`), their
            // own guards kept.
            if StringValueCheck.tag.matches(object) { StringValueCheck.run(object, into: &diagnostics) }
            if schemaClass == .doesMatchRegularExpression { RegularExpressionCheck.run(object, patterns: &patterns, into: &diagnostics) }
            if schemaClass == .date || schemaClass == .datePicker { DateValueCheck.run(object, locale: locale, into: &diagnostics) }
            if NumberValueCheck.tag.matches(object) { NumberValueCheck.run(object, locale: locale, into: &diagnostics) }
            if schemaClass == .table { TableStyleCheck.run(object, into: &diagnostics) }
            if schemaClass == .message { IgnoredDestinationNameCheck.run(object, into: &diagnostics) }
            if schemaClass == .sendMessage { ResponseNameCheck.run(object, into: &diagnostics) }
            if schemaClass == .not { NegatedValueCheck.run(object, into: &diagnostics) }
            if schemaClass == .comparison { ComparisonOperandCheck.run(object, locale: locale, into: &diagnostics) }
            if schemaClass == .form {
                // D11 and D12 look at the same inputs: one walk of the form's view hierarchy.
                var first = DuplicateInputCheck.Inputs()
                CheckSupport.ownedObjects(of: object, parameters: ["view"]) { owned, dynamic in
                    guard CheckSupport.formInputs.contains(owned.schemaClass) else { return }
                    DuplicateInputCheck.visit(owned, dynamic: dynamic, first: &first, into: &diagnostics)
                    UnnamedInputCheck.visit(owned, into: &diagnostics)
                }
            }
        }
        if UnusedNameCheck.applies(to: object) { UnusedNameCheck.run(object, into: &diagnostics) }
        let (names, hasProxyValue) = visitTexts(object, isOrdinary: mode == .ordinary, into: &diagnostics)
        // D10 only where a parameter is named `validations` (it searched the parameters of every object).
        if mode == .ordinary, names.contains(.validations) { ValidationValueCheck.run(object, into: &diagnostics) }
        if case .proxy = mode { ProxyClassCheck.run(object, into: &diagnostics) }
        if mode == .conditional { ConditionalSchemaCheck.run(object, into: &diagnostics) }
        // D02 looks for a parameter whose values are all proxies: none without a proxy value.
        if slots == .checked, mode == .ordinary, hasProxyValue { ProxySlotCheck.visit(object, into: &diagnostics) }
        if slots == .off {
            object.forEachChild { _, child in visit(child, locale: locale, patterns: &patterns, slots: .off, into: &diagnostics) }
        } else {
            let isProxy = object.isProxy
            let isSendMessage = object.schemaClass == .sendMessage
            object.forEachChild { name, child in
                let childSlots = slots.child(isProxy: isProxy, isSendMessage: isSendMessage, parameter: name)
                visit(child, locale: locale, patterns: &patterns, slots: childSlots, into: &diagnostics)
            }
        }
    }

    /// P06 (`BooleanValueCheck`), P07 (`NumericValueCheck`) and P09 (`EmptyParameterCheck`) in
    /// one pass over the object's parameters and values, which returns the facts of all its
    /// parameters' names together and whether a value is a proxy (for D02; each check
    /// searched the parameters, and tested
    /// each name against its set, on its own): a parameter's name is read as its facts by
    /// position, and its string only for a finding. P06 and P07 look at ordinary objects only.
    /// The diagnostics are sorted by place, code and message after the read, so that the
    /// order in which the three find theirs does not show.
    @inline(__always)
    private static func visitTexts(
        _ object: SchemaObject, isOrdinary: Bool, into diagnostics: inout [Diagnostic]
    ) -> (names: ParameterNameFacts, hasProxyValue: Bool) {
        let arena = object.arena
        let parameters = arena.storage.parameters
        let stored = arena.storage.values
        let names = arena.storage.names
        let texts = arena.storage.texts
        let known = ParameterNameFacts.known
        // Which facts make a parameter one that P06 or P07 reads, for this object.
        var booleans: ParameterNameFacts = []
        var numerics: ParameterNameFacts = []
        if isOrdinary {
            booleans = BooleanValueCheck.boolTag.matches(object) ? [.boolean, .value] : .boolean
            numerics = object.schemaClass == .slider ? [.numeric, .value] : .numeric
        }
        var all: ParameterNameFacts = []
        var hasProxyValue = false
        let nodes = arena.storage.nodes
        let range = object.node.parameters
        for at in Int(range.lowerBound)..<Int(range.upperBound) {
            let values = parameters[at].values
            let name = parameters[at].name
            let facts = ParameterNameFacts.of(name, names: names, known: known)
            all.formUnion(facts)
            for value in Int(values.lowerBound)..<Int(values.upperBound) {
                let textAt: Int32
                let location: SourceLocation
                switch stored[value] {
                case .text(let textPosition, let textLocation):
                    textAt = textPosition
                    location = textLocation
                case .object(let child):
                    if case .proxy = nodes[Int(child)].mode { hasProxyValue = true }
                    continue
                }
                let text = texts[Int(textAt)]
                let parameter = { names[Int(name)] }
                if text.isEmpty {
                    EmptyParameterCheck.visit(text, parameter: parameter, at: location, into: &diagnostics)
                    continue
                }
                guard isOrdinary else { continue }
                if !facts.isDisjoint(with: booleans) {
                    BooleanValueCheck.visit(text, parameter: parameter, at: location, into: &diagnostics)
                }
                if !facts.isDisjoint(with: numerics) {
                    NumericValueCheck.visit(text, parameter: parameter, at: location, into: &diagnostics)
                }
            }
        }
        return (all, hasProxyValue)
    }
}

extension SchemaObject {
    /// Whether a parameter is given (any value, proxies included).
    func has(_ name: String) -> Bool { hasParameter(name) }
}
