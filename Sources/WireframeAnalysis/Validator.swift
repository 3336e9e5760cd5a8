public import WireframeModel
import WireframeFormats

/// Runs every rule over a wireframe and returns all findings in source order.
public struct Validator: Sendable {
    /// The rules, in code order.
    public let rules: [any Rule]

    /// Creates a validator with every rule.
    public init(rules: [any Rule] = Validator.allRules) {
        self.rules = rules
    }

    /// Every rule this project defines.
    public static let allRules: [any Rule] = [
        DuplicateRouteRule(),
        RootDefinedRule(),
        SubrouteDefinedRule(),
        TabItemDefinedRule(),
        NavigationButtonTargetRule(),
        NavigationBarDefinedRule(),
        ElementActionDefinedRule(),
        TargetDefinedRule(),
        KnownTaskRule(),
        DuplicateReferenceRule(),
        TabBarRule(),
        BuiltInShadowRule(),
        DuplicateNavigationBarRule(),
        UnreachableRouteRule(),
        DependencySupplyRule(),
        TextCharactersRule(),
    ]

    /// The findings of every rule, sorted by position, at most ``DiagnosticLimit/perFile`` and a
    /// summary of the others.
    public func validate(_ wireframe: Wireframe) -> [Diagnostic] {
        let context = ValidationContext(wireframe)
        var diagnostics: [Diagnostic] = []
        for rule in rules {
            // An import that must stop (see `WorkBudget`) drops these findings.
            if WorkBudget.shouldStop() { break }
            rule.check(context, into: &diagnostics)
            // Capped after each rule, so that a file with findings by the million holds one
            // rule's findings at a time, not every rule's.
            if diagnostics.count > DiagnosticLimit.perFile {
                diagnostics.sortInSourceOrder()
                diagnostics = DiagnosticLimit.capped(diagnostics)
            }
        }
        diagnostics.sortInSourceOrder()
        return DiagnosticLimit.capped(diagnostics)
    }

    /// What a file's reader found (`read`) and the rules find in its wireframe (when it could be
    /// read as one), in source order and capped (``DiagnosticLimit``): the one place where the
    /// findings of a file come together, for validation, imports and stored attempts alike.
    public func findings(read: [Diagnostic], wireframe: Wireframe?) -> [Diagnostic] {
        var diagnostics = read
        if let wireframe { diagnostics += validate(wireframe) }
        diagnostics.sortInSourceOrder()
        return DiagnosticLimit.capped(diagnostics)
    }
}
