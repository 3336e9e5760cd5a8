import Crypto
import Foundation
import WireframeFormats
import WireframeModel

/// The states of a SHA-256 every ``interval`` bytes of what it hashed, so that the hash of the
/// next version of the same bytes starts from the last state before their first difference
/// instead of from the beginning: a save changes a few places of a document, and on average a
/// third of it lies before the first one.
public struct HashCheckpoints: Sendable {
    /// The bytes between two states: a multiple of SHA-256's 64-byte block.
    static let interval = 16 * 1024
    /// The state after `k * interval` bytes, for `k` = 0, 1, … as far as the bytes went.
    fileprivate var states: [SHA256] = []

    /// No states: a hash that resumes them starts from the beginning.
    public init() {}
}

/// A SHA-256 fed in pieces that keeps its ``HashCheckpoints`` and starts from earlier ones.
struct CheckpointedSHA256 {
    private var hasher = SHA256()
    private var checkpoints = HashCheckpoints()
    /// Small pieces are gathered here up to the next checkpoint and hashed together (a thousand
    /// small updates cost more than the copies).
    private var buffer: [UInt8] = []
    /// The bytes still to pass over: those the state resumed from covers.
    private var skipping = 0

    /// A hash that resumes `previous`, whose bytes were these bytes' for at least their first
    /// `unchanged`.
    init(resuming previous: HashCheckpoints, unchanged: Int) {
        let kept = min(max(unchanged, 0) / HashCheckpoints.interval, previous.states.count - 1)
        if kept >= 0 {
            hasher = previous.states[kept]
            checkpoints.states = Array(previous.states[...kept])
            skipping = kept * HashCheckpoints.interval
        } else {
            checkpoints.states = [hasher]
        }
        buffer.reserveCapacity(HashCheckpoints.interval)
    }

    /// Hashes the next bytes.
    mutating func feed(_ bytes: UnsafeRawBufferPointer) {
        var piece = bytes[...]
        if skipping > 0 {
            let passed = min(skipping, piece.count)
            skipping -= passed
            piece = piece.dropFirst(passed)
        }
        let interval = HashCheckpoints.interval
        while !piece.isEmpty {
            if buffer.isEmpty, piece.count >= interval {
                hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: piece.prefix(interval)))
                piece = piece.dropFirst(interval)
            } else {
                let taken = min(interval - buffer.count, piece.count)
                buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: piece.prefix(taken)))
                piece = piece.dropFirst(taken)
                guard buffer.count == interval else { continue }
                buffer.withUnsafeBytes { hasher.update(bufferPointer: $0) }
                buffer.removeAll(keepingCapacity: true)
            }
            checkpoints.states.append(hasher)
        }
    }

    /// The hash, as 64 lowercase hex digits, and the states for the next version.
    func finish() -> (hash: String, checkpoints: HashCheckpoints) {
        var last = hasher
        buffer.withUnsafeBytes { last.update(bufferPointer: $0) }
        return (Hex.lowercase(last.finalize()), checkpoints)
    }
}

extension ContentHash {
    /// ``hex(of:)`` of `bytes`, and its checkpoints; started from `checkpoints`, those of
    /// `previous` (the same document's bytes before), where the two first differ.
    public static func hex(of bytes: [UInt8], after previous: [UInt8]?, resuming checkpoints: HashCheckpoints)
        -> (hash: String, checkpoints: HashCheckpoints)
    {
        var hasher = CheckpointedSHA256(resuming: checkpoints, unchanged: previous.map { commonPrefix($0, bytes) } ?? 0)
        bytes.withUnsafeBytes { hasher.feed($0) }
        return hasher.finish()
    }

    /// The SHA-256 of ``JSONWireframeWriter/canonicalBytes(header:screens:)`` (for a header that
    /// ``JSONWireframeWriter/canJoin(header:)``; `screens` as ``JSONWireframeWriter/canonicalPieces(header:screens:_:)``
    /// takes them), and its checkpoints; started from `checkpoints`, those of a document whose
    /// canonical bytes were these for at least their first `unchanged`. The whole document is
    /// never gathered.
    public static func hex(
        ofHeader header: [UInt8], screens: (_ each: (UnsafeRawBufferPointer) -> Void) -> Void, unchanged: Int = 0,
        resuming checkpoints: HashCheckpoints = .init()
    ) -> (hash: String, checkpoints: HashCheckpoints) {
        var hasher = CheckpointedSHA256(resuming: checkpoints, unchanged: unchanged)
        JSONWireframeWriter().canonicalPieces(header: header, screens: screens) { hasher.feed($0) }
        return hasher.finish()
    }

    /// How many bytes two byte lists share from their beginnings: by `memcmp` (vector
    /// instructions) a stretch at a time, then byte by byte in the stretch that differs.
    static func commonPrefix(_ first: [UInt8], _ second: [UInt8]) -> Int {
        let limit = min(first.count, second.count)
        return first.withUnsafeBytes { first in
            second.withUnsafeBytes { second in
                guard let left = first.baseAddress, let right = second.baseAddress else { return 0 }
                var count = 0
                while count + 256 <= limit, memcmp(left + count, right + count, 256) == 0 { count += 256 }
                while count < limit, first[count] == second[count] { count += 1 }
                return count
            }
        }
    }
}
