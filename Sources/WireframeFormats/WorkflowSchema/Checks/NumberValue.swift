import WireframeModel

/// C12: `number` text that is not a decimal number in the document locale (`1,5` is 1.5 under
/// `fr`, §1.8). Without `lang` both `.` and `,` are accepted as the decimal separator.
enum NumberValueCheck {
    static let code: DiagnosticCode = "WF1312"
    static let definition = DiagnosticDefinition(
        code, [.warning], "`number` text that is not a decimal in the document locale", check: "C12")

    static let tag = KnownTag("number")

    static func run(_ object: SchemaObject, locale: String?, into diagnostics: inout [Diagnostic]) {
        guard tag.matches(object), object.mode == .ordinary else { return }
        for case .text(let text, let location) in object.values("value")
        where !text.isEmpty && !CheckSupport.isDecimal(text, locale: locale) {
            diagnostics.append(Diagnostic(.warning, code, message(text, locale: locale), at: location))
        }
    }

    static func message(_ text: String, locale: String?) -> String {
        "'\(text)' is not a decimal number" + (locale.map { " in locale '\($0)'" } ?? "")
    }
}
