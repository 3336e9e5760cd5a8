import Testing
@testable import WireframeSync

/// `History.comparison` hands `wfs diff` every screen key once and in `String` order: the store's
/// keys (byte order) as they are when that is already the order, else sorted and made unique.
struct ComparisonKeysTests {
    @Test func keysInOrderComeBackAsTheyAre() {
        #expect(History.sortedKeys([]) == [])
        #expect(History.sortedKeys(["a"]) == ["a"])
        #expect(History.sortedKeys(["B", "a", "b", "c1", "c10", "c2", "é", "日本"]) == ["B", "a", "b", "c1", "c10", "c2", "é", "日本"])
    }

    @Test func keysOutOfOrderOrTwiceAreSortedOnce() {
        #expect(History.sortedKeys(["b", "a"]) == ["a", "b"])
        #expect(History.sortedKeys(["a", "b", "b", "c"]) == ["a", "b", "c"])
        #expect(History.sortedKeys(["c", "a", "c", "b", "a"]) == ["a", "b", "c"])
        // "é" written as one scalar and as "e" with a combining accent: one key for `String`.
        #expect(History.sortedKeys(["e\u{301}", "f", "\u{e9}"]).count == 2)
    }
}
