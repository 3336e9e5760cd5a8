public import WireframeModel

/// WF0201: a route that no path from the root reaches.
public struct UnreachableRouteRule: Rule {
    public init() {}
    public var code: DiagnosticCode { "WF0201" }
    public var severities: [Severity] { [.warning] }
    public var summary: String { "every route can be reached from the root" }

    public func check(_ context: ValidationContext, into diagnostics: inout [Diagnostic]) {
        let root = context.wireframe.root
        guard context.screen(root) != nil else { return }  // WF0102 says why
        let screens = context.wireframe.screens
        // The end of every message is the same: written once.
        let end = Self.messageEnd(root: root)
        for position in screens.indices
        where !context.reachable[position] && context.graph.canonicalPosition[position] == position {
            let screen = screens[position]
            diagnostics.append(
                Diagnostic(
                    .warning, code, Self.message(screen.key, end: end),
                    at: screen.locations.key ?? screen.locations.definition))
        }
    }

    static func message(_ name: String, root: String) -> String {
        "route '\(name)' cannot be reached from root '\(root)'"
    }

    /// What follows the name in ``message(_:root:)``.
    static func messageEnd(root: String) -> String { "' cannot be reached from root '\(root)'" }

    /// ``message(_:root:)`` with its end made beforehand (`messageEnd(root:)`): written into one
    /// string of the right size, not appended piece by piece (a large wireframe being edited has
    /// a hundred such findings in every save).
    static func message(_ name: String, end: String) -> String {
        let start = "route '"
        let count = start.utf8.count + name.utf8.count + end.utf8.count
        return String(unsafeUninitializedCapacity: count) { buffer in
            var written = 0
            func write(_ part: String) {
                written += UnsafeMutableBufferPointer(rebasing: buffer[written...]).initialize(from: part.utf8).1
            }
            write(start)
            write(name)
            write(end)
            return written
        }
    }
}
