import CZlib
#if canImport(Glibc)
    import Glibc
#endif

/// How the store keeps the exact bytes of each revision: zlib in full, or a copy/insert delta
/// against the parent revision's bytes.
///
/// The delta indexes the base at every `blockSize`-th byte, then walks the target: a position
/// whose next `blockSize` bytes occur in the base (first where the last long copy's alignment
/// predicts, else through the index) becomes a copy, extended as far as the bytes agree
/// forwards and backwards; everything else an insert. An edit of a few lines in a large
/// file costs a few copies and the new lines.
public enum SourceCodec {
    /// The size of the blocks that the delta indexes in the base.
    static let blockSize = 16

    /// Errors of a stored source that cannot be decoded.
    public enum CodecError: Error, Equatable, CustomStringConvertible {
        /// zlib refused the data.
        case zlib(Int32)
        /// A delta refers outside its base or is cut short.
        case malformedDelta

        public var description: String {
            switch self {
            case .zlib(let code): "zlib error \(code)"
            case .malformedDelta: "malformed source delta"
            }
        }
    }

    /// zlib's default compression level (6): nearly the size of the best, at a fraction of the time.
    static let defaultLevel = Z_DEFAULT_COMPRESSION

    /// zlib's fastest level (1), for a screen pack that the next import rewrites.
    static let fastLevel = Z_BEST_SPEED

    /// Compresses bytes with zlib (best compression).
    public static func compress(_ bytes: [UInt8]) throws -> [UInt8] {
        try compress(bytes, level: Z_BEST_COMPRESSION)
    }

    /// Compresses bytes with zlib at a compression level.
    static func compress(_ bytes: [UInt8], level: Int32) throws -> [UInt8] {
        var destinationLength = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(destinationLength))
        let status = output.withUnsafeMutableBufferPointer { destination in
            bytes.withUnsafeBufferPointer { source in
                compress2(destination.baseAddress, &destinationLength, source.baseAddress, uLong(source.count), level)
            }
        }
        guard status == Z_OK else { throw CodecError.zlib(status) }
        output.removeSubrange(Int(destinationLength)...)
        return output
    }

    /// Decompresses zlib data whose decompressed size is known.
    public static func decompress(_ bytes: [UInt8], size: Int) throws -> [UInt8] {
        var destinationLength = uLong(size)
        var status = Z_OK
        // Not zeroed first: zlib writes every byte it reports.
        let output = [UInt8](unsafeUninitializedCapacity: max(size, 1)) { destination, count in
            status = bytes.withUnsafeBufferPointer { source in
                uncompress(destination.baseAddress, &destinationLength, source.baseAddress, uLong(source.count))
            }
            count = status == Z_OK ? min(Int(destinationLength), size) : 0
        }
        guard status == Z_OK, Int(destinationLength) == size else { throw CodecError.zlib(status) }
        return output
    }

    /// A delta that turns `base` into `target`.
    ///
    /// Encoding: a sequence of operations; `0, offset, length` (varints) copies from the base,
    /// `1, length, bytes` inserts literal bytes.
    public static func delta(from base: [UInt8], to target: [UInt8]) -> [UInt8] {
        // No delta is as long as `Int.max` bytes, so this one is always made.
        delta(from: base, to: target, shorterThan: .max) ?? []
    }

    /// A delta that turns `base` into `target` if it is shorter than `limit` bytes; nil as soon
    /// as it cannot be, so that the delta between two unrelated files (stored in full anyway)
    /// stops after a fraction of the target instead of walking all of it.
    static func delta(from base: [UInt8], to target: [UInt8], shorterThan limit: Int) -> [UInt8]? {
        base.withUnsafeBufferPointer { base in
            target.withUnsafeBufferPointer { target in
                delta(from: base, to: target, shorterThan: limit)
            }
        }
    }

    private static func delta(from base: UnsafeBufferPointer<UInt8>, to target: UnsafeBufferPointer<UInt8>, shorterThan limit: Int)
        -> [UInt8]?
    {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        let block = blockSize
        guard let baseAddress = base.baseAddress, let targetAddress = target.baseAddress, base.count >= block, target.count >= block else {
            // Nothing to copy from (or nothing long enough to copy): the target as one insert.
            if !target.isEmpty {
                output.append(1)
                appendVarint(&output, target.count)
                output.append(contentsOf: target)
            }
            return output.count < limit ? output : nil
        }
        let basePointer = Bytes(start: baseAddress, count: base.count)
        let targetPointer = Bytes(start: targetAddress, count: target.count)
        // A save changes a few places: before the first and after the last, the bytes are the
        // base's. Only the blocks of the base between the two are indexed (a 200 KB base's whole
        // index was a tenth of a git import's storing thread), and the target's common suffix
        // is one copy once the walk reaches it.
        let prefix = commonPrefix(basePointer, 0, targetPointer, 0)
        let suffix = min(commonSuffix(basePointer, targetPointer), min(base.count, target.count) - prefix)
        let suffixStart = target.count - suffix
        let suffixShift = base.count - target.count
        // Those blocks of the base by hash, offsets ascending; built at the first block that is
        // not where the alignment predicts (a file saved unchanged needs none).
        var index: BlockIndex?
        var literalStart = 0
        var position = 0
        func flushLiteral(upTo end: Int) {
            guard end > literalStart else { return }
            output.append(1)
            appendVarint(&output, end - literalStart)
            output.append(contentsOf: target[literalStart..<end])
        }
        // The base offset minus the target offset of the last long copy: after an edit, the rest
        // of the file usually continues where that copy's alignment predicts.
        var shift = 0
        while position + block <= target.count {
            let predicted = position + shift
            var match: Int?
            if predicted >= 0, predicted + block <= base.count, equal(basePointer, predicted, targetPointer, position, block) {
                match = predicted
            } else if position >= suffixStart {
                match = position + suffixShift
            } else {
                if index == nil {
                    index = BlockIndex(basePointer, blocks: prefix / block..<max(prefix / block, (base.count - suffix) / block + 1))
                }
                if let index {
                    // Of repeated blocks, the one nearest to where the alignment predicts.
                    // A short match among repeated text is usually the wrong place: ask for three blocks.
                    match = index.nearest(blockHash(targetPointer, position), to: predicted) {
                        $0 + 3 * block <= base.count && position + 3 * block <= target.count
                            && equal(basePointer, $0, targetPointer, position, 3 * block)
                    }
                }
            }
            if let candidate = match {
                var baseStart = candidate
                var targetStart = position
                while baseStart > 0, targetStart > literalStart, base[baseStart - 1] == target[targetStart - 1] {
                    baseStart -= 1
                    targetStart -= 1
                }
                let agreeing = commonPrefix(basePointer, candidate + block, targetPointer, position + block)
                let baseEnd = candidate + block + agreeing
                let targetEnd = position + block + agreeing
                if targetEnd - targetStart >= 4 * block { shift = baseStart - targetStart }
                flushLiteral(upTo: targetStart)
                output.append(0)
                appendVarint(&output, baseStart)
                appendVarint(&output, baseEnd - baseStart)
                position = targetEnd
                literalStart = targetEnd
            } else {
                position += 1
                // The pending insert alone would make the delta too long.
                if output.count + position - literalStart >= limit { return nil }
            }
        }
        flushLiteral(upTo: target.count)
        return output.count < limit ? output : nil
    }

    /// Applies deltas in turn, each to the result of the one before (the first to `base`), as
    /// applying each delta alone would, one after the other, but writes the bytes once: the deltas are
    /// composed into one list of pieces of `base` and of the deltas' inserted bytes, and only
    /// the last result is built. Rebuilding a revision from its full copy and 40 deltas of a
    /// 250 KB file copied 10 MB; this copies the 250 KB.
    ///
    /// - Throws: ``CodecError/malformedDelta`` when a delta refers outside its base, is cut
    ///   short, or does not give its size.
    public static func apply(chain: [(delta: [UInt8], size: Int)], to base: [UInt8]) throws -> [UInt8] {
        guard !chain.isEmpty else { return base }
        // A piece is `length` bytes from `offset` of a buffer: 0 is the base, k the k-th delta.
        var pieces: [Piece] = [Piece(buffer: 0, offset: 0, length: base.count)]
        if base.isEmpty { pieces.removeAll() }
        var next: [Piece] = []
        for (number, link) in chain.enumerated() {
            let delta = link.delta
            next.removeAll(keepingCapacity: true)
            // Where each piece of the previous result starts in that result, for the copies.
            var starts: [Int] = []
            starts.reserveCapacity(pieces.count)
            var total = 0
            for piece in pieces {
                starts.append(total)
                total += piece.length
            }
            var index = 0
            var produced = 0
            while index < delta.count {
                let operation = delta[index]
                index += 1
                switch operation {
                case 0:
                    let offset = try readVarint(delta, &index)
                    let length = try readVarint(delta, &index)
                    guard offset >= 0, length >= 0, offset + length <= total else { throw CodecError.malformedDelta }
                    guard length > 0 else { continue }
                    // The last piece that starts at or before `offset`.
                    var low = 0
                    var high = pieces.count - 1
                    while low < high {
                        let middle = (low + high + 1) / 2
                        if starts[middle] <= offset { low = middle } else { high = middle - 1 }
                    }
                    var piece = low
                    var at = offset - starts[piece]
                    var remaining = length
                    while remaining > 0 {
                        let taken = min(remaining, pieces[piece].length - at)
                        next.append(Piece(buffer: pieces[piece].buffer, offset: pieces[piece].offset + at, length: taken))
                        remaining -= taken
                        piece += 1
                        at = 0
                    }
                    produced += length
                case 1:
                    let length = try readVarint(delta, &index)
                    guard length >= 0, index + length <= delta.count else { throw CodecError.malformedDelta }
                    if length > 0 { next.append(Piece(buffer: Int32(number + 1), offset: index, length: length)) }
                    index += length
                    produced += length
                default:
                    throw CodecError.malformedDelta
                }
            }
            guard produced == link.size else { throw CodecError.malformedDelta }
            swap(&pieces, &next)
        }
        let size = chain[chain.count - 1].size
        return [UInt8](unsafeUninitializedCapacity: size) { output, count in
            var written = 0
            for piece in pieces {
                let source = piece.buffer == 0 ? base : chain[Int(piece.buffer) - 1].delta
                source.withUnsafeBufferPointer { bytes in
                    if let from = bytes.baseAddress, let to = output.baseAddress, piece.length > 0 {
                        memcpy(to + written, from + piece.offset, piece.length)
                    }
                }
                written += piece.length
            }
            count = written
        }
    }

    /// A stretch of one of the buffers that ``apply(chain:to:)`` composes.
    private struct Piece {
        var buffer: Int32
        var offset: Int
        var length: Int
    }

    /// Aligned blocks of a base by hash, in three flat arrays (a chained hash table) rather
    /// than an array per distinct hash: a 250 KB base has some 15,000 blocks.
    private struct BlockIndex {
        /// The number of the first block indexed (block `n` is at offset `n * blockSize`).
        private let first: Int
        /// The first block number of each bucket, or -1.
        private var buckets: [Int32]
        /// The next block number in the same bucket, ascending, or -1.
        private var next: [Int32]
        /// Each block's hash.
        private var hashes: [UInt64]

        /// The index of the blocks numbered `blocks` that lie wholly within `base`.
        fileprivate init(_ base: Bytes, blocks: Range<Int>) {
            let first = blocks.lowerBound
            let count = max(0, min(blocks.upperBound, base.count / blockSize) - first)
            self.first = first
            var size = 1
            while size < 2 * count { size <<= 1 }
            var buckets = [Int32](repeating: -1, count: size)
            var next = [Int32](repeating: -1, count: count)
            var hashes = [UInt64](repeating: 0, count: count)
            // The buckets longer than the limit, found while filling them: only those are thinned.
            var long: [Int] = []
            var lengths = [Int32](repeating: 0, count: size)
            buckets.withUnsafeMutableBufferPointer { buckets in
                next.withUnsafeMutableBufferPointer { next in
                    hashes.withUnsafeMutableBufferPointer { hashes in
                        lengths.withUnsafeMutableBufferPointer { lengths in
                            // From the last block to the first, so that each bucket's chain is in ascending order.
                            var number = count - 1
                            while number >= 0 {
                                let hash = blockHash(base, (first + number) * blockSize)
                                hashes[number] = hash
                                let bucket = Int(truncatingIfNeeded: hash) & (size - 1)
                                next[number] = buckets[bucket]
                                buckets[bucket] = Int32(truncatingIfNeeded: number)
                                lengths[bucket] += 1
                                if lengths[bucket] == Int32(Self.bucketLimit) + 1 { long.append(bucket) }
                                number -= 1
                            }
                        }
                    }
                }
            }
            Self.thin(&buckets, &next, only: long)
            self.buckets = buckets
            self.next = next
            self.hashes = hashes
        }

        /// The most blocks a bucket keeps (git's delta index keeps 64 too).
        static let bucketLimit = 64

        /// Keeps at most ``bucketLimit`` blocks of each bucket, evenly spread over the base: a
        /// block repeated by the thousand (a line of indentation) otherwise makes every lookup
        /// that meets it walk all its copies, and the delta between two unrelated 15 MB files
        /// took over ten minutes. Nearest-to-prediction still finds a copy close by. `long` are the
        /// buckets longer than that (walking every bucket to find them cost more than the rest of
        /// a 200 KB base's index).
        private static func thin(_ buckets: inout [Int32], _ next: inout [Int32], only long: [Int]) {
            for bucket in long {
                var length = 0
                var number = Int(buckets[bucket])
                while number >= 0 {
                    length += 1
                    number = Int(next[number])
                }
                guard length > bucketLimit else { continue }
                let every = (length + bucketLimit - 1) / bucketLimit
                var last = -1
                var position = 0
                number = Int(buckets[bucket])
                while number >= 0 {
                    let following = Int(next[number])
                    if position % every == 0 {
                        if last < 0 {
                            buckets[bucket] = Int32(truncatingIfNeeded: number)
                        } else {
                            next[last] = Int32(truncatingIfNeeded: number)
                        }
                        last = number
                    }
                    position += 1
                    number = following
                }
                if last >= 0 { next[last] = -1 }
            }
        }

        /// The offset nearest to `expected` among the blocks with this hash that `accept` takes
        /// (64 tries at most).
        func nearest(_ hash: UInt64, to expected: Int, accept: (Int) -> Bool) -> Int? {
            var offsets: [Int] = []
            var number = Int(buckets[Int(truncatingIfNeeded: hash) & (buckets.count - 1)])
            while number >= 0 {
                if hashes[number] == hash { offsets.append((first + number) * blockSize) }
                number = Int(next[number])
            }
            guard !offsets.isEmpty else { return nil }
            var low = 0
            var high = offsets.count
            while low < high {
                let middle = (low + high) / 2
                if offsets[middle] < expected { low = middle + 1 } else { high = middle }
            }
            var after = low
            var before = low - 1
            var tries = 0
            while (after < offsets.count || before >= 0) && tries < 64 {
                tries += 1
                let takeAfter = before < 0 || (after < offsets.count && offsets[after] - expected <= expected - offsets[before])
                let offset = takeAfter ? offsets[after] : offsets[before]
                if takeAfter { after += 1 } else { before -= 1 }
                if accept(offset) { return offset }
            }
            return nil
        }
    }

    /// Non-empty bytes being compared: a start and a count.
    fileprivate struct Bytes {
        var start: UnsafePointer<UInt8>
        var count: Int
    }

    /// A hash of the `blockSize` (16) bytes at `offset`: two 8-byte words, multiplied and mixed.
    private static func blockHash(_ bytes: Bytes, _ offset: Int) -> UInt64 {
        let raw = UnsafeRawPointer(bytes.start + offset)
        let low = raw.loadUnaligned(as: UInt64.self)
        let high = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        let mixed = (low &* 0x9E37_79B9_7F4A_7C15) ^ (high &* 0xC2B2_AE3D_27D4_EB4F)
        return mixed ^ (mixed >> 29)
    }

    /// Whether `length` bytes agree at the two offsets (both in bounds).
    private static func equal(_ base: Bytes, _ baseOffset: Int, _ target: Bytes, _ targetOffset: Int, _ length: Int) -> Bool {
        memcmp(base.start + baseOffset, target.start + targetOffset, length) == 0
    }

    /// How many bytes agree from the two offsets onwards: by `memcmp` (vector instructions) a
    /// stretch at a time, then eight bytes at a time in the stretch that differs. A delta
    /// compares most of its target this way; eight at a time, that was a third of a delta.
    private static func commonPrefix(_ base: Bytes, _ baseOffset: Int, _ target: Bytes, _ targetOffset: Int) -> Int {
        let limit = min(base.count - baseOffset, target.count - targetOffset)
        guard limit > 0 else { return 0 }
        let left = UnsafeRawPointer(base.start + baseOffset)
        let right = UnsafeRawPointer(target.start + targetOffset)
        var count = 0
        while count + 256 <= limit, memcmp(left + count, right + count, 256) == 0 { count += 256 }
        while count + 8 <= limit {
            // In memory order: the first differing byte is the lowest of the little-endian words.
            let difference =
                UInt64(littleEndian: left.loadUnaligned(fromByteOffset: count, as: UInt64.self))
                ^ UInt64(littleEndian: right.loadUnaligned(fromByteOffset: count, as: UInt64.self))
            if difference != 0 { return count + difference.trailingZeroBitCount / 8 }
            count += 8
        }
        while count < limit, left.load(fromByteOffset: count, as: UInt8.self) == right.load(fromByteOffset: count, as: UInt8.self) {
            count += 1
        }
        return count
    }

    /// How many bytes agree at the ends of the two, eight at a time where they can.
    private static func commonSuffix(_ base: Bytes, _ target: Bytes) -> Int {
        let limit = min(base.count, target.count)
        let left = UnsafeRawPointer(base.start + base.count)
        let right = UnsafeRawPointer(target.start + target.count)
        var count = 0
        while count + 8 <= limit {
            // In memory order: the last differing byte is the highest of the little-endian words.
            let difference =
                UInt64(littleEndian: left.loadUnaligned(fromByteOffset: -count - 8, as: UInt64.self))
                ^ UInt64(littleEndian: right.loadUnaligned(fromByteOffset: -count - 8, as: UInt64.self))
            if difference != 0 { return count + difference.leadingZeroBitCount / 8 }
            count += 8
        }
        while count < limit, left.load(fromByteOffset: -count - 1, as: UInt8.self) == right.load(fromByteOffset: -count - 1, as: UInt8.self)
        {
            count += 1
        }
        return count
    }

    private static func appendVarint(_ output: inout [UInt8], _ value: Int) {
        Varint.append(value, to: &output)
    }

    private static func readVarint(_ bytes: [UInt8], _ index: inout Int) throws -> Int {
        guard let value = Varint.read(bytes, at: &index) else { throw CodecError.malformedDelta }
        return value
    }
}
