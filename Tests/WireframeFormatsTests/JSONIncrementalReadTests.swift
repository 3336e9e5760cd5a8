import Testing
import WireframeFormats
import WireframeModel

/// A small deterministic generator (SplitMix64), so that a failing version can be made again.
private struct Generator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }
}

/// A wireframe's text as its parts: the header before the routes, each route's text with what
/// separates it from the next, and what follows the routes. Edits work on the parts (routes
/// added, removed, changed) or on the joined text (bytes put in or taken out anywhere).
private struct Document {
    var header: String
    var routes: [String]
    var separators: [String]
    var trailer: String

    var text: String {
        var result = header
        for (index, route) in routes.enumerated() {
            result += route
            if index + 1 < routes.count { result += separators[index] }
        }
        return result + trailer
    }
}

/// The text of one route, in one of several shapes: each holds locations of another kind
/// (elements, triggers, messages, nested actions, inline routes), some hold what the reader or
/// the parser reports (unknown keys, repeated keys, aliases that disagree, wrong types).
private func routeText(_ number: Int, _ generator: inout Generator) -> String {
    let name = "screen\(number)"
    let title = generator.pick(["Title \(number)", "Tïtle \(number) — é", "日本 \(number)", "🙂 \(number)", "T\(number)"])
    let indent = generator.pick(["  ", "    ", "\t", ""])
    let newline = generator.pick(["\n", "\n", "\r\n", " "])
    var members = ["\"name\": \"\(name)\"", "\"title\": \"\(title)\""]
    switch generator.below(12) {
    case 0:
        members.append("\"type\": \"navigation\"")
        members.append(
            "\"elements\": [{\"kind\": \"button\", \"title\": \"Go é\", \"action\": \"go\"},\(newline)\(indent){\"kind\": \"label\", \"text\": \"Hi\"}]"
        )
        members.append("\"actions\": {\"go\": {\"push\": \"screen\(number + 1)\"}}")
    case 1:
        members.append("\"subroutes\": [\"screen\(number + 2)\", {\"name\": \"inline\(number)\", \"title\": \"In 日\"}]")
    case 2:
        members.append("\"dependencies\": [\"a\(number)\", \"b\(number)\"]")
        members.append("\"properties\": {\"color\": \"red\", \"size\": \"2\"}")
    case 3:
        members.append(
            "\"elements\": [{\"kind\": \"button\", \"title\": \"T\", \"triggers\": [{\"event\": \"tap\", \"send\": \"m\(number)\", \"destination\": \"root\"}]}]"
        )
    case 4:
        members.append(
            "\"actions\": [{\"name\": \"all\", \"sequence\": [{\"present\": \"screen1\"}, {\"send\": \"x\"}, {\"loadSchema\": \"a.xml\", \"success\": {\"pop\": true}}]}]"
        )
    case 5:
        members.append("\"colour\": \"blue\"")  // an unknown key: a warning
    case 6:
        members.append("\"title\": \"again\"")  // a repeated key: the parser's error, with a note
    case 7:
        members.append("\"presentationStyle\": \"push\", \"presentationType\": \"present\"")  // aliases that disagree
    case 8:
        members.append("\"tabItems\": [\"screen1\", 3]")  // a wrong type
    case 9:
        members.append(
            "\"actions\": {\"c\": {\"conditional\": \"x > 1\", \"success\": {\"url\": \"https://e.org\"}, \"failure\": {\"alert\": \"no\"}}}"
        )
    case 10:
        members.append("\"children\": [\"screen2\"], \"items\": [\"one\", \"two\"], \"navigation\": \"bar\"")
    default:
        break
    }
    if generator.chance(15) { members.removeFirst() }  // no name: an error, and no screen
    if generator.chance(50) {
        return "{" + members.joined(separator: ", ") + "}"
    }
    return "{" + newline + members.map { indent + indent + $0 }.joined(separator: "," + newline) + newline + indent + "}"
}

private func separator(_ generator: inout Generator) -> String {
    generator.pick([",\n  ", ",\n  ", ", ", ",\n\n    ", ",\r\n  ", ",\n "])
}

private func makeDocument(routes count: Int, _ generator: inout Generator) -> Document {
    var routes: [String] = []
    var separators: [String] = []
    for number in 0..<count {
        routes.append(routeText(number, &generator))
        separators.append(separator(&generator))
    }
    return Document(
        header: "{\n  \"appName\": \"Äpp\",\n  \"root\": \"screen0\",\n  \"routes\": [\n  ",
        routes: routes, separators: separators,
        trailer: "\n  ],\n  \"navigations\": [{\"name\": \"bar\", \"buttons\": [{\"title\": \"B\", \"target\": \"screen1\"}]}]\n}\n")
}

/// One edit of the kinds a person or a tool makes.
private func edit(_ document: inout Document, _ generator: inout Generator, counter: inout Int) {
    let count = document.routes.count
    switch generator.below(14) {
    case 0, 1:  // a route changed (often its length and its lines)
        guard count > 0 else { return }
        counter += 1
        document.routes[generator.below(count)] = routeText(counter, &generator)
    case 2:  // a route added, also first or last
        counter += 1
        let at = generator.pick([0, count, generator.below(count + 1)])
        document.routes.insert(routeText(counter, &generator), at: at)
        document.separators.insert(separator(&generator), at: min(at, document.separators.count))
    case 3:  // a route removed
        guard count > 1 else { return }
        let at = generator.below(count)
        document.routes.remove(at: at)
        document.separators.remove(at: min(at, document.separators.count - 1))
    case 4:  // lines added or taken out between routes
        guard count > 1 else { return }
        let at = generator.below(count - 1)
        document.separators[at] = generator.pick([",\n\n\n  ", ", ", ",\n  ", ",日本\n"])
    case 5:  // the header's fields
        document.header = generator.pick([
            "{\n  \"appName\": \"Äpp\",\n  \"root\": \"screen0\",\n  \"routes\": [\n  ",
            "{\"appName\": \"Other app 日本\", \"root\": \"screen1\", \"routes\": [",
            "{\n  \"appName\": \"Äpp\",\n  \"formatVersion\": 2,\n  \"root\": \"screen0\",\n  \"routes\": [\n  ",
            "\u{FEFF}{\n  \"appName\": \"Äpp\",\n  \"root\": \"screen0\",\n  \"locale\": \"fr\",\n  \"routes\": [\n  ",
            "{\n  \"appName\": \"Äpp\",\n  \"routes\": [\n  ",
            "{\n  \"appName\": \"Äpp\",\n  \"routes\": [\"not a route\",\n  ",
            "{\n  \"routes\": [], \"appName\": \"Äpp\",\n  \"root\": \"screen0\",\n  \"routes\": [\n  ",
        ])
    case 6:  // what follows the routes
        document.trailer = generator.pick([
            "\n  ],\n  \"navigations\": [{\"name\": \"bar\", \"buttons\": [{\"title\": \"B\", \"target\": \"screen1\"}]}]\n}\n",
            "]}",
            "\n  ],\n  \"navigations\": [{\"name\": \"bar\", \"buttons\": [{\"name\": \"x\", \"target\": \"s\"}]}]\n}\n\n\n",
            "\n  ],\n  \"navigations\": [" + (document.routes.first ?? "{}") + "]\n}\n",
            "\n  ],\n  \"extra\": [[" + (document.routes.last ?? "{}") + "]]\n}\n",
        ])
    case 7:  // two routes swapped
        guard count > 1 else { return }
        document.routes.swapAt(generator.below(count), generator.below(count))
    case 8:  // a route's text copied over another (the same text at another place)
        guard count > 1 else { return }
        document.routes[generator.below(count)] = document.routes[generator.below(count)]
    default:  // bytes put in or taken out anywhere, which often breaks the JSON; fixed by the next edits
        var text = Array(document.text.utf8)
        let at = generator.below(text.count + 1)
        if generator.chance(50), at < text.count {
            text.removeSubrange(at..<min(text.count, at + 1 + generator.below(3)))
        } else {
            text.insert(contentsOf: Array(generator.pick([" ", "\n", "x", "{", "\"", ",", "é", "]"]).utf8), at: at)
        }
        // Kept as a document of one part, until a structural edit puts one back.
        document = Document(header: String(decoding: text, as: UTF8.self), routes: [], separators: [], trailer: "")
    }
}

@Suite("JSON reader: a version read after the one before")
struct JSONIncrementalReadTests {
    /// Every version, read after the one before (a chain of remembered reads, as the daemon keeps
    /// one), gives exactly what a full read gives: the wireframe with every location, and the
    /// diagnostics with theirs; and a third of the versions (the others are broken JSON, or follow
    /// one) take routes from the read before.
    @Test("a chain of edited versions reads as full reads do", arguments: [1, 2, 3, 4])
    func chainOfEdits(seed: UInt64) {
        var generator = Generator(state: seed)
        let reader = JSONWireframeReader()
        var counter = 1000
        var document = makeDocument(routes: 40, &generator)
        var memory = reader.read(Array(document.text.utf8), after: nil).memory
        var versionsReusing = 0
        var reusedRoutes = 0
        var broken = 0
        for step in 0..<300 {
            if document.routes.isEmpty, generator.chance(30) {
                // Back to a structured document, so that edits of routes go on.
                document = makeDocument(routes: 20 + generator.below(30), &generator)
            } else {
                edit(&document, &generator, counter: &counter)
            }
            let bytes = Array(document.text.utf8)
            let incremental = reader.read(bytes, after: memory)
            let full = reader.read(bytes)
            #expect(incremental.wireframe == full.wireframe, "seed \(seed), step \(step): the wireframe differs")
            #expect(incremental.diagnostics == full.diagnostics, "seed \(seed), step \(step): the diagnostics differ")
            if incremental.wireframe == nil { broken += 1 }
            if incremental.reusedRoutes > 0 { versionsReusing += 1 }
            reusedRoutes += incremental.reusedRoutes
            // A read from nothing remembers the same as one after the version before.
            let fresh = reader.read(bytes, after: nil)
            #expect(fresh.wireframe == full.wireframe)
            #expect(fresh.diagnostics == full.diagnostics)
            #expect(fresh.memory?.routeCount == incremental.memory?.routeCount)
            memory = incremental.memory
        }
        // The reuse is exercised: many versions take routes from the one before, and some
        // versions are broken JSON.
        #expect(versionsReusing > 80, "only \(versionsReusing) of 300 versions took routes from the read before")
        #expect(reusedRoutes > 3000)
        #expect(broken > 5)
    }

    /// A read that moves the screens out of the read before (the daemon's, which holds that read
    /// alone) gives what a full read gives, uses the memory up, and leaves a wireframe that still
    /// holds the screens before (every third version here) as it was: a screen held elsewhere
    /// is copied before its locations move, one held by the memory alone is moved in place.
    @Test("a read that moves the screens of the read before reads as a full read", arguments: [5, 6, 7])
    func chainOfEditsMovingScreens(seed: UInt64) {
        var generator = Generator(state: seed)
        let reader = JSONWireframeReader()
        var counter = 1000
        var document = makeDocument(routes: 40, &generator)
        var bytes = Array(document.text.utf8)
        let first = reader.read(bytes, after: nil)
        var memory = first.memory
        var lastWireframe = first.wireframe
        var reusedRoutes = 0
        var heldChecked = 0
        for step in 0..<300 {
            if document.routes.isEmpty, generator.chance(30) {
                document = makeDocument(routes: 20 + generator.below(30), &generator)
            } else {
                edit(&document, &generator, counter: &counter)
            }
            let before = bytes
            bytes = Array(document.text.utf8)
            // The wireframe of the read before (its screens those of the memory), held at times.
            let held = step % 3 == 0 ? lastWireframe : nil
            lastWireframe = nil
            let incremental = reader.read(bytes, movingScreensOf: &memory)
            #expect(memory == nil, "seed \(seed), step \(step): the memory is used up")
            let full = reader.read(bytes)
            #expect(incremental.wireframe == full.wireframe, "seed \(seed), step \(step): the wireframe differs")
            #expect(incremental.diagnostics == full.diagnostics, "seed \(seed), step \(step): the diagnostics differ")
            if let held {
                #expect(held == reader.read(before).wireframe, "seed \(seed), step \(step): a held wireframe changed")
                if incremental.reusedRoutes > 0 { heldChecked += 1 }
            }
            reusedRoutes += incremental.reusedRoutes
            memory = incremental.memory
            lastWireframe = incremental.wireframe
        }
        // Routes are taken, both with the screens held elsewhere and held by the memory alone.
        #expect(reusedRoutes > 2000)
        #expect(heldChecked > 20)
    }

    /// A route on the same line as the change before it moves in column as well as in offset;
    /// a route after a change of lines moves in line only.
    @Test("routes on the changed line move in column, later lines in line only")
    func columnsAndLines() throws {
        let reader = JSONWireframeReader()
        let first =
            #"{"appName": "A", "root": "a", "routes": [{"name": "a", "title": "A"}, {"name": "b", "title": "B", "colour": 1,"#
            + "\n" + #" "elements": [{"kind": "button", "title": "é", "action": "go"}], "actions": {"go": {"push": "a"}}}]}"#
        let second =
            #"{"appName": "A longer name é", "root": "a", "routes": [{"name": "a", "title": "A"}, {"name": "b", "title": "B", "colour": 1,"#
            + "\n" + #" "elements": [{"kind": "button", "title": "é", "action": "go"}], "actions": {"go": {"push": "a"}}}]}"#
        let third = "\n\n" + second
        var memory = reader.read(Array(first.utf8), after: nil).memory
        for text in [second, third, first] {
            let bytes = Array(text.utf8)
            let incremental = reader.read(bytes, after: memory)
            let full = reader.read(bytes)
            #expect(incremental.reusedRoutes == 2)
            #expect(incremental.wireframe == full.wireframe)
            #expect(incremental.diagnostics == full.diagnostics)
            #expect(!full.diagnostics.isEmpty)
            let screen = try #require(incremental.wireframe?.screens.last)
            #expect(screen.key == "b")
            memory = incremental.memory
        }
    }

    /// A route's text that the parser meets somewhere else than in the top-level routes (here, in
    /// the navigations) is read there as what it is there.
    @Test("a remembered route's text elsewhere is read as what it is there")
    func textElsewhere() {
        let reader = JSONWireframeReader()
        let route = #"{"name": "bar", "title": "T"}"#
        // The route's text is in the bytes both versions end with: it is offered to the parser.
        let first = #"{"appName": "A", "root": "bar", "navigations": [], "routes": ["# + route + #"]}"#
        let second = #"{"appName": "A", "root": "bar", "routes": [], "navigations": ["# + route + #"]}"#
        let memory = reader.read(Array(first.utf8), after: nil).memory
        let incremental = reader.read(Array(second.utf8), after: memory)
        let full = reader.read(Array(second.utf8))
        #expect(incremental.wireframe == full.wireframe)
        #expect(incremental.diagnostics == full.diagnostics)
        #expect(incremental.reusedRoutes == 0)
        #expect(incremental.wireframe?.screens.isEmpty == true)
        #expect(incremental.wireframe?.navigationBars.map(\.name) == ["bar"])
    }
}
