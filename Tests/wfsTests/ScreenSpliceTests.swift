import Foundation
import Testing
import WireframeAnalysis
import WireframeFormats
import WireframeModel
import WireframeStore
@testable import WireframeSync
import WireframeTestSupport

/// Diffs of stored versions read only the screens whose hashes differ, and say what the diff of
/// the whole wireframes says.
@Suite(.serialized) struct ScreenSpliceTests {
    @Test func changedKeysAreTheKeysWhoseHashesDiffer() {
        let head = ["a": "1", "b": "1", "c": "1", "é": "1"]
        let new = ["d", "a", "b", "\u{65}\u{301}"].map { ScreenContent(key: $0, hash: $0 == "b" ? "2" : "1", content: []) }
        // "b" changed, "c" removed, "d" added; "é" written another way is the same key.
        #expect(ScreenSplice.changedKeys(head, new) == ["b", "c", "d"])
        // Of a key written twice, the last counts.
        #expect(
            ScreenSplice.changedKeys(
                ["a": "1"], [ScreenContent(key: "a", hash: "2", content: []), ScreenContent(key: "a", hash: "1", content: [])]) == [])
        #expect(ScreenSplice.changedKeys([:], []) == [])
        #expect(ScreenSplice.changedKeys(["a": "1"], []) == ["a"])
        #expect(ScreenSplice.changedKeys([:], [ScreenContent(key: "a", hash: "1", content: [])]) == ["a"])
    }

    /// The walk beside two lists in key order finds what the maps by key find, with the old
    /// screens' JSON; a list out of order goes through the maps.
    @Test func theWalkInKeyOrderFindsWhatTheMapsFind() throws {
        var random = SplitMix64(seed: 7)
        let names = ["a", "B", "b", "c1", "c10", "c2", "zz", "é", "ü", "日本"]
        for _ in 0..<300 {
            func screens() -> [ScreenContent] {
                names.filter { _ in random.next() % 3 != 0 }
                    .map {
                        ScreenContent(
                            key: $0, hash: "h\(random.next() % 2)", content: Array("{\"name\":\"\($0)\",\"n\":\(random.next() % 9)}".utf8))
                    }
                    .sorted { $0.key < $1.key }
            }
            let old = screens()
            let new = screens()
            guard !old.isEmpty else { continue }
            let expected = ScreenSplice.changedKeys(Dictionary(uniqueKeysWithValues: old.map { ($0.key, $0.hash) }), new)
            let walked = try #require(ScreenSplice.changedScreens(old, new))
            #expect(walked.keys == expected)
            let oldContent = Dictionary(uniqueKeysWithValues: old.map { ($0.key, $0.content) })
            let newContent = Dictionary(uniqueKeysWithValues: new.map { ($0.key, $0.content) })
            #expect(walked.oldScreens == walked.keys.compactMap { oldContent[$0] })
            #expect(walked.newScreens == walked.keys.compactMap { newContent[$0] })
            let reversed = try #require(ScreenSplice.changedScreens(old.reversed(), new))
            #expect(reversed.keys == expected)
            #expect(reversed.oldScreens == walked.oldScreens)
            #expect(reversed.newScreens == walked.newScreens)
        }
    }

    @Test func changedScreensComeWithTheHeadsJSON() throws {
        func screen(_ key: String, _ hash: String) -> ScreenContent {
            ScreenContent(key: key, hash: hash, content: Array("\(key)\(hash)".utf8))
        }
        let changed = try #require(
            ScreenSplice.changedScreens(
                [screen("b", "1"), screen("a", "1"), screen("c", "1")], [screen("a", "1"), screen("b", "2"), screen("d", "1")]))
        #expect(changed.keys == ["b", "c", "d"])
        #expect(changed.oldScreens == [Array("b1".utf8), Array("c1".utf8)])
        #expect(changed.newScreens == [Array("b2".utf8), Array("d1".utf8)])
        #expect(ScreenSplice.changedScreens([], [screen("a", "1")]) == nil)
    }

    /// A random history of edits (titles, types, lists, elements, actions, properties, renames,
    /// additions, removals, the app's name), stored with `wfs import`: `wfs diff --format json`
    /// between stored revisions says what ``WireframeDiff/between(_:_:)`` says of the two files.
    @Test func theDiffOfStoredRevisionsIsTheDiffOfTheirWireframes() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        #expect(try cli.run("init").status == 0)
        var random = SplitMix64(seed: 19)
        var draft = Draft()
        var versions: [Int: String] = [:]
        for _ in 0..<14 {
            draft.edit(&random)
            let text = draft.json()
            try cli.write("app.json", text)
            let stored = try cli.run("import", "app.json")
            #expect(stored.status == 0, "\(stored.error)")
            let prefix = "stored app.json revision "
            if stored.output.hasPrefix(prefix), let number = Int(stored.output.dropFirst(prefix.count).prefix { $0.isNumber }) {
                versions[number] = text
            }
        }
        #expect(versions.count >= 10)
        let numbers = versions.keys.sorted()
        var compared = 0
        var renamed = 0
        for (index, old) in numbers.enumerated() {
            for new in numbers.dropFirst(index + 1) where (new - old) % 3 == 1 || new == numbers.last {
                let run = try cli.run("diff", "--format", "json", "app.json@\(old)", "app.json@\(new)")
                #expect(run.status == 0, "\(run.error)")
                let json = try #require(try StoreCLI.json(run.output) as? [String: Any])
                let expected = WireframeDiff.between(try Self.canonical(versions[old] ?? ""), try Self.canonical(versions[new] ?? ""))
                #expect(Self.screens(json) == expected.screens.map(Self.describe), "\(old) → \(new)")
                #expect(Self.fields(json["documentFields"]) == expected.documentFields.map(Self.describe), "\(old) → \(new)")
                compared += 1
                renamed += expected.screens.filter { $0.kind == .renamed }.count
            }
        }
        #expect(compared >= 15)
        #expect(renamed > 0)
    }

    static func canonical(_ text: String) throws -> Wireframe {
        CanonicalForm.canonicalize(try #require(JSONWireframeReader().read(Array(text.utf8)).wireframe))
    }

    static func describe(_ field: FieldChange) -> String {
        "\(field.field): \(describe(structured: field.field, field.old)) → \(describe(structured: field.field, field.new))"
    }

    /// An element's, an action's or a navigation bar's JSON text as the object `diff --format json` gives.
    static func describe(structured field: String, _ value: String?) -> String {
        guard let value else { return "(none)" }
        let structured = ["elements.", "elements[", "actions.", "actions[", "navigations."].contains(where: field.hasPrefix)
        guard structured, let object = try? JSONSerialization.jsonObject(with: Data(value.utf8)), object is [String: Any] else {
            return value
        }
        return describe(json: object)
    }

    /// A JSON value of the output: a string as it is, an object as its text with sorted keys.
    static func describe(json value: Any?) -> String {
        guard let value else { return "(none)" }
        if let text = value as? String { return text }
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]) else { return "?" }
        return "object " + String(decoding: data, as: UTF8.self)
    }

    static func describe(_ screen: ScreenChange) -> String {
        "\(screen.kind.rawValue) \(screen.previousKey ?? "") \(screen.key): " + screen.fields.map(describe).joined(separator: "; ")
    }

    static func fields(_ value: Any?) -> [String] {
        ((value as? [[String: Any]]) ?? []).map {
            "\($0["field"] as? String ?? "?"): \(describe(json: $0["old"])) → \(describe(json: $0["new"]))"
        }
    }

    static func screens(_ json: [String: Any]) -> [String] {
        ((json["screens"] as? [[String: Any]]) ?? []).map { screen in
            "\(screen["kind"] as? String ?? "?") \(screen["previousKey"] as? String ?? "") \(screen["key"] as? String ?? "?"): "
                + fields(screen["fields"]).joined(separator: "; ")
        }
    }

    /// A wireframe edited at random, one or two changes a version.
    struct Draft {
        struct Route {
            var title: String
            var type = "view"
            var items: [String] = []
            var label: String?
            var action: String?
            var color: String?
        }
        var appName = "Demo"
        var routes: [String: Route] = ["home": Route(title: "Home"), "a": Route(title: "A"), "b": Route(title: "B")]
        var serial = 0

        mutating func edit(_ random: inout SplitMix64) {
            for _ in 0...(random.next() % 2) {
                serial += 1
                let keys = routes.keys.sorted()
                let key = keys[Int(random.next() % UInt64(keys.count))]
                switch random.next() % 9 {
                case 0: routes[key]?.title = "\(key) \(serial)"
                case 1: routes[key]?.type = ["view", "list", "form"][Int(random.next() % 3)]
                case 2: routes[key]?.items = (0..<Int(random.next() % 3)).map { "item \($0 + serial % 2)" }
                case 3: routes[key]?.label = random.next() % 3 == 0 ? nil : "Label \(serial)"
                case 4: routes[key]?.action = random.next() % 3 == 0 ? nil : ["pop", "alert", "url"][Int(random.next() % 3)]
                case 5: routes[key]?.color = random.next() % 2 == 0 ? nil : "c\(serial % 3)"
                case 6: routes["s\(serial)"] = Route(title: "New \(serial)")
                case 7 where key != "home":
                    // Renamed: the same content under another key.
                    if let route = routes.removeValue(forKey: key) { routes["r\(serial)"] = route }
                case 8 where key != "home" && routes.count > 3: routes[key] = nil
                default: appName = "Demo \(serial)"
                }
            }
        }

        func json() -> String {
            let others = routes.keys.sorted().filter { $0 != "home" }
            let routeTexts = routes.keys.sorted().map { key -> String in
                guard let route = routes[key] else { return "" }
                var members = ["\"name\": \"\(key)\"", "\"title\": \"\(route.title)\"", "\"type\": \"\(route.type)\""]
                if key == "home" { members.append("\"subroutes\": [\(others.map { "\"\($0)\"" }.joined(separator: ", "))]") }
                if !route.items.isEmpty { members.append("\"items\": [\(route.items.map { "\"\($0)\"" }.joined(separator: ", "))]") }
                var elements: [String] = []
                if let label = route.label { elements.append("{\"kind\": \"label\", \"text\": \"\(label)\"}") }
                if route.action != nil {
                    elements.append("{\"kind\": \"button\", \"reference\": \"go\", \"text\": \"Go\", \"action\": \"go\"}")
                }
                if !elements.isEmpty { members.append("\"elements\": [\(elements.joined(separator: ", "))]") }
                if let action = route.action {
                    let value = action == "pop" ? "true" : action == "alert" ? "\"Hello\"" : "\"https://example.com\""
                    members.append("\"actions\": {\"go\": {\"\(action)\": \(value)}}")
                }
                if let color = route.color { members.append("\"properties\": {\"color\": \"\(color)\"}") }
                return "{" + members.joined(separator: ", ") + "}"
            }
            return "{\"appName\": \"\(appName)\", \"root\": \"home\", \"routes\": [\n" + routeTexts.joined(separator: ",\n") + "\n]}\n"
        }
    }
}
