import Foundation
import Testing
@testable import WireframeFormats
import WireframeModel

/// The reader's lookups and scans at their edges: tag and parameter names found by name (and
/// nothing that merely looks alike), text and names scanned to every stop, line and column found
/// from the recorded line feeds.
@Suite struct WorkflowSchemaScanTests {
    /// Every registered tag is found, as the dictionary holds it; names that differ from a tag in
    /// one byte are not.
    @Test func everyTagIsFoundAndNoLookAlike() throws {
        for (name, definition) in TagRegistry.tags {
            let found = try #require(TagRegistry.definition(of: name))
            #expect(found == definition)
            #expect(found.tag == name)
            var bytes = Array(name.utf8)
            if bytes.count > 3 {
                bytes[bytes.count / 2 + 1] = UInt8(ascii: "Q")
                let lookAlike = String(decoding: bytes, as: UTF8.self)
                if TagRegistry.tags[lookAlike] == nil { #expect(TagRegistry.definition(of: lookAlike) == nil, "\(lookAlike)") }
            }
        }
        for name in ["", "s", "Screen", "screen ", "scree", "screens", "écran", "workflow", "x:screen"] {
            #expect(TagRegistry.definition(of: name) == nil, "\(name)")
        }
    }

    /// Every definition answers every known parameter name as a search from the start would.
    @Test func parameterLookupMatchesASearch() {
        var names = Array(TagRegistry.allParameterNames) + TagRegistry.tagNames
        names += ["", "t", "titlee", "Title", "actionz", "a\u{301}ctions", "text ", "accessibilityLabeL"]
        for definition in TagRegistry.tags.values {
            for name in names {
                let expected = definition.parameters.first { $0.name == name }
                #expect(definition.parameter(name) == expected, "\(definition.tag).\(name)")
            }
        }
    }

    /// A definition with a repeated parameter name finds the first, one with hundreds of
    /// parameters finds them all, and a changed copy finds its new parameters while the original
    /// keeps its own.
    @Test func builtAndChangedDefinitions() throws {
        func parameter(_ name: String, _ isArray: Bool = false) -> ParameterDefinition {
            ParameterDefinition(
                name: name, accepts: [.string], isArray: isArray, isMandatory: false, isLazy: false, allowedValues: nil,
                isBitmask: false)
        }
        let repeated = TagDefinition(
            tag: "thing", schemaClass: .object, kind: .value, isAbstract: false,
            parameters: [parameter("value"), parameter("value", true), parameter("other")], defaults: [])
        #expect(repeated.parameter("value")?.isArray == false)
        #expect(repeated.parameter("other")?.name == "other")
        #expect(repeated.parameter("missing") == nil)

        let many = TagDefinition(
            tag: "big", schemaClass: .object, kind: .value, isAbstract: false,
            parameters: (0..<300).map { parameter("p\($0)") }, defaults: [])
        #expect(many.parameter("p0")?.name == "p0")
        #expect(many.parameter("p299")?.name == "p299")
        #expect(many.parameter("p300") == nil)

        let screen = try #require(TagRegistry.definition(of: "screen"))
        var changed = screen
        changed.parameters.append(parameter("extra"))
        changed.tag = "myScreen"
        #expect(changed.parameter("extra")?.name == "extra")
        #expect(changed.parameter("title") == screen.parameter("title"))
        #expect(changed.tag == "myScreen" && changed.schemaClass == .screen)
        #expect(screen.parameter("extra") == nil)
        #expect(screen.tag == "screen")
        #expect(changed != screen)
        var back = changed
        back.tag = "screen"
        back.parameters.removeLast()
        #expect(back == screen)
        #expect(back.hashValue == screen.hashValue)
    }

    /// A name is matched scalar by scalar, as XML compares names: a Kelvin sign, canonically
    /// equivalent to K, does not spell the parameter `returnKeyType`.
    @Test func namesMatchScalarByScalar() {
        func unknownParameters(_ name: String) -> [String] {
            let source = "<workflow><screen><container><textField><\(name)>done</\(name)></textField></container></screen></workflow>"
            return WorkflowSchemaFixtures.read(source).diagnostics.filter { $0.code == "WF1201" }.map(\.message)
        }
        #expect(unknownParameters("returnKeyType").isEmpty)
        let lookAlike = unknownParameters("return\u{212A}eyType")
        #expect(lookAlike.count == 1)
        #expect(lookAlike.first?.hasPrefix("'return\u{212A}eyType' is not a parameter of 'textField'") == true)
    }

    /// Lines and columns of diagnostics after lines of every length up to past two words, with
    /// non-ASCII characters before and after line feeds, and CR LF line ends.
    @Test func locationsAfterLinesOfEveryLength() throws {
        for length in 0..<20 {
            for filler in ["x", "é", "日本", "a\u{1F600}b"] {
                for lineEnd in ["\n", "\r\n"] {
                    var padding = ""
                    for line in 0..<3 {
                        padding += "<!--" + String(repeating: filler, count: length + line) + "-->" + lineEnd
                        padding += String(repeating: " ", count: (length * 3 + line) % 11) + lineEnd
                    }
                    let before = "<workflow>\(lineEnd)\(padding)<screen><title>T</title>\(padding)  "
                    let result = WorkflowSchemaFixtures.read(before + "<bogusTag/></screen></workflow>")
                    let unknown = try #require(result.diagnostics.first { $0.message.contains("bogusTag") })
                    let expected = Self.location(after: before)
                    #expect(unknown.location.line == expected.line, "\(length) \(filler)")
                    #expect(unknown.location.column == expected.column, "\(length) \(filler)")
                    #expect(unknown.location.offset == expected.offset, "\(length) \(filler)")
                }
            }
        }
    }

    /// Where the text after `prefix` starts, counted scalar by scalar (a line feed starts a line;
    /// a carriage return is a character of its line).
    static func location(after prefix: String) -> WireframeModel.SourceLocation {
        var line = 1
        var column = 1
        for scalar in prefix.unicodeScalars {
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return WireframeModel.SourceLocation(line: line, column: column, offset: prefix.utf8.count)
    }

    /// `]]>`, references and the next tag are found at every position in a long run of text.
    @Test func textIsScannedToEveryStop() throws {
        for length in 0..<20 {
            let prefix = String(repeating: "t", count: length)
            let bad = Marked("<workflow><screen><title>\(prefix)1️⃣]]>b</title></screen></workflow>")
            let diagnostics = WorkflowSchemaFixtures.read(bad.text).diagnostics
            #expect(diagnostics.count == 1)
            #expect(diagnostics.first?.location == bad.location)
            #expect(diagnostics.first?.message.contains("']]>' is not allowed in text") == true)

            let fine = "<workflow><screen><title>\(prefix)]]&gt;\(prefix)&amp;]</title></screen></workflow>"
            let root = try #require(WorkflowSchemaReader().parse(Array(fine.utf8)).root)
            #expect(root.text("title") == "\(prefix)]]>\(prefix)&]")
            // ']' and ']]' not followed by '>' are text.
            let brackets = "<workflow><screen><title>\(prefix)]]x]</title></screen></workflow>"
            #expect(WorkflowSchemaReader().parse(Array(brackets.utf8)).root?.text("title") == "\(prefix)]]x]")
        }
    }

    /// Names hold letters, digits, `_`, `:`, `-`, `.` and non-ASCII name characters; a digit,
    /// `-` or `.` cannot start one, and other ASCII bytes end one.
    @Test func nameCharacters() {
        let names = ["a-b.c_d9", "_x", "Zed-1", "n\u{E9}e", "A.B", "x:y"]
        for name in names {
            let text = "<workflow><screen><title>T</title><\(name)/></screen></workflow>"
            let messages = WorkflowSchemaFixtures.read(text).diagnostics.map(\.message)
            #expect(messages.contains { $0.contains("'\(name)'") }, "\(name): \(messages)")
        }
        for start in ["1a", "-a", ".a", "\u{B7}a"] {
            let text = "<workflow><screen><\(start)/></screen></workflow>"
            let messages = WorkflowSchemaFixtures.read(text).diagnostics.map(\.message)
            #expect(messages == ["XML is not well-formed: element name expected after '<'"], "\(start): \(messages)")
        }
        for (separator, message) in [
            ("!", "attribute name or '>' expected"), ("@", "attribute name or '>' expected"),
            ("[", "attribute name or '>' expected"), ("`", "attribute name or '>' expected"), ("{", "attribute name or '>' expected"),
        ] {
            let text = "<workflow><screen\(separator)/></workflow>"
            let messages = WorkflowSchemaFixtures.read(text).diagnostics.map(\.message)
            #expect(messages == ["XML is not well-formed: \(message)"], "\(separator): \(messages)")
        }
    }

    /// C09 takes a pattern of ASCII letters and digits for one that compiles without compiling
    /// it: ICU agrees on such patterns, and anything else is not taken for a literal.
    @Test func literalPatternsCompile() {
        for pattern in ["A", "B", "abc", "Zeta09", "0", "viewDidLoad"] {
            #expect(RegularExpressionCheck.isLiteral(pattern), "\(pattern)")
            #expect((try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive])) != nil, "\(pattern)")
        }
        for pattern in ["", "a.b", "(a", "a b", "a*", "[a", "é", "a\\", "a-b", "a{2}"] {
            #expect(!RegularExpressionCheck.isLiteral(pattern), "\(pattern)")
        }
    }
}
