import WireframeModel
import WireframeAnalysis
import WireframeFormats
import WireframeStore

/// Diffs made from stored screens: a revision's canonical header with only the screens whose
/// hashes differ spliced in, so that comparing two versions reads and parses a few screens
/// instead of two whole sources. The screens that are left out have the same hash on both sides,
/// so the diff is the one of the whole wireframes.
enum ScreenSplice {
    /// The wireframe made of a canonical header and canonical screens, brought to canonical form;
    /// nil when the header cannot take screens (not a JSON object) or the result does not read.
    static func wireframe(header: [UInt8], screens: [[UInt8]]) -> Wireframe? {
        guard header.last == UInt8(ascii: "}") else { return nil }
        var document = Array(header.dropLast())
        document.reserveCapacity(header.count + screens.reduce(16) { $0 + $1.count + 1 })
        document += Array(",\"routes\":[".utf8)
        for (index, screen) in screens.enumerated() {
            if index > 0 { document.append(UInt8(ascii: ",")) }
            document += screen
        }
        document += Array("]}".utf8)
        return JSONWireframeReader().read(document).wireframe.map(CanonicalForm.canonicalize)
    }

    /// The keys whose hashes differ between two sets of screens (key → hash), sorted.
    static func changedKeys(_ old: [String: String], _ new: [String: String]) -> [String] {
        var keys: [String] = []
        for (key, hash) in old where new[key] != hash { keys.append(key) }
        for key in new.keys where old[key] == nil { keys.append(key) }
        return keys.sorted()
    }

    /// The same keys as ``changedKeys(_:_:)`` for the head's screens (key → hash) and a new
    /// version's screens: one lookup per new screen when they are in strict key order (the keys
    /// are then found in order, and no map of the new side is built; a key of the head that is
    /// gone is found by a binary search); else through ``changedKeys(_:_:)``.
    static func changedKeys(_ old: [String: String], _ new: [ScreenContent]) -> [String] {
        var keys: [String] = []
        var matched = 0
        var previous: String?
        for screen in new {
            if let previous, !(previous < screen.key) { return changedKeys(old, hashMap(new)) }
            previous = screen.key
            if let hash = old[screen.key] {
                matched += 1
                if hash != screen.hash { keys.append(screen.key) }
            } else {
                keys.append(screen.key)  // added
            }
        }
        guard matched < old.count else { return keys }
        // Some keys of the head are gone: found by a binary search of the new keys each, and put
        // in their place in the order.
        var removed: [String] = []
        for key in old.keys {
            var low = 0, high = new.count
            while low < high {
                let middle = (low + high) / 2
                if new[middle].key < key { low = middle + 1 } else { high = middle }
            }
            if low == new.count || new[low].key != key { removed.append(key) }
        }
        return (keys + removed).sorted()
    }

    /// Key → hash of screens (the last of equal keys).
    private static func hashMap(_ screens: [ScreenContent]) -> [String: String] {
        var result: [String: String] = [:]
        result.reserveCapacity(screens.count)
        for screen in screens { result[screen.key] = screen.hash }
        return result
    }

    /// The screens of `screens` whose keys are among `keys` (sorted), in their order: one walk
    /// beside the keys when the screens are in key order, else through a set of the keys.
    static func screens(_ screens: [Screen], keys: [String]) -> [Screen] {
        var result: [Screen] = []
        result.reserveCapacity(keys.count)
        var next = 0
        for (index, screen) in screens.enumerated() {
            if index > 0, screen.key < screens[index - 1].key {
                let wanted = Set(keys)
                return screens.filter { wanted.contains($0.key) }
            }
            while next < keys.count, keys[next] < screen.key { next += 1 }
            if next < keys.count, keys[next] == screen.key { result.append(screen) }
        }
        return result
    }

    /// ``screens(_:keys:)`` with the screens' keys read from `contents` (the screens' keys and
    /// bytes, in the same order: the import's list for the store), so that the screens' boxes
    /// are not walked for their keys; only the screens taken are copied.
    static func screens(_ screens: [Screen], contents: [ScreenContent], keys: [String]) -> [Screen] {
        guard contents.count == screens.count else { return Self.screens(screens, keys: keys) }
        var result: [Screen] = []
        result.reserveCapacity(keys.count)
        var next = 0
        for index in contents.indices {
            let key = contents[index].key
            if index > 0, key < contents[index - 1].key { return Self.screens(screens, keys: keys) }
            while next < keys.count, keys[next] < key { next += 1 }
            if next < keys.count, keys[next] == key { result.append(screens[index]) }
        }
        return result
    }

    /// The same keys as ``changedKeys(_:_:)`` for two lists of screens in strict key order (the
    /// head's remembered screens and a new version's), found in one walk, with the old screens'
    /// canonical JSON; nil when `old` is empty or a list is not in strict key order.
    static func changedScreens(_ old: [ScreenContent], _ new: [ScreenContent]) -> (keys: [String], oldScreens: [[UInt8]])? {
        guard !old.isEmpty, old.isStrictlyOrderedByKey, new.isStrictlyOrderedByKey else { return nil }
        var keys: [String] = []
        var oldScreens: [[UInt8]] = []
        var index = 0, newIndex = 0
        while index < old.count || newIndex < new.count {
            if newIndex == new.count || (index < old.count && old[index].key < new[newIndex].key) {
                keys.append(old[index].key)  // removed
                oldScreens.append(old[index].content)
                index += 1
            } else if index == old.count || new[newIndex].key < old[index].key {
                keys.append(new[newIndex].key)  // added
                newIndex += 1
            } else {
                if old[index].hash != new[newIndex].hash {
                    keys.append(old[index].key)
                    oldScreens.append(old[index].content)
                }
                index += 1
                newIndex += 1
            }
        }
        return (keys, oldScreens)
    }

    /// The partial wireframe of stored screens: the header and, for each of `keys` it has, the
    /// screen's stored JSON; nil when a screen's JSON is missing or the result does not read.
    static func wireframe(header: [UInt8], hashes: [String: String], keys: [String], contents: [String: [UInt8]]) -> Wireframe? {
        var screens: [[UInt8]] = []
        for key in keys {
            guard let hash = hashes[key] else { continue }
            guard let content = contents[hash] else { return nil }
            screens.append(content)
        }
        return wireframe(header: header, screens: screens)
    }
}
