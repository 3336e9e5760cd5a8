public import WireframeModel

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
    ]

    /// The findings of every rule, sorted by position.
    public func validate(_ wireframe: Wireframe) -> [Diagnostic] {
        let context = ValidationContext(wireframe)
        var diagnostics: [Diagnostic] = []
        for rule in rules { rule.check(context, into: &diagnostics) }
        diagnostics.sortInSourceOrder()
        return diagnostics
    }
}
