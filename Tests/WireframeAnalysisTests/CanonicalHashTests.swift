import Testing
import WireframeTestSupport
import WireframeAnalysis
import WireframeFormats
import WireframeModel

/// Reads JSON text (which must read without diagnostics) and returns its canonical bytes and hash.
private func canonical(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> (bytes: String, hash: String) {
    let (wireframe, diagnostics) = JSONWireframeReader().read(Array(text.utf8))
    #expect(diagnostics.isEmpty, "\(diagnostics.map { $0.rendered(path: "input") })", sourceLocation: sourceLocation)
    let canonicalWireframe = CanonicalForm.canonicalize(try #require(wireframe, sourceLocation: sourceLocation))
    let bytes = JSONWireframeWriter().canonicalBytes(canonicalWireframe)
    return (String(decoding: bytes, as: UTF8.self), ContentHash.of(canonicalWireframe))
}

/// Two files that must mean the same, or must not.
struct HashPair: Sendable, CustomTestStringConvertible {
    var name: String
    var lhs: String
    var rhs: String
    var testDescription: String { name }
    init(_ name: String, _ lhs: String, _ rhs: String) {
        self.name = name
        self.lhs = lhs
        self.rhs = rhs
    }
}

private func app(_ routes: String, extra: String = "") -> String {
    #"{ "appName": "App", "root": "home", \#(extra)"routes": [\#(routes)] }"#
}

@Suite("Canonical form and content hash")
struct CanonicalHashTests {
    static let sameMeaning: [HashPair] = [
        HashPair(
            "presentationType is presentationStyle",
            app(#"{ "name": "home", "title": "H", "presentationType": "present" }"#),
            app(#"{ "name": "home", "title": "H", "presentationStyle": "present" }"#)),
        HashPair(
            "type view is the default",
            app(#"{ "name": "home", "title": "H", "type": "view" }"#),
            app(#"{ "name": "home", "title": "H" }"#)),
        HashPair(
            "present is the default of a navigation route",
            app(#"{ "name": "home", "title": "H", "type": "navigation", "presentationStyle": "present" }"#),
            app(#"{ "name": "home", "title": "H", "type": "navigation" }"#)),
        HashPair(
            "push is the default of a view",
            app(#"{ "name": "home", "title": "H", "presentationType": "push" }"#),
            app(#"{ "name": "home", "title": "H" }"#)),
        HashPair(
            "formatVersion 1 is the default",
            #"{ "appName": "App", "root": "home", "formatVersion": 1, "routes": [{ "name": "home", "title": "H" }] }"#,
            #"{ "appName": "App", "root": "home", "routes": [{ "name": "home", "title": "H" }] }"#),
        HashPair(
            "key order",
            #"{ "appName": "App", "root": "home", "routes": [{ "name": "home", "title": "H", "type": "list", "items": ["a"] }] }"#,
            #"{ "routes": [{ "items": ["a"], "type": "list", "title": "H", "name": "home" }], "root": "home", "appName": "App" }"#),
        HashPair(
            "whitespace",
            app(#"{ "name": "home", "title": "H", "subroutes": ["a"] }, { "name": "a", "title": "A" }"#),
            "{\"appName\":\"App\",\r\n\t\"root\":\"home\",\"routes\":[{\"name\":\"home\",\"title\":\"H\",\"subroutes\":[\"a\"]},\n\n{\"name\":\"a\",\"title\":\"A\"}]}\n"
        ),
        HashPair(
            "order of route definitions",
            app(
                #"{ "name": "home", "title": "H", "subroutes": ["a", "b"] }, { "name": "a", "title": "A" }, { "name": "b", "title": "B" }"#),
            app(#"{ "name": "b", "title": "B" }, { "name": "a", "title": "A" }, { "name": "home", "title": "H", "subroutes": ["a", "b"] }"#)
        ),
        HashPair(
            "inline routes and lifted routes",
            app(
                #"{ "name": "home", "title": "H", "subroutes": ["x", { "name": "a", "title": "A", "subroutes": [{ "name": "b", "title": "B" }] }] }, { "name": "x", "title": "X" }"#
            ),
            app(
                #"{ "name": "home", "title": "H", "subroutes": ["x", "a"] }, { "name": "x", "title": "X" }, { "name": "a", "title": "A", "subroutes": ["b"] }, { "name": "b", "title": "B" }"#
            )),
        HashPair(
            "dependency order and duplicates",
            app(#"{ "name": "home", "title": "H", "dependencies": ["b", "a", "c", "a"] }"#),
            app(#"{ "name": "home", "title": "H", "dependencies": ["a", "b", "c"] }"#)),
        HashPair(
            "action object key order",
            app(
                #"{ "name": "home", "title": "H", "actions": { "z": { "task": "url", "param": "u" }, "a": { "send": "m", "destination": "root" } } }"#
            ),
            app(
                #"{ "name": "home", "title": "H", "actions": { "a": { "destination": "root", "send": "m" }, "z": { "param": "u", "task": "url" } } }"#
            )),
        HashPair(
            "named actions as a sorted array or an object",
            app(#"{ "name": "home", "title": "H", "actions": [{ "name": "a", "pop": true }, { "name": "b", "dismiss": true }] }"#),
            app(#"{ "name": "home", "title": "H", "actions": { "b": { "dismiss": true }, "a": { "pop": true } } }"#)),
        HashPair(
            "element title is element text",
            app(#"{ "name": "home", "title": "H", "elements": [{ "kind": "label", "title": "Hi" }] }"#),
            app(#"{ "name": "home", "title": "H", "elements": [{ "text": "Hi", "kind": "label" }] }"#)),
        HashPair(
            "escaped and plain text",
            app(#"{ "name": "home", "title": "\u0048\u00e9\/" }"#),
            app(#"{ "name": "home", "title": "Hé/" }"#)),
        HashPair(
            "navigation order in the file",
            app(
                #"{ "name": "home", "title": "H" }"#,
                extra: #""navigations": [{ "name": "b", "buttons": [] }, { "name": "a", "buttons": [] }], "#),
            app(
                #"{ "name": "home", "title": "H" }"#,
                extra: #""navigations": [{ "name": "a", "buttons": [] }, { "name": "b", "buttons": [] }], "#)),
        HashPair(
            "property order",
            app(#"{ "name": "home", "title": "H", "properties": { "b": "2", "a": "1" } }"#),
            app(#"{ "name": "home", "title": "H", "properties": { "a": "1", "b": "2" } }"#)),
    ]

    @Test(arguments: sameMeaning)
    func sameMeaningHashesTheSame(_ pair: HashPair) throws {
        let lhs = try canonical(pair.lhs)
        let rhs = try canonical(pair.rhs)
        #expect(lhs.bytes == rhs.bytes)
        #expect(lhs.hash == rhs.hash)
    }

    static let base = app(
        #"""
        { "name": "home", "title": "Home", "type": "navigation", "subroutes": ["a", "b"], "dependencies": ["d1"],
          "elements": [{ "kind": "label", "text": "One" }, { "kind": "button", "text": "Two", "target": "a" }] },
        { "name": "a", "title": "A", "type": "list", "items": ["x", "y"], "actions": { "go": { "push": "b" } } },
        { "name": "b", "title": "B", "type": "tabbar", "tabItems": ["a", "home"] }
        """#,
        extra: #""navigations": [{ "name": "main", "buttons": [{ "title": "1", "target": "a" }, { "title": "2", "target": "b" }] }], "#)

    /// Each a one-change edit of `base` that changes what the wireframe means.
    static let edits: [(name: String, from: String, to: String)] = [
        ("title", #""title": "Home""#, #""title": "Home!""#),
        ("app name", #""appName": "App""#, #""appName": "App2""#),
        ("root", #""root": "home""#, #""root": "a""#),
        ("link order", #""subroutes": ["a", "b"]"#, #""subroutes": ["b", "a"]"#),
        ("extra link", #""subroutes": ["a", "b"]"#, #""subroutes": ["a", "b", "a"]"#),
        ("tab order", #""tabItems": ["a", "home"]"#, #""tabItems": ["home", "a"]"#),
        (
            "element order", #"{ "kind": "label", "text": "One" }, { "kind": "button", "text": "Two", "target": "a" }"#,
            #"{ "kind": "button", "text": "Two", "target": "a" }, { "kind": "label", "text": "One" }"#
        ),
        ("element text", #""text": "One""#, #""text": "one""#),
        ("element kind", #""kind": "label""#, #""kind": "image""#),
        ("element target", #""target": "a" }]"#, #""target": "b" }]"#),
        ("items order", #""items": ["x", "y"]"#, #""items": ["y", "x"]"#),
        ("items duplicate", #""items": ["x", "y"]"#, #""items": ["x", "y", "y"]"#),
        ("type", #""type": "list""#, #""type": "view""#),
        ("presentation", #""type": "navigation","#, #""type": "navigation", "presentationStyle": "push","#),
        ("dependency added", #""dependencies": ["d1"]"#, #""dependencies": ["d1", "d2"]"#),
        ("action target", #""push": "b""#, #""present": "b""#),
        ("action name", #""go": "#, #""went": "#),
        (
            "bar button order", #"{ "title": "1", "target": "a" }, { "title": "2", "target": "b" }"#,
            #"{ "title": "2", "target": "b" }, { "title": "1", "target": "a" }"#
        ),
        ("bar button title", #""title": "1""#, #""icon": "1""#),
        ("route name", #""name": "b", "title": "B""#, #""name": "c", "title": "B""#),
    ]

    @Test func baseIsWellFormed() throws {
        _ = try canonical(Self.base)
    }

    @Test(arguments: edits.map(\.name))
    func changeOfMeaningChangesTheHash(_ name: String) throws {
        let edit = try #require(Self.edits.first { $0.name == name })
        try #require(Self.base.contains(edit.from), "the edit '\(name)' does not apply")
        let edited = Self.base.replacingOccurrences(of: edit.from, with: edit.to)
        let before = try canonical(Self.base)
        // Edits may leave references dangling; only reading, not rules, must be clean.
        let (wireframe, diagnostics) = JSONWireframeReader().read(Array(edited.utf8))
        #expect(diagnostics.isEmpty)
        let after = ContentHash.of(CanonicalForm.canonicalize(try #require(wireframe)))
        #expect(before.hash != after)
    }

    @Test func hashIsSHA256HexOfTheCanonicalBytes() throws {
        let result = try canonical(app(#"{ "name": "home", "title": "H" }"#))
        #expect(
            result.bytes
                == #"{"appName":"App","formatVersion":1,"root":"home","routes":[{"name":"home","title":"H","type":"view","presentationStyle":"push"}]}"#
        )
        #expect(result.hash.count == 64)
        #expect(result.hash.allSatisfy { "0123456789abcdef".contains($0) })
        #expect(ContentHash.hex(of: Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    /// The daemon hashes a document's header and screens' bytes as pieces, never joined.
    @Test func theHashOfThePiecesIsTheHashOfTheDocument() throws {
        let writer = JSONWireframeWriter()
        for routes in [
            "", #"{ "name": "home", "title": "H" }"#,
            #"{ "name": "home", "title": "H", "subroutes": ["a"] }, { "name": "a", "title": "A" }"#,
        ] {
            let (wireframe, _) = JSONWireframeReader().read(Array(app(routes).utf8))
            let canonical = CanonicalForm.canonicalize(try #require(wireframe))
            let header = writer.canonicalHeaderBytes(canonical)
            let screens = canonical.screens.map { writer.canonicalBytes(screen: $0) }
            #expect(writer.canJoin(header: header))
            let pieces = ContentHash.hex(ofHeader: header, screens: { each in for screen in screens { screen.withUnsafeBytes(each) } }).hash
            #expect(pieces == ContentHash.of(canonical))
            #expect(pieces == ContentHash.hex(of: try #require(writer.canonicalBytes(header: header, screens: screens))))
        }
        #expect(!writer.canJoin(header: Array("{}".utf8)))
        #expect(!writer.canJoin(header: Array("[1]".utf8)))
    }

    /// A hash resumed from the checkpoints of the version before, from where the two first
    /// differ, is the hash of the whole: for sources (bytes) and for canonical documents (pieces),
    /// edits at the beginning, in the middle, at the end, at a checkpoint's boundary, and for
    /// versions shorter and longer than the one before.
    @Test func aHashResumedFromTheVersionBeforeIsTheWholeHash() throws {
        let writer = JSONWireframeWriter()
        let header = Array(#"{"appName":"App","root":"screen0"}"#.utf8)
        var screens = (0..<2_000).map { Array(#"{"name":"screen\#($0)","title":"Screen \#($0)"}"#.utf8) }
        var source = screens.flatMap { $0 }
        var sourceCheckpoints = HashCheckpoints()
        var contentCheckpoints = HashCheckpoints()
        var previousSource: [UInt8]?
        var previousScreens: [[UInt8]] = []
        let interval = 16 * 1024
        let edits: [(inout [[UInt8]], inout [UInt8]) -> Void] = [
            { _, _ in },
            { screens, source in
                screens[1_500][10] = UInt8(ascii: "X")
                source[40_000] = UInt8(ascii: "X")
            },
            { screens, source in
                screens[0][3] = UInt8(ascii: "Y")
                source[0] = UInt8(ascii: "Y")
            },
            { screens, source in
                screens.append(Array(#"{"name":"last"}"#.utf8))
                source += Array("last".utf8)
            },
            { screens, source in
                screens.removeLast(300)
                source.removeLast(9_000)
            },
            { screens, source in
                screens[777].append(UInt8(ascii: " "))
                source[interval] = UInt8(ascii: "Z")
            },
            { screens, source in
                screens[1_699] = []
                source[interval - 1] = UInt8(ascii: "W")
            },
        ]
        for edit in edits {
            edit(&screens, &source)
            let resumedSource = ContentHash.hex(of: source, after: previousSource, resuming: sourceCheckpoints)
            #expect(resumedSource.hash == ContentHash.hex(of: source))
            var same = 0
            var sameBytes = 0
            while same < min(screens.count, previousScreens.count), screens[same] == previousScreens[same] {
                sameBytes += screens[same].count + 1
                same += 1
            }
            let unchanged = previousScreens.isEmpty ? 0 : writer.screensOffset(header: header) + max(sameBytes - 1, 0)
            let whole = try #require(writer.canonicalBytes(header: header, screens: screens))
            // The bytes counted as unchanged are the previous document's.
            if let previous = writer.canonicalBytes(header: header, screens: previousScreens), !previousScreens.isEmpty {
                #expect(whole.prefix(unchanged) == previous.prefix(unchanged))
            }
            let resumedContent = ContentHash.hex(
                ofHeader: header, screens: { each in for screen in screens { screen.withUnsafeBytes(each) } }, unchanged: unchanged,
                resuming: contentCheckpoints)
            #expect(resumedContent.hash == ContentHash.hex(of: whole))
            (previousSource, sourceCheckpoints) = (source, resumedSource.checkpoints)
            (previousScreens, contentCheckpoints) = (screens, resumedContent.checkpoints)
        }
    }

    @Test func locationsNeverReachTheHash() throws {
        let compact = try canonical(app(#"{"name":"home","title":"H","subroutes":["a"]},{"name":"a","title":"A"}"#))
        let spread = try canonical(
            "\n\n\n" + app(#"  { "name" :  "home" , "title" : "H" , "subroutes" : [ "a" ] } ,   { "name": "a", "title": "A" }"#))
        #expect(compact.hash == spread.hash)
    }

    @Test(arguments: 0..<40)
    func theHashOfPiecesIsTheHashOfTheWholeCanonicalBytes(_ seed: Int) throws {
        var generator = WireframeGenerator(seed: UInt64(seed))
        let canonical = CanonicalForm.canonicalize(generator.wireframe())
        let writer = JSONWireframeWriter()
        let whole = writer.canonicalBytes(canonical)
        #expect(ContentHash.of(canonical) == ContentHash.hex(of: whole))
        for chunkSize in [1, 7, 64, 1 << 20] {
            var pieces: [[UInt8]] = []
            writer.canonicalBytes(canonical, chunkSize: chunkSize) { pieces.append(Array($0)) }
            #expect(pieces.joined().elementsEqual(whole), "chunk size \(chunkSize)")
            // A piece ends after a screen once it has reached the size, and only the last is shorter.
            #expect(pieces.dropLast().allSatisfy { $0.count >= chunkSize })
            #expect(pieces.count >= 1)
            if chunkSize >= whole.count { #expect(pieces.count == 1) }
        }
    }

    // MARK: Round trips of generated wireframes

    @Test(arguments: 0..<300)
    func writeReadCanonicalizeRoundTrip(_ seed: Int) throws {
        var generator = WireframeGenerator(seed: UInt64(seed))
        let original = generator.wireframe()
        let writer = JSONWireframeWriter()
        let expected = writer.canonicalBytes(CanonicalForm.canonicalize(original))

        let pretty = writer.prettyText(original)
        let (read, diagnostics) = JSONWireframeReader().read(Array(pretty.utf8))
        #expect(diagnostics.isEmpty, "\(diagnostics.map { $0.rendered(path: "generated") })\n\(pretty)")
        let roundTripped = writer.canonicalBytes(CanonicalForm.canonicalize(try #require(read)))
        #expect(String(decoding: roundTripped, as: UTF8.self) == String(decoding: expected, as: UTF8.self), "\(pretty)")

        // The canonical bytes are themselves a wireframe, with the same canonical bytes.
        let (reread, rereadDiagnostics) = JSONWireframeReader().read(expected)
        #expect(rereadDiagnostics.isEmpty)
        let fixedPoint = writer.canonicalBytes(CanonicalForm.canonicalize(try #require(reread)))
        #expect(String(decoding: fixedPoint, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    }
}

/// A seeded generator of well-formed wireframes (SplitMix64), so that every run sees the same cases.
struct WireframeGenerator {
    private var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed &* 0x9E37_79B9_7F4A_7C15 &+ 1) }

    mutating func next() -> UInt64 { random.next() }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

    mutating func pick<T>(_ values: [T]) -> T { values[int(0...(values.count - 1))] }

    /// Text with the characters that writers get wrong: quotes, backslashes, controls, non-ASCII.
    mutating func text() -> String {
        let pieces = [
            "a", "b", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\r", "\u{1}", "\u{1F}", "\u{7F}", "é", "日本", "🙂", "\u{2028}", "'", "{",
            "}", ":",
        ]
        return (0..<int(0...6)).map { _ in pick(pieces) }.joined()
    }

    mutating func maybeText() -> String? { chance(50) ? text() : nil }

    mutating func wireframe() -> Wireframe {
        let count = int(1...6)
        let keys = (0..<count).map { "s\($0)" + (chance(20) ? "é" : "") }
        let barNames = (0..<int(0...2)).map { "bar\($0)" }
        var screens: [Screen] = []
        for key in keys {
            var screen = Screen(key: key, title: text())
            screen.container = pick(ContainerType.allCases)
            screen.presentation = pick([nil, .push, .present])
            screen.links = (0..<int(0...3)).map { _ in Link(pick([.subroute, .tab, .child]), to: pick(keys + ["dismiss"])) }
            screen.links =
                screen.links.filter { $0.kind == .subroute } + screen.links.filter { $0.kind == .tab }
                + screen.links.filter { $0.kind == .child }
            if !barNames.isEmpty, chance(40) { screen.navigationBar = pick(barNames) }
            screen.dependencies = (0..<int(0...3)).map { _ in pick(["id", "userId", "token", "ü"]) }
            screen.items = (0..<int(0...3)).map { _ in text() }
            screen.elements = (0..<int(0...3)).map { _ in element(depth: 0) }
            screen.actions = actions()
            if chance(20) { screen.properties = ["colour": text(), "b": text()] }
            screens.append(screen)
        }
        let bars = barNames.map { name in
            NavigationBar(
                name: name,
                buttons: (0..<int(0...2)).map { _ in
                    let title = maybeText()
                    return BarButton(title: title, icon: title == nil ? "icon" : maybeText(), target: pick(keys))
                })
        }
        return Wireframe(
            appName: text(), root: pick(keys), screens: screens, navigationBars: bars, locale: chance(30) ? "fr" : nil)
    }

    mutating func element(depth: Int) -> Element {
        let kind = depth < 2 && chance(15) ? ElementKind.container : pick(ElementKind.jsonKinds.filter { $0 != .container })
        var element = Element(
            kind: kind, reference: chance(50) ? "r\(int(0...99))" : nil, styleClass: chance(20) ? "card" : nil, text: maybeText())
        if ElementKind.controls.contains(kind) {
            let count = chance(70) ? int(0...1) : 2
            element.triggers = (0..<count).map { _ in
                Trigger(event: count > 1 || chance(20) ? pick(["on", "off", "tap"]) : nil, trigger())
            }
        }
        if kind == .container { element.elements = (0..<int(0...2)).map { _ in self.element(depth: depth + 1) } }
        if chance(20) { element.properties = ["placeholder": text()] }
        return element
    }

    mutating func trigger() -> TriggerEffect {
        switch int(0...3) {
        case 0: .action("a\(int(0...3))")
        case 1: .target(pick(["s0", "dismiss", "pop"]))
        case 2: .task(name: pick(["pop", "push", "url", "custom"]), parameter: maybeText())
        default: .message(Message(name: "m", destination: pick(MessageDestination.allCases), destinationName: chance(30) ? "child" : nil))
        }
    }

    mutating func actions() -> [NamedAction] {
        let count = int(0...3)
        if chance(50) {
            // Object form: unique names, in order.
            return Set((0..<count).map { _ in "a\(int(0...5))" }).sorted().map { NamedAction(name: $0, action: action(depth: 0)) }
        }
        return (0..<count).map { _ in NamedAction(name: chance(70) ? "a\(int(0...5))" : nil, action: action(depth: 0)) }
    }

    mutating func action(depth: Int) -> Action {
        let kinds = depth < 2 ? 16 : 12
        let kind: ActionKind =
            switch int(0...(kinds - 1)) {
            case 0: .push("s0")
            case 1: .present(text())
            case 2: .branch("s1")
            case 3: .replaceRoot("s0")
            case 4: .pop
            case 5: .dismiss
            case 6: .popToRoot
            case 7: .popToView("s0")
            case 8: .alert(text())
            case 9: .url("https://example.com/\(int(0...9))")
            case 10: .task(name: "url", parameter: maybeText())
            case 11: .send(Message(name: text(), destination: pick(MessageDestination.allCases)))
            case 12: .sequence((0..<int(0...3)).map { _ in action(depth: depth + 1) })
            case 13:
                .loadSchema(
                    path: "other.xml", success: chance(50) ? action(depth: depth + 1) : nil,
                    failure: chance(50) ? action(depth: depth + 1) : nil)
            case 14: .conditional(condition: text(), success: chance(50) ? action(depth: depth + 1) : nil, failure: nil)
            default: .other(kind: "storeValue", properties: chance(50) ? ["key": text()] : [:])
            }
        return Action(kind)
    }
}
