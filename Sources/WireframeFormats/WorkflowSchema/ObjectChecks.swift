import WireframeModel

/// Runs the per-object checks (S11, P06–P09, C01–C07, C09–C12, M06, M14, D05–D08, D10–D12) on
/// every object of a tree, lazily created sub-trees included. `locale` is the document's `lang`.
enum ObjectChecks {
    static func run(_ root: SchemaObject, locale: String?, into diagnostics: inout [Diagnostic]) {
        var patterns = RegularExpressionCheck.Patterns()
        visit(root, locale: locale, patterns: &patterns, into: &diagnostics)
    }

    /// Checks an object and then its children, in document order. Recursive, like the mapper:
    /// objects nest no deeper than the reader's depth limit, and a stack of copies cost a
    /// reference count per object and per push.
    ///
    /// `patterns` remembers which regular expressions compiled, for C09, within the one read.
    private static func visit(
        _ object: SchemaObject, locale: String?, patterns: inout RegularExpressionCheck.Patterns, into diagnostics: inout [Diagnostic]
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
            StringValueCheck.run(object, into: &diagnostics)
            if schemaClass == .doesMatchRegularExpression { RegularExpressionCheck.run(object, patterns: &patterns, into: &diagnostics) }
            if schemaClass == .date || schemaClass == .datePicker { DateValueCheck.run(object, locale: locale, into: &diagnostics) }
            NumberValueCheck.run(object, locale: locale, into: &diagnostics)
            BooleanValueCheck.run(object, into: &diagnostics)
            NumericValueCheck.run(object, into: &diagnostics)
            if schemaClass == .table { TableStyleCheck.run(object, into: &diagnostics) }
            if schemaClass == .message { IgnoredDestinationNameCheck.run(object, into: &diagnostics) }
            if schemaClass == .sendMessage { ResponseNameCheck.run(object, into: &diagnostics) }
            if schemaClass == .not { NegatedValueCheck.run(object, into: &diagnostics) }
            if schemaClass == .comparison { ComparisonOperandCheck.run(object, locale: locale, into: &diagnostics) }
            ValidationValueCheck.run(object, into: &diagnostics)
            if schemaClass == .form {
                DuplicateInputCheck.run(object, into: &diagnostics)
                UnnamedInputCheck.run(object, into: &diagnostics)
            }
        }
        UnusedNameCheck.run(object, into: &diagnostics)
        EmptyParameterCheck.run(object, into: &diagnostics)
        if case .proxy = mode { ProxyClassCheck.run(object, into: &diagnostics) }
        if mode == .conditional { ConditionalSchemaCheck.run(object, into: &diagnostics) }
        object.forEachChild { _, child in visit(child, locale: locale, patterns: &patterns, into: &diagnostics) }
    }
}

extension SchemaObject {
    /// Whether a parameter is given (any value, proxies included).
    func has(_ name: String) -> Bool { hasParameter(name) }
}
