import WireframeModel

/// Runs the per-object checks (S11, P06–P09, C01–C07, C09–C12, M06, M14, D05–D08, D10–D12) on
/// every object of a tree, lazily created sub-trees included. `locale` is the document's `lang`.
enum ObjectChecks {
    static func run(_ root: SchemaObject, locale: String?, into diagnostics: inout [Diagnostic]) {
        visit(root, locale: locale, into: &diagnostics)
    }

    /// Checks an object and then its children, in document order. Recursive, like the mapper:
    /// objects nest no deeper than the reader's depth limit, and a stack of copies cost a
    /// reference count per object and per push.
    private static func visit(_ object: SchemaObject, locale: String?, into diagnostics: inout [Diagnostic]) {
        if object.mode == .ordinary {
            AccessibilityCheck.run(object, into: &diagnostics)
            SwitchValuesCheck.run(object, into: &diagnostics)
            BarButtonItemCheck.run(object, into: &diagnostics)
            DetailDisclosureCheck.run(object, into: &diagnostics)
            ActionSheetCheck.run(object, into: &diagnostics)
            LongPressCheck.run(object, into: &diagnostics)
            ImageViewCheck.run(object, into: &diagnostics)
            StringValueCheck.run(object, into: &diagnostics)
            RegularExpressionCheck.run(object, into: &diagnostics)
            DateValueCheck.run(object, locale: locale, into: &diagnostics)
            NumberValueCheck.run(object, locale: locale, into: &diagnostics)
            BooleanValueCheck.run(object, into: &diagnostics)
            NumericValueCheck.run(object, into: &diagnostics)
            TableStyleCheck.run(object, into: &diagnostics)
            IgnoredDestinationNameCheck.run(object, into: &diagnostics)
            ResponseNameCheck.run(object, into: &diagnostics)
            NegatedValueCheck.run(object, into: &diagnostics)
            ComparisonOperandCheck.run(object, locale: locale, into: &diagnostics)
            ValidationValueCheck.run(object, into: &diagnostics)
            DuplicateInputCheck.run(object, into: &diagnostics)
            UnnamedInputCheck.run(object, into: &diagnostics)
        }
        UnusedNameCheck.run(object, into: &diagnostics)
        EmptyParameterCheck.run(object, into: &diagnostics)
        ProxyClassCheck.run(object, into: &diagnostics)
        ConditionalSchemaCheck.run(object, into: &diagnostics)
        object.forEachChild { _, child in visit(child, locale: locale, into: &diagnostics) }
    }
}

extension SchemaObject {
    /// Whether a parameter is given (any value, proxies included).
    func has(_ name: String) -> Bool { hasParameter(name) }
}
