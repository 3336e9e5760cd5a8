public import WireframeModel

/// WF0114: a name or title holds a control character: NUL, or another C0 control or DEL but tab
/// and newline.
///
/// The one rule of what a name or title may hold. A file may carry any of them (JSON escapes them,
/// XML 1.1 writes them as references), but no program that shows the text can: Graphviz refuses a
/// picture with a NUL in a label, a terminal obeys an escape, a C string ends at the NUL. So they
/// are refused where the text is written, with its place, rather than met later by every picture
/// and report of every revision after it. Long texts are not refused: pictures shorten them.
public struct TextCharactersRule: Rule {
    public init() {}
    public var code: DiagnosticCode { "WF0114" }
    public var severities: [Severity] { [.error] }
    public var summary: String { "names and titles hold no control characters but tab and newline" }

    public func check(_ context: ValidationContext, into diagnostics: inout [Diagnostic]) {
        let wireframe = context.wireframe
        func check(_ text: String?, _ what: @autoclosure () -> String, at location: SourceLocation?, or fallback: SourceLocation) {
            guard let text, let found = Self.control(in: text) else { return }
            diagnostics.append(Diagnostic(.error, code, Self.message(what(), found), at: location ?? fallback))
        }
        check(wireframe.appName, "the app name", at: wireframe.locations.appName, or: wireframe.locations.document)
        for bar in wireframe.navigationBars {
            check(bar.name, "the navigation bar name", at: bar.nameLocation, or: bar.location)
            for button in bar.buttons {
                check(
                    button.title, "the title of a button of the navigation bar '\(bar.name.escapingControlCharacters)'",
                    at: button.location, or: bar.location)
                check(
                    button.icon, "the icon of a button of the navigation bar '\(bar.name.escapingControlCharacters)'", at: button.location,
                    or: bar.location)
            }
        }
        for screen in wireframe.screens {
            let definition = screen.locations.definition
            check(screen.key, "the route key", at: screen.locations.key, or: definition)
            check(screen.title, "the title of route '\(screen.key.escapingControlCharacters)'", at: screen.locations.title, or: definition)
            screen.forEachElement { element in
                let locations = element.pointee.locations
                check(
                    element.pointee.reference, "an element reference in route '\(screen.key.escapingControlCharacters)'",
                    at: locations.reference, or: locations.definition)
                check(
                    element.pointee.text, "the text of an element of route '\(screen.key.escapingControlCharacters)'",
                    at: locations.definition, or: locations.definition)
            }
        }
    }

    /// The first character of `text` no name or title may hold, if any. Each is one byte in
    /// UTF-8 (a byte below 0x80 is never part of a longer character), so a scan of the bytes
    /// finds it: every save runs this over every text of the document.
    static func control(in text: String) -> Unicode.Scalar? {
        for byte in text.utf8 where (byte < 0x20 && byte != 0x09 && byte != 0x0A) || byte == 0x7F {
            return Unicode.Scalar(byte)
        }
        return nil
    }

    static func message(_ what: String, _ character: Unicode.Scalar) -> String {
        let name =
            character.value == 0
            ? "a NUL character" : "the control character U+\(String(character.value, radix: 16, uppercase: true).leftPadded(to: 4))"
        return "\(what) holds \(name); names and titles may hold tab and newline but no other control character"
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
