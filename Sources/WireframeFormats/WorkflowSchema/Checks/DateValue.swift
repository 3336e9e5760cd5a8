import Foundation
import WireframeModel

/// C11: `date` text that does not match its `format` (a date-format pattern read leniently in the
/// document locale), or, without a format, that contains nothing recognisable as a date; the same
/// for the text `date`, `minimumDate` and `maximumDate` of a datePicker (§1.8). A number is
/// seconds since 1970. Without a format the original uses natural-language detection, which
/// Linux lacks; this check accepts numeric dates (`2012-12-18`, `18/12/2012`, `18.12.12`), times
/// (`10:30`), month names and the words today, tomorrow and yesterday.
enum DateValueCheck {
    static let code: DiagnosticCode = "WF1311"
    static let definition = DiagnosticDefinition(
        code, [.warning],
        "`date` text not matching its `format` (lenient, document locale); without a format, or in a datePicker's text dates, nothing recognisable as a date",
        check: "C11")

    static func run(_ object: SchemaObject, locale: String?, into diagnostics: inout [Diagnostic]) {
        switch object.schemaClass {
        case .date:
            guard object.mode == .ordinary, case .text(let text, let location)? = object.values("value").first else { return }
            if let format = object.text("format") {
                let formatter = DateFormatter()
                formatter.dateFormat = format
                formatter.isLenient = true
                formatter.locale = Locale(identifier: locale ?? "en_US_POSIX")
                if formatter.date(from: text) == nil, Double(text) == nil {
                    diagnostics.append(Diagnostic(.warning, code, formatMessage(text, format: format), at: location))
                }
            } else if !looksLikeDate(text) {
                diagnostics.append(Diagnostic(.warning, code, message(text), at: location))
            }
        case .datePicker:
            for name in ["date", "minimumDate", "maximumDate"] {
                for case .text(let text, let location) in object.values(name) where !looksLikeDate(text) {
                    diagnostics.append(Diagnostic(.warning, code, message(text), at: location))
                }
            }
        default:
            return
        }
    }

    static let words = [
        "today", "tomorrow", "yesterday", "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ]

    /// Whether text is a number or holds a numeric date, a time, a month name or a relative day.
    static func looksLikeDate(_ text: String) -> Bool {
        if Double(text) != nil { return true }
        let lowered = text.lowercased()
        if words.contains(where: { lowered.contains($0) }) { return true }
        // Digit groups joined by a date or time separator: 2012-12-18, 18/12, 10:30, 18.12.12.
        let scalars = Array(lowered.unicodeScalars)
        for index in scalars.indices.dropFirst().dropLast() where "-/.:".unicodeScalars.contains(scalars[index]) {
            if ("0"..."9").contains(scalars[index - 1]), ("0"..."9").contains(scalars[index + 1]) { return true }
        }
        return false
    }

    static func formatMessage(_ text: String, format: String) -> String {
        "date '\(text)' does not match format '\(format)'"
    }
    static func message(_ text: String) -> String { "'\(text)' contains no recognisable date" }
}
