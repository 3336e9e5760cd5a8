import Testing
import WireframeAnalysis
import WireframeFormats
import WireframeModel

/// `WireframeDiff.canonicalScreenChanges` (pairs of stored screens compared from their bytes)
/// gives what the diff of the screens read as values gives, or leaves the pair to that diff.
@Suite struct CanonicalScreenChangesTests {
    /// Versions of one screen `s`, as JSON routes; every ordered pair of them is compared.
    static let versions: [String] = [
        #"{"name":"s","title":"Home","type":"view","subroutes":["a","b"]}"#,
        #"{"name":"s","title":"Home 2","type":"view","subroutes":["a","b"]}"#,
        #"{"name":"s","title":"Home \"quoted\"\n\u00e9","type":"list","presentationStyle":"present","subroutes":["b","a"]}"#,
        #"{"name":"s","title":"Home","type":"navigation","navigation":"main","tabItems":["t1","t2"],"children":["c"]}"#,
        #"{"name":"s","title":"Home","type":"navigation","navigation":"other","tabItems":["t1"],"dependencies":["z","a"],"items":["x","y"]}"#,
        #"{"name":"s","title":"Home","type":"view","dependencies":["a"],"items":["x, y"]}"#,
        #"{"name":"s","title":"Home","type":"view","items":["x","y"],"elements":[{"kind":"button","reference":"save","text":"Save","action":"save"}]}"#,
        #"{"name":"s","title":"Home 3","type":"view","items":["x","y"],"elements":[{"kind":"button","reference":"save","text":"Save","action":"save"}]}"#,
        #"{"name":"s","title":"Home","type":"view","elements":[{"kind":"button","reference":"save","text":"Store","action":"save"}]}"#,
        #"{"name":"s","title":"Home","type":"view","actions":{"save":{"push":"a"}},"properties":{"color":"red"}}"#,
        #"{"name":"s","title":"Hom\u0065","type":"view","actions":{"save":{"push":"a"}},"properties":{"color":"red"}}"#,
        #"{"name":"s","title":"Home","type":"view","actions":{"save":{"push":"b"}},"properties":{"color":"blue"}}"#,
        #"{"name":"s","title":"","type":"form","presentationStyle":"push","subroutes":[]}"#,
    ]

    /// The canonical screen `s` of a version, as the store keeps it.
    static func canonical(_ route: String) throws -> (screen: Screen, bytes: [UInt8]) {
        let document = #"{"appName":"A","root":"s","routes":["# + route + #",{"name":"a","title":"A"},{"name":"b","title":"B"}]}"#
        let read = try #require(JSONWireframeReader().read(Array(document.utf8)).wireframe)
        let screen = try #require(CanonicalForm.canonicalize(read).screens.first { $0.key == "s" })
        return (screen, JSONWireframeWriter().canonicalBytes(screen: screen))
    }

    /// What the diff of the two screens read as values says of `s`.
    static func expected(_ old: Screen, _ new: Screen) -> [FieldChange] {
        let diff = WireframeDiff.between(
            Wireframe(appName: "A", root: "s", screens: [old]), Wireframe(appName: "A", root: "s", screens: [new]))
        return diff.screens.first { $0.key == "s" }?.fields ?? []
    }

    @Test func everyPairGivesTheDiffOfTheScreens() throws {
        let screens = try Self.versions.map(Self.canonical)
        var pairs: [(Int, Int)] = []
        for old in screens.indices { for new in screens.indices { pairs.append((old, new)) } }
        let results = WireframeDiff.canonicalScreenChanges(
            old: pairs.map { screens[$0.0].bytes }, new: pairs.map { screens[$0.1].bytes }, keys: pairs.map { _ in "s" })
        #expect(results.count == pairs.count)
        var read = 0, changed = 0
        for ((old, new), result) in zip(pairs, results) {
            let expected = Self.expected(screens[old].screen, screens[new].screen)
            if let result {
                read += 1
                if !result.isEmpty { changed += 1 }
                #expect(result == expected, "\(old) → \(new)")
            } else {
                // Left to the screens only when elements, actions or properties differ.
                let fields = Set(expected.map(\.field))
                #expect(fields.contains { $0.hasPrefix("elements") || $0.hasPrefix("actions") || $0.hasPrefix("properties") }, "\(old) → \(new)")
            }
        }
        #expect(read >= 55 && changed >= 40, "\(read) read, \(changed) changed")
        // The same pair read together with the others as alone.
        #expect(WireframeDiff.canonicalScreenChanges(old: [screens[0].bytes], new: [screens[2].bytes], keys: ["s"]) == [results[2]])
    }

    @Test func anythingElseIsLeftToTheScreens() throws {
        let home = try Self.canonical(Self.versions[0]).bytes
        let other: [String] = [
            #"{"name":"t","title":"Home","type":"view","presentationStyle":"push"}"#,  // another key
            #"{"name":"s","title":"Home","type":"view","presentationStyle":"push","subroutes":[{"name":"x","title":"X"}]}"#,  // inline
            #"{"name":"s","title":"Home","type":"view","presentationStyle":"push","presentationType":"push"}"#,  // alias
            #"{"name":"s","title":"Home","type":"window","presentationStyle":"push"}"#,  // out of its set
            #"{"name":"s","title":"Home","type":"view"}"#,  // no presentation written out
            #"{"name":"s","title":7,"type":"view","presentationStyle":"push"}"#,  // a number
            #"{"name":"s","title":"Home","type":"view","presentationStyle":"push","dependencies":["b","a"]}"#,  // unsorted
            #"{"name":"s","title":"Home","title":"Again","type":"view","presentationStyle":"push"}"#,  // a key twice
            #"{"name":"s","title":"Home","type":"view","presentationStyle":"push""#,  // cut short
        ]
        for text in other {
            #expect(WireframeDiff.canonicalScreenChanges(old: [home], new: [Array(text.utf8)], keys: ["s"]) == [nil], "\(text)")
        }
        // One pair that cannot be read leaves only itself to the screens, unless the text does not parse.
        let mixed = WireframeDiff.canonicalScreenChanges(
            old: [home, home], new: [Array(other[3].utf8), try Self.canonical(Self.versions[1]).bytes], keys: ["s", "s"])
        #expect(mixed.count == 2 && mixed[0] == nil && mixed[1] == [FieldChange(field: "title", old: "Home", new: "Home 2")])
    }
}
