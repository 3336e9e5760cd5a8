import WireframeModel

/// A well-formedness error: what is wrong, the byte offset it points at, and where the other
/// part is when there is one (the open element of a wrong end tag, the first of two attributes).
struct XMLSyntaxError: Error {
    var code: DiagnosticCode
    var message: String
    var offset: Int
    var note: (message: String, offset: Int)?

    init(_ message: String, at offset: Int, code: DiagnosticCode = WellFormednessCheck.code, note: (message: String, offset: Int)? = nil) {
        self.code = code
        self.message = message
        self.offset = offset
        self.note = note
    }
}

/// One piece of the document, as byte ranges into the file.
enum XMLToken {
    /// `<name …>` or `<name …/>` at `offset`; its attributes are the tokenizer's `attributes`.
    case startTag(offset: Int, name: Range<Int>, end: Int, isEmpty: Bool)
    /// `</name>` at `offset`, `end` just past its `>`.
    case endTag(offset: Int, end: Int)
    /// Character data without references, exactly as in the file (line ends not yet normalized).
    case text(Range<Int>)
    /// Character data of spaces, tabs, line feeds and carriage returns only (indentation),
    /// followed by markup, a reference or the end of the file.
    case blank(Range<Int>)
    /// A predefined entity or character reference at `offset`, resolved.
    case reference(Unicode.Scalar, offset: Int)
    /// The content of a CDATA section.
    case cdata(Range<Int>)
    /// A comment or processing instruction inside the document element: it ends a run of text.
    case boundary
}

/// An attribute of the last start tag: byte ranges of its name and of its value between the quotes.
struct XMLAttributeToken {
    var name: Range<Int>
    var value: Range<Int>
    /// Whether the value holds a reference or a tab, line feed or carriage return to normalize.
    var needsDecoding: Bool
}

/// Splits the XML that WorkflowSchema files may hold into tokens, byte by byte, and checks that
/// it is well-formed: elements, attributes in either quote, text, CDATA sections, comments,
/// processing instructions, the XML declaration, the five predefined entities and character
/// references. A document type declaration (any `<!` that is neither a comment nor a CDATA
/// section) is refused, so no entity is ever declared or expanded.
///
/// The bytes must already be valid UTF-8 without characters outside XML's `Char` production
/// (`XMLTokenizer.firstInvalidCharacter` checks both).
struct XMLTokenizer {
    enum Part { case prolog, content, epilog }

    let bytes: UnsafeBufferPointer<UInt8>
    let maximumDepth: Int
    /// Elements and attributes past this many are refused: a work budget for one file.
    let maximumNodes: Int
    /// The elements and attributes read so far.
    private var nodes = 0
    /// The budget of the import reading, asked every thousand nodes whether to stop.
    private let budget = WorkBudget.current
    /// The next byte to read.
    private(set) var position: Int
    /// The attributes of the last start tag, in source order.
    private(set) var attributes: [XMLAttributeToken] = []
    /// For a tag with many attributes: the newest attribute with each hash of a name, by index.
    private var attributesByHash: [Int: Int] = [:]
    /// For each indexed attribute, the previous one whose name has the same hash, or -1.
    private var attributeWithSameHash: [Int] = []
    /// The open elements: the name and the offset of the `<`.
    private var open: [(name: Range<Int>, offset: Int)] = []
    private(set) var part = Part.prolog

    init(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, maximumNodes: Int = .max) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        self.maximumNodes = maximumNodes
        // A UTF-8 byte order mark is allowed before everything, the XML declaration included.
        position = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }

    // MARK: Bytes

    static let lessThan: UInt8 = 0x3C, greaterThan: UInt8 = 0x3E, ampersand: UInt8 = 0x26, slash: UInt8 = 0x2F
    static let question: UInt8 = 0x3F, bang: UInt8 = 0x21, equals: UInt8 = 0x3D, hyphen: UInt8 = 0x2D
    static let quote: UInt8 = 0x22, apostrophe: UInt8 = 0x27, semicolon: UInt8 = 0x3B, hash: UInt8 = 0x23
    static let closingBracket: UInt8 = 0x5D

    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }

    @inline(__always)
    private func byte(at index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private func starts(with text: StaticString, at index: Int) -> Bool {
        let length = text.utf8CodeUnitCount
        guard index + length <= bytes.count else { return false }
        let pattern = text.utf8Start
        for offset in 0..<length where bytes[index + offset] != pattern[offset] { return false }
        return true
    }

    /// The offset of the first occurrence of `text` at or after `index`, nil when there is none.
    private func find(_ text: StaticString, from index: Int) -> Int? {
        let first = text.utf8Start[0]
        var cursor = index
        let last = bytes.count - text.utf8CodeUnitCount
        while cursor <= last {
            if bytes[cursor] == first, starts(with: text, at: cursor) { return cursor }
            cursor += 1
        }
        return nil
    }

    private mutating func skipSpace() -> Bool {
        let start = position
        while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
        return position > start
    }

    // MARK: Names

    /// The end of the XML `Name` that starts at `index`, or `index` when none starts there.
    func nameEnd(from index: Int) -> Int {
        var cursor = index
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if byte < 0x80 {
                guard cursor > index ? Self.isASCIINameCharacter(byte) : Self.isASCIINameStart(byte) else { break }
                cursor += 1
            } else {
                let (scalar, length) = decodeScalar(at: cursor)
                guard Self.isNameCharacter(scalar, first: cursor == index) else { break }
                cursor += length
            }
        }
        return cursor
    }

    /// Whether an ASCII byte may continue an XML name (`NameChar`): a letter, a digit, `_`, `:`,
    /// `-` or `.`.
    static func isASCIINameCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."): true
        default: isASCIINameStart(byte)
        }
    }

    /// Whether an ASCII byte may start an XML name (`NameStartChar`): a letter, `_` or `:`.
    static func isASCIINameStart(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"), UInt8(ascii: ":"): true
        default: false
        }
    }

    /// The scalar that starts at `index` and its length in bytes (the bytes are valid UTF-8).
    func decodeScalar(at index: Int) -> (UInt32, Int) {
        let lead = UInt32(bytes[index])
        func continuation(_ offset: Int) -> UInt32 {
            index + offset < bytes.count ? UInt32(bytes[index + offset] & 0x3F) : 0
        }
        if lead < 0x80 { return (lead, 1) }
        if lead < 0xE0 { return ((lead & 0x1F) << 6 | continuation(1), 2) }
        if lead < 0xF0 { return ((lead & 0x0F) << 12 | continuation(1) << 6 | continuation(2), 3) }
        return ((lead & 0x07) << 18 | continuation(1) << 12 | continuation(2) << 6 | continuation(3), 4)
    }

    /// XML 1.0 (fifth edition) `NameStartChar` and `NameChar` outside ASCII.
    static func isNameCharacter(_ scalar: UInt32, first: Bool) -> Bool {
        switch scalar {
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF, 0x200C...0x200D,
            0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x10000...0xEFFFF:
            true
        case 0xB7, 0x300...0x36F, 0x203F...0x2040:
            !first
        default:
            false
        }
    }

    private func name(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }

    private func sameName(_ lhs: Range<Int>, _ rhs: Range<Int>) -> Bool {
        sameBytes(UnsafeBufferPointer(rebasing: bytes[lhs]), UnsafeBufferPointer(rebasing: bytes[rhs]))
    }

    // MARK: Tokens

    /// The next token; nil at the end of a well-formed document.
    mutating func next() throws(XMLSyntaxError) -> XMLToken? {
        while position < bytes.count {
            let current = bytes[position]
            if current == Self.lessThan {
                switch byte(at: position + 1) {
                case Self.slash:
                    return try endTag()
                case Self.question:
                    try processingInstruction()
                    if part == .content { return .boundary }
                case Self.bang:
                    if starts(with: "<!--", at: position) {
                        try comment()
                        if part == .content { return .boundary }
                    } else if starts(with: "<![CDATA[", at: position), part == .content {
                        return try cdata()
                    } else if starts(with: "<![CDATA[", at: position) {
                        throw outsideContent(at: position)
                    } else {
                        throw XMLSyntaxError(DocumentTypeCheck.message, at: position, code: DocumentTypeCheck.code)
                    }
                default:
                    return try startTag()
                }
            } else if part == .content {
                if current == Self.ampersand {
                    let offset = position
                    let (scalar, end) = try reference(at: offset)
                    position = end
                    return .reference(scalar, offset: offset)
                }
                return try text()
            } else if Self.isSpace(current) {
                position += 1
            } else {
                throw outsideContent(at: position)
            }
        }
        switch part {
        case .prolog:
            throw XMLSyntaxError("no document element", at: bytes.count)
        case .content:
            let innermost = open[open.count - 1]
            throw XMLSyntaxError("element '\(name(innermost.name))' is not closed before the end of the file", at: innermost.offset)
        case .epilog:
            return nil
        }
    }

    private func outsideContent(at offset: Int) -> XMLSyntaxError {
        part == .prolog
            ? XMLSyntaxError("only comments and processing instructions may come before the document element", at: offset)
            : XMLSyntaxError("extra content or premature end of the document", at: offset)
    }

    private mutating func text() throws(XMLSyntaxError) -> XMLToken {
        let start = position
        var cursor = position
        let count = bytes.count
        // Indentation first (most text between tags): whitespace up to markup or a reference is
        // handed on as blank, so that it is scanned once.
        while cursor < count, Self.isSpace(bytes[cursor]) { cursor += 1 }
        if cursor == count || bytes[cursor] == Self.lessThan || bytes[cursor] == Self.ampersand {
            position = cursor
            return .blank(start..<cursor)
        }
        // Whitespace holds none of the bytes looked for below: the scan goes on from there.
        while cursor < count {
            let byte = bytes[cursor]
            if byte == Self.lessThan || byte == Self.ampersand { break }
            if byte == Self.closingBracket, cursor + 2 < count, bytes[cursor + 1] == Self.closingBracket,
                bytes[cursor + 2] == Self.greaterThan
            {
                throw XMLSyntaxError("']]>' is not allowed in text; write ']]&gt;'", at: cursor)
            }
            cursor += 1
        }
        position = cursor
        return .text(start..<cursor)
    }

    private mutating func startTag() throws(XMLSyntaxError) -> XMLToken {
        let offset = position
        if part == .epilog { throw outsideContent(at: offset) }
        let nameStart = offset + 1
        let nameEnd = nameEnd(from: nameStart)
        guard nameEnd > nameStart else { throw XMLSyntaxError("element name expected after '<'", at: nameStart) }
        try countNode(at: offset)
        position = nameEnd
        // One at a time: `removeAll(keepingCapacity:)` goes through the generic range replacement.
        while !attributes.isEmpty { attributes.removeLast() }
        // Only a tag with many attributes built an index; dropping it returns its memory.
        if !attributesByHash.isEmpty {
            attributesByHash = [:]
            attributeWithSameHash = []
        }
        var isEmpty = false
        while true {
            let spaced = skipSpace()
            guard let byte = byte(at: position) else { throw XMLSyntaxError("tag is not finished", at: offset) }
            if byte == Self.greaterThan {
                position += 1
                break
            }
            if byte == Self.slash {
                guard self.byte(at: position + 1) == Self.greaterThan else {
                    throw XMLSyntaxError("'>' expected after '/'", at: position + 1)
                }
                position += 2
                isEmpty = true
                break
            }
            try attribute(spaced: spaced)
        }
        if isEmpty {
            if open.isEmpty { part = .epilog }
        } else {
            if open.count >= maximumDepth {
                throw XMLSyntaxError(
                    "elements nest deeper than \(maximumDepth) levels", at: offset, code: FormatCodes.nestingTooDeep)
            }
            open.append((nameStart..<nameEnd, offset))
            part = .content
        }
        return .startTag(offset: offset, name: nameStart..<nameEnd, end: position, isEmpty: isEmpty)
    }

    private mutating func attribute(spaced: Bool) throws(XMLSyntaxError) {
        let nameStart = position
        let nameEnd = nameEnd(from: nameStart)
        guard nameEnd > nameStart else { throw XMLSyntaxError("attribute name or '>' expected", at: nameStart) }
        guard spaced else { throw XMLSyntaxError("attributes must be separated by whitespace", at: nameStart) }
        let attributeName = nameStart..<nameEnd
        try countNode(at: nameStart)
        let quote = try openValue(of: attributeName)
        let valueStart = position + 1
        var cursor = valueStart
        var needsDecoding = false
        while true {
            guard cursor < bytes.count else { throw XMLSyntaxError("attribute value is not closed", at: valueStart - 1) }
            let byte = bytes[cursor]
            if byte == quote { break }
            switch byte {
            case Self.lessThan:
                throw XMLSyntaxError("'<' is not allowed in an attribute value; write '&lt;'", at: cursor)
            case Self.ampersand:
                cursor = try reference(at: cursor).end
                needsDecoding = true
            case 0x09, 0x0A, 0x0D:
                needsDecoding = true
                cursor += 1
            default:
                cursor += 1
            }
        }
        position = cursor + 1
        if let earlier = earlierAttribute(named: attributeName) {
            throw XMLSyntaxError(
                "attribute '\(name(attributeName))' is given twice", at: nameStart,
                note: ("the first '\(name(attributeName))' is here", earlier.lowerBound))
        }
        attributes.append(XMLAttributeToken(name: attributeName, value: valueStart..<cursor, needsDecoding: needsDecoding))
        if !attributesByHash.isEmpty || attributes.count == Self.attributesScannedInOrder {
            // From here on the tag's attributes are found by the hash of their name, so that a
            // tag with very many attributes is checked in linear work.
            let first = attributesByHash.isEmpty ? 0 : attributes.count - 1
            for index in first..<attributes.count { indexAttribute(at: index) }
        }
    }

    /// Counts an element or attribute against `maximumNodes`.
    private mutating func countNode(at offset: Int) throws(XMLSyntaxError) {
        nodes += 1
        if nodes & 1023 == 0, let budget, budget.shouldStop() {
            // The pipeline drops what was read and records why (or nothing, when cancelled).
            throw XMLSyntaxError("the import was stopped", at: offset, code: FormatCodes.overBudget)
        }
        guard nodes > maximumNodes else { return }
        throw XMLSyntaxError(
            "the file has more than \(maximumNodes) elements and attributes; the reader accepts at most that many", at: offset,
            code: FormatCodes.tooManyNodes)
    }

    /// A tag with up to this many attributes is checked for a repeated name by comparing with
    /// each earlier one (no allocation); past it, by an index of the names' hashes.
    private static let attributesScannedInOrder = 16

    /// The name of the earlier attribute of the current tag spelled as `name`, nil when there is none.
    private func earlierAttribute(named name: Range<Int>) -> Range<Int>? {
        if attributesByHash.isEmpty {
            for earlier in attributes where sameName(earlier.name, name) { return earlier.name }
            return nil
        }
        var candidate = attributesByHash[hash(of: name)] ?? -1
        while candidate >= 0 {
            if sameName(attributes[candidate].name, name) { return attributes[candidate].name }
            candidate = attributeWithSameHash[candidate]
        }
        return nil
    }

    /// Adds the attribute at `index` to the hash index (a chain per hash, newest first).
    private mutating func indexAttribute(at index: Int) {
        let key = hash(of: attributes[index].name)
        while attributeWithSameHash.count <= index { attributeWithSameHash.append(-1) }
        attributeWithSameHash[index] = attributesByHash[key] ?? -1
        attributesByHash[key] = index
    }

    private func hash(of name: Range<Int>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[name])))
        return hasher.finalize()
    }

    /// Reads `= "` after the attribute name `attribute` (whitespace allowed around `=`); the
    /// position is then at the opening quote, which it returns.
    private mutating func openValue(of attribute: Range<Int>) throws(XMLSyntaxError) -> UInt8 {
        position = attribute.upperBound
        _ = skipSpace()
        guard byte(at: position) == Self.equals else {
            throw XMLSyntaxError("attribute '\(name(attribute))' has no value", at: attribute.lowerBound)
        }
        position += 1
        _ = skipSpace()
        guard let quote = byte(at: position), quote == Self.quote || quote == Self.apostrophe else {
            throw XMLSyntaxError("attribute value expected in quotes", at: position)
        }
        return quote
    }

    private mutating func endTag() throws(XMLSyntaxError) -> XMLToken {
        let offset = position
        let nameStart = offset + 2
        let nameEnd = nameEnd(from: nameStart)
        guard nameEnd > nameStart else { throw XMLSyntaxError("element name expected after '</'", at: nameStart) }
        position = nameEnd
        _ = skipSpace()
        guard let byte = byte(at: position) else { throw XMLSyntaxError("tag is not finished", at: offset) }
        guard byte == Self.greaterThan else { throw XMLSyntaxError("'>' expected", at: position) }
        position += 1
        guard let innermost = open.last else { throw outsideContent(at: offset) }
        guard sameName(innermost.name, nameStart..<nameEnd) else {
            throw XMLSyntaxError(
                "end tag does not match the open element", at: offset,
                note: ("'\(name(nameStart..<nameEnd))' closes '\(name(innermost.name))', opened here", innermost.offset))
        }
        open.removeLast()
        if open.isEmpty { part = .epilog }
        return .endTag(offset: offset, end: position)
    }

    private mutating func comment() throws(XMLSyntaxError) {
        let offset = position
        guard let dashes = find("--", from: offset + 4) else { throw XMLSyntaxError("comment is not closed", at: offset) }
        guard byte(at: dashes + 2) == Self.greaterThan else {
            throw XMLSyntaxError("'--' is not allowed inside a comment", at: dashes)
        }
        position = dashes + 3
    }

    private mutating func cdata() throws(XMLSyntaxError) -> XMLToken {
        let start = position + 9
        guard let end = find("]]>", from: start) else { throw XMLSyntaxError("CDATA section is not closed", at: position) }
        position = end + 3
        return .cdata(start..<end)
    }

    private mutating func processingInstruction() throws(XMLSyntaxError) {
        let offset = position
        let targetStart = offset + 2
        let targetEnd = nameEnd(from: targetStart)
        guard targetEnd > targetStart else { throw XMLSyntaxError("processing instruction name expected after '<?'", at: targetStart) }
        let target = targetStart..<targetEnd
        if target.count == 3, bytes[targetStart] | 0x20 == 0x78, bytes[targetStart + 1] | 0x20 == 0x6D,
            bytes[targetStart + 2] | 0x20 == 0x6C
        {
            let atStart = offset == 0 || (offset == 3 && bytes[0] == 0xEF)
            guard atStart, part == .prolog, starts(with: "xml", at: targetStart) else {
                throw XMLSyntaxError("an XML declaration is only allowed at the start of the document", at: offset)
            }
            position = targetEnd
            try declaration()
            return
        }
        position = targetEnd
        if !starts(with: "?>", at: position), !skipSpace() {
            throw XMLSyntaxError("whitespace or '?>' expected after the processing instruction name", at: position)
        }
        guard let end = find("?>", from: position) else { throw XMLSyntaxError("processing instruction is not closed", at: offset) }
        position = end + 2
    }

    // MARK: XML declaration

    /// The encodings a declaration may name (compared without case). The bytes are read as UTF-8
    /// whatever it says; the file has been checked to be UTF-8, and for ASCII all of them agree.
    static let acceptedEncodings: Set<String> = {
        var names: Set<String> = ["utf-8", "utf8", "us-ascii", "ascii", "iso_8859-1", "iso-latin-1", "latin1"]
        for part in 1...16 where part != 12 { names.insert("iso-8859-\(part)") }
        for page in 1250...1258 { names.insert("windows-\(page)") }
        return names
    }()

    /// `<?xml version="1.0" encoding="…" standalone="…"?>` after `<?xml`; version 1.0 only.
    private mutating func declaration() throws(XMLSyntaxError) {
        var seen: [String] = []
        while true {
            let spaced = skipSpace()
            if starts(with: "?>", at: position) {
                position += 2
                break
            }
            let nameStart = position
            let nameEnd = nameEnd(from: nameStart)
            guard nameEnd > nameStart, spaced else { throw XMLSyntaxError("'?>' expected to end the XML declaration", at: nameStart) }
            let key = name(nameStart..<nameEnd)
            let quote = try openValue(of: nameStart..<nameEnd)
            let valueStart = position + 1
            var cursor = valueStart
            while cursor < bytes.count, bytes[cursor] != quote, bytes[cursor] != Self.lessThan { cursor += 1 }
            guard cursor < bytes.count, bytes[cursor] == quote else {
                throw XMLSyntaxError("value of '\(key)' is not closed", at: valueStart - 1)
            }
            let value = name(valueStart..<cursor)
            position = cursor + 1
            let order = ["version", "encoding", "standalone"]
            guard let rank = order.firstIndex(of: key), seen.allSatisfy({ order.firstIndex(of: $0) ?? 0 < rank }),
                (key == "version") == seen.isEmpty
            else {
                throw XMLSyntaxError(
                    seen.isEmpty ? "the XML declaration must start with 'version'" : "'\(key)' is not expected here in the XML declaration",
                    at: nameStart)
            }
            seen.append(key)
            switch key {
            case "version":
                guard value == "1.0" else { throw XMLSyntaxError("XML version '\(value)' is not supported; use 1.0", at: valueStart) }
            case "encoding":
                guard Self.acceptedEncodings.contains(value.lowercased()) else {
                    throw XMLSyntaxError("encoding '\(value)' is not supported; WorkflowSchema files are UTF-8", at: valueStart)
                }
            default:
                guard value == "yes" || value == "no" else { throw XMLSyntaxError("standalone must be 'yes' or 'no'", at: valueStart) }
            }
        }
        if seen.isEmpty { throw XMLSyntaxError("the XML declaration must give the version", at: position - 2) }
    }

    // MARK: References

    /// The scalar of the reference whose `&` is at `offset`, and the offset just past its `;`.
    func reference(at offset: Int) throws(XMLSyntaxError) -> (scalar: Unicode.Scalar, end: Int) {
        var cursor = offset + 1
        if byte(at: cursor) == Self.hash {
            cursor += 1
            let hexadecimal = byte(at: cursor) == 0x78
            if hexadecimal { cursor += 1 }
            let digitsStart = cursor
            var value: UInt32 = 0
            while let byte = byte(at: cursor) {
                let digit: UInt32
                switch byte {
                case 0x30...0x39: digit = UInt32(byte - 0x30)
                case 0x61...0x66 where hexadecimal: digit = UInt32(byte - 0x61 + 10)
                case 0x41...0x46 where hexadecimal: digit = UInt32(byte - 0x41 + 10)
                default: digit = 99
                }
                guard digit < 99 else { break }
                value = min(value * (hexadecimal ? 16 : 10) + digit, 0x110000)
                cursor += 1
            }
            guard cursor > digitsStart, byte(at: cursor) == Self.semicolon else {
                throw XMLSyntaxError(
                    hexadecimal
                        ? "character reference '&#x' needs hexadecimal digits and ';'"
                        : "character reference '&#' needs decimal digits (or 'x' and hexadecimal ones) and ';'",
                    at: offset)
            }
            guard Self.isCharacter(value), let scalar = Unicode.Scalar(value) else {
                throw XMLSyntaxError("character reference to a character that XML does not allow", at: offset)
            }
            return (scalar, cursor + 1)
        }
        let nameEnd = nameEnd(from: cursor)
        guard nameEnd > cursor, byte(at: nameEnd) == Self.semicolon else {
            throw XMLSyntaxError("'&' must start a reference such as '&amp;' or '&#38;'; write '&amp;' for '&'", at: offset)
        }
        let scalar: Unicode.Scalar
        switch name(cursor..<nameEnd) {
        case "lt": scalar = "<"
        case "gt": scalar = ">"
        case "amp": scalar = "&"
        case "apos": scalar = "'"
        case "quot": scalar = "\""
        case let entity: throw XMLSyntaxError("undeclared entity '\(entity)'", at: offset)
        }
        return (scalar, nameEnd + 1)
    }

    /// XML's `Char` production.
    static func isCharacter(_ value: UInt32) -> Bool {
        switch value {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    // MARK: Checks of the whole file

    /// The first byte that is not valid UTF-8 (overlong forms, surrogates and values past U+10FFFF
    /// included), or that encodes a character outside XML's `Char` production (C0 controls other
    /// than tab, line feed and carriage return; U+FFFE and U+FFFF).
    ///
    /// The same pass records in `lines` where each line starts and which lines hold a multi-byte
    /// character, for `SourceLocator`: every line feed before the offset it returns is recorded.
    static func firstInvalidCharacter(_ bytes: UnsafeBufferPointer<UInt8>, lines: inout LineTable) -> (offset: Int, isUTF8: Bool)? {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead >= 0x20, lead < 0x80 {
                index += 1
                continue
            }
            if lead < 0x20 {
                if lead == 0x09 || lead == 0x0D {
                    index += 1
                    continue
                }
                if lead == 0x0A {
                    index += 1
                    lines.addLineStart(index)
                    continue
                }
                return (index, true)
            }
            guard let length = UTF8Sequence.length(in: bytes, at: index) else { return (index, false) }
            if lead == 0xEF, bytes[index + 1] == 0xBF, bytes[index + 2] >= 0xBE { return (index, true) }
            lines.markWide()
            index += length
        }
        return nil
    }
}

/// Where the lines of a file start and which of them hold a multi-byte character: what
/// `SourceLocator` needs to turn an offset into line and column without reading the bytes again.
/// Recorded by `XMLTokenizer.firstInvalidCharacter(_:lines:)`.
struct LineTable {
    /// The offset after each line feed, in order: line n + 2 starts at `lineStart(n)` (line 1 at 0).
    private var starts: [Int32] = []
    /// The numbers of the lines (from 1) that hold a byte above 0x7F, in order, each once.
    private(set) var wideLines: [Int32] = []

    /// How many line starts there are (one per line feed).
    var count: Int { starts.count }

    /// The start of line `index + 2`; `index` below `count`.
    func lineStart(_ index: Int) -> Int { Int(starts[index]) }

    mutating func addLineStart(_ offset: Int) { starts.append(Int32(truncatingIfNeeded: offset)) }

    /// The current line (the one after the last line start added) holds a multi-byte character.
    mutating func markWide() {
        let line = Int32(truncatingIfNeeded: starts.count + 1)
        if wideLines.last != line { wideLines.append(line) }
    }
}
