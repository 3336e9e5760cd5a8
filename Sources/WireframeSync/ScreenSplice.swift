import WireframeModel
import WireframeAnalysis
import WireframeFormats
import WireframeStore

/// Diffs of stored versions that read only the screens that differ: a screen with the same hash
/// (or stored version) on both sides is the same and is left out of both; the others are spliced
/// into their revision's canonical header, read, and compared by ``WireframeDiff/between(_:_:)``,
/// which then gives the diff of the whole wireframes.
enum ScreenSplice {
    /// The diff of two stored revisions compared screen by screen by the store; nil when a
    /// header cannot take screens or the result does not read (the revisions are then read
    /// from their sources).
    static func diff(_ pair: ScreenComparison) -> WireframeDiff? {
        guard let oldHeader = pair.oldHeader, let newHeader = pair.newHeader else { return nil }
        guard let old = wireframe(header: oldHeader, screens: pair.oldContents.compactMap { $0 }),
            let new = wireframe(header: newHeader, screens: pair.newContents.compactMap { $0 })
        else { return nil }
        return WireframeDiff.between(old, new)
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
    /// canonical JSON of those keys; nil when there are none (the head is then read from the store).
    static func changedScreens(_ old: [ScreenContent], _ new: [ScreenContent]) -> (keys: [String], oldScreens: [[UInt8]])? {
        guard !old.isEmpty else { return nil }
        var oldByKey: [String: ScreenContent] = [:]
        for screen in old { oldByKey[screen.key] = screen }
        let keys = changedKeys(oldByKey.mapValues(\.hash), new)
        return (keys, keys.compactMap { oldByKey[$0]?.content })
    }

    /// The screens whose keys are among `keys`, in their order.
    static func screens(_ screens: [Screen], keys: [String]) -> [Screen] {
        let wanted = Set(keys)
        return screens.filter { wanted.contains($0.key) }
    }
}
