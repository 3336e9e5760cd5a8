public import WireframeModel
import WireframeFormats

/// One field that differs between two versions, with its old and new values as text.
public struct FieldChange: Sendable, Hashable, Codable {
    /// The field: `title`, `type`, `subroutes`, `elements.save`, `actions.open`, ….
    public var field: String
    /// The old value (JSON text for structured values); nil when the field was absent.
    public var old: String?
    /// The new value; nil when the field is gone.
    public var new: String?

    /// Creates a field change.
    public init(field: String, old: String?, new: String?) {
        self.field = field
        self.old = old
        self.new = new
    }
}

/// How one screen differs between two versions.
public struct ScreenChange: Sendable, Hashable {
    /// The kind of change.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case added, removed, modified, renamed
    }

    /// The screen's key (the new key for a rename).
    public var key: String
    /// The old key of a renamed screen.
    public var previousKey: String?
    /// The kind of change.
    public var kind: Kind
    /// The fields that changed (for `modified` and `renamed`).
    public var fields: [FieldChange]

    /// Creates a screen change.
    public init(key: String, previousKey: String? = nil, kind: Kind, fields: [FieldChange] = []) {
        self.key = key
        self.previousKey = previousKey
        self.kind = kind
        self.fields = fields
    }
}

/// The differences between two versions of a wireframe, screen by screen.
///
/// Screens are matched by identity (key) before equality, so an edited screen is `modified`,
/// not removed and added. A screen that disappears while another with identical content (all
/// but the key) appears is a `renamed` screen.
public struct WireframeDiff: Sendable, Hashable {
    /// Changes to the document's own fields: `appName`, `root`, `formatVersion`, `locale`, `navigations.NAME`.
    public var documentFields: [FieldChange]
    /// Screen changes, sorted by key.
    public var screens: [ScreenChange]

    /// Creates a diff.
    public init(documentFields: [FieldChange] = [], screens: [ScreenChange] = []) {
        self.documentFields = documentFields
        self.screens = screens
    }

    /// Whether the versions mean the same.
    public var isEmpty: Bool { documentFields.isEmpty && screens.isEmpty }

    /// Keys of screens of one kind.
    public func keys(_ kind: ScreenChange.Kind) -> [String] { screens.filter { $0.kind == kind }.map(\.key) }

    /// Compares two canonical wireframes; nil stands for "no document" (before creation, after deletion).
    public static func between(_ old: Wireframe?, _ new: Wireframe?) -> WireframeDiff {
        let writer = JSONWireframeWriter()
        var diff = WireframeDiff()
        diff.documentFields = documentChanges(old, new, writer: writer)

        var removed: [Screen] = []
        var added: [Screen] = []
        let oldList = old?.screens ?? [], newList = new?.screens ?? []
        let inKeyOrder = strictlyOrdered(oldList) && strictlyOrdered(newList)
        if inKeyOrder {
            // Both in key order (canonical wireframes are): one walk side by side, no maps.
            var index = 0, newIndex = 0
            while index < oldList.count || newIndex < newList.count {
                if newIndex == newList.count || (index < oldList.count && oldList[index].key < newList[newIndex].key) {
                    removed.append(oldList[index])
                    index += 1
                } else if index == oldList.count || newList[newIndex].key < oldList[index].key {
                    added.append(newList[newIndex])
                    newIndex += 1
                } else {
                    let fields = screenChanges(oldList[index], newList[newIndex], writer: writer)
                    if !fields.isEmpty { diff.screens.append(ScreenChange(key: oldList[index].key, kind: .modified, fields: fields)) }
                    index += 1
                    newIndex += 1
                }
            }
        } else {
            var oldScreens: [String: Screen] = [:]
            for screen in oldList where oldScreens[screen.key] == nil { oldScreens[screen.key] = screen }
            var newScreens: [String: Screen] = [:]
            for screen in newList where newScreens[screen.key] == nil { newScreens[screen.key] = screen }
            for (key, oldScreen) in oldScreens {
                guard let newScreen = newScreens[key] else {
                    removed.append(oldScreen)
                    continue
                }
                let fields = screenChanges(oldScreen, newScreen, writer: writer)
                if !fields.isEmpty { diff.screens.append(ScreenChange(key: key, kind: .modified, fields: fields)) }
            }
            for (key, newScreen) in newScreens where oldScreens[key] == nil { added.append(newScreen) }
        }

        // A removed and an added screen with the same content but for the key: a rename. Each
        // added screen (in key order) takes the first removed screen in key order with its
        // content that no other took. The removed screens' contents are sorted as bytes and
        // searched, not hashed: a dictionary keyed by `[UInt8]` costs a run-time scan of the
        // binary's protocol conformances on its first use (~0.86 M instructions, most of a
        // `wfs diff`'s rename matching).
        var renamedFrom: Set<String> = []
        var candidates: [RenameCandidate] = []
        if !added.isEmpty {
            candidates.reserveCapacity(removed.count)
            for (order, screen) in removed.sorted(by: { $0.key < $1.key }).enumerated() {
                candidates.append(RenameCandidate(content: writer.canonicalBytes(screen: withoutKey(screen)), order: order, key: screen.key))
            }
            candidates.sort { $0.content.lexicographicallyPrecedes($1.content) || ($0.content == $1.content && $0.order < $1.order) }
        }
        // With both lists in key order, the modified screens so far, the added and renamed ones
        // below and the removed ones after them are each in key order: merged, not sorted.
        let modifiedCount = diff.screens.count
        for screen in added.sorted(by: { $0.key < $1.key }) {
            if let index = candidates.isEmpty ? nil : firstUnused(candidates, content: writer.canonicalBytes(screen: withoutKey(screen))) {
                candidates[index].taken = true
                let previousKey = candidates[index].key
                renamedFrom.insert(previousKey)
                diff.screens.append(ScreenChange(
                    key: screen.key, previousKey: previousKey, kind: .renamed,
                    fields: [FieldChange(field: "name", old: previousKey, new: screen.key)]))
            } else {
                diff.screens.append(ScreenChange(key: screen.key, kind: .added))
            }
        }
        let addedCount = diff.screens.count - modifiedCount
        for screen in removed where !renamedFrom.contains(screen.key) {
            diff.screens.append(ScreenChange(key: screen.key, kind: .removed))
        }
        if inKeyOrder {
            if addedCount > 0 || diff.screens.count > modifiedCount + addedCount {
                diff.screens = merged(diff.screens, runs: [modifiedCount, addedCount])
            }
        } else {
            diff.screens.sort { $0.key < $1.key }
        }
        return diff
    }

    /// Changes made of three runs one after the other (the first `runs[0]`, the next `runs[1]`,
    /// the rest), each in key order, merged into key order; an earlier run first at equal keys,
    /// as the stable sort by key would give (a sort of ~340 changes moved whole: ~0.3 M instructions).
    private static func merged(_ changes: [ScreenChange], runs: [Int]) -> [ScreenChange] {
        var heads = [0, runs[0], runs[0] + runs[1]]
        let ends = [runs[0], runs[0] + runs[1], changes.count]
        var result: [ScreenChange] = []
        result.reserveCapacity(changes.count)
        while true {
            var pick = -1
            for run in 0..<3 where heads[run] < ends[run] {
                if pick < 0 || changes[heads[run]].key < changes[heads[pick]].key { pick = run }
            }
            guard pick >= 0 else { return result }
            result.append(changes[heads[pick]])
            heads[pick] += 1
        }
    }

    /// Whether the screens' keys increase strictly (so each key is there once).
    private static func strictlyOrdered(_ screens: [Screen]) -> Bool {
        var index = 1
        while index < screens.count {
            guard screens[index - 1].key < screens[index].key else { return false }
            index += 1
        }
        return true
    }

    /// A removed screen that an added one may be renamed from: its content without the key,
    /// its place among the removed screens in key order, and whether an added screen took it.
    private struct RenameCandidate {
        var content: [UInt8]
        var order: Int
        var key: String
        var taken = false
    }

    /// The index of the first candidate (in key order) with `content` that no added screen took;
    /// `candidates` sorted by content, then key order.
    private static func firstUnused(_ candidates: [RenameCandidate], content: [UInt8]) -> Int? {
        var low = 0, high = candidates.count
        while low < high {
            let middle = (low + high) / 2
            if candidates[middle].content.lexicographicallyPrecedes(content) { low = middle + 1 } else { high = middle }
        }
        while low < candidates.count, candidates[low].content == content {
            if !candidates[low].taken { return low }
            low += 1
        }
        return nil
    }

    private static func withoutKey(_ screen: Screen) -> Screen {
        var copy = screen
        copy.key = ""
        return copy
    }

    private static func documentChanges(_ old: Wireframe?, _ new: Wireframe?, writer: JSONWireframeWriter) -> [FieldChange] {
        guard let old, let new else { return [] }
        var changes: [FieldChange] = []
        func compare(_ field: String, _ lhs: String?, _ rhs: String?) {
            if lhs != rhs { changes.append(FieldChange(field: field, old: lhs, new: rhs)) }
        }
        compare("appName", old.appName, new.appName)
        compare("formatVersion", String(old.formatVersion), String(new.formatVersion))
        compare("locale", old.locale, new.locale)
        compare("root", old.root, new.root)
        let oldBars = Dictionary(old.navigationBars.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let newBars = Dictionary(new.navigationBars.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for name in Set(oldBars.keys).union(newBars.keys).sorted() {
            compare(
                "navigations.\(name)",
                oldBars[name].map { text(writer.canonicalBytes(navigationBar: $0)) },
                newBars[name].map { text(writer.canonicalBytes(navigationBar: $0)) })
        }
        return changes
    }

    /// Field-level differences between two versions of one screen.
    static func screenChanges(_ old: Screen, _ new: Screen, writer: JSONWireframeWriter) -> [FieldChange] {
        if old == new { return [] }
        var changes: [FieldChange] = []
        func compare(_ field: String, _ lhs: String?, _ rhs: String?) {
            if lhs != rhs { changes.append(FieldChange(field: field, old: lhs, new: rhs)) }
        }
        func list(_ values: [String]) -> String? { values.isEmpty ? nil : commaSeparated(values) }
        // Lists are joined (and compared as text) only when they differ: equal lists give equal
        // text, and most of a changed screen's lists are equal.
        func compareLists(_ field: String, _ lhs: [String], _ rhs: [String]) {
            if lhs != rhs { compare(field, list(lhs), list(rhs)) }
        }
        compare("title", old.title, new.title)
        compare("type", old.container.rawValue, new.container.rawValue)
        compare("presentationStyle", old.presentation?.rawValue, new.presentation?.rawValue)
        compare("navigation", old.navigationBar, new.navigationBar)
        for (kind, field) in [(LinkKind.subroute, "subroutes"), (.tab, "tabItems"), (.child, "children")]
        where !sameTargets(old.links, new.links, kind: kind) {
            compare(field, list(targets(old.links, kind: kind)), list(targets(new.links, kind: kind)))
        }
        compareLists("dependencies", old.dependencies, new.dependencies)
        compareLists("items", old.items, new.items)
        changes += elementChanges(old.elements, new.elements, writer: writer)
        changes += actionChanges(old.actions, new.actions, writer: writer)
        if old.properties != new.properties {
            for key in Set(old.properties.keys).union(new.properties.keys).sorted() {
                compare("properties.\(key)", old.properties[key], new.properties[key])
            }
        }
        return changes
    }

    /// The targets of the links of one kind, in order.
    private static func targets(_ links: [Link], kind: LinkKind) -> [String] {
        var result: [String] = []
        result.reserveCapacity(links.count)
        for link in links where link.kind == kind { result.append(link.target) }
        return result
    }

    /// Whether the links of one kind have the same targets in the same order on both sides
    /// (walked in place, without the filtered lists).
    private static func sameTargets(_ old: [Link], _ new: [Link], kind: LinkKind) -> Bool {
        var index = 0, newIndex = 0
        while true {
            while index < old.count, old[index].kind != kind { index += 1 }
            while newIndex < new.count, new[newIndex].kind != kind { newIndex += 1 }
            guard index < old.count, newIndex < new.count else { return index == old.count && newIndex == new.count }
            if old[index].target != new[newIndex].target { return false }
            index += 1
            newIndex += 1
        }
    }

    /// Elements are matched by reference where they have one, else by position among the unreferenced.
    private static func elementChanges(_ old: [Element], _ new: [Element], writer: JSONWireframeWriter) -> [FieldChange] {
        guard old != new else { return [] }
        return identifiedChanges(old, new, field: "elements", name: \.reference) { writer.canonicalBytes(element: $0) }
    }

    /// Actions are matched by name, unnamed ones by position among the unnamed.
    private static func actionChanges(_ old: [NamedAction], _ new: [NamedAction], writer: JSONWireframeWriter) -> [FieldChange] {
        guard old != new else { return [] }
        return identifiedChanges(old, new, field: "actions", name: \.name) { writer.canonicalBytes(action: $0.action) }
    }

    /// Changes of an ordered list whose items have an optional name: `field.name` for named items,
    /// `field[n]` for the n-th unnamed one; a value per identity, then `field.order` when the
    /// identities both versions share come in another order.
    private static func identifiedChanges<Item>(
        _ old: [Item], _ new: [Item], field: String, name: (Item) -> String?, bytes: (Item) -> [UInt8]
    ) -> [FieldChange] {
        func identities(_ items: [Item]) -> [(String, Item)] {
            var unnamed = 0
            return items.map { item in
                if let name = name(item) { return ("\(field).\(name)", item) }
                defer { unnamed += 1 }
                return ("\(field)[\(unnamed)]", item)
            }
        }
        let oldList = identities(old)
        let newList = identities(new)
        let oldMap = Dictionary(oldList, uniquingKeysWith: { first, _ in first })
        let newMap = Dictionary(newList, uniquingKeysWith: { first, _ in first })
        var changes: [FieldChange] = []
        var seen: Set<String> = []
        for (identity, _) in oldList + newList where seen.insert(identity).inserted {
            let lhs = oldMap[identity].map { text(bytes($0)) }
            let rhs = newMap[identity].map { text(bytes($0)) }
            if lhs != rhs { changes.append(FieldChange(field: identity, old: lhs, new: rhs)) }
        }
        let oldOrder = oldList.map(\.0).filter { newMap[$0] != nil }
        let newOrder = newList.map(\.0).filter { oldMap[$0] != nil }
        if oldOrder != newOrder {
            changes.append(FieldChange(
                field: "\(field).order", old: commaSeparated(oldOrder), new: commaSeparated(newOrder)))
        }
        return changes
    }

    /// The values joined by ", " (what `joined(separator:)` gives, without its generic path,
    /// whose first call looks up an associated type at run time: ~0.3 M instructions).
    /// Written as bytes into one buffer of the final size: appending to a `String` grows it
    /// several times for a list of ten targets.
    static func commaSeparated(_ values: [String]) -> String {
        var count = 0
        for value in values { count += value.utf8.count + 2 }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        for (index, value) in values.enumerated() {
            if index > 0 {
                bytes.append(UInt8(ascii: ","))
                bytes.append(UInt8(ascii: " "))
            }
            bytes.append(contentsOf: value.utf8)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}
