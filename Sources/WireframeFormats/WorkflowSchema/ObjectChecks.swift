import WireframeModel

/// Runs the per-object checks (C01–C07, C10, D06) on every object of a tree, lazily created
/// sub-trees included.
enum ObjectChecks {
    static func run(_ root: SchemaObject, into diagnostics: inout [Diagnostic]) {
        var stack = [root]
        while let object = stack.popLast() {
            if object.mode == .ordinary {
                AccessibilityCheck.run(object, into: &diagnostics)
                SwitchValuesCheck.run(object, into: &diagnostics)
                BarButtonItemCheck.run(object, into: &diagnostics)
                DetailDisclosureCheck.run(object, into: &diagnostics)
                ActionSheetCheck.run(object, into: &diagnostics)
                LongPressCheck.run(object, into: &diagnostics)
                ImageViewCheck.run(object, into: &diagnostics)
                StringValueCheck.run(object, into: &diagnostics)
            }
            ConditionalSchemaCheck.run(object, into: &diagnostics)
            for parameter in object.parameters.reversed() {
                for value in parameter.values.reversed() {
                    if case .object(let child) = value { stack.append(child) }
                }
            }
        }
    }
}

extension SchemaObject {
    /// Whether a parameter is given (any value, proxies included).
    func has(_ name: String) -> Bool { parameter(name) != nil }
}
