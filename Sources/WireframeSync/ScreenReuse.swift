import Synchronization
import WireframeModel

/// The canonical bytes and hashes of the screens of each document's last imported version, with
/// the bytes of the source each came from, so that the next import of the same document writes
/// and hashes only the screens whose source text changed.
///
/// A JSON route's canonical bytes depend on the route's own object and nothing else (canonical
/// form drops the locations, and an inline route's parent; a route is read from its object
/// alone). So a top-level route whose text, from its `{` to the start of the next top-level
/// route, is byte for byte the text of the route of the same name in the version remembered has
/// that route's canonical bytes and hash. A route is taken from memory only when its name is
/// given to no other screen of either version and it holds no inline routes; the last route of
/// the file (whose text has no next route to end it) and WorkflowSchema documents are always
/// written anew. The bytes remembered never depend on the store's head, so a head moved by
/// another process does not make them wrong.
///
/// The daemon keeps one for its life; `wfs import`, which imports each file once, has none.
public final class ScreenReuse: Sendable {
    /// A top-level route of a remembered version: where its text lay and what it gave.
    struct Route: Sendable {
        var text: Range<Int>
        var content: [UInt8]
        var hash: String
    }

    /// One document's remembered version.
    struct Entry: Sendable {
        var source: [UInt8]
        var routes: [String: Route]
    }

    private let entries = Mutex<[String: Entry]>([:])

    /// Creates an empty memory.
    public init() {}

    /// How many documents are remembered.
    public var documentCount: Int { entries.withLock { $0.count } }

    func entry(path: String) -> Entry? { entries.withLock { $0[path] } }

    func remember(_ entry: Entry, path: String) { entries.withLock { $0[path] = entry } }

    /// Forgets a document (its file is gone).
    public func forget(path: String) { _ = entries.withLock { $0.removeValue(forKey: path) } }

    /// The text of each top-level route that can be taken from memory, by its name: from its
    /// object's first byte to the next top-level route's. `screens` are as the JSON reader gives
    /// them (in the order they are defined, inline routes after their parent).
    static func routeTexts(_ screens: [Screen]) -> [String: Range<Int>] {
        var uses: [String: Int] = [:]
        uses.reserveCapacity(screens.count)
        for screen in screens { uses[screen.key, default: 0] += 1 }
        var texts: [String: Range<Int>] = [:]
        texts.reserveCapacity(screens.count)
        var previous: Screen?
        for screen in screens where screen.parent == nil {
            if let route = previous {
                let start = route.locations.definition.offset
                let end = screen.locations.definition.offset
                if start < end, uses[route.key] == 1, !route.links.contains(where: \.isInline) {
                    texts[route.key] = start..<end
                }
            }
            previous = screen
        }
        return texts
    }

    /// The remembered route of `key` whose text is the text at `text` in `source`; nil when
    /// there is none or the text differs.
    static func unchanged(_ entry: Entry, key: String, text: Range<Int>, source: [UInt8]) -> Route? {
        guard let route = entry.routes[key], route.text.count == text.count,
            route.text.upperBound <= entry.source.count, text.upperBound <= source.count
        else { return nil }
        let same = entry.source.withUnsafeBufferPointer { old in
            source.withUnsafeBufferPointer { new in
                guard let oldBase = old.baseAddress, let newBase = new.baseAddress else { return text.isEmpty }
                return memcmp(oldBase + route.text.lowerBound, newBase + text.lowerBound, text.count) == 0
            }
        }
        return same ? route : nil
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
