#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The position of the first screen with each key, for keys that are all ASCII, looked up by
/// their bytes: a cheaper hash than `String`'s and no `Hasher` per lookup.
///
/// For ASCII strings, `String`'s equality is the equality of their bytes, so the table answers
/// as a `[String: Int]` of the same keys would for every ASCII name. A name that is not ASCII
/// may still equal an ASCII key as a `String` (U+212A KELVIN SIGN is equivalent to "K"), so the
/// table does not answer for it (``position(of:)`` returns `.unknown`), and neither is a table
/// made when a key is not ASCII. The hash is seeded per process, and a table whose keys probe
/// too long (keys made to collide) is not made either: callers then use a dictionary.
///
/// A class, so that a lookup does not copy (and count references to) its arrays.
final class ASCIIKeyTable: Sendable {
    /// What the table says about a name.
    enum Answer: Equatable {
        /// The name is the key of the screen at this position (the first with that key).
        case position(Int)
        /// No key is the name.
        case absent
        /// The name is not ASCII: the table cannot tell.
        case unknown
    }

    /// The distinct keys' bytes, one after another; entry `e` is `bytes[starts[e]..<starts[e + 1]]`.
    private let bytes: [UInt8]
    private let starts: [Int]
    /// The position of the first screen with each entry's key.
    private let positions: [Int]
    /// Open addressing with linear probing: an entry number, or -1 for an empty slot.
    private let slots: [Int32]
    private let mask: Int
    /// ``processSeed``, read once (a global's every read checks that it is initialized).
    private let seed: UInt64

    /// A seed per process, so that which keys collide cannot be known in advance.
    private static let processSeed = UInt64.random(in: 0...UInt64.max) | 1

    /// The first position of each key in `keys`, in order; nil when a key is not ASCII or the keys
    /// collide too much.
    init?(_ keys: some Collection<String>) {
        var capacity = 16
        while capacity < keys.count * 2 { capacity *= 2 }
        var slots = [Int32](repeating: -1, count: capacity)
        let mask = capacity - 1
        var bytes: [UInt8] = []
        var starts: [Int] = [0]
        var positions: [Int] = []
        let seed = Self.processSeed
        bytes.reserveCapacity(keys.count * 12)
        starts.reserveCapacity(keys.count + 1)
        positions.reserveCapacity(keys.count)
        // Linear probing stays short with a table at most half full; many more probes than keys
        // means keys that collide, on purpose or not.
        var probes = 0
        let probeLimit = 8 * keys.count + 64
        var position = 0
        for key in keys {
            defer { position += 1 }
            var key = key
            let inserted: Bool? = key.withUTF8 { utf8 in
                guard let hash = Self.hash(utf8, seed: seed) else { return nil }
                var slot = hash & mask
                while true {
                    let entry = Int(slots[slot])
                    if entry < 0 { break }
                    if Self.equals(entry, utf8, bytes: bytes, starts: starts) { return true }  // a later screen with the same key
                    slot = (slot + 1) & mask
                    probes += 1
                    if probes > probeLimit { return false }
                }
                slots[slot] = Int32(truncatingIfNeeded: positions.count)
                positions.append(position)
                bytes.append(contentsOf: utf8)
                starts.append(bytes.count)
                return true
            }
            guard inserted == true else { return nil }
        }
        guard positions.count < Int(Int32.max) else { return nil }
        self.bytes = bytes
        self.starts = starts
        self.positions = positions
        self.slots = slots
        self.mask = mask
        self.seed = seed
    }

    /// Where the screen named `name` is, if the table can tell.
    func position(of name: String) -> Answer {
        var name = name
        return name.withUTF8 { utf8 in
            guard let hash = Self.hash(utf8, seed: seed) else { return .unknown }
            var slot = hash & mask
            while true {
                let entry = Int(slots[slot])
                if entry < 0 { return .absent }
                if Self.equals(entry, utf8, bytes: bytes, starts: starts) { return .position(positions[entry]) }
                slot = (slot + 1) & mask
            }
        }
    }

    /// Whether the key of `entry` is `utf8`.
    private static func equals(_ entry: Int, _ utf8: UnsafeBufferPointer<UInt8>, bytes: [UInt8], starts: [Int]) -> Bool {
        let start = starts[entry]
        let count = starts[entry + 1] - start
        guard count == utf8.count else { return false }
        guard count > 0, let other = utf8.baseAddress else { return true }
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            return memcmp(base + start, other, count) == 0
        }
    }

    /// A hash of ASCII bytes (8 at a time, multiply and fold); nil when a byte is not ASCII.
    private static func hash(_ utf8: UnsafeBufferPointer<UInt8>, seed: UInt64) -> Int? {
        var state = seed ^ (UInt64(truncatingIfNeeded: utf8.count) &* 0x9E37_79B9_7F4A_7C15)
        var seen: UInt64 = 0
        var index = 0
        let count = utf8.count
        guard let base = utf8.baseAddress else { return Int(truncatingIfNeeded: mix(state)) }
        while count - index >= 8 {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            seen |= word
            state = mix(state ^ word)
            index += 8
        }
        if index < count {
            var word: UInt64 = 0
            var shift: UInt64 = 0
            while index < count {
                word |= UInt64(base[index]) << shift
                shift += 8
                index += 1
            }
            seen |= word
            state = mix(state ^ word)
        }
        guard seen & 0x8080_8080_8080_8080 == 0 else { return nil }
        return Int(truncatingIfNeeded: state)
    }

    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        var value = value &* 0xFF51_AFD7_ED55_8CCD
        value ^= value >> 32
        value = value &* 0xC4CE_B9FE_1A85_EC53
        value ^= value >> 29
        return value
    }
}
