import Testing
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
}
