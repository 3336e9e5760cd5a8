import WireframeModel

/// Locates markup in the raw bytes: start and end tags, attributes, and the document type
/// declarations that the reader refuses.
///
/// The platform XML parser reports positions at the end of tokens; this scanner gives the first
/// character of each token instead. It runs once, without recursion, before the parser, and also
/// enforces the depth limit so that deep nesting fails fast.
struct MarkupScanner {
    /// An attribute of a start tag.
    struct Attribute {
        var name: String
        var nameOffset: Int
        var valueOffset: Int
    }

    /// A start tag, `<name …>` or `<name …/>`.
    struct StartTag {
        var offset: Int
        var name: String
        var attributes: [Attribute]
        var endOffset: Int
        var isEmpty: Bool
    }

    /// What stops the scan.
    enum Failure {
        case documentType(offset: Int)
        case tooDeep(offset: Int)
    }

    var startTags: [StartTag] = []
    var endTagEnds: [Int] = []
    var failure: Failure?

    /// Scans `bytes`; stops at a document type declaration or past `maximumDepth`.
    init(_ bytes: [UInt8], maximumDepth: Int) {
        let count = bytes.count
        var index = 0
        var depth = 0
        // The patterns are static ASCII strings, compared byte by byte without building arrays.
        func starts(with text: StaticString, at position: Int) -> Bool {
            let length = text.utf8CodeUnitCount
            guard position + length <= count else { return false }
            let pattern = text.utf8Start
            for offset in 0..<length where bytes[position + offset] != pattern[offset] { return false }
            return true
        }
        func skip(past terminator: StaticString, from position: Int) -> Int {
            let length = terminator.utf8CodeUnitCount
            let first = terminator.utf8Start[0]
            var cursor = position
            while cursor + length <= count {
                if bytes[cursor] == first, starts(with: terminator, at: cursor) { return cursor + length }
                cursor += 1
            }
            return count
        }
        func isNameByte(_ byte: UInt8) -> Bool {
            !(byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x3E || byte == 0x2F
                || byte == 0x3D || byte == 0x22 || byte == 0x27 || byte == 0x3C)
        }
        while index < count {
            guard bytes[index] == 0x3C else { index += 1; continue }  // '<'
            if starts(with: "<!--", at: index) {
                index = skip(past: "-->", from: index + 4)
            } else if starts(with: "<![CDATA[", at: index) {
                index = skip(past: "]]>", from: index + 9)
            } else if starts(with: "<?", at: index) {
                index = skip(past: "?>", from: index + 2)
            } else if starts(with: "<!", at: index) {
                failure = .documentType(offset: index)
                return
            } else if starts(with: "</", at: index) {
                index = skip(past: ">", from: index + 2)
                endTagEnds.append(index)
                depth -= 1
            } else {
                let tagOffset = index
                var cursor = index + 1
                let nameStart = cursor
                while cursor < count, isNameByte(bytes[cursor]) { cursor += 1 }
                let name = String(decoding: bytes[nameStart..<cursor], as: UTF8.self)
                var attributes: [Attribute] = []
                var isEmpty = false
                scanning: while cursor < count {
                    switch bytes[cursor] {
                    case 0x3E:  // '>'
                        cursor += 1
                        break scanning
                    case 0x2F:  // '/'
                        isEmpty = true
                        cursor += 1
                    case 0x20, 0x09, 0x0A, 0x0D:
                        cursor += 1
                    default:
                        let attributeStart = cursor
                        while cursor < count, isNameByte(bytes[cursor]) { cursor += 1 }
                        let attributeName = String(decoding: bytes[attributeStart..<cursor], as: UTF8.self)
                        while cursor < count, bytes[cursor] != 0x22, bytes[cursor] != 0x27, bytes[cursor] != 0x3E {
                            cursor += 1
                        }
                        var valueOffset = cursor
                        if cursor < count, bytes[cursor] == 0x22 || bytes[cursor] == 0x27 {
                            let quote = bytes[cursor]
                            cursor += 1
                            valueOffset = cursor
                            while cursor < count, bytes[cursor] != quote { cursor += 1 }
                            cursor += 1
                        }
                        if attributeName.isEmpty { cursor += 1 }
                        attributes.append(Attribute(name: attributeName, nameOffset: attributeStart, valueOffset: valueOffset))
                    }
                }
                startTags.append(StartTag(offset: tagOffset, name: name, attributes: attributes, endOffset: cursor, isEmpty: isEmpty))
                if !isEmpty {
                    depth += 1
                    if depth > maximumDepth {
                        failure = .tooDeep(offset: tagOffset)
                        return
                    }
                }
                index = cursor
            }
        }
    }
}

/// Converts byte offsets to line and column (columns count Unicode scalars).
struct LineIndex {
    let bytes: [UInt8]
    private var lineStarts: [Int] = [0]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        for (offset, byte) in bytes.enumerated() where byte == 0x0A { lineStarts.append(offset + 1) }
    }

    /// The location of a byte offset.
    func location(of offset: Int) -> SourceLocation {
        let clamped = max(0, min(offset, bytes.count))
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= clamped { low = middle } else { high = middle - 1 }
        }
        var column = 1
        var cursor = lineStarts[low]
        while cursor < clamped {
            if bytes[cursor] & 0xC0 != 0x80 { column += 1 }
            cursor += 1
        }
        return SourceLocation(line: low + 1, column: column, offset: clamped)
    }

    /// The offset of a 1-based line and column (columns in scalars), as the XML parser reports them.
    func offset(line: Int, column: Int) -> Int {
        guard line >= 1, line <= lineStarts.count else { return bytes.count }
        var cursor = lineStarts[line - 1]
        var remaining = column - 1
        while remaining > 0, cursor < bytes.count, bytes[cursor] != 0x0A {
            cursor += 1
            while cursor < bytes.count, bytes[cursor] & 0xC0 == 0x80 { cursor += 1 }
            remaining -= 1
        }
        return cursor
    }

    /// The first offset at or after `offset` that is not whitespace and not inside a comment or processing instruction.
    func firstContent(from offset: Int) -> Int {
        var cursor = offset
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                cursor += 1
            } else if byte == 0x3C, cursor + 3 < bytes.count, bytes[cursor + 1] == 0x21, bytes[cursor + 2] == 0x2D,
                bytes[cursor + 3] == 0x2D
            {
                cursor += 4
                while cursor + 2 < bytes.count, !(bytes[cursor] == 0x2D && bytes[cursor + 1] == 0x2D && bytes[cursor + 2] == 0x3E) {
                    cursor += 1
                }
                cursor += 3
            } else {
                return cursor
            }
        }
        return min(cursor, bytes.count)
    }
}
