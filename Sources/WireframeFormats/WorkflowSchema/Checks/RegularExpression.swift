import Foundation
import WireframeModel

/// C09: a `doesMatchRegularExpression` pattern that is not a valid (ICU) regular expression.
enum RegularExpressionCheck {
    static let code: DiagnosticCode = "WF1309"

    static func run(_ object: SchemaObject, into diagnostics: inout [Diagnostic]) {
        guard object.schemaClass == .doesMatchRegularExpression else { return }
        for case .text(let pattern, let location) in object.values("pattern") {
            if (try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive])) == nil {
                diagnostics.append(Diagnostic(.error, code, message(pattern), at: location))
            }
        }
    }

    static func message(_ pattern: String) -> String { "'\(pattern)' is not a valid regular expression" }
}
