import Crypto
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
public import WireframeModel
import WireframeFormats

/// SHA-256 content hashes of canonical wireframes and screens, as lowercase hex.
public enum ContentHash {
    /// The SHA-256 of bytes, as 64 lowercase hex digits.
    public static func hex(of bytes: [UInt8]) -> String {
        hex(SHA256.hash(data: bytes))
    }

    /// The SHA-256 of ``JSONWireframeWriter/canonicalBytes(header:screens:)``, for a header that
    /// ``JSONWireframeWriter/canJoin(header:)``: the pieces are copied into a buffer of
    /// ``chunkSize`` bytes that is hashed whenever it is full (a thousand small updates cost
    /// more than the copies), so that the whole document is never gathered.
    public static func hex(ofHeader header: [UInt8], screens: [[UInt8]]) -> String {
        var hasher = SHA256()
        var buffer: [UInt8] = []
        buffer.reserveCapacity(chunkSize)
        JSONWireframeWriter().canonicalPieces(header: header, screens: screens) { piece in
            if buffer.count + piece.count > chunkSize, !buffer.isEmpty {
                buffer.withUnsafeBytes { hasher.update(bufferPointer: $0) }
                buffer.removeAll(keepingCapacity: true)
            }
            if piece.count >= chunkSize {
                hasher.update(bufferPointer: piece)
            } else {
                buffer.append(contentsOf: piece)
            }
        }
        buffer.withUnsafeBytes { hasher.update(bufferPointer: $0) }
        return hex(hasher.finalize())
    }

    /// What hashing one version of a byte stream leaves for hashing the next: the stream's
    /// chunks and the SHA-256 state after each. A new version whose first chunks are byte for
    /// byte the old ones takes the state after them instead of hashing them again (the state
    /// after the same bytes is the same); from the first chunk that differs on, it is hashed.
    /// The hash never depends on what was remembered, only the work does.
    public struct Checkpoints: @unchecked Sendable {  // SHA256 is a value (its state copied on write)
        /// Slices of the bytes hashed (a source's share its storage, which the reader keeps too).
        fileprivate var chunks: [ArraySlice<UInt8>] = []
        fileprivate var states: [SHA256] = []
        /// How many chunks were taken from the version before (for tests and figures).
        public fileprivate(set) var chunksTaken = 0
        public init() {}
    }

    /// Hashes chunks one after the other, taking the state after each leading chunk that is
    /// the one of `previous` at the same place.
    private struct ResumingHasher {
        var hasher = SHA256()
        let previous: Checkpoints?
        var matching: Bool
        var made = Checkpoints()

        init(previous: Checkpoints?) {
            self.previous = previous
            matching = previous != nil
        }

        mutating func add(_ chunk: ArraySlice<UInt8>) {
            let index = made.chunks.count
            if matching, let previous, index < previous.chunks.count, Self.same(previous.chunks[index], chunk) {
                hasher = previous.states[index]
                made.chunksTaken += 1
            } else {
                matching = false
                chunk.withUnsafeBytes { hasher.update(bufferPointer: $0) }
            }
            made.chunks.append(chunk)
            made.states.append(hasher)
        }

        static func same(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Bool {
            guard a.count == b.count else { return false }
            return a.withUnsafeBytes { a in
                b.withUnsafeBytes { b in
                    guard let x = a.baseAddress, let y = b.baseAddress else { return true }
                    return memcmp(x, y, a.count) == 0
                }
            }
        }

        func finish() -> (hex: String, checkpoints: Checkpoints) {
            (ContentHash.hex(hasher.finalize()), made)
        }
    }

    /// ``hex(of:)``, hashing only from the first ``chunkSize`` chunk that differs from the
    /// version `previous` was made of; with what to pass for the next version.
    public static func hex(of bytes: [UInt8], after previous: Checkpoints?) -> (hex: String, checkpoints: Checkpoints) {
        var hasher = ResumingHasher(previous: previous)
        var start = 0
        repeat {
            let end = min(start + chunkSize, bytes.count)
            hasher.add(bytes[start..<end])
            start = end
        } while start < bytes.count
        return hasher.finish()
    }

    /// ``hex(ofHeader:screens:)``, hashing only from the first chunk that differs from the
    /// version `previous` was made of; with what to pass for the next version.
    public static func hex(ofHeader header: [UInt8], screens: [[UInt8]], after previous: Checkpoints?) -> (hex: String, checkpoints: Checkpoints) {
        var hasher = ResumingHasher(previous: previous)
        var buffer: [UInt8] = []
        buffer.reserveCapacity(chunkSize)
        JSONWireframeWriter().canonicalPieces(header: header, screens: screens) { piece in
            if buffer.count + piece.count > chunkSize, !buffer.isEmpty {
                hasher.add(buffer[...])
                buffer = []
                buffer.reserveCapacity(chunkSize)
            }
            if piece.count >= chunkSize {
                hasher.add(Array(piece)[...])
            } else {
                buffer.append(contentsOf: piece)
            }
        }
        // The last chunk is kept at its own size (a small document's is not a 32 KB buffer).
        hasher.add(buffer.withUnsafeBufferPointer { Array($0) }[...])
        return hasher.finish()
    }

    private static func hex(_ digest: SHA256.Digest) -> String {
        Hex.lowercase(digest)
    }

    /// The hash of a wireframe that is already in canonical form.
    ///
    /// The canonical bytes are hashed piece by piece as they are written, never gathered.
    public static func of(_ canonicalWireframe: Wireframe) -> String {
        var hasher = SHA256()
        JSONWireframeWriter().canonicalBytes(canonicalWireframe, chunkSize: chunkSize) { hasher.update(bufferPointer: $0) }
        return hex(hasher.finalize())
    }

    /// The size of the pieces hashed: small enough to stay in the processor's cache.
    static let chunkSize = 32 * 1024

    /// The hash of a screen that is already in canonical form.
    public static func of(screen: Screen) -> String {
        hex(of: JSONWireframeWriter().canonicalBytes(screen: screen))
    }
}
