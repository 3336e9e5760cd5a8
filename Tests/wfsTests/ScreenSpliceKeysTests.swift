import Testing
import WireframeModel
import WireframeStore
@testable import WireframeSync
import WireframeTestSupport

/// The changed keys of a new version against the head's key → hash map, found by one lookup per
/// new screen (what `wfs import` does against a head it did not store), are the ones that the
/// comparison of two maps finds.
struct ScreenSpliceKeysTests {
    @Test func theLookupPerNewScreenFindsWhatTheMapsFind() {
        var random = SplitMix64(seed: 11)
        let names = ["a", "B", "b", "c1", "c10", "c2", "zz", "é", "ü", "日本"]
        var removals = 0
        for round in 0..<400 {
            func screens() -> [ScreenContent] {
                names.filter { _ in random.next() % 3 != 0 }.map { ScreenContent(key: $0, hash: "h\(random.next() % 2)", content: []) }
            }
            let old = Dictionary(uniqueKeysWithValues: screens().map { ($0.key, $0.hash) })
            var new = screens()
            // In key order, as a canonical document's screens are; some rounds not, or with a key twice.
            if round % 4 != 0 { new.sort { $0.key < $1.key } }
            if round % 7 == 0, let first = new.first { new.append(ScreenContent(key: first.key, hash: "h2", content: [])) }
            var newMap: [String: String] = [:]
            for screen in new { newMap[screen.key] = screen.hash }
            if old.keys.contains(where: { newMap[$0] == nil }) { removals += 1 }
            #expect(ScreenSplice.changedKeys(old, new) == ScreenSplice.changedKeys(old, newMap), "round \(round)")
        }
        #expect(removals > 0)
        #expect(ScreenSplice.changedKeys([:], []) == [])
        #expect(ScreenSplice.changedKeys(["a": "1"], []) == ["a"])
        #expect(ScreenSplice.changedKeys([:], [ScreenContent(key: "a", hash: "1", content: [])]) == ["a"])
    }

    /// The screens taken by the keys of the store's list (what the daemon's diff does) are the
    /// ones taken by the screens' own keys: in key order, out of order, with a key twice.
    @Test func theScreensTakenByTheListsKeysAreTheScreensTakenByTheirKeys() {
        var random = SplitMix64(seed: 12)
        let names = ["a", "B", "b", "c1", "c10", "c2", "zz", "é", "ü", "日本"]
        var unordered = 0
        for round in 0..<400 {
            var keys = names.filter { _ in random.next() % 3 != 0 }
            if round % 4 != 0 { keys.sort() } else { keys.shuffle(using: &random) }
            if round % 7 == 0, let first = keys.first { keys.insert(first, at: Int(random.next() % UInt64(keys.count + 1))) }
            if zip(keys, keys.dropFirst()).contains(where: { $1 < $0 }) { unordered += 1 }
            let screens = keys.enumerated().map { Screen(key: $0.element, title: "\($0.element) at \($0.offset)") }
            let contents = keys.map { ScreenContent(key: $0, hash: "h", content: []) }
            let wanted = names.filter { _ in random.next() % 2 == 0 }.sorted()
            let expected = ScreenSplice.screens(screens, keys: wanted)
            #expect(ScreenSplice.screens(screens, contents: contents, keys: wanted) == expected, "round \(round)")
            #expect(ScreenSplice.screens(screens, contents: Array(contents.dropLast()), keys: wanted) == expected, "round \(round)")
        }
        #expect(unordered > 0)
    }
}
