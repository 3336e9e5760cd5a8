import Foundation
import WireframeModel

/// C09: a `doesMatchRegularExpression` pattern that is not a valid (ICU) regular expression.
enum RegularExpressionCheck {
    static let code: DiagnosticCode = "WF1309"
    static let definition = DiagnosticDefinition(
        code, [.error], "`doesMatchRegularExpression` pattern that is not a valid (ICU) regular expression", check: "C09")

    /// Whether each pattern met so far in a read compiles: a file repeats its patterns (the
    /// same validation on many fields), and compiling one costs thousands of instructions.
    typealias Patterns = [String: Bool]

    static func run(_ object: SchemaObject, patterns: inout Patterns, into diagnostics: inout [Diagnostic]) {
        guard object.schemaClass == .doesMatchRegularExpression else { return }
        for case .text(let pattern, let location) in object.values("pattern") {
            let compiles: Bool
            if let known = patterns[pattern] {
                compiles = known
            } else if isLiteral(pattern) {
                // Letters and digits alone match themselves: such a pattern always compiles.
                compiles = true
                patterns[pattern] = true
            } else {
                compiles = (try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive])) != nil
                patterns[pattern] = compiles
            }
            if !compiles { diagnostics.append(Diagnostic(.error, code, message(pattern), at: location)) }
        }
    }

    /// Whether a pattern is made of ASCII letters and digits only (and is not empty): no
    /// character of it has a meaning in an ICU regular expression, so it compiles, and
    /// compiling it (several hundred thousand instructions each) can be skipped.
    static func isLiteral(_ pattern: String) -> Bool {
        let bytes = pattern.utf8
        return !bytes.isEmpty
            && bytes.allSatisfy { byte in
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            }
    }

    static func message(_ pattern: String) -> String { "'\(pattern)' is not a valid regular expression" }
}
