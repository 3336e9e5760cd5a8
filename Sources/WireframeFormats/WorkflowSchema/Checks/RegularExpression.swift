import Foundation
import WireframeModel

/// C09: a `doesMatchRegularExpression` pattern that is not a valid (ICU) regular expression.
enum RegularExpressionCheck {
    static let code: DiagnosticCode = "WF1309"

    /// Whether each pattern met so far in a read compiles: a file repeats its patterns (the
    /// same validation on many fields), and compiling one costs thousands of instructions.
    typealias Patterns = [String: Bool]

    static func run(_ object: SchemaObject, patterns: inout Patterns, into diagnostics: inout [Diagnostic]) {
        guard object.schemaClass == .doesMatchRegularExpression else { return }
        for case .text(let pattern, let location) in object.values("pattern") {
            let compiles: Bool
            if let known = patterns[pattern] {
                compiles = known
            } else {
                compiles = (try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive])) != nil
                patterns[pattern] = compiles
            }
            if !compiles { diagnostics.append(Diagnostic(.error, code, message(pattern), at: location)) }
        }
    }

    static func message(_ pattern: String) -> String { "'\(pattern)' is not a valid regular expression" }
}
