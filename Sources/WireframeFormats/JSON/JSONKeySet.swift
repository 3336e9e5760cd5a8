/// Every key of an object the JSON reader knows, across all kinds of objects; a reader keeps one
/// slot for each.
enum JSONKey: Int, CaseIterable, Sendable {
    case appName, root, routes, navigations, formatVersion, locale, name, title, type, presentationStyle
    case presentationType, subroutes, navigation, tabItems, children, dependencies, items, elements
    case actions, properties, kind, reference, `class`, text, action, target, task, param, triggers
    case push, present, branch, replaceRoot, pop, dismiss, popToRoot, popToView, alert, url, send
    case sequence, loadSchema, conditional, other, destination, destinationName, success, failure, event
    case buttons, icon

    /// The keys as they are spelled in JSON (the names of the cases), by raw value. Spelled out
    /// rather than made with `String(describing:)`, whose reflection scans the binary's protocol
    /// conformances at the first use in every process (a test checks that both agree).
    static let names: [String] = [
        "appName", "root", "routes", "navigations", "formatVersion", "locale", "name", "title", "type", "presentationStyle",
        "presentationType", "subroutes", "navigation", "tabItems", "children", "dependencies", "items", "elements",
        "actions", "properties", "kind", "reference", "class", "text", "action", "target", "task", "param", "triggers",
        "push", "present", "branch", "replaceRoot", "pop", "dismiss", "popToRoot", "popToView", "alert", "url", "send",
        "sequence", "loadSchema", "conditional", "other", "destination", "destinationName", "success", "failure", "event",
        "buttons", "icon",
    ]

    /// The key as it is spelled in JSON.
    var name: String { Self.names[rawValue] }

    /// The key spelled `name`.
    init?(name: String) {
        guard let index = Self.names.firstIndex(of: name) else { return nil }
        self.init(rawValue: index)
    }
}

/// The keys an object may have, and where each is among them.
///
/// A class, so that an object reader holds it with one reference instead of copying its arrays.
final class JSONKeySet: Sendable {
    /// The keys, in the order callers list them (the order of "did you mean" candidates).
    let names: [String]
    /// For each ``JSONKey`` by raw value, its position among `names`, -1 when not among them.
    private let positions: [Int8]
    /// Each key's UTF-8 bytes, by position.
    private let utf8: [[UInt8]]

    /// The most keys a set may hold (the number of a reader's slots).
    static let capacity = 24

    /// A set of keys, each of which is a ``JSONKey``.
    init(_ names: [String]) {
        precondition(names.count <= Self.capacity, "a key set holds at most \(Self.capacity) keys")
        self.names = names
        let keys = names.compactMap(JSONKey.init(name:))
        var positions = [Int8](repeating: -1, count: JSONKey.allCases.count)
        for (position, key) in keys.enumerated() { positions[key.rawValue] = Int8(position) }
        self.positions = positions
        utf8 = keys.map { Array($0.name.utf8) }
    }

    /// The position of `key` in the set.
    func position(of key: JSONKey) -> Int? {
        let position = Int(positions[key.rawValue])
        return position < 0 ? nil : position
    }

    /// The position in the set of the key whose UTF-8 bytes are `bytes` (a key's decoded UTF-8).
    func position(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        utf8.firstIndex { key in key.withUnsafeBufferPointer { sameBytes($0, bytes) } }
    }
}
