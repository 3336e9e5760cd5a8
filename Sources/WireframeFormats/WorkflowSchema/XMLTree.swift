#if canImport(FoundationXML)
import FoundationXML
#endif
import Foundation
import WireframeModel

/// An element of the XML document, every part located.
struct XMLElementNode {
    struct Attribute {
        var name: String
        var value: String
        var location: SourceLocation
        var valueLocation: SourceLocation
    }

    enum Child {
        case element(XMLElementNode)
        case text(XMLTextNode)
    }

    var name: String
    var location: SourceLocation
    var attributes: [Attribute]
    var children: [Child] = []

    func attribute(_ name: String) -> Attribute? { attributes.first { $0.name == name } }
}

/// A run of text between two elements: the chunks the XML parser delivered, concatenated.
struct XMLTextNode {
    /// The concatenated text, untrimmed.
    var raw: String
    /// The first non-blank character.
    var location: SourceLocation
    /// How many chunks were not blank after trimming (the original keeps them apart, §1.5).
    var nonBlankChunks: Int

    /// The trimmed value.
    var value: String { raw.trimmingWhitespace() }
    /// Whether only whitespace (no chunk was non-blank, so neither is their concatenation).
    var isBlank: Bool { nonBlankChunks == 0 }
}

/// Parses bytes into an `XMLElementNode` tree with the platform's SAX parser.
///
/// Refuses document type declarations before parsing (no entity expansion, no external
/// entities), limits size and depth, and treats every reported parse error as fatal.
struct XMLTreeReader {
    /// Files larger than this are refused.
    var maximumSize = 16 * 1024 * 1024
    /// Elements nested deeper than this are refused.
    var maximumDepth = 256

    func read(_ bytes: [UInt8]) -> (root: XMLElementNode?, lines: LineIndex, diagnostics: [Diagnostic]) {
        let lines = LineIndex(bytes.count > maximumSize ? [] : bytes)
        if bytes.count > maximumSize {
            return (nil, lines, [Diagnostic(
                .error, FormatCodes.fileTooLarge,
                "file is \(bytes.count) bytes; the reader accepts at most \(maximumSize) bytes", at: .start)])
        }
        if String(validating: bytes, as: UTF8.self) == nil {
            return (nil, lines, [Diagnostic(.error, FormatCodes.invalidUTF8, "file is not valid UTF-8", at: .start)])
        }
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            return (nil, lines, [Diagnostic(.error, FormatCodes.emptyDocument, "file is empty", at: .start)])
        }
        // XML allows no NUL character anywhere, and libxml2 (under XMLParser) can crash on one.
        if let offset = bytes.firstIndex(of: 0) {
            return (nil, lines, [WellFormednessCheck.diagnostic("a NUL character is not allowed in XML", at: lines.location(of: offset))])
        }
        let scanner = MarkupScanner(bytes, maximumDepth: maximumDepth)
        switch scanner.failure {
        case .documentType(let offset):
            return (nil, lines, [DocumentTypeCheck.diagnostic(at: lines.location(of: offset))])
        case .tooDeep(let offset):
            return (nil, lines, [Diagnostic(
                .error, FormatCodes.nestingTooDeep,
                "elements nest deeper than \(maximumDepth) levels", at: lines.location(of: offset))])
        case nil:
            break
        }
        let builder = XMLTreeBuilder(scanner: scanner, lines: lines)
        let parser = XMLParser(data: Data(bytes))
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.delegate = builder
        _ = parser.parse()
        if let error = builder.error { return (nil, lines, [error]) }
        guard let root = builder.root else {
            return (nil, lines, [WellFormednessCheck.diagnostic("no document element", at: .start)])
        }
        return (root, lines, builder.warnings)
    }
}

private final class XMLTreeBuilder: NSObject, XMLParserDelegate {
    let scanner: MarkupScanner
    let lines: LineIndex
    var stack: [XMLElementNode] = []
    var stackIsEmpty: [Bool] = []
    var root: XMLElementNode?
    var error: Diagnostic?
    var warnings: [Diagnostic] = []
    var nextStart = 0
    var nextEnd = 0
    var lastMarkupEnd = 0
    var pendingText: XMLTextNode?

    init(scanner: MarkupScanner, lines: LineIndex) {
        self.scanner = scanner
        self.lines = lines
    }

    func fail(_ diagnostic: Diagnostic, _ parser: XMLParser) {
        guard error == nil else { return }
        error = diagnostic
        parser.abortParsing()
    }

    func flushText() {
        guard let text = pendingText else { return }
        pendingText = nil
        // Blank text is skipped by every reader of the tree: keep it out.
        guard !stack.isEmpty, !text.isBlank else { return }
        stack[stack.count - 1].children.append(.text(text))
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        guard error == nil else { return }
        flushText()
        guard nextStart < scanner.startTags.count else {
            fail(WellFormednessCheck.diagnostic("unexpected element '\(elementName)'", at: .start), parser)
            return
        }
        let tag = scanner.startTags[nextStart]
        nextStart += 1
        lastMarkupEnd = tag.endOffset
        var attributes: [XMLElementNode.Attribute] = []
        for attribute in tag.attributes {
            guard let value = attributeDict[attribute.name] else { continue }
            attributes.append(XMLElementNode.Attribute(
                name: attribute.name, value: value, location: lines.location(of: attribute.nameOffset),
                valueLocation: lines.location(of: attribute.valueOffset)))
        }
        stack.append(XMLElementNode(name: elementName, location: lines.location(of: tag.offset), attributes: attributes))
        stackIsEmpty.append(tag.isEmpty)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        guard error == nil else { return }
        flushText()
        guard let node = stack.popLast(), let wasEmpty = stackIsEmpty.popLast() else { return }
        if !wasEmpty, nextEnd < scanner.endTagEnds.count {
            lastMarkupEnd = scanner.endTagEnds[nextEnd]
            nextEnd += 1
        }
        if stack.isEmpty {
            root = node
        } else {
            stack[stack.count - 1].children.append(.element(node))
        }
    }

    func appendText(_ string: String) {
        guard !stack.isEmpty else { return }
        let blank = string.isBlank
        if var text = pendingText {
            // Leading blank chunks are trimmed from the value anyway: keep only what follows them.
            if text.nonBlankChunks == 0 { text.raw = string } else { text.raw += string }
            if !blank {
                if text.nonBlankChunks == 0 { text.location = lines.location(of: lines.firstContent(from: lastMarkupEnd)) }
                text.nonBlankChunks += 1
            }
            pendingText = text
        } else {
            // A blank run's location is never read; the first non-blank chunk sets it (above).
            pendingText = XMLTextNode(
                raw: string, location: blank ? .start : lines.location(of: lines.firstContent(from: lastMarkupEnd)),
                nonBlankChunks: blank ? 0 : 1)
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard error == nil else { return }
        appendText(string)
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        guard error == nil else { return }
        appendText(String(decoding: CDATABlock, as: UTF8.self))
    }

    func parser(_ parser: XMLParser, foundIgnorableWhitespace whitespaceString: String) {}

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        guard error == nil else { return }
        let code = (parseError as NSError).code
        // Namespace errors (libxml2 200–299, e.g. an undeclared prefix) are not XML 1.0 errors:
        // the original looks prefixed names up literally, and X10 reports them.
        if (200..<300).contains(code) { return }
        var offset = lines.offset(line: parser.lineNumber, column: parser.columnNumber)
        // The parser reports the position after the offending tag; point at its '<' instead.
        if offset > 0, offset <= lines.bytes.count, lines.bytes[offset - 1] == 0x3E {
            var cursor = offset - 1
            while cursor > 0, lines.bytes[cursor] != 0x3C { cursor -= 1 }
            offset = cursor
        }
        fail(WellFormednessCheck.diagnostic(WellFormednessCheck.describe(code: code), at: lines.location(of: offset)), parser)
    }

    func parser(_ parser: XMLParser, validationErrorOccurred validationError: any Error) {
        self.parser(parser, parseErrorOccurred: validationError)
    }
}
