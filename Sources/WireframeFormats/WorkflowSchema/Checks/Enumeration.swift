import WireframeModel

/// P04: an enumeration string outside its allowed list (case-sensitive), or an unknown piece of a
/// bitmask (§2.9). A number is accepted as the raw platform value.
enum EnumerationCheck {
    static let code: DiagnosticCode = "WF1204"
    static let definition = DiagnosticDefinition(code, [.error], "value outside an enumeration or bitmask (numbers accepted)", check: "P04")

    static func run(
        _ text: String, parameter: String, allowed: [String], isBitmask: Bool, at location: SourceLocation,
        into diagnostics: inout [Diagnostic]
    ) {
        if Int(text) != nil { return }
        let pieces: [String] =
            isBitmask
            ? text.split(omittingEmptySubsequences: false) { !($0.isLetter || $0.isNumber) }.map(String.init)
            : [text]
        for piece in pieces where !allowed.contains(piece) && Int(piece) == nil {
            if isBitmask, piece.isEmpty, text.contains(where: { !($0.isLetter || $0.isNumber) }) { continue }
            diagnostics.append(
                Diagnostic(
                    .error, code, message(piece, parameter: parameter, allowed: allowed) + Suggestions.didYouMean(piece, in: allowed),
                    at: location))
        }
    }

    static func message(_ value: String, parameter: String, allowed: [String]) -> String {
        "'\(value)' is not an allowed value for '\(parameter)'; allowed values are: \(allowed.joined(separator: ", "))"
    }
}
