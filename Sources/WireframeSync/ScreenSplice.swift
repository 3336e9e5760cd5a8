import WireframeModel
import WireframeAnalysis
import WireframeFormats

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
