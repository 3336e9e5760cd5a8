public import WireframeModel

/// WF0111: a tab bar that lists itself or no tabs, or tab items on a route that is not a tab bar.
public struct TabBarRule: Rule {
    public init() {}
    public var code: DiagnosticCode { "WF0111" }
    public var severities: [Severity] { [.error, .warning] }
    public var summary: String { "a tab bar lists tabs, and not itself; `tabItems` on a route that is not a tab bar is a warning" }

    public func check(_ context: ValidationContext, into diagnostics: inout [Diagnostic]) {
        for position in context.contents.withTabs {
            let screen = context.wireframe.screens[position]
            guard screen.container == .tabBar else {
                if let first = screen.links.first(where: { $0.kind == .tab }) {
                    diagnostics.append(Diagnostic(.warning, code, Self.notATabBar(screen.key), at: first.location))
                }
                continue
            }
            let tabs = screen.links.filter { $0.kind == .tab }
            if tabs.isEmpty {
                diagnostics.append(
                    Diagnostic(
                        .error, code, Self.noTabs(screen.key), at: screen.locations.container ?? screen.locations.definition))
            }
            for tab in tabs where tab.target == screen.key {
                diagnostics.append(Diagnostic(.error, code, Self.listsItself(screen.key), at: tab.location))
            }
        }
    }

    static func noTabs(_ name: String) -> String { "tab bar '\(name)' has no tabs; list them in 'tabItems'" }
    static func listsItself(_ name: String) -> String { "tab bar '\(name)' lists itself as a tab" }
    static func notATabBar(_ name: String) -> String {
        "route '\(name)' has 'tabItems' but is not of type 'tabbar'; its tabs are never shown"
    }
}
