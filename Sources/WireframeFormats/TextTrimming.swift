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
    var isBlank: Bool {
        // Contiguous bytes first: ASCII decides at once; a non-ASCII byte hands over to the scalars.
        let ascii = utf8.withContiguousStorageIfAvailable { buffer -> Bool? in
            for byte in buffer {
                switch byte {
                case 0x20, 0x09...0x0D: continue
                case 0..<0x80: return false
                default: return nil
                }
            }
            return true
        }
        if case .some(.some(let result)) = ascii { return result }
        return unicodeScalars.allSatisfy(Self.isWhitespace)
    }

    @inline(__always)
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0x09...0x0D: true
        case 0..<0x80: false
        default: scalar.properties.isWhitespace
        }
    }
}

extension String {
    /// `StringProtocol.trimmingWhitespace()`, scanning UTF-8 bytes when both ends are ASCII.
    ///
    /// A non-ASCII character at either end may be whitespace, so then the scalar version decides.
    func trimmingWhitespace() -> String {
        let bytes = utf8
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end {
            let byte = bytes[start]
            guard byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) else {
                if byte >= 0x80 { return self[...].trimmingWhitespace() }
                break
            }
            bytes.formIndex(after: &start)
        }
        while end > start {
            let before = bytes.index(before: end)
            let byte = bytes[before]
            guard byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) else {
                if byte >= 0x80 { return self[...].trimmingWhitespace() }
                break
            }
            end = before
        }
        if start == bytes.startIndex, end == bytes.endIndex { return self }
        return String(self[start..<end])
    }
}
