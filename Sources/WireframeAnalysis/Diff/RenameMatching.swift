public import WireframeModel
public import WireframeFormats

/// Which removed and added screens of a diff are one screen renamed and edited: its content
/// "mostly stayed".
///
/// A screen's parts are the fields ``WireframeDiff`` compares, each with its value: `title`,
/// `navigation`, `subroutes`, `tabItems`, `children`, `dependencies` and `items` when set, each
/// element (`elements.REFERENCE`, else `elements[n]`), each action (`actions.NAME`) and each
/// property (`properties.KEY`). The type is no part: a removed and an added screen are compared
/// only when their types are equal. Nor is the presentation style: nearly every screen has the
/// default one, which says nothing of which screen it is (two screens with nothing but a title,
/// each its own, would otherwise be half equal). Their similarity is the number of
/// parts equal in both (same field, same value) over the number of fields either has; a pair
/// whose similarity is at least one half (``minimumSimilarity``) is a candidate. Candidates are
/// taken greedily, most similar first, ties by the removed key, then the added key (byte
/// order), each screen in one pair at most.
///
/// Comparing pairs grows with removed × added screens of one type. So that a revision that
/// removes and adds thousands of screens stays cheap, at most ``maximumComparisons`` pairs are
/// compared in one diff: types in the order of their names, each type whose pairs fit in what
/// is left; the screens of a type that does not fit stay added and removed (renames with equal
/// content are found before, whatever their number).
public enum RenameMatching {
    /// The least similarity of a rename with edits: half the fields equal (numerator, denominator).
    public static let minimumSimilarity = (equal: 1, fields: 2)

    /// The most pairs of screens compared in one diff.
    public static let maximumComparisons = 10_000

    /// The pairs (removed, added) that are renames with edits, in the order they were taken.
    public static func pairs(removed: [Screen], added: [Screen], writer: JSONWireframeWriter) -> [(Screen, Screen)] {
        guard !removed.isEmpty, !added.isEmpty else { return [] }
        let removedByType = Dictionary(grouping: removed, by: \.container)
        let addedByType = Dictionary(grouping: added, by: \.container)
        var budget = maximumComparisons
        var candidates: [Candidate] = []
        for type in removedByType.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
            guard let olds = removedByType[type], let news = addedByType[type] else { continue }
            let count = olds.count * news.count
            guard count <= budget else { continue }
            budget -= count
            let oldParts = olds.map { parts(of: $0, writer: writer) }
            let newParts = news.map { parts(of: $0, writer: writer) }
            for (oldIndex, old) in olds.enumerated() {
                for (newIndex, new) in news.enumerated() {
                    let (equal, fields) = similarity(oldParts[oldIndex], newParts[newIndex])
                    guard fields > 0, equal * minimumSimilarity.fields >= fields * minimumSimilarity.equal else { continue }
                    candidates.append(Candidate(old: old, new: new, equal: equal, fields: fields))
                }
            }
        }
        candidates.sort { lhs, rhs in
            let left = lhs.equal * rhs.fields
            let right = rhs.equal * lhs.fields
            if left != right { return left > right }
            if lhs.old.key != rhs.old.key { return lhs.old.key < rhs.old.key }
            return lhs.new.key < rhs.new.key
        }
        var takenOld: Set<String> = []
        var takenNew: Set<String> = []
        var result: [(Screen, Screen)] = []
        for candidate in candidates where !takenOld.contains(candidate.old.key) && !takenNew.contains(candidate.new.key) {
            takenOld.insert(candidate.old.key)
            takenNew.insert(candidate.new.key)
            result.append((candidate.old, candidate.new))
        }
        return result
    }

    /// The similarity of two screens as (parts equal in both, fields either has).
    public static func similarity(_ old: Screen, _ new: Screen, writer: JSONWireframeWriter = JSONWireframeWriter()) -> (
        equal: Int, fields: Int
    ) {
        similarity(parts(of: old, writer: writer), parts(of: new, writer: writer))
    }

    private struct Candidate {
        var old: Screen
        var new: Screen
        var equal: Int
        var fields: Int
    }

    private static func similarity(_ old: [String: String], _ new: [String: String]) -> (equal: Int, fields: Int) {
        var equal = 0
        for (field, value) in old where new[field] == value { equal += 1 }
        return (equal, old.count + new.count - sharedFields(old, new))
    }

    private static func sharedFields(_ old: [String: String], _ new: [String: String]) -> Int {
        var shared = 0
        for field in old.keys where new[field] != nil { shared += 1 }
        return shared
    }

    /// A screen's parts: each field ``WireframeDiff`` compares but the key, the type and the
    /// presentation style, with its value as text.
    static func parts(of screen: Screen, writer: JSONWireframeWriter) -> [String: String] {
        var parts: [String: String] = [:]
        func set(_ field: String, _ value: String?) {
            if let value, parts[field] == nil { parts[field] = value }
        }
        func list(_ values: [String]) -> String? { values.isEmpty ? nil : values.joined(separator: ", ") }
        func targets(_ kind: LinkKind) -> [String] { screen.links.filter { $0.kind == kind }.map(\.target) }
        set("title", screen.title)
        set("navigation", screen.navigationBar)
        for (kind, field) in [(LinkKind.subroute, "subroutes"), (.tab, "tabItems"), (.child, "children")] {
            set(field, list(targets(kind)))
        }
        set("dependencies", list(screen.dependencies))
        set("items", list(screen.items))
        var unnamed = 0
        for element in screen.elements {
            let field: String
            if let reference = element.reference {
                field = "elements.\(reference)"
            } else {
                field = "elements[\(unnamed)]"
                unnamed += 1
            }
            set(field, String(decoding: writer.canonicalBytes(element: element), as: UTF8.self))
        }
        unnamed = 0
        for action in screen.actions {
            let field: String
            if let name = action.name {
                field = "actions.\(name)"
            } else {
                field = "actions[\(unnamed)]"
                unnamed += 1
            }
            set(field, String(decoding: writer.canonicalBytes(action: action.action), as: UTF8.self))
        }
        for (key, value) in screen.properties { set("properties.\(key)", value) }
        return parts
    }
}
