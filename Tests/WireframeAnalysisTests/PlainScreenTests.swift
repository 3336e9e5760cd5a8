import Foundation
import Testing
import WireframeModel
@testable import WireframeAnalysis

/// The plainest canonical screens are compared by a scan of their bytes (`PlainScreen`): the
/// same changes as when they are parsed, and anything the scan does not read is parsed.
@Suite struct PlainScreenTests {
    /// A small deterministic generator, so that a failure can be reproduced.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        mutating func pick<T>(_ values: [T]) -> T { values[next(values.count)] }
    }

    /// A compact screen `s` with some of the fields a plain screen has, in the canonical order;
    /// its values now and then out of their sets, its dependencies now and then out of order.
    static func screen(_ random: inout Generator) -> String {
        func text() -> String { random.pick(["Home", "Home 2", "", "A, B", "x'y (z)", "Settings ~ Player", "home"]) }
        func list() -> [String] { (0..<random.next(4)).map { _ in random.pick(["a", "b", "c", "ab", "b a", "", "a, b"]) } }
        func quoted(_ values: [String]) -> String { "[" + values.map { "\"\($0)\"" }.joined(separator: ",") + "]" }
        var members = ["\"name\":\"\(random.next(12) == 0 ? "t" : "s")\"", "\"title\":\"\(text())\""]
        members.append("\"type\":\"\(random.pick(["view", "navigation", "tabbar", "list", "form", "table", "window"]))\"")
        members.append("\"presentationStyle\":\"\(random.pick(["push", "present", "push", "sheet"]))\"")
        if random.next(3) == 0 { members.append("\"navigation\":\"\(random.pick(["main", "other", ""]))\"") }
        for field in ["subroutes", "tabItems", "children", "dependencies", "items"] where random.next(2) == 0 {
            var values = list()
            if field == "dependencies", random.next(4) != 0 {
                values = Array(Set(values)).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            }
            members.append("\"\(field)\":\(quoted(values))")
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    @Test func scannedPairsGiveWhatParsedPairsGive() {
        var random = Generator(state: 11)
        var scanned = 0, answered = 0, changed = 0
        for _ in 0..<3_000 {
            let old = Array(Self.screen(&random).utf8), new = Array(Self.screen(&random).utf8)
            let parsed = WireframeDiff.parsedScreenChanges(old: [old], new: [new], keys: ["s"])
            let plain = WireframeDiff.plainChanges(old, new, key: "s")
            #expect(WireframeDiff.canonicalScreenChanges(old: [old], new: [new], keys: ["s"]) == parsed)
            if let plain {
                scanned += 1
                #expect([plain] == parsed, "\(String(decoding: old, as: UTF8.self)) → \(String(decoding: new, as: UTF8.self))")
                if !plain.isEmpty { changed += 1 }
            }
            if parsed[0] != nil { answered += 1 }
        }
        // Most pairs are plain; a pair out of its sets, out of order or of another key is not
        // (one out of its sets on both sides may still be answered by the parse).
        #expect(scanned > 900 && changed > 850, "\(scanned) scanned, \(changed) changed")
        #expect(answered > scanned)
    }

    @Test func onlyThePlainestScreensAreScanned() {
        let plain = #"{"name":"s","title":"Home","type":"view","presentationStyle":"push","subroutes":["a","b"],"dependencies":["a","b"]}"#
        let others = [
            #"{"name":"s","title":"Ho\"me","type":"view","presentationStyle":"push"}"#,  // an escape
            #"{"name":"s","title":"Hömé","type":"view","presentationStyle":"push"}"#,  // outside ASCII
            #"{"name":"s", "title":"Home","type":"view","presentationStyle":"push"}"#,  // white space
            #"{"name":"s","title":"Home","type":"view","presentationStyle":"push","elements":[]}"#,  // elements
            #"{"name":"s","title":"Home","type":"view","presentationStyle":"push","actions":{}}"#,
            #"{"name":"s","title":"Home","type":"view","presentationStyle":"push","properties":{}}"#,
            #"{"name":"s","title":"Home","type":"view","presentationStyle":"push","kind":"x"}"#,  // another key
            #"{"name":"s","title":7,"type":"view","presentationStyle":"push"}"#,  // a number
            #"{"name":"s","title":"Home","type":"view","presentationStyle":"push","items":[["a"]]}"#,  // nested
            #"{"name":"s","title":"Home","type":"view","presentationStyle":"push","items":["a",]}"#,  // trailing comma
            #"{"name":"s","title":"Home","type":"view","presentationStyle":"push",}"#,
            #"{"name":"s","title":"Home","type":"view","presentationStyle":"push""#,  // cut short
            #"{"name":"s","title":"Home","type":"view","presentationStyle":"push"}}"#,
            #"{"name":"s","title":"Home","type":"view","presentationStyle":"push","items":["a"}"#,
            #"{"name":"s","title":"Home","type":"view"}"#,  // no presentation
            #"{"title":"Home","type":"view","presentationStyle":"push"}"#,  // no name
            #"{"name":"t","title":"Home","type":"view","presentationStyle":"push"}"#,  // another key
            #"{"name":"s","title":"Home","title":"Home","type":"view","presentationStyle":"push"}"#,  // a key twice
            #"{"name":"s","title":"Home","type":"view","presentationStyle":"push","dependencies":["b","a"]}"#,  // unsorted
            #"{"name":"s","title":"Home","type":"view","presentationStyle":"push","dependencies":["a","a"]}"#,  // twice
            "{\"name\":\"s\",\"title\":\"Ho\tme\",\"type\":\"view\",\"presentationStyle\":\"push\"}",  // a control character
            #"{}"#, #"{"#, "",
        ]
        func scan(_ text: String) -> PlainScreen? {
            var key = "s"
            return key.withUTF8 { key in Array(text.utf8).withUnsafeBufferPointer { PlainScreen($0, key: key) } }
        }
        #expect(scan(plain) != nil)
        for text in others {
            #expect(scan(text) == nil, "\(text)")
            // Left to the parse, which answers as it always did.
            let (old, new) = (Array(plain.utf8), Array(text.utf8))
            #expect(WireframeDiff.plainChanges(old, new, key: "s") == nil, "\(text)")
            #expect(
                WireframeDiff.canonicalScreenChanges(old: [old], new: [new], keys: ["s"])
                    == WireframeDiff.parsedScreenChanges(old: [old], new: [new], keys: ["s"]), "\(text)")
        }
        // An escape is parsed and compared: the same change as from the scan of plain text.
        let escaped = Array(#"{"name":"s","title":"Hom\u0065 2","type":"view","presentationStyle":"push"}"#.utf8)
        let unescaped = Array(#"{"name":"s","title":"Home 2","type":"view","presentationStyle":"push"}"#.utf8)
        let expected = [FieldChange(field: "title", old: "Home", new: "Home 2")]
        #expect(WireframeDiff.canonicalScreenChanges(old: [Array(plain.utf8)], new: [escaped], keys: ["s"]) == [expected + [
            FieldChange(field: "subroutes", old: "a, b", new: nil), FieldChange(field: "dependencies", old: "a, b", new: nil),
        ]])
        #expect(WireframeDiff.plainChanges(Array(plain.utf8), unescaped, key: "s") == expected + [
            FieldChange(field: "subroutes", old: "a, b", new: nil), FieldChange(field: "dependencies", old: "a, b", new: nil),
        ])
    }

    /// Lists are compared as they read once joined; an absent list and an empty one are the same.
    @Test func listsCompareAsJoined() {
        func screen(_ lists: String) -> [UInt8] { Array(("{\"name\":\"s\",\"title\":\"T\",\"type\":\"view\",\"presentationStyle\":\"push\"" + lists + "}").utf8) }
        let cases: [(String, String, [FieldChange])] = [
            (#","items":["a, b"]"#, #","items":["a","b"]"#, []),
            (#","items":["a","b"]"#, #","items":["a","b","c"]"#, [FieldChange(field: "items", old: "a, b", new: "a, b, c")]),
            ("", #","subroutes":[]"#, []),
            ("", #","subroutes":[""]"#, [FieldChange(field: "subroutes", old: nil, new: "")]),
            (#","children":["x"],"items":["y"]"#, #","items":["y","z"]"#, [
                FieldChange(field: "children", old: "x", new: nil), FieldChange(field: "items", old: "y", new: "y, z"),
            ]),
        ]
        for (old, new, expected) in cases {
            #expect(WireframeDiff.plainChanges(screen(old), screen(new), key: "s") == expected, "\(old) → \(new)")
            #expect(WireframeDiff.parsedScreenChanges(old: [screen(old)], new: [screen(new)], keys: ["s"]) == [expected], "\(old) → \(new)")
        }
    }

    /// Plain and parsed pairs mixed in one call come back in their places.
    @Test func mixedPairsKeepTheirPlaces() {
        var random = Generator(state: 5)
        var old: [[UInt8]] = [], new: [[UInt8]] = []
        for index in 0..<60 {
            old.append(Array(Self.screen(&random).utf8))
            var text = Self.screen(&random)
            if index % 3 == 0 { text = text.replacingOccurrences(of: "\"title\":\"", with: "\"title\":\"\\u0048") }
            new.append(Array(text.utf8))
        }
        let keys = Array(repeating: "s", count: old.count)
        let together = WireframeDiff.canonicalScreenChanges(old: old, new: new, keys: keys)
        let alone = old.indices.map { WireframeDiff.parsedScreenChanges(old: [old[$0]], new: [new[$0]], keys: ["s"])[0] }
        #expect(together == alone)
        #expect(together.filter { $0 != nil }.count > 20)
    }
}
