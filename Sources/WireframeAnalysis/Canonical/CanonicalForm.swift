public import WireframeModel

/// Brings a wireframe to canonical form: two files that mean the same wireframe become equal.
///
/// Inline routes are lifted (their links kept), aliases are already folded by the readers,
/// defaults are written out (the presentation in effect), sets are sorted (dependencies),
/// screens and navigation bars are ordered by key, and order is kept wherever it shows on
/// screen (links, tabs, elements, items, bar buttons, actions of a WorkflowSchema controller).
public enum CanonicalForm {
    /// The canonical form of a wireframe. Locations are kept; no writer or hash reads them.
    public static func canonicalize(_ wireframe: Wireframe) -> Wireframe {
        canonicalize(wireframe, trying: nil).wireframe
    }

    /// The canonical form of a wireframe, and where each of its screens was: the screen at `i`
    /// is the canonical form of `wireframe.screens[order[i]]`. `hint` is an order to try first
    /// (the one of the document's version before): it is taken when it is the order that
    /// sorting gives (the screens by key, screens of equal keys as they were), which takes one
    /// comparison of keys per screen instead of a sort. `keys` are the canonical screens' keys,
    /// read out for the sort: a caller that needs them does not walk the screens again.
    public static func canonicalize(_ wireframe: Wireframe, trying hint: [Int]?) -> (wireframe: Wireframe, order: [Int], keys: [String]) {
        var (result, order, keys) = ordered(wireframe, trying: hint)
        result.screens = order.map { canonicalize(wireframe.screens[$0]) }
        return (result, order, keys)
    }

    /// ``canonicalize(_:trying:)`` but for the screens themselves: the canonical form of
    /// everything else (no screens), and the order and keys of the canonical screens, for a
    /// caller that brings only some screens to canonical form (the one at `i` is
    /// ``canonicalize(_:)`` of `wireframe.screens[order[i]]`).
    public static func ordered(_ wireframe: Wireframe, trying hint: [Int]?) -> (header: Wireframe, order: [Int], keys: [String]) {
        var header = wireframe
        header.screens = []
        // Sort positions, not screens, with the keys read out once: a screen keeps its fields in
        // a shared box, and going through it at every comparison is costly.
        let keys = wireframe.screens.map(\.key)
        let order = hint.flatMap { isSortedOrder($0, of: keys) ? $0 : nil } ?? sortedOrder(of: keys)
        header.navigationBars = wireframe.navigationBars.sorted { $0.name < $1.name }
        // Canonical form keeps each screen's key.
        return (header, order, order.map { keys[$0] })
    }

    /// The positions of `keys` sorted by key, equal keys in their order.
    static func sortedOrder(of keys: [String]) -> [Int] {
        keys.indices.sorted { keys[$0] < keys[$1] || (keys[$0] == keys[$1] && $0 < $1) }
    }

    /// Whether `order` is the order a stable sort of `keys` gives: a permutation of their
    /// positions, keys in increasing order, equal keys in increasing position.
    static func isSortedOrder(_ order: [Int], of keys: [String]) -> Bool {
        guard order.count == keys.count else { return false }
        var seen = [Bool](repeating: false, count: keys.count)
        for position in order {
            guard position >= 0, position < keys.count, !seen[position] else { return false }
            seen[position] = true
        }
        for index in order.indices.dropFirst() {
            let (before, after) = (order[index - 1], order[index])
            if keys[before] < keys[after] { continue }
            // Not increasing: equal keys, in increasing position, or out of order.
            if keys[after] < keys[before] || after < before { return false }
        }
        return true
    }

    /// Sorted, without repeats, comparing UTF-8 bytes: two spellings that Swift deems equal
    /// (composed and decomposed accents) are different names in the file and stay both, in an
    /// order that does not depend on the order they were written in.
    static func sortedSet(_ values: [String]) -> [String] {
        let sorted = values.map { (Array($0.utf8), $0) }.sorted { $0.0.lexicographicallyPrecedes($1.0) }
        var result: [String] = []
        var previous: [UInt8]?
        for (bytes, value) in sorted where bytes != previous {
            result.append(value)
            previous = bytes
        }
        return result
    }

    /// The canonical form of one screen. A screen already in canonical form is returned as it is,
    /// sharing its fields (writing to a field would copy them all).
    public static func canonicalize(_ screen: Screen) -> Screen {
        var result = screen
        let presentation = screen.effectivePresentation
        if screen.presentation != presentation { result.presentation = presentation }
        if screen.parent != nil { result.parent = nil }
        if result.links.contains(where: \.isInline) {
            result.links = screen.links.map { link in
                var lifted = link
                lifted.isInline = false
                return lifted
            }
        }
        if result.dependencies.count > 1 {
            let sorted = sortedSet(screen.dependencies)
            // Compared by bytes: String equality takes two spellings of one accent for one.
            if !sorted.elementsEqual(screen.dependencies, by: { $0.utf8.elementsEqual($1.utf8) }) {
                result.dependencies = sorted
            }
        }
        return result
    }
}
