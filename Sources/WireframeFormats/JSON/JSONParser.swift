#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
public import WireframeModel

/// A strict RFC 8259 JSON parser that keeps the line and column of every value.
///
/// It stops at the first syntax error (nothing after it can be trusted) but reports duplicate keys
/// and goes on. Nesting is limited so that hostile input meets an error, never a stack overflow.
public struct JSONParser: Sendable {
    /// How deep arrays and objects may nest.
    public var maximumDepth: Int

    /// Creates a parser.
    public init(maximumDepth: Int = 512) {
        self.maximumDepth = maximumDepth
    }

    /// The result of parsing: the document, if the text was well formed, and diagnostics.
    public struct Result: Sendable {
        /// The document as a flat tape of located values; nil when the text is not well-formed JSON.
        public var tape: JSONTape?
        /// Syntax errors and duplicate keys, in source order.
        public var diagnostics: [Diagnostic]

        /// The root value as a tree of located nodes, built from the tape on each call; nil when
        /// the text is not well-formed JSON.
        public var root: JSONNode? { tape.map { $0.node($0.root) } }
        /// With ``JSONParser/parse(_:skipping:recordingSpans:)``: the objects that are elements of
        /// arrays inside the top-level value (a wireframe's routes), in source order, skipped or not.
        public var spans: [JSONSpan] = []
        /// The spans skipped: where each lies in this text, and its index in the spans offered.
        public var skipped: [(start: Int, source: Int)] = []
    }

    /// Parses UTF-8 bytes.
    public func parse(_ bytes: [UInt8]) -> Result {
        // Offsets, lines and columns are kept in 32 bits.
        guard bytes.count < Int(Int32.max) else {
            return Result(
                tape: nil,
                diagnostics: [
                    Diagnostic(
                        .error, FormatCodes.fileTooLarge,
                        "the file is \(bytes.count) bytes; the JSON reader reads at most \(Int32.max - 1)",
                        at: .start)
                ])
        }
        let (records, diagnostics) = bytes.withUnsafeBufferPointer { buffer in
            var scanner = Scanner(buffer: buffer, maximumDepth: maximumDepth)
            return scanner.parseDocument()
        }
        return Result(tape: records.map { JSONTape(bytes: bytes, records: $0) }, diagnostics: diagnostics)
    }

    /// Parses UTF-8 bytes, taking the objects of `skipping` (spans of `known`, in source order)
    /// as read: an element of an array inside the top-level value whose text begins with the
    /// whole text of one of them (the next ones after the last skipped, a few tried) is not
    /// scanned; it is put on the tape as an empty object at its place, and the scan goes on after
    /// that text, its lines and columns counted from what the span says of it. The caller vouches
    /// that each span of `known` is an object that was parsed without error. `recordingSpans`
    /// also gives every such element's span (``Result/spans``).
    public func parse(_ bytes: [UInt8], skipping: [JSONSpan], of known: [UInt8], recordingSpans: Bool) -> Result {
        guard bytes.count < Int(Int32.max) else { return parse(bytes) }
        let (records, diagnostics, spans, skipped) = bytes.withUnsafeBufferPointer { buffer in
            known.withUnsafeBufferPointer { knownBuffer in
                var scanner = Scanner(buffer: buffer, maximumDepth: maximumDepth)
                scanner.elements.skips = skipping
                scanner.elements.known = knownBuffer
                scanner.elements.recordingSpans = recordingSpans
                scanner.trackingSpans = recordingSpans || !skipping.isEmpty
                let (records, diagnostics) = scanner.parseDocument()
                return (records, diagnostics, scanner.elements.spans, scanner.elements.skipped)
            }
        }
        return Result(tape: records.map { JSONTape(bytes: bytes, records: $0) }, diagnostics: diagnostics, spans: spans, skipped: skipped)
    }
}

/// The text of an object that is an element of an array inside the top-level value (a route of a
/// wireframe): where it lies, and what a scanner needs to know of it to go on after it without
/// reading it (its lines, and the Unicode scalars of its last line).
public struct JSONSpan: Sendable, Hashable {
    /// The offset of its `{`.
    public var start: Int
    /// The offset just after its `}`.
    public var end: Int
    /// How many line feeds the text holds.
    public var newlines: Int32
    /// With line feeds: where the last line begins, from `start`.
    public var lastLineStart: Int32
    /// The UTF-8 continuation bytes of the text's last line (of the whole text without line feeds).
    public var continuationBytes: Int32

    /// The same text moved by `delta` bytes.
    public func moved(by delta: Int) -> JSONSpan {
        var span = self
        span.start += delta
        span.end += delta
        return span
    }
}

/// The texts a scanner skips and the spans it records (``JSONParser/parse(_:skipping:of:recordingSpans:)``).
///
/// Owned by one scanner and used by it alone, one access at a time: its fields are not checked
/// for exclusivity at run time (a check per element object of the document).
private final class ElementSpans {
    @exclusivity(unchecked) var skips: [JSONSpan] = []
    @exclusivity(unchecked) var known = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    @exclusivity(unchecked) var nextSkip = 0
    @exclusivity(unchecked) var skipped: [(start: Int, source: Int)] = []
    @exclusivity(unchecked) var recordingSpans = false
    @exclusivity(unchecked) var spans: [JSONSpan] = []
}

/// Raised inside the scanner to unwind to the top on the first syntax error.
private struct SyntaxError: Error {
    var diagnostic: Diagnostic
}

private struct Scanner {
    let buffer: UnsafeBufferPointer<UInt8>
    let maximumDepth: Int
    var offset = 0
    var line = 1
    var lineStart = 0
    /// UTF-8 continuation bytes seen on the current line, to count columns in Unicode scalars.
    var continuationBytesOnLine = 0
    var depth = 0
    var diagnostics: [Diagnostic] = []
    var records: [JSONTape.Record] = []
    /// Whether elements of arrays inside the top-level value that are objects go through
    /// `elements` (``JSONParser/parse(_:skipping:of:recordingSpans:)``).
    var trackingSpans = false
    /// Kept out of line: the scanner is copied into frames of the recursive descent in unoptimized
    /// builds, and its size bounds the nesting a thread's stack takes.
    var elements = ElementSpans()

    init(buffer: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.buffer = buffer
        self.maximumDepth = maximumDepth
        // About one value per 8 bytes in indented wireframes.
        records.reserveCapacity(buffer.count / 8 + 16)
    }

    /// A record of `kind` starting here, with no extent and no children.
    @inline(__always)
    func record(_ kind: JSONTape.Kind, flags: UInt8 = 0) -> JSONTape.Record {
        JSONTape.Record(
            kind: kind, flags: flags, line: Int32(truncatingIfNeeded: line),
            column: Int32(truncatingIfNeeded: offset - lineStart - continuationBytesOnLine + 1),
            offset: Int32(truncatingIfNeeded: offset), extent: 0, next: Int32(truncatingIfNeeded: records.count + 1))
    }

    /// Where the scanner is. The file is shorter than `Int32.max` bytes (``JSONParser/parse(_:)``
    /// refuses longer ones), so every number fits in the location's 32 bits as it is.
    var location: SourceLocation {
        SourceLocation(
            line: Int32(truncatingIfNeeded: line),
            column: Int32(truncatingIfNeeded: offset - lineStart - continuationBytesOnLine + 1),
            offset: Int32(truncatingIfNeeded: offset))
    }

    mutating func parseDocument() -> (records: [JSONTape.Record]?, diagnostics: [Diagnostic]) {
        // A UTF-8 byte order mark is tolerated (RFC 8259 §8.1 lets parsers ignore it).
        if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF {
            offset = 3
            lineStart = 3
        }
        do {
            if buffer.count >= 2, (buffer[0] == 0xFF && buffer[1] == 0xFE) || (buffer[0] == 0xFE && buffer[1] == 0xFF) {
                throw error("the file is UTF-16 encoded; save it as UTF-8", code: FormatCodes.invalidUTF8)
            }
            skipWhitespace()
            if offset == buffer.count {
                throw SyntaxError(
                    diagnostic: Diagnostic(
                        .error, FormatCodes.emptyDocument, "the file is empty; a wireframe is a JSON object",
                        at: location))
            }
            try parseValue()
            skipWhitespace()
            if offset < buffer.count {
                throw error("unexpected \(describeCurrent()) after the end of the document")
            }
            return (records, diagnostics.sorted(by: Diagnostic.sourceOrder))
        } catch let failure as SyntaxError {
            diagnostics.append(failure.diagnostic)
            return (nil, diagnostics.sorted(by: Diagnostic.sourceOrder))
        } catch {
            return (nil, diagnostics)
        }
    }

    func error(_ message: String, code: DiagnosticCode = FormatCodes.syntax) -> SyntaxError {
        SyntaxError(diagnostic: Diagnostic(.error, code, message, at: location))
    }

    func describeCurrent() -> String {
        guard offset < buffer.count else { return "end of file" }
        let byte = buffer[offset]
        switch byte {
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"): return "end of line"
        case 0x21...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
        case UInt8(ascii: " "), UInt8(ascii: "\t"): return "whitespace"
        default: return "byte 0x\(String(byte, radix: 16, uppercase: true))"
        }
    }

    mutating func skipWhitespace() {
        var position = offset
        while position < buffer.count {
            let byte = buffer[position]
            if byte == 0x20 || byte == 0x09 || byte == 0x0D {
                position += 1
            } else if byte == 0x0A {
                position += 1
                line += 1
                lineStart = position
                continuationBytesOnLine = 0
            } else {
                break
            }
        }
        offset = position
    }

    /// Parses one value and appends its records.
    mutating func parseValue() throws(SyntaxError) {
        guard offset < buffer.count else { throw error("expected a value, found end of file") }
        switch buffer[offset] {
        case UInt8(ascii: "{"):
            try parseObject()
        case UInt8(ascii: "["):
            try parseArray()
        case UInt8(ascii: "\""):
            try parseString()
        case UInt8(ascii: "t"):
            let start = record(.true)
            try expectLiteral("true")
            records.append(start)
        case UInt8(ascii: "f"):
            let start = record(.false)
            try expectLiteral("false")
            records.append(start)
        case UInt8(ascii: "n"):
            let start = record(.null)
            try expectLiteral("null")
            records.append(start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            var number = record(.number)
            try parseNumber()
            number.extent = Int32(truncatingIfNeeded: offset)
            records.append(number)
        case UInt8(ascii: "'"):
            throw error("strings must be in double quotes, found '''")
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
            throw error("expected a value, found \(describeCurrent())")
        default:
            if buffer[offset] >= 0x80 {
                let start = offset
                let continuationBytes = continuationBytesOnLine
                try skipMultiByteScalar()  // throws for invalid UTF-8
                offset = start
                continuationBytesOnLine = continuationBytes
                throw error("expected a value, found a non-ASCII character outside a string")
            }
            throw error("expected a value, found \(describeCurrent())")
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(SyntaxError) {
        let count = literal.utf8CodeUnitCount
        let text = literal.utf8Start
        var index = 0
        while index < count {
            guard offset + index < buffer.count, buffer[offset + index] == text[index] else {
                var end = offset
                while end < buffer.count, isIdentifierByte(buffer[end]) { end += 1 }
                let word = String(decoding: UnsafeBufferPointer(rebasing: buffer[offset..<max(end, offset + 1)]), as: UTF8.self)
                throw error("expected a value, found '\(word)'")
            }
            index += 1
        }
        offset += count
    }

    func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }

    mutating func enterContainer() throws(SyntaxError) {
        depth += 1
        if depth > maximumDepth {
            throw error("nesting is deeper than \(maximumDepth) levels", code: FormatCodes.nestingTooDeep)
        }
    }

    /// Parses an object: its record, then each member's key and value records.
    mutating func parseObject() throws(SyntaxError) {
        try enterContainer()
        let index = records.count
        records.append(record(.object))
        offset += 1  // {
        var memberCount = 0
        // Small objects look for repeated keys by scanning the keys before; large ones switch to a
        // hash map. Keys are compared by their decoded UTF-8 bytes: Swift's String equality would
        // take "é" and "e\u{301}", two different JSON keys, for one.
        var firstKeys: [[UInt8]: Int]? = nil
        // Before the scan, a filter: one bit per (length, first byte) of the keys so far. A key
        // without escapes whose bit is clear cannot equal an earlier key without escapes; a key
        // with escapes (rare) is always compared, and so is every key after one. Without the filter
        // every key was compared with the keys before it: about 1 ms more at 10,000 screens, where
        // the whole pipeline takes 16.5 to 19 ms against its floor of 20 ms.
        var keySignatures: UInt64 = 0
        var anyEscapedKey = false
        skipWhitespace()
        if offset < buffer.count, buffer[offset] == UInt8(ascii: "}") {
            offset += 1
            depth -= 1
            records[index].next = Int32(truncatingIfNeeded: records.count)
            return
        }
        var commaLocation: SourceLocation?
        while true {
            skipWhitespace()
            guard offset < buffer.count else { throw error("expected a key in double quotes, found end of file") }
            guard buffer[offset] == UInt8(ascii: "\"") else {
                if buffer[offset] == UInt8(ascii: "}"), let commaLocation {
                    throw SyntaxError(diagnostic: Diagnostic(.error, FormatCodes.syntax, "trailing comma before '}'", at: commaLocation))
                }
                throw error("expected a key in double quotes, found \(describeCurrent())")
            }
            let key = records.count
            try parseString()
            skipWhitespace()
            guard offset < buffer.count, buffer[offset] == UInt8(ascii: ":") else {
                throw error("expected ':' after key '\(keyText(key))', found \(describeCurrent())")
            }
            offset += 1
            skipWhitespace()
            try parseValue()
            if firstKeys == nil, memberCount >= 16 {
                var keys: [[UInt8]: Int] = [:]
                var position = index + 1
                for _ in 0..<memberCount {
                    if records[position].flags & JSONTape.Record.repeatedKey == 0 {
                        keys[JSONTape.decodedBytes(records[position], in: buffer)] = position
                    }
                    position = Int(records[position + 1].next)
                }
                firstKeys = keys
            }
            let keyRecord = records[key]
            let keyStart = Int(keyRecord.offset) + 1
            let keyLength = Int(keyRecord.extent) - keyStart
            let keyFirstByte = keyLength > 0 ? Int(buffer[keyStart]) : 0
            let keyBit = UInt64(1) << UInt64((keyLength &* 31 &+ keyFirstByte) & 63)
            anyEscapedKey = anyEscapedKey || keyRecord.flags & JSONTape.Record.escaped != 0
            let first: Int?
            if firstKeys != nil {
                let bytes = JSONTape.decodedBytes(records[key], in: buffer)
                first = firstKeys?[bytes]
                if first == nil { firstKeys?[bytes] = key }
            } else if anyEscapedKey || keySignatures & keyBit != 0 {
                first = earlierKey(equalTo: key, in: index, memberCount: memberCount)
            } else {
                first = nil
            }
            keySignatures |= keyBit
            if let first {
                records[key].flags |= JSONTape.Record.repeatedKey
                let text = keyText(key)
                diagnostics.append(
                    Diagnostic(
                        .error, FormatCodes.duplicateKey, "duplicate key '\(text)'", at: recordLocation(key),
                        notes: [DiagnosticNote("'\(text)' first appears here", at: recordLocation(first))]))
            }
            memberCount += 1
            skipWhitespace()
            guard offset < buffer.count else { throw error("expected ',' or '}' after a member, found end of file") }
            switch buffer[offset] {
            case UInt8(ascii: ","):
                commaLocation = location
                offset += 1
            case UInt8(ascii: "}"):
                offset += 1
                depth -= 1
                records[index].extent = Int32(truncatingIfNeeded: memberCount)
                records[index].next = Int32(truncatingIfNeeded: records.count)
                return
            default:
                throw error("expected ',' or '}' after a member, found \(describeCurrent())")
            }
        }
    }

    /// The first of the object's `memberCount` first keys that equals the key at `key`.
    func earlierKey(equalTo key: Int, in object: Int, memberCount: Int) -> Int? {
        let record = records[key]
        let escaped = record.flags & JSONTape.Record.escaped != 0
        let start = Int(record.offset) + 1
        let length = Int(record.extent) - start
        var position = object + 1
        for _ in 0..<memberCount {
            let other = records[position]
            if other.flags & JSONTape.Record.repeatedKey == 0 {
                if escaped || other.flags & JSONTape.Record.escaped != 0 {
                    if JSONTape.decodedBytes(record, in: buffer) == JSONTape.decodedBytes(other, in: buffer) { return position }
                } else if sameBytes(
                    UnsafeBufferPointer(rebasing: buffer[start..<(start + length)]),
                    UnsafeBufferPointer(rebasing: buffer[(Int(other.offset) + 1)..<Int(other.extent)]))
                {
                    return position
                }
            }
            position = Int(records[position + 1].next)
        }
        return nil
    }

    func keyText(_ index: Int) -> String {
        String(decoding: JSONTape.decodedBytes(records[index], in: buffer), as: UTF8.self)
    }

    func recordLocation(_ index: Int) -> SourceLocation {
        let record = records[index]
        return SourceLocation(line: record.line, column: record.column, offset: record.offset)
    }

    /// Parses an array: its record, then each element's records.
    mutating func parseArray() throws(SyntaxError) {
        try enterContainer()
        let index = records.count
        records.append(record(.array))
        offset += 1  // [
        var count: Int32 = 0
        skipWhitespace()
        if offset < buffer.count, buffer[offset] == UInt8(ascii: "]") {
            offset += 1
            depth -= 1
            records[index].next = Int32(truncatingIfNeeded: records.count)
            return
        }
        var commaLocation: SourceLocation?
        while true {
            skipWhitespace()
            if offset < buffer.count, buffer[offset] == UInt8(ascii: "]"), let commaLocation {
                throw SyntaxError(diagnostic: Diagnostic(.error, FormatCodes.syntax, "trailing comma before ']'", at: commaLocation))
            }
            if trackingSpans, depth == 2, offset < buffer.count, buffer[offset] == UInt8(ascii: "{") {
                try parseElementObject()
            } else {
                try parseValue()
            }
            count += 1
            skipWhitespace()
            guard offset < buffer.count else { throw error("expected ',' or ']' after an element, found end of file") }
            switch buffer[offset] {
            case UInt8(ascii: ","):
                commaLocation = location
                offset += 1
            case UInt8(ascii: "]"):
                offset += 1
                depth -= 1
                records[index].extent = count
                records[index].next = Int32(truncatingIfNeeded: records.count)
                return
            default:
                throw error("expected ',' or ']' after an element, found \(describeCurrent())")
            }
        }
    }

    /// An object that is an element of an array inside the top-level value: skipped when a span
    /// to skip begins here, else parsed; its span recorded when asked.
    mutating func parseElementObject() throws(SyntaxError) {
        let start = offset
        let startLine = line
        let startContinuationBytes = continuationBytesOnLine
        let elements = self.elements
        let skips = elements.skips
        let known = elements.known
        let nextSkip = elements.nextSkip
        // The known texts after the last one skipped, in order: one changed, put in or taken
        // out between two elements leaves the next element's text among the next few.
        var match: Int?
        if let base = buffer.baseAddress, let knownBase = known.baseAddress {
            var candidate = nextSkip
            while candidate < min(skips.count, nextSkip + 4) {
                let span = skips[candidate]
                let length = span.end - span.start
                if span.start >= 0, span.end <= known.count, length <= buffer.count - start,
                    memcmp(base + start, knownBase + span.start, length) == 0
                {
                    match = candidate
                    break
                }
                candidate += 1
            }
        }
        if let match {
            let span = skips[match].moved(by: start - skips[match].start)
            elements.nextSkip = match + 1
            elements.skipped.append((start: start, source: match))
            records.append(record(.object))
            offset = span.end
            if span.newlines > 0 {
                line += Int(span.newlines)
                lineStart = start + Int(span.lastLineStart)
                continuationBytesOnLine = Int(span.continuationBytes)
            } else {
                continuationBytesOnLine += Int(span.continuationBytes)
            }
        } else {
            try parseValue()
        }
        guard elements.recordingSpans else { return }
        let newlines = line - startLine
        elements.spans.append(
            JSONSpan(
                start: start, end: offset, newlines: Int32(truncatingIfNeeded: newlines),
                lastLineStart: newlines > 0 ? Int32(truncatingIfNeeded: lineStart - start) : 0,
                continuationBytes: Int32(
                    truncatingIfNeeded: newlines > 0 ? continuationBytesOnLine : continuationBytesOnLine - startContinuationBytes)))
    }

    /// Checks a number's syntax and moves past it.
    mutating func parseNumber() throws(SyntaxError) {
        let startLocation = location
        if buffer[offset] == UInt8(ascii: "-") { offset += 1 }
        guard offset < buffer.count, isDigit(buffer[offset]) else {
            throw error("expected a digit in a number, found \(describeCurrent())")
        }
        if buffer[offset] == UInt8(ascii: "0") {
            offset += 1
            if offset < buffer.count, isDigit(buffer[offset]) {
                throw SyntaxError(
                    diagnostic: Diagnostic(
                        .error, FormatCodes.syntax, "numbers must not have leading zeros", at: startLocation))
            }
        } else {
            while offset < buffer.count, isDigit(buffer[offset]) { offset += 1 }
        }
        if offset < buffer.count, buffer[offset] == UInt8(ascii: ".") {
            offset += 1
            guard offset < buffer.count, isDigit(buffer[offset]) else {
                throw error("expected a digit after '.', found \(describeCurrent())")
            }
            while offset < buffer.count, isDigit(buffer[offset]) { offset += 1 }
        }
        if offset < buffer.count, buffer[offset] == UInt8(ascii: "e") || buffer[offset] == UInt8(ascii: "E") {
            offset += 1
            if offset < buffer.count, buffer[offset] == UInt8(ascii: "+") || buffer[offset] == UInt8(ascii: "-") {
                offset += 1
            }
            guard offset < buffer.count, isDigit(buffer[offset]) else {
                throw error("expected a digit in an exponent, found \(describeCurrent())")
            }
            while offset < buffer.count, isDigit(buffer[offset]) { offset += 1 }
        }
    }

    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// Parses a string starting at its opening quote and appends its record; validates UTF-8
    /// and escapes, and leaves decoding to whoever reads the string.
    mutating func parseString() throws(SyntaxError) {
        var string = record(.string)
        offset += 1
        while true {
            // Skip plain characters; stop at a quote, backslash, control or non-ASCII byte.
            while offset < buffer.count {
                let byte = buffer[offset]
                if byte == 0x22 || byte == 0x5C || byte < 0x20 || byte >= 0x80 { break }
                offset += 1
            }
            guard offset < buffer.count else {
                // The opening quote's location is the record's.
                let openingQuote = SourceLocation(line: string.line, column: string.column, offset: string.offset)
                throw SyntaxError(
                    diagnostic: Diagnostic(
                        .error, FormatCodes.syntax, "unterminated string", at: openingQuote))
            }
            let byte = buffer[offset]
            switch byte {
            case UInt8(ascii: "\""):
                string.extent = Int32(truncatingIfNeeded: offset)
                records.append(string)
                offset += 1
                return
            case UInt8(ascii: "\\"):
                string.flags |= JSONTape.Record.escaped
                try parseEscape()
            case 0x00..<0x20:
                if byte == UInt8(ascii: "\n") {
                    throw error("unterminated string (a line break must be written as \\n)")
                }
                throw error("control character 0x\(String(byte, radix: 16, uppercase: true)) in a string must be escaped")
            case 0x80...:
                try skipMultiByteScalar()
            default:
                offset += 1
            }
        }
    }

    /// Checks one escape sequence and moves past it.
    mutating func parseEscape() throws(SyntaxError) {
        offset += 1  // backslash
        guard offset < buffer.count else { throw error("unterminated string") }
        let byte = buffer[offset]
        let simple: UInt8?
        switch byte {
        case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): simple = nil
        default:
            offset -= 1
            throw error("invalid escape sequence in a string")
        }
        if simple != nil {
            offset += 1
            return
        }
        let escapeStart = offset - 1
        offset += 1
        var scalarValue = try parseHex4(escapeStart: escapeStart)
        if (0xD800...0xDBFF).contains(scalarValue) {
            guard offset + 1 < buffer.count, buffer[offset] == UInt8(ascii: "\\"), buffer[offset + 1] == UInt8(ascii: "u") else {
                offset = escapeStart
                throw error("unpaired UTF-16 surrogate in a \\u escape")
            }
            offset += 2
            let low = try parseHex4(escapeStart: escapeStart)
            guard (0xDC00...0xDFFF).contains(low) else {
                offset = escapeStart
                throw error("unpaired UTF-16 surrogate in a \\u escape")
            }
            scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(scalarValue) {
            offset = escapeStart
            throw error("unpaired UTF-16 surrogate in a \\u escape")
        }
        guard Unicode.Scalar(scalarValue) != nil else {
            offset = escapeStart
            throw error("invalid Unicode scalar in a \\u escape")
        }
    }

    mutating func parseHex4(escapeStart: Int) throws(SyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard offset < buffer.count else { throw error("unterminated string") }
            let byte = buffer[offset]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default:
                offset = escapeStart
                throw error("a \\u escape needs four hexadecimal digits")
            }
            value = value << 4 | digit
            offset += 1
        }
        return value
    }

    /// Checks one multi-byte UTF-8 sequence (RFC 3629: no overlongs, no surrogates, at most U+10FFFF).
    mutating func skipMultiByteScalar() throws(SyntaxError) {
        guard let length = UTF8Sequence.length(in: buffer, at: offset) else { throw invalidUTF8() }
        offset += length
        continuationBytesOnLine += length - 1
    }

    func invalidUTF8() -> SyntaxError {
        error("invalid UTF-8 byte sequence", code: FormatCodes.invalidUTF8)
    }
}
