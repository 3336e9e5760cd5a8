extension StringProtocol {
    /// The text without leading and trailing whitespace and newlines (Unicode's White_Space).
    ///
    /// What `trimmingCharacters(in: .whitespacesAndNewlines)` gives, without the round trip
    /// through NSString that makes Foundation's version slow on Linux.
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, Self.isWhitespace(scalars[start]) { start = scalars.index(after: start) }
        while end > start {
            let before = scalars.index(before: end)
            guard Self.isWhitespace(scalars[before]) else { break }
            end = before
        }
        if start == scalars.startIndex, end == scalars.endIndex { return String(self) }
        return String(self[start..<end])
    }

    /// Whether the text is empty or only whitespace and newlines.
    var isBlank: Bool { unicodeScalars.allSatisfy(Self.isWhitespace) }

    @inline(__always)
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0x09...0x0D: true
        case 0..<0x80: false
        default: scalar.properties.isWhitespace
        }
    }
}
