#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Synchronization
import WireframeAnalysis
import WireframeFormats
import WireframeModel
import WireframeStore

/// What the daemon keeps of each document between saves, so that the next save of the same file
/// does less work:
///
/// - the JSON reader's memory of the last read, whatever its verdict: only the routes whose text
///   changed are parsed and read again (``JSONReadMemory``);
/// - the head this process stored last, with its screens (key, hash, canonical bytes) and its
///   source: the next save is compared with it without a read of the store, hashes only the
///   screens whose bytes changed, and takes the canonical bytes and hash of every route whose
///   text is byte for byte the one it had then instead of writing it again (``routeTexts(of:order:keys:)``).
///
/// Every result is the one of an import without it: the memory changes the work, never the
/// outcome (`SaveMemoryTests`). A head remembered here may have been followed by another
/// process's revision: the pipeline decides *unchanged* only against the store's head, and a
/// write that names a head no longer current is refused by the store (``StoreError/headMoved(path:)``)
/// and done again against the store's head. The bytes taken by route text never depend on which
/// revision is the head. `wfs import`, which imports each file once, has none.
public final class SaveMemory: Sendable {
    /// One document's memory.
    struct Document: Sendable {
        /// What the JSON reader kept of the last read.
        var read: JSONReadMemory?
        /// The head this process stored last.
        var head: Head?
    }

    /// A head as the import compares with it: from the store, or as this process stored it.
    struct Head: Sendable {
        var state: HeadState?
        /// Its screens in key order, when this process stored it (empty otherwise).
        var screens: [ScreenContent] = []
        /// Its source, when this process stored it.
        var source: [UInt8]?
        /// For each of `screens`, where its route's text lay in `source` (nil where it cannot be
        /// taken by its text), and the order canonical form put the screens in.
        var routeTexts: [Range<Int>?] = []
        var order: [Int] = []
        /// The checkpoints of its source's hash and of its content hash, for the next version's.
        var sourceCheckpoints = HashCheckpoints()
        var contentCheckpoints = HashCheckpoints()

        /// Whether it comes from memory rather than from the store.
        var isRemembered: Bool { source != nil }
    }

    private let documents = Mutex<[String: Document]>([:])
    /// What the imports replaced, released by ``releaseDiscarded()``: freeing a thousand screens
    /// takes longer than the rest of a save's work after its write, so the daemon does it once
    /// the save is reported.
    private let discarded = Mutex<[any Sendable]>([])

    /// Creates an empty memory.
    public init() {}

    /// How many documents are remembered.
    public var documentCount: Int { documents.withLock { $0.count } }

    /// Forgets a document (its file is gone).
    public func forget(path: String) {
        discard(documents.withLock { $0.removeValue(forKey: path) })
    }

    /// Releases what the imports replaced (the next import does it too, if nobody did before).
    public func releaseDiscarded() {
        let released = discarded.withLock { discarded -> [any Sendable] in
            defer { discarded = [] }
            return discarded
        }
        _ = released
    }

    /// Keeps `value` until ``releaseDiscarded()``.
    func discard(_ value: (any Sendable)?) {
        guard let value else { return }
        discarded.withLock { $0.append(value) }
    }

    /// Reads JSON bytes after the document's last read, taking the routes whose text is unchanged
    /// from it, and remembers this read for the next.
    func read(_ bytes: [UInt8], path: String) -> JSONRememberedRead {
        // Taken out of the memory, so that the read holds its screens alone and moves them.
        var last = documents.withLock { documents -> JSONReadMemory? in
            defer { documents[path]?.read = nil }
            return documents[path]?.read
        }
        let read = JSONWireframeReader().read(bytes, movingScreensOf: &last)
        documents.withLock { $0[path, default: Document()].read = read.memory }
        return read
    }

    /// The head this process stored last of the document, if it remembers it.
    func head(path: String) -> Head? {
        documents.withLock { $0[path]?.head }
    }

    /// Remembers a revision this process just stored as the document's head.
    func rememberHead(
        _ revision: Revision, header: [UInt8], screens: [ScreenContent], source: [UInt8], routeTexts: [Range<Int>?], order: [Int],
        checkpoints: (source: HashCheckpoints, content: HashCheckpoints) = (.init(), .init()), path: String
    ) {
        // Its screens are in `screens`, not in the state's hashes.
        let head = Head(
            state: HeadState(revision: revision, header: header, screenHashes: [:]), screens: screens, source: source,
            routeTexts: routeTexts, order: order, sourceCheckpoints: checkpoints.source, contentCheckpoints: checkpoints.content)
        let old = documents.withLock { documents -> Head? in
            defer { documents[path, default: Document()].head = head }
            return documents[path]?.head
        }
        discard(old)
    }

    /// For each screen in canonical order (`order[i]` is its position in `screens`, `keys[i]` its
    /// key), the text of its route in the source, when its canonical bytes depend on that text
    /// alone; else nil.
    ///
    /// A JSON route's canonical bytes depend on the route's own object and nothing else (canonical
    /// form drops the locations, and an inline route's parent). So the text of a top-level route,
    /// from its `{` to the start of the next top-level route, names its canonical bytes when the
    /// route holds no inline routes and its name is given to no other screen; the last route
    /// (whose text has no next route to end it) has none.
    static func routeTexts(of screens: [Screen], order: [Int], keys: [String]) -> [Range<Int>?] {
        // Where each top-level route begins, in source order (the reader's; anything else takes nothing).
        var starts: [Int] = []
        var positions: [Int] = []
        for index in screens.indices where screens[index].parent == nil {
            let start = screens[index].locations.definition.offset
            guard start > (starts.last ?? -1) else { return Array(repeating: nil, count: order.count) }
            starts.append(start)
            positions.append(index)
        }
        var byPosition = [Range<Int>?](repeating: nil, count: screens.count)
        for route in positions.indices.dropLast() where !screens[positions[route]].links.contains(where: \.isInline) {
            byPosition[positions[route]] = starts[route]..<starts[route + 1]
        }
        return order.indices.map { index in
            let unique = (index == 0 || keys[index - 1] != keys[index]) && (index + 1 == keys.count || keys[index + 1] != keys[index])
            return unique ? byPosition[order[index]] : nil
        }
    }
}

extension SaveMemory.Head {
    /// The position in `screens` of the remembered screen of key `key`, if any. `next` walks
    /// `screens` in key order across calls.
    func position(of key: String, from next: inout Int) -> Int? {
        while next < screens.count, screens[next].key < key { next += 1 }
        return next < screens.count && screens[next].key == key ? next : nil
    }

    /// Whether the route text of the remembered screen at `position` was byte for byte `text`
    /// of `source` (so that the screen's canonical bytes and hash are that screen's).
    func hasRouteText(_ text: Range<Int>, in source: [UInt8], at position: Int) -> Bool {
        guard let old = self.source, position < routeTexts.count, let oldText = routeTexts[position] else { return false }
        return Self.same(old, oldText, source, text)
    }

    /// Whether the bytes at `a` in `first` are those at `b` in `second`.
    static func same(_ first: [UInt8], _ a: Range<Int>, _ second: [UInt8], _ b: Range<Int>) -> Bool {
        guard a.count == b.count, a.upperBound <= first.count, b.upperBound <= second.count else { return false }
        return first.withUnsafeBufferPointer { first in
            second.withUnsafeBufferPointer { second in
                guard let x = first.baseAddress, let y = second.baseAddress else { return a.isEmpty }
                return memcmp(x + a.lowerBound, y + b.lowerBound, a.count) == 0
            }
        }
    }
}
