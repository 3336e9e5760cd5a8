import Synchronization
import WireframeFormats
import WireframeModel
import WireframeAnalysis

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
    /// One document's remembered version: its source, and its reusable screens in key order
    /// (the canonical order), each with where its route's text lay, its bytes and its hash.
    struct Entry: Sendable {
        var source: [UInt8]
        var keys: [String] = []
        var texts: [Range<Int>] = []
        var contents: [[UInt8]] = []
        var hashes: [String] = []
        /// The order of the version's canonical form (``CanonicalForm/canonicalize(_:trying:)``),
        /// for the next version to try.
        var order: [Int] = []
    }

    /// Where the top-level routes of a version begin in its source, in source order, and
    /// whether each can be reused (it holds no inline route). A route's text ends where the
    /// next begins; the last one's has no end and is never reused.
    struct Routes: Sendable {
        var starts: [Int] = []
        var reusable: [Bool] = []
        /// For each screen, in the reader's order, the text of its route when it is a reusable
        /// top-level route (nil for an inline route: it begins inside another route's text);
        /// empty when no route is reused.
        var texts: [Range<Int>?] = []
    }

    private let entries = Mutex<[String: Entry]>([:])
    /// What the JSON reader kept of each document's last read, whatever its verdict: the next
    /// read of the file parses only the routes whose text changed (``JSONReadMemory``); and the
    /// navigation graph that validation built of that read's wireframe, once it has, for the
    /// next validation to take what it can from (``GraphMemory``).
    private let reads = Mutex<[String: Read]>([:])

    /// One document's last read.
    struct Read: Sendable {
        var memory: JSONReadMemory
        /// Tells this read from the others of the document (``rememberGraph(_:path:read:)``).
        var number: UInt64
        var graph: NavigationGraph?
    }

    /// The numbers given to reads.
    private let readNumbers = Atomic<UInt64>(0)

    /// Creates an empty memory.
    public init() {}

    /// How many documents are remembered.
    public var documentCount: Int { entries.withLock { $0.count } }

    /// What to remember of each document's last version, not made yet (``remember(later:path:)``).
    private let pending = Mutex<[String: @Sendable () -> Entry]>([:])

    func entry(path: String) -> Entry? {
        if let make = pending.withLock({ $0.removeValue(forKey: path) }) { remember(make(), path: path) }
        return entries.withLock { $0[path] }
    }

    func remember(_ entry: Entry, path: String) {
        let old = entries.withLock { $0.updateValue(entry, forKey: path) }
        discard(old)
    }

    /// Remembers what `make` makes for the document, made once the save is reported
    /// (``emptyTrash()``) or when the next import of the document asks for it, whichever is first:
    /// until then the document's remembered version is none, never the one before.
    func remember(later make: @escaping @Sendable () -> Entry, path: String) {
        let old = entries.withLock { $0.removeValue(forKey: path) }
        discard(old)
        pending.withLock { $0[path] = make }
    }

    /// What an import replaced or made and no longer needs, released by ``emptyTrash()``: freeing
    /// a thousand screens takes longer than the rest of a save's work after its write, so the
    /// daemon does it once the save is reported.
    private let trash = Mutex<[any Sendable]>([])

    /// Keeps `value` until ``emptyTrash()``.
    func discard(_ value: (any Sendable)?) {
        guard let value else { return }
        trash.withLock { $0.append(value) }
    }

    /// Releases what imports discarded (the next import does it too, if nobody did before).
    public func emptyTrash() {
        let made = pending.withLock { pending -> [String: @Sendable () -> Entry] in
            defer { pending = [:] }
            return pending
        }
        for (path, make) in made { remember(make(), path: path) }
        let discarded = trash.withLock { trash -> [any Sendable] in
            defer { trash = [] }
            return trash
        }
        _ = discarded
    }

    /// What hashing each document's last source and last canonical bytes leaves for hashing
    /// the next ones (``ContentHash/Checkpoints``): the hashes never depend on it, only the work.
    private let hashes = Mutex<[String: Hashes]>([:])

    struct Hashes: Sendable {
        var source: ContentHash.Checkpoints?
        var canonical: ContentHash.Checkpoints?
    }

    func hashCheckpoints(path: String) -> Hashes? {
        hashes.withLock { $0[path] }
    }

    /// Keeps what hashing the document's source (or, with `canonical`, its canonical bytes) left;
    /// what it replaces is released after the import (see ``emptyTrash()``).
    func rememberHash(_ checkpoints: ContentHash.Checkpoints, path: String, canonical: Bool) {
        let old = hashes.withLock { hashes -> ContentHash.Checkpoints? in
            var entry = hashes.removeValue(forKey: path) ?? Hashes()
            let old = canonical ? entry.canonical : entry.source
            if canonical { entry.canonical = checkpoints } else { entry.source = checkpoints }
            hashes[path] = entry
            return old
        }
        discard(old)
    }

    /// Forgets a document (its file is gone).
    public func forget(path: String) {
        _ = hashes.withLock { $0.removeValue(forKey: path) }
        _ = pending.withLock { $0.removeValue(forKey: path) }
        _ = entries.withLock { $0.removeValue(forKey: path) }
        _ = reads.withLock { $0.removeValue(forKey: path) }
    }

    /// The JSON reader's memory of the document's last read, if any, with the graph of its
    /// wireframe if validation made one.
    func lastRead(path: String) -> (memory: JSONReadMemory, graph: NavigationGraph?)? {
        reads.withLock { $0[path].map { ($0.memory, $0.graph) } }
    }

    /// Takes the document's last read out of this memory (as ``lastRead(path:)`` gives it; the
    /// next ``rememberRead(_:path:)`` puts the new one in): its screens are then held by the
    /// caller alone, and a read can move them instead of copying them
    /// (``JSONWireframeReader/read(_:movingScreensOf:)``).
    func takeLastRead(path: String) -> (memory: JSONReadMemory, graph: NavigationGraph?)? {
        reads.withLock { $0.removeValue(forKey: path) }.map { ($0.memory, $0.graph) }
    }

    /// Keeps (or, for nil, forgets) the JSON reader's memory of the document's last read; the
    /// number it returns names that read for ``rememberGraph(_:path:read:)``.
    @discardableResult
    func rememberRead(_ memory: JSONReadMemory?, path: String) -> UInt64 {
        let number = readNumbers.add(1, ordering: .relaxed).newValue
        // The old memory is released after the import (see ``emptyTrash()``).
        let old = reads.withLock { reads in
            if let memory { reads.updateValue(Read(memory: memory, number: number, graph: nil), forKey: path) } else { reads.removeValue(forKey: path) }
        }
        discard(old)
        return number
    }

    /// Keeps the graph that validation made of the wireframe of read `read` of the document,
    /// if that read is still its last.
    func rememberGraph(_ graph: NavigationGraph, path: String, read: UInt64) {
        reads.withLock { reads in
            guard reads[path]?.number == read else { return }
            // Without its screens, which the read kept holds (so that the next read can move them).
            reads[path]?.graph = graph.withoutScreens()
        }
    }

    /// The top-level routes of `screens` as the JSON reader gives them (in the order they are
    /// defined, inline routes after their parent, each with the location of its object).
    static func routes(_ screens: [Screen]) -> Routes {
        var routes = Routes()
        routes.starts.reserveCapacity(screens.count)
        routes.reusable.reserveCapacity(screens.count)
        var last = -1
        // By index, reading each field in place: the other thread validates the same screens
        // meanwhile, and copying one out would count a reference on a box it reads too.
        for index in screens.indices where screens[index].parent == nil {
            let start = screens[index].locations.definition.offset
            // Source order is the reader's; anything else reuses nothing.
            guard start > last else { return Routes() }
            last = start
            routes.starts.append(start)
            routes.reusable.append(!screens[index].links.contains { $0.isInline })
        }
        // The text of each top-level route but the last, if reusable; nil for inline routes.
        var texts = [Range<Int>?](repeating: nil, count: screens.count)
        let (starts, reusable) = (routes.starts, routes.reusable)
        var route = 0
        for index in screens.indices where screens[index].parent == nil {
            if route + 1 < starts.count, reusable[route] { texts[index] = starts[route]..<starts[route + 1] }
            route += 1
        }
        routes.texts = texts
        return routes
    }

    /// Whether the text at `text` in `source` is the text at `old` in `entry`'s source.
    static func sameText(_ entry: Entry, _ old: Range<Int>, _ source: [UInt8], _ text: Range<Int>) -> Bool {
        guard old.count == text.count, old.upperBound <= entry.source.count, text.upperBound <= source.count else { return false }
        return entry.source.withUnsafeBufferPointer { oldBytes in
            source.withUnsafeBufferPointer { newBytes in
                guard let oldBase = oldBytes.baseAddress, let newBase = newBytes.baseAddress else { return text.isEmpty }
                return memcmp(oldBase + old.lowerBound, newBase + text.lowerBound, text.count) == 0
            }
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
