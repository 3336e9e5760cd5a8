import WireframeModel

/// The start tag of an element, every part located (its content follows as events).
struct XMLElementNode {
    typealias Attribute = SchemaAttribute

    var name: String
    var location: SourceLocation
    var attributes: [Attribute]
    /// The registry's definition of the tag, found with its name (nil when it is not registered).
    var definition: TagDefinition?
    /// The name's position among `KnownNames.workflowSchema`'s names, or -1.
    var nameID: Int32 = -1
    /// The definition's position in `TagRegistry.lookup.definitions`, or -1.
    var registryEntry: Int32 = -1

    /// The first attribute of that name (spelled with exactly its scalars, as XML compares names).
    func attribute(_ name: String) -> Attribute? {
        attributes.first { $0.name.hasSameUTF8(as: name) }
    }
}

/// What the XML reader hands on, in document order.
protocol XMLContentHandler {
    /// An element starts (the document element first).
    mutating func startElement(_ element: XMLElementNode)
    /// The innermost open element ends.
    mutating func endElement()
    /// A run of text inside an element that is not blank.
    mutating func text(_ text: XMLTextNode)
    /// The file's characters are valid and it has that many lines: room can be reserved before
    /// the first element.
    mutating func reserve(lineCount: Int, byteCount: Int)
}

extension XMLContentHandler {
    mutating func reserve(lineCount: Int, byteCount: Int) {}
}

/// A run of text between two elements: its chunks (split by references, comments, processing
/// instructions and CDATA sections), concatenated.
struct XMLTextNode {
    /// The concatenated text, trimmed of whitespace at both ends.
    var value: String
    /// The first non-blank character.
    var location: SourceLocation
    /// How many chunks were not blank after trimming (the original keeps them apart, §1.5).
    var nonBlankChunks: Int
    /// Whether only whitespace (no chunk was non-blank, so neither is their concatenation).
    var isBlank: Bool { nonBlankChunks == 0 }
}

/// Reads XML with `XMLTokenizer` and hands elements and text to a handler as they come, without
/// building a tree.
///
/// Refuses document type declarations (no entity expansion, no external entities), limits size
/// and depth, and stops at the first well-formedness error.
struct XMLContentReader {
    /// Files larger than this are refused.
    var maximumSize = 16 * 1024 * 1024
    /// Elements nested deeper than this are refused.
    var maximumDepth = 256
    /// Files with more elements and attributes than this are refused.
    var maximumNodes = WorkflowSchemaReader.defaultMaximumNodes

    /// Reads `bytes` into `handler`; the error that stopped the reading, if any (what the handler
    /// got before it is then to be ignored).
    func read<Handler: XMLContentHandler>(_ bytes: [UInt8], into handler: inout Handler) -> Diagnostic? {
        if bytes.count > maximumSize {
            return
                (Diagnostic(
                    .error, FormatCodes.fileTooLarge,
                    "file is \(bytes.count) bytes; the reader accepts at most \(maximumSize) bytes", at: .start))
        }
        return bytes.withUnsafeBufferPointer { buffer in
            var lines = LineTable()
            let invalid = XMLTokenizer.firstInvalidCharacter(buffer, lines: &lines)
            var locator = SourceLocator(buffer, lines: lines)
            if let invalid {
                let location = locator.location(of: invalid.offset)
                return invalid.isUTF8
                    ? WellFormednessCheck.diagnostic("invalid character", at: location)
                    : Diagnostic(.error, FormatCodes.invalidUTF8, "file is not valid UTF-8", at: location)
            }
            if buffer.allSatisfy(XMLTokenizer.isSpace) {
                return Diagnostic(.error, FormatCodes.emptyDocument, "file is empty", at: .start)
            }
            handler.reserve(lineCount: lines.count + 1, byteCount: buffer.count)
            var builder = XMLContentDecoder(buffer, locator: locator)
            var tokenizer = XMLTokenizer(buffer, maximumDepth: maximumDepth, maximumNodes: maximumNodes)
            do throws(XMLSyntaxError) {
                while let token = try tokenizer.next() {
                    // Indentation before any text (most tokens) is trimmed anyway: `add` would
                    // return at once.
                    if case .blank = token, builder.nonBlankChunks == 0 { continue }
                    builder.add(token, attributes: tokenizer.attributes, to: &handler)
                }
            } catch {
                let note = error.note.map { DiagnosticNote($0.message, at: builder.locator.location(of: $0.offset)) }
                let location = builder.locator.location(of: error.offset)
                let diagnostic =
                    error.code == WellFormednessCheck.code
                    ? WellFormednessCheck.diagnostic(error.message, at: location)
                    : Diagnostic(.error, error.code, error.message, at: location)
                return Diagnostic(
                    diagnostic.severity, diagnostic.code, diagnostic.message, at: location, notes: note.map { [$0] } ?? [])
            }
            return nil
        }
    }
}

/// Turns tokens into handler events: decodes names, attribute values and text, and locates them.
struct XMLContentDecoder {
    let bytes: UnsafeBufferPointer<UInt8>
    var locator: SourceLocator
    /// How many elements are open.
    var depth = 0
    /// The end of the last start or end tag: where a run of text starts.
    var lastMarkupEnd = 0
    /// The decoded text since `lastMarkupEnd`, from its first non-blank chunk on.
    var text: [UInt8] = []
    /// The attributes of the element being handed on, one array reused (the handler copies them).
    private var attributeBuffer: [SchemaAttribute] = []
    var textLocation = SourceLocation.start
    var nonBlankChunks = 0
    /// The first non-blank chunk while it is the only one: its bytes in the file, copied into
    /// `text` only when another chunk follows (most text is one chunk, made into a string from
    /// the file's bytes).
    private var deferred: Range<Int>?
    /// Tag and attribute names kept as strings once (fetched once per file).
    private let knownNames = KnownNames.workflowSchema

    init(_ bytes: UnsafeBufferPointer<UInt8>, locator: SourceLocator) {
        self.bytes = bytes
        self.locator = locator
    }

    mutating func add<Handler: XMLContentHandler>(_ token: XMLToken, attributes: [XMLAttributeToken], to handler: inout Handler) {
        switch token {
        case .startTag(let offset, let name, let end, let isEmpty):
            flushText(to: &handler)
            lastMarkupEnd = end
            let known = knownNames.entry(of: UnsafeBufferPointer(rebasing: bytes[name]))
            // Located before its attributes: the locator moves forward.
            let location = locator.location(of: offset)
            while !attributeBuffer.isEmpty { attributeBuffer.removeLast() }
            for attribute in attributes {
                attributeBuffer.append(
                    SchemaAttribute(
                        name: knownString(attribute.name), value: value(of: attribute),
                        location: locator.location(of: attribute.name.lowerBound),
                        valueLocation: locator.location(of: attribute.value.lowerBound)))
            }
            if let known {
                handler.startElement(
                    XMLElementNode(
                        name: knownNames.name(at: known), location: location, attributes: attributeBuffer,
                        definition: knownNames.definition(at: known), nameID: Int32(known),
                        registryEntry: knownNames.registryEntry(at: known)))
            } else {
                handler.startElement(XMLElementNode(name: string(name), location: location, attributes: attributeBuffer, definition: nil))
            }
            if isEmpty { handler.endElement() } else { depth += 1 }
        case .endTag(_, let end):
            flushText(to: &handler)
            lastMarkupEnd = end
            depth -= 1
            handler.endElement()
        case .blank(let range):
            // Blank before the first non-blank chunk: trimmed from the value anyway.
            if nonBlankChunks == 0 { break }
            copyDeferred()
            beginChunk(blank: true)
            appendNormalizingLineEnds(range)
        case .text(let range), .cdata(let range):
            let blank = isBlank(range)
            // Blank text before the first non-blank chunk is trimmed from the value anyway: it is
            // neither copied nor kept (most text between tags is such indentation).
            if blank, nonBlankChunks == 0 { break }
            copyDeferred()
            let first = nonBlankChunks == 0
            beginChunk(blank: blank)
            // The first non-blank chunk is copied only if another chunk follows (`text` is
            // empty then: nothing is kept before the first non-blank chunk).
            if first, !blank, text.isEmpty { deferred = range } else { appendNormalizingLineEnds(range) }
        case .reference(let scalar, _):
            let blank = Substring.isWhitespace(scalar)
            if blank, nonBlankChunks == 0 { break }
            copyDeferred()
            beginChunk(blank: blank)
            text.append(contentsOf: String(scalar).utf8)
        case .boundary:
            break
        }
    }

    /// Starts a chunk of text; leading blank chunks are trimmed from the value anyway, so a
    /// chunk that follows only blank ones replaces them.
    private mutating func beginChunk(blank: Bool) {
        if nonBlankChunks == 0, !text.isEmpty { text.removeAll(keepingCapacity: true) }
        if !blank {
            if nonBlankChunks == 0 { textLocation = locator.location(of: firstContent(from: lastMarkupEnd)) }
            nonBlankChunks += 1
        }
    }

    /// Copies the deferred first chunk into `text`, another chunk following it.
    @inline(__always)
    private mutating func copyDeferred() {
        if let range = deferred {
            deferred = nil
            appendNormalizingLineEnds(range)
        }
    }

    /// Hands on the text since the last tag, if there is any (between most tags there is only
    /// indentation, which left nothing to hand on or reset).
    @inline(__always)
    private mutating func flushText<Handler: XMLContentHandler>(to handler: inout Handler) {
        // A deferred chunk is a non-blank one, so it is counted.
        if nonBlankChunks != 0 || !text.isEmpty { flushPendingText(to: &handler) }
    }

    private mutating func flushPendingText<Handler: XMLContentHandler>(to handler: inout Handler) {
        defer {
            nonBlankChunks = 0
            deferred = nil
            if !text.isEmpty { text.removeAll(keepingCapacity: true) }
        }
        // Blank text is skipped by every reader of the tree: keep it out.
        guard nonBlankChunks > 0, depth > 0 else { return }
        let value: String
        if let range = deferred, let direct = trimmedText(in: range) {
            value = direct
        } else {
            copyDeferred()
            value = trimmedText()
        }
        handler.text(XMLTextNode(value: value, location: textLocation, nonBlankChunks: nonBlankChunks))
    }

    /// A chunk of the file alone as a string without whitespace at either end, made from the
    /// file's bytes (no copy into `text`); nil when it needs what `trimmedText()` does: a
    /// carriage return to normalize, or a non-ASCII character at an end (which may be whitespace).
    private func trimmedText(in range: Range<Int>) -> String? {
        var start = range.lowerBound
        var end = range.upperBound
        while start < end, XMLTokenizer.isSpace(bytes[start]) || bytes[start] == 0x0B || bytes[start] == 0x0C { start += 1 }
        while end > start, XMLTokenizer.isSpace(bytes[end - 1]) || bytes[end - 1] == 0x0B || bytes[end - 1] == 0x0C { end -= 1 }
        if (start < end && bytes[start] >= 0x80) || (end > start && bytes[end - 1] >= 0x80) { return nil }
        if bytes[start..<end].contains(0x0D) { return nil }
        return string(start..<end)
    }

    /// The text as a string without whitespace at either end. ASCII whitespace is cut from the
    /// bytes, so that one string is made; a non-ASCII character at an end may be whitespace, and
    /// then the whole text is trimmed as a string.
    private func trimmedText() -> String {
        var start = 0
        var end = text.count
        while start < end, XMLTokenizer.isSpace(text[start]) || text[start] == 0x0B || text[start] == 0x0C { start += 1 }
        while end > start, XMLTokenizer.isSpace(text[end - 1]) || text[end - 1] == 0x0B || text[end - 1] == 0x0C { end -= 1 }
        if (start < end && text[start] >= 0x80) || (end > start && text[end - 1] >= 0x80) {
            return String(decoding: text, as: UTF8.self).trimmingWhitespace()
        }
        return text.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self) }
    }

    /// A tag or attribute name: the known string when it is one, else decoded.
    private func knownString(_ range: Range<Int>) -> String {
        knownNames.name(UnsafeBufferPointer(rebasing: bytes[range])) ?? string(range)
    }

    private func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// Whether the bytes are only whitespace (Unicode's White_Space, as the trim that follows).
    private func isBlank(_ range: Range<Int>) -> Bool {
        for index in range {
            switch bytes[index] {
            case 0x20, 0x09...0x0D: continue
            case 0..<0x80: return false
            default: return string(range).isBlank
            }
        }
        return true
    }

    /// Appends text with XML's line-end handling: CR LF and a lone CR become LF.
    private mutating func appendNormalizingLineEnds(_ range: Range<Int>) {
        var start = range.lowerBound
        var index = start
        while index < range.upperBound {
            if bytes[index] == 0x0D {
                text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                text.append(0x0A)
                if index + 1 < range.upperBound, bytes[index + 1] == 0x0A { index += 1 }
                start = index + 1
            }
            index += 1
        }
        text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<range.upperBound]))
    }

    /// An attribute value with references resolved and XML's normalization: CR LF, CR, LF and
    /// tab each become one space (characters given by reference are kept).
    private func value(of attribute: XMLAttributeToken) -> String {
        guard attribute.needsDecoding else { return string(attribute.value) }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(attribute.value.count)
        var index = attribute.value.lowerBound
        let tokenizer = XMLTokenizer(bytes, maximumDepth: 0)
        while index < attribute.value.upperBound {
            let byte = bytes[index]
            switch byte {
            case XMLTokenizer.ampersand:
                // Checked by the tokenizer already.
                guard let (scalar, end) = try? tokenizer.reference(at: index) else { return string(attribute.value) }
                decoded.append(contentsOf: String(scalar).utf8)
                index = end
                continue
            case 0x0D:
                decoded.append(0x20)
                if index + 1 < attribute.value.upperBound, bytes[index + 1] == 0x0A { index += 1 }
            case 0x09, 0x0A:
                decoded.append(0x20)
            default:
                decoded.append(byte)
            }
            index += 1
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// The first offset at or after `offset` that is not whitespace and not inside a comment:
    /// where a run of text is located.
    func firstContent(from offset: Int) -> Int {
        var cursor = offset
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if XMLTokenizer.isSpace(byte) {
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

/// Converts byte offsets to line and column (columns count Unicode scalars) from the line starts
/// that the check of the file's characters recorded (`LineTable`): the bytes are not read again,
/// except those before the target on a line that holds a multi-byte character.
///
/// Asking in document order moves forward a line at a time; an offset before the current line is
/// found by a binary search.
struct SourceLocator {
    let bytes: UnsafeBufferPointer<UInt8>
    private let lines: LineTable
    /// How many line starts `lines` has.
    private let lineCount: Int
    private let wideLines: [Int32]
    /// The line of the last offset asked for, from 1.
    private var line = 1
    /// Where that line starts, and where the next one does (`Int.max`: it is the last).
    private var lineStart = 0
    private var nextStart: Int
    /// The first of `wideLines` that is not before `line`.
    private var wide = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>, lines: LineTable) {
        self.bytes = bytes
        self.lines = lines
        lineCount = lines.count
        wideLines = lines.wideLines
        nextStart = lineCount == 0 ? Int.max : lines.lineStart(0)
    }

    mutating func location(of target: Int) -> SourceLocation {
        let target = max(0, min(target, bytes.count))
        if target >= nextStart || target < lineStart { seek(target) }
        var column = target &- lineStart &+ 1
        if wide < wideLines.count, Int(wideLines[wide]) == line { column -= continuations(before: target) }
        // The line, column and offset fit in 32 bits: a file is at most `maximumSize` bytes.
        return SourceLocation(
            line: Int32(truncatingIfNeeded: line), column: Int32(truncatingIfNeeded: column),
            offset: Int32(truncatingIfNeeded: target))
    }

    /// Moves to the line of `target`.
    private mutating func seek(_ target: Int) {
        if target >= nextStart {
            repeat {
                line &+= 1
                lineStart = nextStart
                nextStart = line &- 1 < lineCount ? lines.lineStart(line &- 1) : Int.max
            } while target >= nextStart
        } else {
            // Backwards: the number of line starts at or before the target, by a binary search.
            var low = 0
            var high = lineCount
            while low < high {
                let middle = (low &+ high) &>> 1
                if lines.lineStart(middle) <= target { low = middle &+ 1 } else { high = middle }
            }
            line = low &+ 1
            lineStart = low == 0 ? 0 : lines.lineStart(low &- 1)
            nextStart = low < lineCount ? lines.lineStart(low) : Int.max
            wide = 0
        }
        while wide < wideLines.count, Int(wideLines[wide]) < line { wide &+= 1 }
    }

    /// The bytes between the line's start and `target` that continue a multi-byte character
    /// (10xxxxxx): bytes that are no scalar of their own.
    private func continuations(before target: Int) -> Int {
        var count = 0
        for index in lineStart..<target where bytes[index] & 0xC0 == 0x80 { count += 1 }
        return count
    }
}
