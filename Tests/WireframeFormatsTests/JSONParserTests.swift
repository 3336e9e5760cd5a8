import Testing
import WireframeFormats
import WireframeModel
import WireframeTestSupport

/// A parser input with its expected diagnostics, places marked in the input.
typealias SyntaxCase = MarkedCase

/// Parses a marked input and annotates what the parser reports.
private func parse(_ marked: String) -> (source: MarkedSource, result: JSONParser.Result, annotated: [String]) {
    let source = MarkedSource(marked)
    let result = JSONParser().parse(source.bytes)
    return (source, result, source.annotate(result.diagnostics))
}

@Suite("JSON parser")
struct JSONParserTests {
    // MARK: Syntax errors, each at its exact place

    static let syntaxErrors: [SyntaxCase] = [
        SyntaxCase(
            "missing colon: seed 000's own typo",
            """
            {
                "appName": "application",
                "root" 1️⃣, "home",
                "routes": []
            }
            """,
            "1️⃣ error: expected ':' after key 'root', found ',' [WF0001]"),
        SyntaxCase("missing colon at end of file", #"{"a"1️⃣"#, "1️⃣ error: expected ':' after key 'a', found end of file [WF0001]"),
        SyntaxCase("trailing comma in an object", #"{"a": true1️⃣,}"#, "1️⃣ error: trailing comma before '}' [WF0001]"),
        SyntaxCase(
            "trailing comma in an object over lines",
            """
            {
              "a": true1️⃣,
            }
            """,
            "1️⃣ error: trailing comma before '}' [WF0001]"),
        SyntaxCase("trailing comma in an array", #"{"a": [true, false1️⃣,]}"#, "1️⃣ error: trailing comma before ']' [WF0001]"),
        SyntaxCase("trailing comma with space in an array", #"[null1️⃣, ]"#, "1️⃣ error: trailing comma before ']' [WF0001]"),
        SyntaxCase(
            "missing comma between members", #"{"a": true 1️⃣"b": false}"#, "1️⃣ error: expected ',' or '}' after a member, found '\"' [WF0001]"
        ),
        SyntaxCase(
            "missing comma between elements", #"[true 1️⃣false]"#, "1️⃣ error: expected ',' or ']' after an element, found 'f' [WF0001]"),
        SyntaxCase("unclosed object", #"{"a": true1️⃣"#, "1️⃣ error: expected ',' or '}' after a member, found end of file [WF0001]"),
        SyntaxCase("unclosed array", #"[true1️⃣"#, "1️⃣ error: expected ',' or ']' after an element, found end of file [WF0001]"),
        SyntaxCase("missing value", #"{"a": 1️⃣}"#, "1️⃣ error: expected a value, found '}' [WF0001]"),
        SyntaxCase("value at end of file", #"{"a": 1️⃣"#, "1️⃣ error: expected a value, found end of file [WF0001]"),
        SyntaxCase("unquoted key", #"{1️⃣appName: "x"}"#, "1️⃣ error: expected a key in double quotes, found 'a' [WF0001]"),
        SyntaxCase("unterminated string at end of file", #"{"a": 1️⃣"abc"#, "1️⃣ error: unterminated string [WF0001]"),
        SyntaxCase("unterminated key at end of file", #"{1️⃣"abc"#, "1️⃣ error: unterminated string [WF0001]"),
        SyntaxCase(
            "unterminated string at a line break",
            "{\"a\": \"abc1️⃣\n\"}",
            "1️⃣ error: unterminated string (a line break must be written as \\n) [WF0001]"),
        SyntaxCase("bad escape", #"{"a": "x1️⃣\q"}"#, "1️⃣ error: invalid escape sequence in a string [WF0001]"),
        SyntaxCase("escaped single quote", #"["it1️⃣\'s"]"#, "1️⃣ error: invalid escape sequence in a string [WF0001]"),
        SyntaxCase("short unicode escape", #"["1️⃣\u12"]"#, "1️⃣ error: a \\u escape needs four hexadecimal digits [WF0001]"),
        SyntaxCase("non-hex unicode escape", #"["ab1️⃣\u12G4"]"#, "1️⃣ error: a \\u escape needs four hexadecimal digits [WF0001]"),
        SyntaxCase("lone high surrogate", #"["1️⃣\uD800"]"#, "1️⃣ error: unpaired UTF-16 surrogate in a \\u escape [WF0001]"),
        SyntaxCase("high surrogate then text", #"["x1️⃣\uDBFFy"]"#, "1️⃣ error: unpaired UTF-16 surrogate in a \\u escape [WF0001]"),
        SyntaxCase("lone low surrogate", #"["1️⃣\uDC00"]"#, "1️⃣ error: unpaired UTF-16 surrogate in a \\u escape [WF0001]"),
        SyntaxCase(
            "high surrogate then non-surrogate", #"["1️⃣\uD83D\u0041"]"#, "1️⃣ error: unpaired UTF-16 surrogate in a \\u escape [WF0001]"),
        SyntaxCase("two high surrogates", #"["1️⃣\uD83D\uD83D"]"#, "1️⃣ error: unpaired UTF-16 surrogate in a \\u escape [WF0001]"),
        SyntaxCase("tab in a string", "[\"a1️⃣\tb\"]", "1️⃣ error: control character 0x9 in a string must be escaped [WF0001]"),
        SyntaxCase("NUL in a string", "[\"a1️⃣\u{0}b\"]", "1️⃣ error: control character 0x0 in a string must be escaped [WF0001]"),
        SyntaxCase("unit separator in a string", "[\"1️⃣\u{1F}\"]", "1️⃣ error: control character 0x1F in a string must be escaped [WF0001]"),
        SyntaxCase("carriage return in a string", "[\"a1️⃣\rb\"]", "1️⃣ error: control character 0xD in a string must be escaped [WF0001]"),
        SyntaxCase("leading zero", #"{"a": 1️⃣012}"#, "1️⃣ error: numbers must not have leading zeros [WF0001]"),
        SyntaxCase("negative leading zero", #"[1️⃣-00]"#, "1️⃣ error: numbers must not have leading zeros [WF0001]"),
        SyntaxCase("minus without digits", #"[-1️⃣x]"#, "1️⃣ error: expected a digit in a number, found 'x' [WF0001]"),
        SyntaxCase("minus at end of file", #"[-1️⃣"#, "1️⃣ error: expected a digit in a number, found end of file [WF0001]"),
        SyntaxCase("dot without fraction", #"[1.1️⃣]"#, "1️⃣ error: expected a digit after '.', found ']' [WF0001]"),
        SyntaxCase("exponent without digits", #"[1e1️⃣]"#, "1️⃣ error: expected a digit in an exponent, found ']' [WF0001]"),
        SyntaxCase("signed exponent without digits", #"[2.5E+1️⃣,]"#, "1️⃣ error: expected a digit in an exponent, found ',' [WF0001]"),
        SyntaxCase("fraction without integer", #"[1️⃣.5]"#, "1️⃣ error: expected a value, found '.' [WF0001]"),
        SyntaxCase("plus sign", #"[1️⃣+1]"#, "1️⃣ error: expected a value, found '+' [WF0001]"),
        SyntaxCase("hexadecimal", #"[01️⃣x10]"#, "1️⃣ error: expected ',' or ']' after an element, found 'x' [WF0001]"),
        SyntaxCase("NaN", #"[1️⃣NaN]"#, "1️⃣ error: expected a value, found 'N' [WF0001]"),
        SyntaxCase("misspelt literal", #"{"a": 1️⃣tru}"#, "1️⃣ error: expected a value, found 'tru' [WF0001]"),
        SyntaxCase("capitalised literal", #"[1️⃣True]"#, "1️⃣ error: expected a value, found 'T' [WF0001]"),
        SyntaxCase("literal with a tail", #"[null1️⃣x]"#, "1️⃣ error: expected ',' or ']' after an element, found 'x' [WF0001]"),
        SyntaxCase("garbage after the document", "{}\n  1️⃣x", "1️⃣ error: unexpected 'x' after the end of the document [WF0001]"),
        SyntaxCase("second document", #"{} 1️⃣{}"#, "1️⃣ error: unexpected '{' after the end of the document [WF0001]"),
        SyntaxCase("stray closing brace", #"{"a": 1}1️⃣}"#, "1️⃣ error: unexpected '}' after the end of the document [WF0001]"),
        SyntaxCase("single-quoted value", #"{"a": 1️⃣'b'}"#, "1️⃣ error: strings must be in double quotes, found ''' [WF0001]"),
        SyntaxCase("single-quoted key", #"{1️⃣'a': 1}"#, "1️⃣ error: expected a key in double quotes, found ''' [WF0001]"),
        SyntaxCase("comment", "{\n  1️⃣// a comment\n}", "1️⃣ error: expected a key in double quotes, found '/' [WF0001]"),
        SyntaxCase(
            "non-ASCII value outside a string", #"{"a": 1️⃣é}"#,
            "1️⃣ error: expected a value, found a non-ASCII character outside a string [WF0001]"),
        SyntaxCase(
            "non-ASCII after non-ASCII text", #"{"é": 1️⃣ü}"#,
            "1️⃣ error: expected a value, found a non-ASCII character outside a string [WF0001]"),
        SyntaxCase(
            "non-breaking space", "{\"a\":1️⃣\u{A0}1}", "1️⃣ error: expected a value, found a non-ASCII character outside a string [WF0001]"),
    ]

    @Test(arguments: syntaxErrors)
    func syntaxError(_ testCase: SyntaxCase) {
        let (_, result, annotated) = parse(testCase.input)
        #expect(annotated == testCase.expected)
        #expect(result.root == nil)
    }

    @Test func seedTypoIsAtLineThreeColumnTwelve() throws {
        let text = """
            {
                "appName": "application",
                "root" , "home",
                "routes": []
            }
            """
        let result = JSONParser().parse(Array(text.utf8))
        let diagnostic = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(diagnostic.code == "WF0001")
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.location.line == 3)
        #expect(diagnostic.location.column == 12)
        #expect(diagnostic.location.offset == 43)
    }

    @Test func errorLocationsCarryTheByteOffset() throws {
        let source = MarkedSource("{\"日本\": 1️⃣x}")
        let diagnostic = try #require(JSONParser().parse(source.bytes).diagnostics.first)
        let expected = try #require(source.location("1️⃣"))
        #expect(diagnostic.location == expected)
        #expect(diagnostic.location.offset == 11)
        #expect(diagnostic.location.column == 8)
    }

    // MARK: Empty files

    @Test(arguments: [("", 1, 1), ("   ", 1, 4), ("\n\n  ", 3, 3), ("\u{FEFF}", 1, 1), ("\r\n\t", 2, 2)])
    func emptyDocument(_ text: String, _ line: Int, _ column: Int) throws {
        let result = JSONParser().parse(Array(text.utf8))
        #expect(result.root == nil)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(diagnostic.code == "WF0003")
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.message == "the file is empty; a wireframe is a JSON object")
        #expect(diagnostic.location.line == line)
        #expect(diagnostic.location.column == column)
    }

    // MARK: Encodings

    static let invalidUTF8: [(name: String, bytes: [UInt8], column: Int)] = [
        ("lone continuation byte in a string", Array(#"{"a": "x"#.utf8) + [0x80] + Array(#""}"#.utf8), 9),
        ("0xFF in a string", Array(#"{"a": "xy"#.utf8) + [0xFF] + Array(#"z"}"#.utf8), 10),
        ("overlong encoding in a string", Array(#"["é"#.utf8) + [0xC0, 0xAF] + Array(#""]"#.utf8), 4),
        ("encoded surrogate in a string", Array(#"[""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""]"#.utf8), 3),
        ("above U+10FFFF in a string", Array(#"[""#.utf8) + [0xF4, 0x90, 0x80, 0x80] + Array(#""]"#.utf8), 3),
        ("truncated sequence at end of file", Array(#"[""#.utf8) + [0xE2, 0x82], 3),
        ("truncated sequence before a quote", Array(#"["a"#.utf8) + [0xE2, 0x82] + Array(#""]"#.utf8), 4),
        ("Latin-1 byte in a key", Array(#"{"caf"#.utf8) + [0xE9] + Array(#"": 1}"#.utf8), 6),
        ("0xFF outside a string", Array(#"{"a": "#.utf8) + [0xFF] + Array("}".utf8), 7),
        ("continuation byte outside a string", Array("[1, ".utf8) + [0x9F] + Array("]".utf8), 5),
        ("0xFF as the whole document", [0xFF], 1),
    ]

    @Test(arguments: invalidUTF8)
    func invalidUTF8IsWF0002(_ testCase: (name: String, bytes: [UInt8], column: Int)) throws {
        let result = JSONParser().parse(testCase.bytes)
        #expect(result.root == nil)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(diagnostic.code == "WF0002")
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.message == "invalid UTF-8 byte sequence")
        #expect(diagnostic.location.line == 1)
        #expect(diagnostic.location.column == testCase.column)
    }

    @Test(arguments: [[UInt8]([0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00]), [0xFE, 0xFF, 0x00, 0x7B, 0x00, 0x7D]])
    func utf16IsRefusedWithAClearMessage(_ bytes: [UInt8]) throws {
        let result = JSONParser().parse(bytes)
        #expect(result.root == nil)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(diagnostic.code == "WF0002")
        #expect(diagnostic.message == "the file is UTF-16 encoded; save it as UTF-8")
        #expect(diagnostic.location == SourceLocation(line: 1, column: 1, offset: 0))
    }

    @Test func utf8ByteOrderMarkIsAccepted() throws {
        let result = JSONParser().parse([0xEF, 0xBB, 0xBF] + Array(#"{"a": "b"}"#.utf8))
        #expect(result.diagnostics.isEmpty)
        let root = try #require(result.root)
        #expect(root.location == SourceLocation(line: 1, column: 1, offset: 3))
        let member = try #require(root["a"])
        #expect(member.keyLocation == SourceLocation(line: 1, column: 2, offset: 4))
        #expect(member.value.string == "b")
    }

    @Test func columnsAfterAByteOrderMarkStartAtOne() throws {
        let result = JSONParser().parse([0xEF, 0xBB, 0xBF] + Array("{\"a\": x}".utf8))
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.location == SourceLocation(line: 1, column: 7, offset: 9))
    }

    @Test func byteOrderMarkInsideTheTextIsNotWhitespace() {
        let (_, result, annotated) = parse("{\"a\": 1,1️⃣\u{FEFF}\"b\": 2}")
        #expect(result.root == nil)
        #expect(annotated == ["1️⃣ error: expected a key in double quotes, found byte 0xEF [WF0001]"])
    }

    /// After a syntax error nothing later is reported (docs/DIAGNOSTICS.md says why): the text
    /// gives no sure point to get back in step. A duplicate key before it is still reported.
    @Test func nothingAfterTheFirstSyntaxErrorIsReported() {
        let (_, result, annotated) = parse(
            """
            { "routes": [
              { 1️⃣"name": "a", 2️⃣"name": "b" },
              { "name": "c", "title": 3️⃣Home" },
              { "name": "d", "title": "D",, }
            ] }
            """)
        #expect(result.root == nil)
        #expect(
            annotated == [
                "2️⃣ error: duplicate key 'name' [WF0005]",
                "  1️⃣ note: 'name' first appears here",
                "3️⃣ error: expected a value, found 'H' [WF0001]",
            ])
    }

    // MARK: Duplicate keys

    @Test func duplicateKeyIsReportedWithANoteAtTheFirst() throws {
        let (_, result, annotated) = parse(
            """
            {
              1️⃣"name": "home",
              "title": "Home",
              2️⃣"name": "other"
            }
            """)
        #expect(
            annotated == [
                "2️⃣ error: duplicate key 'name' [WF0005]",
                "  1️⃣ note: 'name' first appears here",
            ])
        // The document is still read, with the first value kept.
        let root = try #require(result.root)
        #expect(root["name"]?.value.string == "home")
        #expect(root.members?.map(\.key) == ["name", "title"])
    }

    @Test func everyDuplicateIsReportedInSourceOrder() {
        let (_, result, annotated) = parse(
            #"{1️⃣"a": 1, 2️⃣"a": {3️⃣"b": 1, 4️⃣"b": 2}, 5️⃣"a": 3}"#)
        #expect(result.root != nil)
        #expect(
            annotated == [
                "2️⃣ error: duplicate key 'a' [WF0005]",
                "  1️⃣ note: 'a' first appears here",
                "4️⃣ error: duplicate key 'b' [WF0005]",
                "  3️⃣ note: 'b' first appears here",
                "5️⃣ error: duplicate key 'a' [WF0005]",
                "  1️⃣ note: 'a' first appears here",
            ])
    }

    @Test func duplicateKeysAreComparedAfterDecodingEscapes() {
        let (_, _, annotated) = parse(#"{1️⃣"ab": 1, 2️⃣"a\u0062": 2}"#)
        #expect(
            annotated == [
                "2️⃣ error: duplicate key 'ab' [WF0005]",
                "  1️⃣ note: 'ab' first appears here",
            ])
    }

    @Test(arguments: [0, 20])
    func canonicallyEquivalentKeysAreDistinctKeys(_ padding: Int) throws {
        // "café" precomposed and decomposed: equal as Swift strings, two different JSON keys.
        let others = (0..<padding).map { #""k\#($0)": \#($0), "# }.joined()
        let text = "{" + others + "\"caf\u{E9}\": 1, \"cafe\u{301}\": 2}"
        let result = JSONParser().parse(Array(text.utf8))
        #expect(result.diagnostics.isEmpty)
        let keys = try #require(result.root?.members).suffix(2).map { Array($0.key.utf8) }
        #expect(keys == [Array("caf\u{E9}".utf8), Array("cafe\u{301}".utf8)])
    }

    @Test func duplicatesInLargeObjectsAreFound() {
        let others = (0..<40).map { #""k\#($0)": \#($0), "# }.joined()
        let (_, result, annotated) = parse("{1️⃣\"dup\": 0, " + others + "2️⃣\"dup\": 1, 3️⃣\"k7\": 2}")
        #expect(result.root?.members?.count == 41)
        #expect(
            annotated == [
                "2️⃣ error: duplicate key 'dup' [WF0005]",
                "  1️⃣ note: 'dup' first appears here",
                "3️⃣ error: duplicate key 'k7' [WF0005]",
                "  1:75 note: 'k7' first appears here",
            ])
    }

    @Test func duplicateKeysAreFoundWhateverComesFirst() {
        // An escaped key before its plain spelling, empty keys, and keys that share their length
        // and first byte without being equal.
        let (_, _, annotated) = parse(#"{1️⃣"a\u0062": 1, "ac": 0, 2️⃣"ab": 2, 3️⃣"": 3, 4️⃣"": 4, "type": 5, "text": 6}"#)
        #expect(
            annotated == [
                "2️⃣ error: duplicate key 'ab' [WF0005]",
                "  1️⃣ note: 'ab' first appears here",
                "4️⃣ error: duplicate key '' [WF0005]",
                "  3️⃣ note: '' first appears here",
            ])
    }

    @Test func longStringsAreReadWhateverTheirSpecialBytesOffsets() throws {
        // A quote, backslash, control or non-ASCII byte at several offsets in a string.
        for padding in 0..<17 {
            let plain = String(repeating: "x", count: padding)
            let text = #"["\#(plain)\"q", "\#(plain)\\b", "\#(plain)é", "\#(plain)\u0041", "\#(plain)"]"#
            let result = JSONParser().parse(Array(text.utf8))
            #expect(result.diagnostics.isEmpty)
            let strings = try #require(result.root?.elements).compactMap(\.string)
            #expect(strings == [plain + "\"q", plain + "\\b", plain + "é", plain + "A", plain])
        }
        let (_, _, annotated) = parse("[\"0123456789abc\u{1}\"]")
        #expect(annotated == ["1:16 error: control character 0x1 in a string must be escaped [WF0001]"])
    }

    @Test func sameKeyInDifferentObjectsIsNoDuplicate() {
        let (_, result, annotated) = parse(#"[{"a": 1}, {"a": 2, "b": {"a": 3}}]"#)
        #expect(result.root != nil)
        #expect(annotated.isEmpty)
    }

    @Test func syntaxErrorAfterADuplicateKeepsBothInOrder() {
        let (_, result, annotated) = parse(#"{1️⃣"a": 1, 2️⃣"a": 2, "b" 3️⃣}"#)
        #expect(result.root == nil)
        #expect(
            annotated == [
                "2️⃣ error: duplicate key 'a' [WF0005]",
                "  1️⃣ note: 'a' first appears here",
                "3️⃣ error: expected ':' after key 'b', found '}' [WF0001]",
            ])
    }

    // MARK: Columns in Unicode scalars

    static let columnCases: [SyntaxCase] = [
        SyntaxCase("after two-byte text", #"{"café": "crème", 1️⃣x}"#, "1️⃣ error: expected a key in double quotes, found 'x' [WF0001]"),
        SyntaxCase("after three-byte text", #"["日本語", 1️⃣?]"#, "1️⃣ error: expected a value, found '?' [WF0001]"),
        SyntaxCase("after an emoji", #"["🙂🙂", 1️⃣?]"#, "1️⃣ error: expected a value, found '?' [WF0001]"),
        SyntaxCase("after a combining accent", "[\"e\u{301}\", 1️⃣?]", "1️⃣ error: expected a value, found '?' [WF0001]"),
        SyntaxCase("after a flag (two scalars)", #"["🇫🇷", 1️⃣?]"#, "1️⃣ error: expected a value, found '?' [WF0001]"),
        SyntaxCase("inside a string after non-ASCII", #"["日本1️⃣\x"]"#, "1️⃣ error: invalid escape sequence in a string [WF0001]"),
        SyntaxCase(
            "non-ASCII on an earlier line does not count",
            "[\"日本語日本語\",\n  1️⃣?]",
            "1️⃣ error: expected a value, found '?' [WF0001]"),
        SyntaxCase("after escapes", #"["\u00e9\n\t", 1️⃣?]"#, "1️⃣ error: expected a value, found '?' [WF0001]"),
        SyntaxCase("CRLF line ends", "{\r\n  \"a\": 1,\r\n  1️⃣x\r\n}", "1️⃣ error: expected a key in double quotes, found 'x' [WF0001]"),
    ]

    @Test(arguments: columnCases)
    func columnsCountUnicodeScalars(_ testCase: SyntaxCase) {
        let (_, _, annotated) = parse(testCase.input)
        #expect(annotated == testCase.expected)
    }

    @Test func valueLocationsCountUnicodeScalars() throws {
        let source = MarkedSource(#"{"名前": 1️⃣"ホーム", 2️⃣"🙂": 3️⃣[4️⃣1]}"#)
        let result = JSONParser().parse(source.bytes)
        #expect(result.diagnostics.isEmpty)
        let members = try #require(result.root?.members)
        #expect(members.count == 2)
        #expect(members[0].value.location == source.location("1️⃣"))
        #expect(members[1].keyLocation == source.location("2️⃣"))
        #expect(members[1].value.location == source.location("3️⃣"))
        #expect(members[1].value.elements?.first?.location == source.location("4️⃣"))
    }

    // MARK: Nesting

    @Test(arguments: ["[", "{\"a\":"])
    func hundredThousandLevelsIsWF0004WithoutACrash(_ opening: String) throws {
        let text = String(repeating: opening, count: 100_000)
        let result = JSONParser().parse(Array(text.utf8))
        #expect(result.root == nil)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(diagnostic.code == "WF0004")
        #expect(diagnostic.message == "nesting is deeper than 512 levels")
        // At the opening bracket of level 513.
        #expect(diagnostic.location.line == 1)
        #expect(diagnostic.location.column == opening.unicodeScalars.count * 512 + 1)
    }

    @Test func deepestAllowedNestingParses() throws {
        let text = String(repeating: "[", count: 512) + "\"bottom\"" + String(repeating: "]", count: 512)
        let result = JSONParser().parse(Array(text.utf8))
        #expect(result.diagnostics.isEmpty)
        var node = try #require(result.root)
        for _ in 0..<512 {
            let elements = try #require(node.elements)
            try #require(elements.count == 1)
            node = elements[0]
        }
        #expect(node.string == "bottom")
    }

    @Test func oneLevelTooDeepIsRefused() throws {
        let text = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        let result = JSONParser().parse(Array(text.utf8))
        #expect(result.root == nil)
        #expect(result.diagnostics.map(\.code) == ["WF0004"])
    }

    @Test func nestingLimitCountsOpenContainersNotTotal() {
        // Many siblings at shallow depth never reach the limit.
        let text = "[" + Array(repeating: "[[]]", count: 2_000).joined(separator: ",") + "]"
        let result = JSONParser().parse(Array(text.utf8))
        #expect(result.diagnostics.isEmpty)
        #expect(result.root?.elements?.count == 2_000)
    }

    @Test func maximumDepthIsConfigurable() {
        let parser = JSONParser(maximumDepth: 2)
        #expect(parser.parse(Array("[[1]]".utf8)).diagnostics.isEmpty)
        #expect(parser.parse(Array("[[[1]]]".utf8)).diagnostics.map(\.code) == ["WF0004"])
    }

    // MARK: Values

    @Test(arguments: [
        "0", "-0", "1", "-1", "12345678901234567890123456789", "1.000000000000000000001", "0.1", "1e400",
        "1E-400", "-2.5e+10", "6.02214076E23", "100", "9007199254740993",
    ])
    func numbersAreKeptAsExactText(_ text: String) throws {
        let result = JSONParser().parse(Array("[\(text)]".utf8))
        #expect(result.diagnostics.isEmpty)
        let element = try #require(result.root?.elements?.first)
        #expect(element.value == .number(text))
        #expect(element.location == SourceLocation(line: 1, column: 2, offset: 1))
    }

    @Test func escapesAreDecoded() throws {
        let text = #"["\"\\\/\b\f\n\r\t", "\u00e9\u00C9\u65e5", "\uD83D\uDE00", "a\u0000b", "plain", "mixed \u0041 and é"]"#
        let result = JSONParser().parse(Array(text.utf8))
        #expect(result.diagnostics.isEmpty)
        let strings = try #require(result.root?.elements).map(\.string)
        #expect(strings == ["\"\\/\u{8}\u{C}\n\r\t", "éÉ日", "😀", "a\u{0}b", "plain", "mixed A and é"])
    }

    @Test func literalsAndStructureAreRead() throws {
        let source = MarkedSource(
            """
            {
              "t": 1️⃣true, "f": false, "n": null,
              "o": {}, "a": [],
              2️⃣"s": 3️⃣"x"
            }
            """)
        let result = JSONParser().parse(source.bytes)
        #expect(result.diagnostics.isEmpty)
        let root = try #require(result.root)
        #expect(root.location == SourceLocation.start)
        #expect(root["t"]?.value.value == .bool(true))
        #expect(root["t"]?.value.location == source.location("1️⃣"))
        #expect(root["f"]?.value.value == .bool(false))
        #expect(root["n"]?.value.value == .null)
        #expect(root["o"]?.value.value == .object([]))
        #expect(root["a"]?.value.value == .array([]))
        #expect(root["s"]?.keyLocation == source.location("2️⃣"))
        #expect(root["s"]?.value.location == source.location("3️⃣"))
        #expect(root.members?.map(\.key) == ["t", "f", "n", "o", "a", "s"])
    }

    @Test(arguments: ["\"just a string\"", "42", "true", "null", "[]"])
    func anyValueIsAWellFormedDocument(_ text: String) {
        let result = JSONParser().parse(Array(text.utf8))
        #expect(result.diagnostics.isEmpty)
        #expect(result.root != nil)
    }

    @Test func whitespaceAroundTheDocumentIsAllowed() throws {
        let result = JSONParser().parse(Array(" \t\r\n {} \n\t ".utf8))
        #expect(result.diagnostics.isEmpty)
        #expect(result.root?.location == SourceLocation(line: 2, column: 2, offset: 5))
    }
}
