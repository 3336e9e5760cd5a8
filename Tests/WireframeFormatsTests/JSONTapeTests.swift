import Testing
import WireframeFormats
import WireframeModel
import WireframeTestSupport

/// The flat tape the parser writes: records in source order, located, strings decoded when asked for.
private typealias Location = WireframeModel.SourceLocation

struct JSONTapeTests {
    private func tape(_ bytes: [UInt8]) throws -> JSONTape {
        let result = JSONParser().parse(bytes)
        #expect(result.diagnostics.isEmpty)
        return try #require(result.tape)
    }

    /// Every value of a document with its location, depth first, keys included.
    private func locations(_ tape: JSONTape) -> [Location] {
        (0..<tape.count).map { tape.location($0) }
    }

    // MARK: Locations

    @Test func crlfLineEndsCountOneLineEach() throws {
        let source = MarkedSource("{\r\n  1️⃣\"a\": 2️⃣1,\r\n\r\n  3️⃣\"b\": 4️⃣[5️⃣true]\r\n}\r\n")
        let tape = try tape(source.bytes)
        #expect(
            locations(tape) == [
                Location.start, source.location("1️⃣"), source.location("2️⃣"), source.location("3️⃣"),
                source.location("4️⃣"), source.location("5️⃣"),
            ])
        #expect(tape.location(3) == Location(line: 4, column: 3, offset: 18))
    }

    @Test func tabsCountOneColumn() throws {
        let source = MarkedSource("{\t1️⃣\"a\":\t\t2️⃣\"x\",\n\t3️⃣\"b\":\t4️⃣null}")
        let tape = try tape(source.bytes)
        #expect(
            locations(tape) == [
                Location.start, source.location("1️⃣"), source.location("2️⃣"), source.location("3️⃣"),
                source.location("4️⃣"),
            ])
    }

    @Test func multiByteCharactersCountOneColumnEach() throws {
        let source = MarkedSource("[1️⃣\"日本\", 2️⃣\"🙂é\", 3️⃣\"e\u{301}\",\n 4️⃣\"ß\", 5️⃣0]")
        let tape = try tape(source.bytes)
        let elements = tape.elements(of: tape.root)
        #expect(elements.map { tape.location($0) } == ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣"].map { source.location($0) })
        #expect(elements.prefix(4).map { tape.string($0) } == ["日本", "🙂é", "e\u{301}", "ß"])
        #expect(tape.numberText(elements[4]) == "0")
    }

    @Test func byteOrderMarkIsNotCountedInColumnsButInOffsets() throws {
        let tape = try tape([0xEF, 0xBB, 0xBF] + Array("{\"a\":\n \"é\", \"b\": 2}".utf8))
        #expect(
            locations(tape) == [
                Location(line: 1, column: 1, offset: 3),
                Location(line: 1, column: 2, offset: 4),
                Location(line: 2, column: 2, offset: 10),
                Location(line: 2, column: 7, offset: 16),
                Location(line: 2, column: 12, offset: 21),
            ])
    }

    @Test func tapeLocationsAreTheTreeLocations() throws {
        let text = "{\"名前\": \"ホーム\",\r\n\t\"🙂\": [1, {\"x\": null}, \"\\u00e9\"]}"
        let result = JSONParser().parse(Array(text.utf8))
        let tape = try #require(result.tape)
        let root = try #require(result.root)
        let members = tape.members(of: tape.root)
        let nodes = try #require(root.members)
        #expect(members.map { tape.location($0.key) } == nodes.map(\.keyLocation))
        #expect(members.map { tape.location($0.value) } == nodes.map(\.value.location))
        let array = try #require(nodes[1].value.elements)
        #expect(tape.elements(of: members[1].value).map { tape.location($0) } == array.map(\.location))
    }

    // MARK: Structure

    @Test func recordsAreInSourceOrderWithTheirSubtreeSkips() throws {
        let tape = try tape(Array(#"{"a": [1, [2, 3]], "b": {"c": "d"}, "e": true}"#.utf8))
        // {  a  [  1  [  2  3  b  {  c  d  e  true
        // 0  1  2  3  4  5  6  7  8  9  10 11 12
        #expect(tape.count == 13)
        #expect(
            (0..<tape.count).map { tape.kind($0) } == [
                .object, .string, .array, .number, .array, .number, .number, .string, .object, .string, .string,
                .string, .true,
            ])
        #expect((0..<tape.count).map { tape.next($0) } == [13, 2, 7, 4, 7, 6, 7, 8, 11, 10, 11, 12, 13])
        #expect(tape.count(tape.root) == 3)
        #expect(tape.count(2) == 2)
        #expect(tape.members(of: tape.root).map { tape.string($0.key) } == ["a", "b", "e"])
        #expect(tape.member("b", of: tape.root) == JSONTape.Member(key: 7, value: 8))
        #expect(tape.member("z", of: tape.root) == nil)
        #expect(tape.members(of: 2).isEmpty)
        #expect(tape.elements(of: tape.root).isEmpty)
    }

    @Test func deepestAllowedNestingIsOneRecordPerLevel() throws {
        let text = String(repeating: "[", count: 512) + "\"bottom\"" + String(repeating: "]", count: 512)
        let tape = try tape(Array(text.utf8))
        #expect(tape.count == 513)
        for level in 0..<512 {
            #expect(tape.kind(level) == .array)
            #expect(tape.elements(of: level) == [level + 1])
            #expect(tape.next(level) == 513)
            #expect(tape.location(level) == Location(line: 1, column: level + 1, offset: level))
        }
        #expect(tape.string(512) == "bottom")
        #expect(tape.next(512) == 513)
    }

    @Test func deepObjectsNestAsDeepAsArrays() throws {
        let text = String(repeating: "{\"a\":", count: 512) + "0" + String(repeating: "}", count: 512)
        let tape = try tape(Array(text.utf8))
        var node = tape.root
        for _ in 0..<512 {
            let member = try #require(tape.member("a", of: node))
            node = member.value
        }
        #expect(tape.numberText(node) == "0")
        #expect(tape.next(tape.root) == tape.count)
    }

    @Test func repeatedKeysStayOnTheTapeButNotAmongMembers() throws {
        let result = JSONParser().parse(Array(#"{"a": 1, "b": [2], "a": {"x": 3}, "c": 4}"#.utf8))
        #expect(result.diagnostics.map(\.code) == ["WF0005"])
        let tape = try #require(result.tape)
        let members = tape.members(of: tape.root)
        #expect(members.map { tape.string($0.key) } == ["a", "b", "c"])
        #expect(tape.numberText(try #require(tape.member("a", of: tape.root)).value) == "1")
        #expect(tape.count(tape.root) == 3)
        #expect(tape.numberText(members[2].value) == "4")
    }

    @Test func keysWithEscapesAreTheKeysTheyDecodeTo() throws {
        let result = JSONParser().parse(Array(#"{"name": 1, "n\u0061me": 2, "\u00e9": 3, "é": 4}"#.utf8))
        #expect(result.diagnostics.map(\.message) == ["duplicate key 'name'", "duplicate key 'é'"])
        let tape = try #require(result.tape)
        #expect(tape.member("name", of: tape.root).map { tape.numberText($0.value) } == "1")
        #expect(tape.member("é", of: tape.root).map { tape.numberText($0.value) } == "3")
    }

    @Test func stringsAreDecodedWhenAskedFor() throws {
        let text = #"["plain", "a\"b\\c\/d", "\b\f\n\r\t", "\u00e9\u65e5\uD83D\uDE00", "", "\u0000"]"#
        let tape = try tape(Array(text.utf8))
        #expect(
            tape.elements(of: tape.root).map { tape.string($0) } == [
                "plain", "a\"b\\c/d", "\u{8}\u{C}\n\r\t", "é日😀", "", "\u{0}",
            ])
        #expect(tape.string(tape.root) == nil)
        #expect(tape.numberText(1) == nil)
    }

    @Test func aDocumentWithAnErrorHasNoTape() {
        let result = JSONParser().parse(Array(#"{"a": [1, 2}"#.utf8))
        #expect(result.tape == nil)
        #expect(result.root == nil)
    }
}
