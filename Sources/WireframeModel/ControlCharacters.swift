extension String {
    /// The text with its control characters written as escapes, for a name printed in a line of
    /// text (a log line, a command's output): `\n`, `\r`, `\t`, and `\u{1B}` for the others.
    ///
    /// A file name may hold any byte but `/` and NUL: a newline in one would forge a line of the
    /// daemon's log or split a line of `wfs log`, an escape sequence would drive the terminal.
    /// Control characters are C0, DEL, C1, and the Unicode line and paragraph separators. JSON
    /// output escapes them already and keeps the name as it is.
    public var escapingControlCharacters: String {
        guard unicodeScalars.contains(where: Self.isControl) else { return self }
        var escaped = ""
        escaped.reserveCapacity(utf8.count + 8)
        for scalar in unicodeScalars {
            guard Self.isControl(scalar) else {
                escaped.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            default: escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return escaped
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }
}
