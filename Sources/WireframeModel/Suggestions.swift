/// Finds the closest known name to a misspelt one, for "did you mean" hints.
public enum Suggestions {
    /// The candidate nearest to `name`, if it is close enough to be a plausible typo.
    ///
    /// Close enough: an edit distance of at most a third of the name's length (at least 1, at
    /// most 3), compared case-insensitively; ties go to the candidate listed first.
    public static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
        let lowered = Array(name.lowercased().unicodeScalars)
        let limit = min(3, max(1, lowered.count / 3))
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != name {
            let distance = editDistance(lowered, Array(candidate.lowercased().unicodeScalars), limit: limit)
            if distance <= limit, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// The known name (a meeting's) nearest to a misspelt or shortened one: the closest by
    /// ``closest(to:in:)``, else the only candidate that begins with `name` or has it as a whole
    /// word, case-insensitively (`Kickoff` for `Kickoff with Acme`), for a name of three
    /// characters or more.
    public static func closestName(to name: String, in candidates: [String]) -> String? {
        if let closest = closest(to: name, in: candidates) { return closest }
        let lowered = name.lowercased()
        guard lowered.count >= 3 else { return nil }
        let containing = candidates.filter { candidate in
            let words = candidate.lowercased()
            return words.hasPrefix(lowered) || (" " + words + " ").contains(" " + lowered + " ")
        }
        return containing.count == 1 ? containing[0] : nil
    }

    /// The known document path nearest to a misspelt or shortened one: the only candidate in a
    /// folder that ends with `path` (`plans/shop.json` for `shop.json`, a path typed as from inside
    /// a folder of the project; none when several do), else the closest by ``closest(to:in:)``,
    /// else the only candidate whose last component is the closest to `path`'s last component.
    public static func closestPath(to path: String, in candidates: [String]) -> String? {
        let inFolder = candidates.filter { $0.hasSuffix("/" + path) }
        guard inFolder.isEmpty else { return inFolder.count == 1 ? inFolder[0] : nil }
        if let closest = closest(to: path, in: candidates) { return closest }
        func lastComponent(_ text: String) -> Substring {
            text.split(separator: "/", omittingEmptySubsequences: false).last ?? Substring(text)
        }
        let name = String(lastComponent(path))
        guard let nearest = closest(to: name, in: candidates.map { String(lastComponent($0)) }) else { return nil }
        let matches = candidates.filter { lastComponent($0) == nearest }
        return matches.count == 1 ? matches[0] : nil
    }

    /// A " (did you mean 'x'?)" suffix, or the empty string.
    public static func didYouMean(_ name: String, in candidates: some Sequence<String>) -> String {
        closest(to: name, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// The edit distance between two names (adjacent transpositions count as one edit), or
    /// `limit + 1` when it is larger than `limit`.
    public static func distance(_ lhs: String, _ rhs: String, limit: Int) -> Int {
        editDistance(Array(lhs.unicodeScalars), Array(rhs.unicodeScalars), limit: limit)
    }

    /// Levenshtein distance with adjacent transpositions counted as one edit; stops early past `limit`.
    static func editDistance(_ lhs: [Unicode.Scalar], _ rhs: [Unicode.Scalar], limit: Int) -> Int {
        if abs(lhs.count - rhs.count) > limit { return limit + 1 }
        if lhs.isEmpty { return rhs.count }
        if rhs.isEmpty { return lhs.count }
        var previousPrevious = [Int](repeating: 0, count: rhs.count + 1)
        var previous = Array(0...rhs.count)
        var current = [Int](repeating: 0, count: rhs.count + 1)
        for i in 1...lhs.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...rhs.count {
                let cost = lhs[i - 1] == rhs[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, lhs[i - 1] == rhs[j - 2], lhs[i - 2] == rhs[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return limit + 1 }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[rhs.count]
    }
}
