public import WireframeModel
import WireframeFormats

/// A three-way merge of canonical wireframes at the level the model knows: screens by key, and
/// within a screen each field (title, type, presentation, navigation bar, each kind of link,
/// dependencies, items, each property, each element by reference or position, each action by
/// name or position); the document's own fields and its navigation bars by name.
///
/// `base` is what the saving side last agreed with, `theirs` what the store holds now (another
/// writer's work since the base) and `ours` the save. A field that only one side changed takes
/// that side's value, so work on different screens and different fields of one screen is all
/// kept. A field both sides changed, each in its own way, takes the save's value (a save is never
/// refused) and is reported as a ``Conflict`` with the value it overwrote; an item (a screen, an
/// element, an action) that one side removed and the other edited is kept as edited, and
/// reported, because an edit is work a person did and a removal can be repeated.
///
/// Items are compared by their canonical JSON, so two values that mean the same are the same.
/// The fields' names are the diff's (``WireframeDiff``), so a conflict reads like a change.
public struct WireframeMerge: Sendable {
    /// What the merge made.
    public struct Result: Sendable {
        /// The merged wireframe, in canonical order.
        public var merged: Wireframe
        /// Where both sides changed the same field.
        public var conflicts: [Conflict]
        /// The screens (by key; "" for the document's own fields) where the merged wireframe
        /// holds a change of `theirs` since the base: the other writers' work the merge kept.
        public var keptTheirs: [String]
    }

    /// A field that both sides changed.
    public struct Conflict: Sendable, Hashable, Codable {
        /// How the merge decided it.
        public enum Resolution: String, Sendable, Hashable, Codable {
            /// The save's value replaced theirs.
            case saveWins = "save-wins"
            /// One side removed the item and the other edited it: the edited item is kept.
            case editKept = "edit-kept"
        }

        /// The screen's key; "" for the document's own fields.
        public var screenKey: String
        /// The field, as the diff names it (`title`, `elements.pay`, `navigations.main`); the
        /// empty field is the screen (or for the document, nothing else: never empty there).
        public var field: String
        /// Their value (canonical JSON text for structured values); nil when they removed it.
        public var theirs: String?
        /// The merged value; nil when it is gone.
        public var merged: String?
        /// How it was decided.
        public var resolution: Resolution

        /// Creates a conflict.
        public init(screenKey: String, field: String, theirs: String?, merged: String?, resolution: Resolution) {
            self.screenKey = screenKey
            self.field = field
            self.theirs = theirs
            self.merged = merged
            self.resolution = resolution
        }
    }

    private let writer = JSONWireframeWriter()

    /// Creates a merge.
    public init() {}

    /// Merges `ours` and `theirs`, both changed from `base`. All three must be canonical
    /// (``CanonicalForm/canonicalize(_:)``); the result's source format and locations are ours.
    public func merge(base: Wireframe, theirs: Wireframe, ours: Wireframe) -> Result {
        var work = Work(writer: writer)
        var merged = ours
        merged.appName = work.scalar("", "appName", base.appName, theirs.appName, ours.appName)
        merged.formatVersion = work.scalar("", "formatVersion", base.formatVersion, theirs.formatVersion, ours.formatVersion) {
            String($0)
        }
        merged.locale = work.scalar("", "locale", base.locale, theirs.locale, ours.locale)
        merged.root = work.scalar("", "root", base.root, theirs.root, ours.root)
        merged.navigationBars = work.list(
            "", "navigations", base.navigationBars, theirs.navigationBars, ours.navigationBars, name: \.name, positional: false
        ) { writer.canonicalBytes(navigationBar: $0) }
        merged.navigationBars.sort { $0.name < $1.name }

        let baseScreens = Self.firstByKey(base.screens)
        let theirScreens = Self.firstByKey(theirs.screens)
        let ourScreens = Self.firstByKey(ours.screens)
        var screens: [Screen] = []
        for key in Set(baseScreens.keys).union(theirScreens.keys).union(ourScreens.keys).sorted() {
            if let screen = work.screen(key, baseScreens[key], theirScreens[key], ourScreens[key]) { screens.append(screen) }
        }
        merged.screens = screens
        return Result(merged: merged, conflicts: work.conflicts, keptTheirs: work.keptTheirs.sorted())
    }

    /// The screens by key; of a key written twice, the first (as the diff takes them).
    private static func firstByKey(_ screens: [Screen]) -> [String: Screen] {
        Dictionary(screens.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The state of one merge: what it found so far.
    private struct Work {
        let writer: JSONWireframeWriter
        var conflicts: [Conflict] = []
        var keptTheirs: Set<String> = []

        init(writer: JSONWireframeWriter) { self.writer = writer }

        /// One side's pick for a value of which each side may have a version (nil: absent).
        enum Pick { case ours, theirs, conflict }

        /// Which side a value comes from: the side that changed it; ours when both did.
        func pick<Value: Equatable>(_ base: Value, _ theirs: Value, _ ours: Value) -> Pick {
            if theirs == ours || theirs == base { return .ours }
            if ours == base { return .theirs }
            return .conflict
        }

        mutating func scalar<Value: Equatable>(
            _ screen: String, _ field: String, _ base: Value, _ theirs: Value, _ ours: Value, text: (Value) -> String?
        ) -> Value {
            switch pick(base, theirs, ours) {
            case .ours: return ours
            case .theirs:
                keptTheirs.insert(screen)
                return theirs
            case .conflict:
                conflicts.append(Conflict(screenKey: screen, field: field, theirs: text(theirs), merged: text(ours), resolution: .saveWins))
                return ours
            }
        }

        mutating func scalar(_ screen: String, _ field: String, _ base: String, _ theirs: String, _ ours: String) -> String {
            scalar(screen, field, base, theirs, ours) { $0 }
        }

        mutating func scalar(_ screen: String, _ field: String, _ base: String?, _ theirs: String?, _ ours: String?) -> String? {
            scalar(screen, field, base, theirs, ours) { $0 }
        }

        /// A list of names, shown joined as the diff shows it.
        mutating func scalar(_ screen: String, _ field: String, _ base: [String], _ theirs: [String], _ ours: [String]) -> [String] {
            scalar(screen, field, base, theirs, ours) { $0.isEmpty ? nil : $0.joined(separator: ", ") }
        }

        /// An ordered list of items with an optional name (elements by reference, actions by
        /// name, bars by name): each item merged by its identity (`field.NAME`, or `field[n]`
        /// for the n-th unnamed one, as the diff names them), in the order of the side that
        /// reordered the items both keep (theirs when neither did), with the other side's new
        /// items after the item they follow there.
        mutating func list<Item>(
            _ screen: String, _ field: String, _ base: [Item], _ theirs: [Item], _ ours: [Item], name: (Item) -> String?,
            positional: Bool = true, bytes: (Item) -> [UInt8]
        ) -> [Item] {
            func identified(_ items: [Item]) -> [(id: String, item: Item, bytes: [UInt8])] {
                var unnamed = 0
                var seen: Set<String> = []
                return items.compactMap { item in
                    let id: String
                    if let name = name(item) {
                        id = "\(field).\(name)"
                    } else {
                        id = positional ? "\(field)[\(unnamed)]" : "\(field)"
                        unnamed += 1
                    }
                    // The first of an identity written twice, as the diff takes it.
                    guard seen.insert(id).inserted else { return nil }
                    return (id, item, bytes(item))
                }
            }
            let b = identified(base)
            let t = identified(theirs)
            let o = identified(ours)
            if t.map(\.bytes) == o.map(\.bytes) || t.map(\.bytes) == b.map(\.bytes) { return ours }
            if o.map(\.bytes) == b.map(\.bytes) {
                keptTheirs.insert(screen)
                return theirs
            }
            let baseById = Dictionary(b.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            let theirsById = Dictionary(t.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            let oursById = Dictionary(o.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            var chosen: [String: Item] = [:]
            for id in Set(baseById.keys).union(theirsById.keys).union(oursById.keys) {
                let old = baseById[id]?.bytes
                let their = theirsById[id]
                let our = oursById[id]
                switch pick(old, their?.bytes, our?.bytes) {
                case .ours:
                    if let our { chosen[id] = our.item }
                case .theirs:
                    keptTheirs.insert(screen)
                    if let their { chosen[id] = their.item }
                case .conflict:
                    // Removed on one side and edited on the other: the edit stays.
                    if let our, their != nil {
                        chosen[id] = our.item
                        conflicts.append(
                            Conflict(
                                screenKey: screen, field: id, theirs: their.map { Self.text($0.bytes) },
                                merged: Self.text(our.bytes), resolution: .saveWins))
                    } else if let kept = our ?? their {
                        chosen[id] = kept.item
                        conflicts.append(
                            Conflict(
                                screenKey: screen, field: id, theirs: their.map { Self.text($0.bytes) }, merged: Self.text(kept.bytes),
                                resolution: .editKept))
                    }
                }
            }
            // The order: of the side that reordered what both sides kept of the base.
            let common = Set(baseById.keys).intersection(theirsById.keys).intersection(oursById.keys)
            let ourOrder = o.map(\.id).filter(common.contains)
            let baseOrder = b.map(\.id).filter(common.contains)
            let (skeleton, other) = ourOrder == baseOrder ? (t.map(\.id), o.map(\.id)) : (o.map(\.id), t.map(\.id))
            var order = skeleton
            var position = 0  // where the other side's next new item goes: after the one it follows
            for id in other {
                if let index = order.firstIndex(of: id) {
                    position = index + 1
                } else {
                    order.insert(id, at: position)
                    position += 1
                }
            }
            // Items only the base had (removed by one side, edited by the other) go where the base had them.
            for (index, entry) in b.enumerated() where !order.contains(entry.id) && chosen[entry.id] != nil {
                order.insert(entry.id, at: min(index, order.count))
            }
            return order.compactMap { chosen[$0] }
        }

        static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

        /// One screen of the merge; nil when the merge has no screen of that key.
        mutating func screen(_ key: String, _ base: Screen?, _ theirs: Screen?, _ ours: Screen?) -> Screen? {
            let writer = self.writer
            let baseBytes = base.map { writer.canonicalBytes(screen: $0) }
            let theirBytes = theirs.map { writer.canonicalBytes(screen: $0) }
            let ourBytes = ours.map { writer.canonicalBytes(screen: $0) }
            switch pick(baseBytes, theirBytes, ourBytes) {
            case .ours: return ours
            case .theirs:
                keptTheirs.insert(key)
                return theirs
            case .conflict: break
            }
            guard let theirs, let ours else {
                // Removed on one side, edited on the other: the edited screen stays.
                let kept = ours ?? theirs
                conflicts.append(
                    Conflict(
                        screenKey: key, field: "", theirs: theirBytes.map(Self.text), merged: (ourBytes ?? theirBytes).map(Self.text),
                        resolution: .editKept))
                if ours == nil { keptTheirs.insert(key) }
                return kept
            }
            // Added on both sides, or edited on both: field by field (a screen both added is
            // merged as if its base had none of the fields).
            let old = base ?? Screen(key: key, container: ours.container)
            var merged = ours
            merged.title = scalar(key, "title", old.title, theirs.title, ours.title)
            merged.container = scalar(key, "type", old.container, theirs.container, ours.container) { $0.rawValue }
            merged.presentation = scalar(key, "presentationStyle", old.presentation, theirs.presentation, ours.presentation) {
                $0?.rawValue
            }
            merged.navigationBar = scalar(key, "navigation", old.navigationBar, theirs.navigationBar, ours.navigationBar)
            merged.parent = scalar(key, "parent", old.parent, theirs.parent, ours.parent)
            var links: [Link] = []
            for (kind, field) in [(LinkKind.subroute, "subroutes"), (.tab, "tabItems"), (.child, "children")] {
                func of(_ screen: Screen) -> [Link] { screen.links.filter { $0.kind == kind } }
                let targets = scalar(key, field, of(old).map(\.target), of(theirs).map(\.target), of(ours).map(\.target))
                links += targets == of(ours).map(\.target) ? of(ours) : of(theirs)
            }
            merged.links = links
            merged.dependencies = set(key, "dependencies", old.dependencies, theirs.dependencies, ours.dependencies)
            merged.items = scalar(key, "items", old.items, theirs.items, ours.items)
            merged.elements = list(key, "elements", old.elements, theirs.elements, ours.elements, name: \.reference) {
                writer.canonicalBytes(element: $0)
            }
            merged.actions = list(key, "actions", old.actions, theirs.actions, ours.actions, name: \.name) {
                writer.canonicalBytes(action: $0.action)
            }
            var properties: [String: String] = [:]
            for name in Set(old.properties.keys).union(theirs.properties.keys).union(ours.properties.keys) {
                properties[name] = scalar(key, "properties.\(name)", old.properties[name], theirs.properties[name], ours.properties[name])
            }
            merged.properties = properties
            return merged
        }

        /// A set (dependencies): what either side added, without what either side removed, sorted.
        mutating func set(_ screen: String, _ field: String, _ base: [String], _ theirs: [String], _ ours: [String]) -> [String] {
            let old = Set(base)
            let their = Set(theirs)
            let our = Set(ours)
            if their != old && our == old { keptTheirs.insert(screen) }
            let added = their.subtracting(old).union(our.subtracting(old))
            let removed = old.subtracting(their).union(old.subtracting(our))
            return old.union(added).subtracting(removed).sorted()
        }
    }
}
