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
/// but the key) appears is a `renamed` screen; so is one whose content mostly stayed (see
/// ``RenameMatching``), with its field changes beside the key's. This is the one comparison of
/// screens: stored versions are compared through it too, with only the screens whose hashes
/// differ read (`ScreenSplice` in WireframeSync).
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
    ///
    /// Screens with one key (the first of a key written twice) are compared field by field. Each
    /// added screen, in key order, is a rename of the first removed screen in key order with the
    /// same content but for the key that no other added screen took. The added and removed
    /// screens left are then paired by similarity (``RenameMatching``): a pair is a rename with
    /// the fields that changed.
    public static func between(_ old: Wireframe?, _ new: Wireframe?) -> WireframeDiff {
        let writer = JSONWireframeWriter()
        var diff = WireframeDiff(documentFields: documentChanges(old, new, writer: writer))
        let oldScreens = firstByKey(old?.screens ?? [])
        let newScreens = firstByKey(new?.screens ?? [])

        var removed: [Screen] = []
        for (key, oldScreen) in oldScreens {
            guard let newScreen = newScreens[key] else {
                removed.append(oldScreen)
                continue
            }
            let fields = screenChanges(oldScreen, newScreen, writer: writer)
            if !fields.isEmpty { diff.screens.append(ScreenChange(key: key, kind: .modified, fields: fields)) }
        }
        removed.sort { $0.key < $1.key }

        // The removed screens' keys by their content without the key, in key order.
        var removedByContent: [String: [String]] = [:]
        let added = newScreens.keys.filter { oldScreens[$0] == nil }.sorted()
        if !added.isEmpty {
            for screen in removed { removedByContent[contentWithoutKey(screen, writer: writer), default: []].append(screen.key) }
        }
        var renamedFrom: Set<String> = []
        var unmatched: [Screen] = []
        for key in added {
            guard let screen = newScreens[key] else { continue }
            let content = removedByContent.isEmpty ? "" : contentWithoutKey(screen, writer: writer)
            if let previousKey = removedByContent[content]?.first {
                removedByContent[content]?.removeFirst()
                if removedByContent[content]?.isEmpty == true { removedByContent[content] = nil }
                renamedFrom.insert(previousKey)
                diff.screens.append(
                    ScreenChange(
                        key: key, previousKey: previousKey, kind: .renamed, fields: [FieldChange(field: "name", old: previousKey, new: key)]
                    ))
            } else {
                unmatched.append(screen)
            }
        }
        let left = removed.filter { !renamedFrom.contains($0.key) }
        let pairs = RenameMatching.pairs(removed: left, added: unmatched, writer: writer)
        var renamedTo: Set<String> = []
        for (oldScreen, newScreen) in pairs {
            renamedFrom.insert(oldScreen.key)
            renamedTo.insert(newScreen.key)
            diff.screens.append(
                ScreenChange(
                    key: newScreen.key, previousKey: oldScreen.key, kind: .renamed,
                    fields: [FieldChange(field: "name", old: oldScreen.key, new: newScreen.key)]
                        + screenChanges(oldScreen, newScreen, writer: writer)))
        }
        for screen in unmatched where !renamedTo.contains(screen.key) {
            diff.screens.append(ScreenChange(key: screen.key, kind: .added))
        }
        for screen in removed where !renamedFrom.contains(screen.key) {
            diff.screens.append(ScreenChange(key: screen.key, kind: .removed))
        }
        diff.screens.sort { $0.key < $1.key }
        return diff
    }

    /// The screens by key; of a key written twice, the first.
    private static func firstByKey(_ screens: [Screen]) -> [String: Screen] {
        Dictionary(screens.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// A screen's canonical JSON with an empty key: equal for two screens that differ in their key alone.
    private static func contentWithoutKey(_ screen: Screen, writer: JSONWireframeWriter) -> String {
        var copy = screen
        copy.key = ""
        return String(decoding: writer.canonicalBytes(screen: copy), as: UTF8.self)
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
        // A list as text, nil when empty: lists that read the same once joined are no change.
        func list(_ values: [String]) -> String? { values.isEmpty ? nil : values.joined(separator: ", ") }
        func targets(_ links: [Link], _ kind: LinkKind) -> [String] { links.filter { $0.kind == kind }.map(\.target) }
        compare("title", old.title, new.title)
        compare("type", old.container.rawValue, new.container.rawValue)
        compare("presentationStyle", old.presentation?.rawValue, new.presentation?.rawValue)
        compare("navigation", old.navigationBar, new.navigationBar)
        for (kind, field) in [(LinkKind.subroute, "subroutes"), (.tab, "tabItems"), (.child, "children")] {
            compare(field, list(targets(old.links, kind)), list(targets(new.links, kind)))
        }
        compare("dependencies", list(old.dependencies), list(new.dependencies))
        compare("items", list(old.items), list(new.items))
        if old.elements != new.elements {
            changes += identifiedChanges(old.elements, new.elements, field: "elements", name: \.reference) {
                writer.canonicalBytes(element: $0)
            }
        }
        if old.actions != new.actions {
            changes += identifiedChanges(old.actions, new.actions, field: "actions", name: \.name) {
                writer.canonicalBytes(action: $0.action)
            }
        }
        for key in Set(old.properties.keys).union(new.properties.keys).sorted() {
            compare("properties.\(key)", old.properties[key], new.properties[key])
        }
        return changes
    }

    /// Changes of an ordered list whose items have an optional name (elements by reference,
    /// actions by name): `field.name` for named items, `field[n]` for the n-th unnamed one; a
    /// value per identity, then `field.order` when the identities both versions share come in
    /// another order.
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
            changes.append(
                FieldChange(
                    field: "\(field).order", old: oldOrder.joined(separator: ", "), new: newOrder.joined(separator: ", ")))
        }
        return changes
    }

    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}
