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

    /// The result of parsing: the root node, if the text was well formed, and diagnostics.
    public struct Result: Sendable {
        /// The root value; nil when the text is not well-formed JSON.
        public var root: JSONNode?
        /// Syntax errors and duplicate keys, in source order.
        public var diagnostics: [Diagnostic]
    }

    /// Parses UTF-8 bytes.
    public func parse(_ bytes: [UInt8]) -> Result {
        bytes.withUnsafeBufferPointer { buffer in
            var scanner = Scanner(buffer: buffer, maximumDepth: maximumDepth)
            return scanner.parseDocument()
        }
    }
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

    init(buffer: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.buffer = buffer
        self.maximumDepth = maximumDepth
    }

    var location: SourceLocation {
        SourceLocation(line: line, column: offset - lineStart - continuationBytesOnLine + 1, offset: offset)
    }

    mutating func parseDocument() -> JSONParser.Result {
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
                throw SyntaxError(diagnostic: Diagnostic(
                    .error, FormatCodes.emptyDocument, "the file is empty; a wireframe is a JSON object",
                    at: location))
            }
            let root = try parseValue()
            skipWhitespace()
            if offset < buffer.count {
                throw error("unexpected \(describeCurrent()) after the end of the document")
            }
            return JSONParser.Result(root: root, diagnostics: diagnostics.sorted(by: Diagnostic.sourceOrder))
        } catch let failure as SyntaxError {
            diagnostics.append(failure.diagnostic)
            return JSONParser.Result(root: nil, diagnostics: diagnostics.sorted(by: Diagnostic.sourceOrder))
        } catch {
            return JSONParser.Result(root: nil, diagnostics: diagnostics)
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
        guard let base = buffer.baseAddress else { return }
        let end = buffer.count
        var position = offset
        while position < end {
            let byte = base[position]
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

    mutating func parseValue() throws(SyntaxError) -> JSONNode {
        guard offset < buffer.count else { throw error("expected a value, found end of file") }
        let start = location
        switch buffer[offset] {
        case UInt8(ascii: "{"):
            return JSONNode(try parseObject(), at: start)
        case UInt8(ascii: "["):
            return JSONNode(try parseArray(), at: start)
        case UInt8(ascii: "\""):
            return JSONNode(.string(try parseString()), at: start)
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return JSONNode(.bool(true), at: start)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return JSONNode(.bool(false), at: start)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return JSONNode(.null, at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(.number(try parseNumber()), at: start)
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

    mutating func parseObject() throws(SyntaxError) -> JSONValue {
        try enterContainer()
        offset += 1  // {
        var members: [JSONMember] = []
        members.reserveCapacity(8)
        // Small objects look for duplicates by scanning; large ones switch to a hash map. Keys are
        // compared by their UTF-8 bytes: Swift's String equality would take "é" and "e\u{301}",
        // two different JSON keys, for one.
        var firstLocations: [[UInt8]: SourceLocation]? = nil
        skipWhitespace()
        if offset < buffer.count, buffer[offset] == UInt8(ascii: "}") {
            offset += 1
            depth -= 1
            return .object(members)
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
            let keyLocation = location
            let key = try parseString()
            skipWhitespace()
            guard offset < buffer.count, buffer[offset] == UInt8(ascii: ":") else {
                throw error("expected ':' after key '\(key)', found \(describeCurrent())")
            }
            offset += 1
            skipWhitespace()
            let value = try parseValue()
            if firstLocations == nil, members.count >= 16 {
                firstLocations = Dictionary(members.map { (Array($0.key.utf8), $0.keyLocation) }, uniquingKeysWith: { first, _ in first })
            }
            let first = firstLocations.map { $0[Array(key.utf8)] }
                ?? members.first(where: { $0.key.utf8.elementsEqual(key.utf8) })?.keyLocation
            if let first {
                diagnostics.append(Diagnostic(
                    .error, FormatCodes.duplicateKey, "duplicate key '\(key)'", at: keyLocation,
                    notes: [DiagnosticNote("'\(key)' first appears here", at: first)]))
            } else {
                firstLocations?[Array(key.utf8)] = keyLocation
                members.append(JSONMember(key: key, keyLocation: keyLocation, value: value))
            }
            skipWhitespace()
            guard offset < buffer.count else { throw error("expected ',' or '}' after a member, found end of file") }
            switch buffer[offset] {
            case UInt8(ascii: ","):
                commaLocation = location
                offset += 1
            case UInt8(ascii: "}"):
                offset += 1
                depth -= 1
                return .object(members)
            default:
                throw error("expected ',' or '}' after a member, found \(describeCurrent())")
            }
        }
    }

    mutating func parseArray() throws(SyntaxError) -> JSONValue {
        try enterContainer()
        offset += 1  // [
        var elements: [JSONNode] = []
        elements.reserveCapacity(8)
        skipWhitespace()
        if offset < buffer.count, buffer[offset] == UInt8(ascii: "]") {
            offset += 1
            depth -= 1
            return .array(elements)
        }
        var commaLocation: SourceLocation?
        while true {
            skipWhitespace()
            if offset < buffer.count, buffer[offset] == UInt8(ascii: "]"), let commaLocation {
                throw SyntaxError(diagnostic: Diagnostic(.error, FormatCodes.syntax, "trailing comma before ']'", at: commaLocation))
            }
            elements.append(try parseValue())
            skipWhitespace()
            guard offset < buffer.count else { throw error("expected ',' or ']' after an element, found end of file") }
            switch buffer[offset] {
            case UInt8(ascii: ","):
                commaLocation = location
                offset += 1
            case UInt8(ascii: "]"):
                offset += 1
                depth -= 1
                return .array(elements)
            default:
                throw error("expected ',' or ']' after an element, found \(describeCurrent())")
            }
        }
    }

    mutating func parseNumber() throws(SyntaxError) -> String {
        let start = offset
        let startLocation = location
        if buffer[offset] == UInt8(ascii: "-") { offset += 1 }
        guard offset < buffer.count, isDigit(buffer[offset]) else {
            throw error("expected a digit in a number, found \(describeCurrent())")
        }
        if buffer[offset] == UInt8(ascii: "0") {
            offset += 1
            if offset < buffer.count, isDigit(buffer[offset]) {
                throw SyntaxError(diagnostic: Diagnostic(
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
        return String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<offset]), as: UTF8.self)
    }

    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// Parses a string starting at its opening quote; validates UTF-8 and escapes.
    mutating func parseString() throws(SyntaxError) -> String {
        let openingQuote = location
        offset += 1
        let start = offset
        var decoded: [UInt8]? = nil  // only when the string has escapes
        var runStart = start
        while true {
            // Skip plain characters in a tight loop; stop at a quote, backslash, control or non-ASCII byte.
            if let base = buffer.baseAddress {
                let end = buffer.count
                var position = offset
                while position < end {
                    let byte = base[position]
                    if byte == 0x22 || byte == 0x5C || byte < 0x20 || byte >= 0x80 { break }
                    position += 1
                }
                offset = position
            }
            guard offset < buffer.count else {
                throw SyntaxError(diagnostic: Diagnostic(
                    .error, FormatCodes.syntax, "unterminated string", at: openingQuote))
            }
            let byte = buffer[offset]
            switch byte {
            case UInt8(ascii: "\""):
                let result: String
                if var bytes = decoded {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[runStart..<offset]))
                    result = String(decoding: bytes, as: UTF8.self)
                } else {
                    result = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<offset]), as: UTF8.self)
                }
                offset += 1
                return result
            case UInt8(ascii: "\\"):
                if decoded == nil { decoded = [] }
                decoded?.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[runStart..<offset]))
                try parseEscape(into: &decoded)
                runStart = offset
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

    mutating func parseEscape(into decoded: inout [UInt8]?) throws(SyntaxError) {
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
        if let simple {
            decoded?.append(simple)
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
        guard let scalar = Unicode.Scalar(scalarValue) else {
            offset = escapeStart
            throw error("invalid Unicode scalar in a \\u escape")
        }
        decoded?.append(contentsOf: String(Character(scalar)).utf8)
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
