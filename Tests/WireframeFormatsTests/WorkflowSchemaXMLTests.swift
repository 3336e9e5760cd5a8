import Testing
import WireframeFormats
import WireframeModel
import WireframeTestSupport

/// An XML input with the one diagnostic it must give (and its notes), places marked in the input.
typealias XMLCase = MarkedCase

/// Reads a marked input as a WorkflowSchema file and annotates what the reader reports.
private func read(_ marked: String) -> (wireframe: Wireframe?, annotated: [String]) {
    let source = MarkedSource(marked)
    let result = WorkflowSchemaReader().read(source.bytes, path: "test.xml")
    return (result.wireframe, source.annotate(result.diagnostics))
}

/// The text of the `title` parameter and the `name` attribute of the root object.
private func rootValues(_ text: String) -> (title: String?, name: String?, diagnostics: [String]) {
    let document = WorkflowSchemaReader().parse(Array(text.utf8))
    return (
        document.root?.text("title"), document.root?.attribute("name")?.value,
        document.diagnostics.map { "\($0.location) \($0.code): \($0.message)" }
    )
}

@Suite("WorkflowSchema XML tokenizer")
struct WorkflowSchemaXMLTests {
    // MARK: Well-formedness errors, each at its exact place

    static let wellFormednessErrors: [XMLCase] = [
        XMLCase(
            "end tag of another element",
            "<workflow>2️⃣<form>1️⃣</view></workflow>",
            "1️⃣ error: XML is not well-formed: end tag does not match the open element [WF1001]",
            "  2️⃣ note: 'view' closes 'form', opened here"),
        XMLCase(
            "end tag of another element over lines",
            "<workflow>\n  <screen>\n    2️⃣<title>x\n  1️⃣</screen>\n</workflow>",
            "1️⃣ error: XML is not well-formed: end tag does not match the open element [WF1001]",
            "  2️⃣ note: 'screen' closes 'title', opened here"),
        XMLCase(
            "unclosed element at the end of the file",
            "<workflow>1️⃣<screen><title>x</title>",
            "1️⃣ error: XML is not well-formed: element 'screen' is not closed before the end of the file [WF1001]"),
        XMLCase(
            "unfinished start tag",
            "<workflow>1️⃣<screen name=\"a\"",
            "1️⃣ error: XML is not well-formed: tag is not finished [WF1001]"),
        XMLCase(
            "unfinished end tag",
            "<workflow><screen>1️⃣</screen",
            "1️⃣ error: XML is not well-formed: tag is not finished [WF1001]"),
        XMLCase(
            "attribute without value",
            "<workflow><screen 1️⃣name></screen></workflow>",
            "1️⃣ error: XML is not well-formed: attribute 'name' has no value [WF1001]"),
        XMLCase(
            "attribute value without quotes",
            "<workflow><screen name=1️⃣a></screen></workflow>",
            "1️⃣ error: XML is not well-formed: attribute value expected in quotes [WF1001]"),
        XMLCase(
            "attributes without whitespace between them",
            "<workflow><screen name=\"a\"1️⃣class=\"b\"/></workflow>",
            "1️⃣ error: XML is not well-formed: attributes must be separated by whitespace [WF1001]"),
        XMLCase(
            "unclosed attribute value",
            "<workflow><screen name=1️⃣\"abc",
            "1️⃣ error: XML is not well-formed: attribute value is not closed [WF1001]"),
        XMLCase(
            "'<' in a double-quoted attribute value",
            "<workflow><screen name=\"a1️⃣<b\"/></workflow>",
            "1️⃣ error: XML is not well-formed: '<' is not allowed in an attribute value; write '&lt;' [WF1001]"),
        XMLCase(
            "'<' in a single-quoted attribute value",
            "<workflow><screen name='é1️⃣<b'/></workflow>",
            "1️⃣ error: XML is not well-formed: '<' is not allowed in an attribute value; write '&lt;' [WF1001]"),
        XMLCase(
            "duplicate attribute",
            "<workflow><screen 2️⃣name=\"a\" 1️⃣name=\"b\"/></workflow>",
            "1️⃣ error: XML is not well-formed: attribute 'name' is given twice [WF1001]",
            "  2️⃣ note: the first 'name' is here"),
        XMLCase(
            "'&' in text",
            "<workflow><screen><title>a 1️⃣& b</title></screen></workflow>",
            "1️⃣ error: XML is not well-formed: '&' must start a reference such as '&amp;' or '&#38;'; write '&amp;' for '&' [WF1001]"),
        XMLCase(
            "'&' in an attribute value",
            "<workflow><screen name=\"a1️⃣&b\"/></workflow>",
            "1️⃣ error: XML is not well-formed: '&' must start a reference such as '&amp;' or '&#38;'; write '&amp;' for '&' [WF1001]"),
        XMLCase(
            "reference without ';'",
            "<workflow><screen><title>1️⃣&amp b</title></screen></workflow>",
            "1️⃣ error: XML is not well-formed: '&' must start a reference such as '&amp;' or '&#38;'; write '&amp;' for '&' [WF1001]"),
        XMLCase(
            "undeclared entity",
            "<workflow><screen><title>1️⃣&nbsp;</title></screen></workflow>",
            "1️⃣ error: XML is not well-formed: undeclared entity 'nbsp' [WF1001]"),
        XMLCase(
            "hexadecimal reference without digits",
            "<workflow><screen><title>a 1️⃣&#xZZ; b</title></screen></workflow>",
            "1️⃣ error: XML is not well-formed: character reference '&#x' needs hexadecimal digits and ';' [WF1001]"),
        XMLCase(
            "hexadecimal reference with an upper-case X",
            "<workflow><screen><title>1️⃣&#X41;</title></screen></workflow>",
            "1️⃣ error: XML is not well-formed: character reference '&#' needs decimal digits (or 'x' and hexadecimal ones) and ';' [WF1001]"),
        XMLCase(
            "reference to NUL",
            "<workflow><screen><title>1️⃣&#0;</title></screen></workflow>",
            "1️⃣ error: XML is not well-formed: character reference to a character that XML does not allow [WF1001]"),
        XMLCase(
            "reference to a control character",
            "<workflow><screen name=\"1️⃣&#x1B;\"/></workflow>",
            "1️⃣ error: XML is not well-formed: character reference to a character that XML does not allow [WF1001]"),
        XMLCase(
            "reference to a surrogate",
            "<workflow><screen><title>1️⃣&#xD800;</title></screen></workflow>",
            "1️⃣ error: XML is not well-formed: character reference to a character that XML does not allow [WF1001]"),
        XMLCase(
            "reference to U+FFFE",
            "<workflow><screen><title>1️⃣&#65534;</title></screen></workflow>",
            "1️⃣ error: XML is not well-formed: character reference to a character that XML does not allow [WF1001]"),
        XMLCase(
            "reference past U+10FFFF",
            "<workflow><screen><title>1️⃣&#x110000000000;</title></screen></workflow>",
            "1️⃣ error: XML is not well-formed: character reference to a character that XML does not allow [WF1001]"),
        XMLCase(
            "control character in text",
            "<workflow><screen><title>a1️⃣\u{1}b</title></screen></workflow>",
            "1️⃣ error: XML is not well-formed: invalid character [WF1001]"),
        XMLCase(
            "U+FFFF in text",
            "<workflow>\n<screen><title>é1️⃣\u{FFFF}</title></screen></workflow>",
            "1️⃣ error: XML is not well-formed: invalid character [WF1001]"),
        XMLCase(
            "']]>' in text",
            "<workflow><screen><title>a1️⃣]]>b</title></screen></workflow>",
            "1️⃣ error: XML is not well-formed: ']]>' is not allowed in text; write ']]&gt;' [WF1001]"),
        XMLCase(
            "text after the document element",
            "<workflow><screen/></workflow>\n1️⃣hello",
            "1️⃣ error: XML is not well-formed: extra content or premature end of the document [WF1001]"),
        XMLCase(
            "element after the document element",
            "<workflow><screen/></workflow><!-- c -->\n1️⃣<screen/>",
            "1️⃣ error: XML is not well-formed: extra content or premature end of the document [WF1001]"),
        XMLCase(
            "reference after the document element",
            "<workflow/>1️⃣&amp;",
            "1️⃣ error: XML is not well-formed: extra content or premature end of the document [WF1001]"),
        XMLCase(
            "end tag after the document element",
            "<workflow><screen/></workflow>1️⃣</workflow>",
            "1️⃣ error: XML is not well-formed: extra content or premature end of the document [WF1001]"),
        XMLCase(
            "text before the document element",
            "1️⃣hello<workflow><screen/></workflow>",
            "1️⃣ error: XML is not well-formed: only comments and processing instructions may come before the document element [WF1001]"),
        XMLCase(
            "CDATA section before the document element",
            "\n1️⃣<![CDATA[x]]><workflow><screen/></workflow>",
            "1️⃣ error: XML is not well-formed: only comments and processing instructions may come before the document element [WF1001]"),
        XMLCase(
            "no document element",
            "<?xml version=\"1.0\"?>\n<!-- only a comment -->\n1️⃣",
            "1️⃣ error: XML is not well-formed: no document element [WF1001]"),
        XMLCase(
            "space after '<'",
            "<workflow><1️⃣ screen/></workflow>",
            "1️⃣ error: XML is not well-formed: element name expected after '<' [WF1001]"),
        XMLCase(
            "name starting with a digit",
            "<workflow><1️⃣1screen/></workflow>",
            "1️⃣ error: XML is not well-formed: element name expected after '<' [WF1001]"),
        XMLCase(
            "junk in an end tag",
            "<workflow><screen></screen 1️⃣x></workflow>",
            "1️⃣ error: XML is not well-formed: '>' expected [WF1001]"),
        XMLCase(
            "space between '/' and '>'",
            "<workflow><screen /1️⃣ ></workflow>",
            "1️⃣ error: XML is not well-formed: '>' expected after '/' [WF1001]"),
        XMLCase(
            "'--' inside a comment",
            "<workflow><screen><title>a<!-- x 1️⃣-- y -->b</title></screen></workflow>",
            "1️⃣ error: XML is not well-formed: '--' is not allowed inside a comment [WF1001]"),
        XMLCase(
            "comment ending in '--->'",
            "<workflow><!-- a 1️⃣---><screen/></workflow>",
            "1️⃣ error: XML is not well-formed: '--' is not allowed inside a comment [WF1001]"),
        XMLCase(
            "unclosed comment",
            "<workflow><screen><title>a1️⃣<!-- x </title></screen></workflow>",
            "1️⃣ error: XML is not well-formed: comment is not closed [WF1001]"),
        XMLCase(
            "unclosed CDATA section",
            "<workflow><screen><title>1️⃣<![CDATA[ x </title></screen></workflow>",
            "1️⃣ error: XML is not well-formed: CDATA section is not closed [WF1001]"),
        XMLCase(
            "unclosed processing instruction",
            "<workflow><screen>1️⃣<?pi x </screen></workflow>",
            "1️⃣ error: XML is not well-formed: processing instruction is not closed [WF1001]"),
        XMLCase(
            "processing instruction without a name",
            "<workflow><?1️⃣ x?><screen/></workflow>",
            "1️⃣ error: XML is not well-formed: processing instruction name expected after '<?' [WF1001]"),
        XMLCase(
            "XML declaration after whitespace",
            "\n1️⃣<?xml version=\"1.0\"?><workflow><screen/></workflow>",
            "1️⃣ error: XML is not well-formed: an XML declaration is only allowed at the start of the document [WF1001]"),
        XMLCase(
            "XML declaration inside the document",
            "<workflow>1️⃣<?XML x?><screen/></workflow>",
            "1️⃣ error: XML is not well-formed: an XML declaration is only allowed at the start of the document [WF1001]"),
        XMLCase(
            "XML declaration without version",
            "<?xml 1️⃣encoding=\"UTF-8\"?><workflow><screen/></workflow>",
            "1️⃣ error: XML is not well-formed: the XML declaration must start with 'version' [WF1001]"),
        XMLCase(
            "XML 1.1",
            "<?xml version=\"1️⃣1.1\"?><workflow><screen/></workflow>",
            "1️⃣ error: XML is not well-formed: XML version '1.1' is not supported; use 1.0 [WF1001]"),
        XMLCase(
            "UTF-16 declared",
            "<?xml version=\"1.0\" encoding='1️⃣UTF-16'?><workflow><screen/></workflow>",
            "1️⃣ error: XML is not well-formed: encoding 'UTF-16' is not supported; WorkflowSchema files are UTF-8 [WF1001]"),
        XMLCase(
            "unknown encoding declared",
            "<?xml version=\"1.0\" encoding=\"1️⃣bogus\"?><workflow><screen/></workflow>",
            "1️⃣ error: XML is not well-formed: encoding 'bogus' is not supported; WorkflowSchema files are UTF-8 [WF1001]"),
        XMLCase(
            "bad standalone value",
            "<?xml version=\"1.0\" standalone=\"1️⃣maybe\"?><workflow><screen/></workflow>",
            "1️⃣ error: XML is not well-formed: standalone must be 'yes' or 'no' [WF1001]"),
        XMLCase(
            "document type declaration inside the document element",
            "<workflow>1️⃣<!DOCTYPE x><screen/></workflow>",
            "1️⃣ error: document type declarations are not allowed; remove the '<!DOCTYPE' and any entity declarations [WF1011]"),
        XMLCase(
            "other '<!' markup",
            "<workflow><screen/></workflow>1️⃣<!ENTITY x \"y\">",
            "1️⃣ error: document type declarations are not allowed; remove the '<!DOCTYPE' and any entity declarations [WF1011]"),
    ]

    @Test(arguments: wellFormednessErrors)
    func wellFormednessError(_ testCase: XMLCase) {
        let (wireframe, annotated) = read(testCase.input)
        #expect(annotated == testCase.expected)
        #expect(wireframe == nil)
    }

    @Test(
        arguments: [
            [0x80], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xE2, 0x82],
        ] as [[UInt8]])
    func invalidUTF8IsLocatedAtTheFirstBadByte(_ bad: [UInt8]) {
        let bytes = Array("<workflow>\n<screen><title>é".utf8) + bad + Array("</title></screen></workflow>".utf8)
        let result = WorkflowSchemaReader().read(bytes, path: "test.xml")
        #expect(result.diagnostics.map { "\($0.location) \($0.code)" } == ["2:17 WF0002"])
        #expect(result.diagnostics.first?.location.offset == 28)
    }

    @Test func depthLimitPointsAtTheFirstElementTooDeep() {
        var reader = WorkflowSchemaReader()
        reader.maximumDepth = 3
        let source = MarkedSource("<workflow><screen><view/><view>1️⃣<container></container></view></screen></workflow>")
        let result = reader.read(source.bytes, path: "test.xml")
        #expect(source.annotate(result.diagnostics) == ["1️⃣ error: elements nest deeper than 3 levels [WF0004]"])
    }

    // MARK: What is read

    @Test func predefinedEntitiesAndCharacterReferences() {
        let values = rootValues(
            "<workflow><screen name=\"&lt;&gt;&amp;&apos;&quot;&#65;&#x42;&#x1F600;\"><title>&lt;&gt;&amp;&apos;&quot;&#233;&#xe9;</title></screen></workflow>"
        )
        #expect(values.name == "<>&'\"AB😀")
        #expect(values.title == "<>&'\"éé")
    }

    @Test func bothQuoteStylesAndTheOtherQuoteInside() {
        #expect(rootValues("<workflow><screen name='say \"hi\"'/></workflow>").name == "say \"hi\"")
        #expect(rootValues("<workflow><screen name=\"it's\"/></workflow>").name == "it's")
        #expect(rootValues("<workflow><screen name = 'a' /></workflow>").name == "a")
    }

    @Test func attributeWhitespaceIsNormalizedButReferencesAreKept() {
        #expect(rootValues("<workflow><screen name=\"a\tb\nc\r\nd\re&#10;f&#9;g\"/></workflow>").name == "a b c d e\nf\tg")
    }

    @Test func textLineEndsAreNormalized() {
        #expect(rootValues("<workflow><screen><title>a\r\nb\rc&#13;d</title></screen></workflow>").title == "a\nb\nc\rd")
    }

    @Test func cdataIsTextAndKeepsMarkupCharacters() {
        let values = rootValues("<workflow><screen><title><![CDATA[ <b>&amp;</b> ]]></title></screen></workflow>")
        #expect(values.title == "<b>&amp;</b>")
        #expect(values.diagnostics.isEmpty)
    }

    @Test func commentsAndProcessingInstructionsAreSkipped() {
        let values = rootValues(
            "<?xml version='1.0' encoding='utf-8' standalone='yes'?>\n<!-- c --><?app x?>\n<workflow><!----><screen><?pi?><title><!-- a -->Hi</title></screen></workflow>\n<!-- end --><?end?>\n"
        )
        #expect(values.title == "Hi")
        #expect(values.diagnostics.isEmpty)
    }

    @Test func byteOrderMarkAndDeclaration() {
        let values = rootValues("\u{FEFF}<?xml version=\"1.0\" encoding=\"UTF-8\"?><workflow><screen><title>x</title></screen></workflow>")
        #expect(values.title == "x")
        #expect(values.diagnostics.isEmpty)
    }

    @Test func textSplitByReferencesCommentsOrCDATAIsJoinedAndReported() {
        // Non-ASCII text and line ends are one chunk: only references, comments, processing
        // instructions and CDATA sections split it.
        #expect(rootValues("<workflow><screen><title>héllo\r\n wörld</title></screen></workflow>").diagnostics.isEmpty)
        for text in ["a&#38;b", "a<!-- c -->b", "a<![CDATA[b]]>", "a<?pi?>b"] {
            let values = rootValues("<workflow><screen><title>\(text)</title></screen></workflow>")
            #expect(values.diagnostics.map { $0.prefix(12) } == ["1:26 WF1009:"], "\(text)")
        }
        // Blank parts around a single non-blank one do not count.
        let blank = rootValues("<workflow><screen><title> <!-- c --> &#32;x&#10; </title></screen></workflow>")
        #expect(blank.title == "x")
        #expect(blank.diagnostics.isEmpty)
    }

    @Test func textIsLocatedAtItsFirstCharacterAfterCommentsAndWhitespace() {
        let source = MarkedSource("<workflow>\n  <!-- c -->\n  1️⃣oops\n<screen/></workflow>")
        let result = WorkflowSchemaReader().read(source.bytes, path: "test.xml")
        #expect(source.annotate(result.diagnostics) == ["1️⃣ error: text is not allowed directly inside the document element [WF1004]"])
    }

    @Test func nonASCIINamesAreNames() {
        let source = MarkedSource("<workflow><screen>1️⃣<écran/></screen></workflow>")
        let result = WorkflowSchemaReader().read(source.bytes, path: "test.xml")
        #expect(result.diagnostics.map(\.code) == ["WF1101"])
        #expect(result.diagnostics.first?.location == source.location("1️⃣"))
    }
}
