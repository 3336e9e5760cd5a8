import WireframeModel

/// A06: an updateViews whose `parameterName` is not a parameter of a matching view's class, or
/// whose `value` is not of a kind that parameter accepts ("Could not set parameter %@ on view with
/// class %@", §3.15).
enum UpdateViewsCheck {
    static let code: DiagnosticCode = "WF1506"
    static let definition = DiagnosticDefinition(
        code, [.error], "updateViews `parameterName` not a parameter of a matching view, or `value` of a kind it does not accept",
        check: "A06")

    /// Looks at one action of the controller at `index` (called by `RoutingChecks.walkActionChecks`).
    static func visit(
        _ action: SchemaObject, class schemaClass: SchemaClass, controller index: Int, in graph: SchemaGraph,
        into diagnostics: inout [Diagnostic]
    ) {
        guard schemaClass == .updateViews, let parameterName = action.text("parameterName"),
            let location = action.parameter("parameterName")?.location
        else { return }
        let views = CheckSupport.namedViews(of: index, in: graph).views
        let value = action.values("value").first
        var reported = Set<String>()
        for case .text(let name, _) in action.values("viewNames") {
            for view in views[name] ?? [] where reported.insert(view.tag).inserted {
                guard let parameter = view.definition.parameter(parameterName) else {
                    let names = view.definition.parameters.map(\.name)
                    diagnostics.append(
                        Diagnostic(
                            .error, code,
                            unknownMessage(parameterName, tag: view.tag, view: name) + Suggestions.didYouMean(parameterName, in: names),
                            at: location))
                    continue
                }
                guard let value, !value.isDynamic else { continue }
                let valueClass: SchemaClass =
                    switch value {
                    case .text: .string
                    case .object(let object): object.schemaClass
                    }
                if !parameter.accepts(valueClass) {
                    diagnostics.append(
                        Diagnostic(
                            .error, code,
                            WrongValueKindCheck.message(
                                parameterName, tag: view.tag, expected: parameter.accepts, found: WrongValueKindCheck.describe(value)),
                            at: value.location))
                }
            }
        }
    }

    static func unknownMessage(_ parameter: String, tag: String, view: String) -> String {
        "'\(parameter)' is not a parameter of '\(tag)' (view '\(view)'), so it cannot be updated"
    }
}
