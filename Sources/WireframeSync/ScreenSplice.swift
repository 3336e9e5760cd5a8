import WireframeModel
import WireframeAnalysis
import WireframeFormats
import WireframeStore

/// Diffs of stored versions that read only the screens that differ: a screen with the same hash
/// (or stored version) on both sides is the same and is left out of both; the others are spliced
/// into their revision's canonical header, read, and compared by ``WireframeDiff/between(_:_:)``,
/// which then gives the diff of the whole wireframes.
enum ScreenSplice {
    /// The diff of two stored revisions compared screen by screen by the store, with the two
    /// partial wireframes it was made from; nil when a header cannot take screens or the result
    /// does not read (the revisions are then read from their sources).
    static func comparison(_ pair: ScreenComparison) -> (diff: WireframeDiff, old: Wireframe, new: Wireframe)? {
        guard let oldHeader = pair.oldHeader, let newHeader = pair.newHeader else { return nil }
        guard let old = wireframe(header: oldHeader, screens: pair.oldContents.compactMap { $0 }),
            let new = wireframe(header: newHeader, screens: pair.newContents.compactMap { $0 })
        else { return nil }
        return (WireframeDiff.between(old, new), old, new)
    }

    /// The wireframe made of a canonical header and canonical screens, brought to canonical form;
    /// nil when the header cannot take screens (not a JSON object) or the result does not read.
    static func wireframe(header: [UInt8], screens: [[UInt8]]) -> Wireframe? {
        guard let document = JSONWireframeWriter().canonicalBytes(header: header, screens: screens) else { return nil }
        return JSONWireframeReader().read(document).wireframe.map(CanonicalForm.canonicalize)
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

    /// The keys whose hashes differ between the head's screens (key → hash) and a new version's
    /// screens (of a key written twice, the last), sorted: changed, added and removed alike.
    static func changedKeys(_ old: [String: String], _ new: [ScreenContent]) -> [String] {
        var newHashes: [String: String] = [:]
        for screen in new { newHashes[screen.key] = screen.hash }
        var keys: [String] = []
        for (key, hash) in old where newHashes[key] != hash { keys.append(key) }
        for key in newHashes.keys where old[key] == nil { keys.append(key) }
        return keys.sorted()
    }

    /// ``changedKeys(_:_:)`` for the head's screens as this process stored them, with the head's
    /// and the new version's canonical JSON of those keys; nil when there are none (the head is
    /// then read from the store).
    ///
    /// Both lists come in key order (canonical form sorts screens by key), so one walk beside
    /// each other finds the changed keys: the daemon compares every save with its head this way,
    /// and hashing each list's thousand keys into maps cost 0.3–0.4 ms a save at 1,000 screens.
    /// Lists not in strict key order go through the maps.
    static func changedScreens(_ old: [ScreenContent], _ new: [ScreenContent]) -> (
        keys: [String], oldScreens: [[UInt8]], newScreens: [[UInt8]]
    )? {
        guard !old.isEmpty else { return nil }
        guard old.isStrictlyOrderedByKey, new.isStrictlyOrderedByKey else {
            var oldByKey: [String: ScreenContent] = [:]
            for screen in old { oldByKey[screen.key] = screen }
            let keys = changedKeys(oldByKey.mapValues(\.hash), new)
            let wanted = Set(keys)
            return (keys, keys.compactMap { oldByKey[$0]?.content }, new.filter { wanted.contains($0.key) }.map(\.content))
        }
        var keys: [String] = []
        var oldScreens: [[UInt8]] = []
        var newScreens: [[UInt8]] = []
        var oldIndex = 0
        var newIndex = 0
        while oldIndex < old.count || newIndex < new.count {
            if newIndex == new.count || (oldIndex < old.count && old[oldIndex].key < new[newIndex].key) {
                keys.append(old[oldIndex].key)
                oldScreens.append(old[oldIndex].content)
                oldIndex += 1
            } else if oldIndex == old.count || new[newIndex].key < old[oldIndex].key {
                keys.append(new[newIndex].key)
                newScreens.append(new[newIndex].content)
                newIndex += 1
            } else {
                if old[oldIndex].hash != new[newIndex].hash {
                    keys.append(old[oldIndex].key)
                    oldScreens.append(old[oldIndex].content)
                    newScreens.append(new[newIndex].content)
                }
                oldIndex += 1
                newIndex += 1
            }
        }
        return (keys, oldScreens, newScreens)
    }
}
