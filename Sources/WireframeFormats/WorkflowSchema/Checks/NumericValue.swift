import WireframeModel

/// P07: text for a numeric parameter that is not a number. The original uses the leading numeric
/// prefix (§1.8), so `two` reads as 0 and `2 taps` as 2.
enum NumericValueCheck {
    static let code: DiagnosticCode = "WF1207"
    static let definition = DiagnosticDefinition(
        code, [.warning], "numeric parameter whose text is not a number; says what its numeric prefix reads as", check: "P07")

    /// The numeric parameters of §2, by name; `value` only on a slider.
    static let parameters = NameSet([
        "numberOfLines", "numberOfColumns", "numberOfTapsRequired", "numberOfTouchesRequired", "minimumPressDuration",
        "allowableMovement", "minimumValue", "maximumValue", "selectedSegmentIndex", "countDownDuration",
        "minuteInterval", "indentationLevel",
    ])

    /// Checks one text of a numeric parameter: `ObjectChecks` reads every text value of an
    /// ordinary object once for P06, P07 and P09, and calls this for the parameters of
    /// `parameters` (and `value` on a slider).
    @inline(__always)
    static func visit(_ text: String, parameter: () -> String, at location: SourceLocation, into diagnostics: inout [Diagnostic]) {
        guard !text.isEmpty, Double(text) == nil else { return }
        let reading = CheckSupport.numericPrefix(text).map(format) ?? "0"
        diagnostics.append(Diagnostic(.warning, code, message(text, parameter: parameter(), reading: reading), at: location))
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    static func message(_ text: String, parameter: String, reading: String) -> String {
        "'\(text)' is not a number for '\(parameter)'; it reads as \(reading)"
    }
}
