import Testing
import WireframeAnalysis
import WireframeModel
import WireframeTestSupport

/// Canonical form tries the order of the version before (`canonicalize(_:trying:)`); whatever
/// that order, the result must be the one of a sort.
struct CanonicalOrderTests {
    /// 300 versions, each an edit of the one before (screens renamed, added, removed, moved,
    /// keys given twice, composed and decomposed spellings of one name), each brought to
    /// canonical form trying the last version's order, the order of a sort, and orders that
    /// are wrong (two positions swapped, one repeated, one missing, one out of range).
    @Test func anOrderTriedGivesTheFormOfASort() {
        var random = SplitMix64(seed: 21)
        let names = ["a", "b", "c", "é", "e\u{301}", "home", "list", "z", "b"]
        var keys = (0..<30).map { "screen\($0)" }
        var lastOrder: [Int]?
        var taken = 0
        for step in 0..<300 {
            if step > 0 {
                switch random.next() % 6 {
                case 0: keys[Int(random.next() % UInt64(keys.count))] = names[Int(random.next() % UInt64(names.count))]
                case 1: keys.insert("added\(step)", at: Int(random.next() % UInt64(keys.count + 1)))
                case 2: if keys.count > 2 { keys.remove(at: Int(random.next() % UInt64(keys.count))) }
                case 3: keys.swapAt(Int(random.next() % UInt64(keys.count)), Int(random.next() % UInt64(keys.count)))
                default: break  // the same keys: the order before is the order
                }
            }
            // Titles tell screens of one key apart: their order must be the one they were in.
            let wireframe = Wireframe(
                appName: "Order", root: keys[0],
                screens: keys.enumerated().map { Screen(key: $0.element, title: "\($0.element) at \($0.offset)") })
            let sorted = CanonicalForm.canonicalize(wireframe)
            let (form, order, formKeys) = CanonicalForm.canonicalize(wireframe, trying: lastOrder)
            #expect(form == sorted, "step \(step)")
            #expect(formKeys == sorted.screens.map(\.key), "step \(step)")
            #expect(order.map { wireframe.screens[$0].key } == sorted.screens.map(\.key), "step \(step)")
            if lastOrder == order { taken += 1 }
            var wrong: [[Int]] = [order.reversed(), Array(order.dropLast()), order + [order.count], order.map { $0 == 0 ? 1 : $0 }]
            if order.count > 1 {
                wrong.append(order.enumerated().map { $0.offset == 0 ? order[1] : $0.offset == 1 ? order[0] : $0.element })
            }
            for tried in wrong {
                let (wrongForm, wrongOrder, wrongKeys) = CanonicalForm.canonicalize(wireframe, trying: tried)
                #expect(wrongForm == sorted, "step \(step)")
                #expect(wrongKeys == formKeys, "step \(step)")
                #expect(wrongOrder == order, "step \(step)")
            }
            lastOrder = order
        }
        // The order before is taken often (a sort gives it again), so that path is exercised.
        #expect(taken > 50)
    }
}
