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
/// Each slot holds what a lookup compares: a key of up to 16 bytes in two words, its length and
/// its screen's position. A lookup of a short name reads one slot (on a wireframe of 10,000
/// screens, going to the key's bytes, its entry and its position in three other arrays missed the
/// cache three more times per link). A longer key keeps its first 8 bytes in the slot and the
/// whole in `longKeys`.
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

    /// One slot of the open-addressed table.
    struct Slot {
        /// The key's first 8 bytes, zero-padded, in memory order.
        var first: UInt64
        /// Keys of up to 16 bytes: bytes 8 to 15, zero-padded. Longer keys: where their bytes start in `longKeys`.
        var second: UInt64
        /// The position of the key's first screen plus one (0: an empty slot), and the key's length in the high 32 bits.
        var info: UInt64

        static let empty = Slot(first: 0, second: 0, info: 0)
    }

    /// A key's bytes as a slot compares them, and its hash.
    struct Probe {
        var hash: Int
        var first: UInt64
        var second: UInt64
        var count: Int
    }

    /// Open addressing with linear probing, at most three quarters full.
    private let slots: [Slot]
    private let mask: Int
    /// The bytes of the keys longer than 16 bytes, one after another.
    private let longKeys: [UInt8]
    /// ``processSeed``, read once (a global's every read checks that it is initialized).
    private let seed: UInt64

    /// A seed per process, so that which keys collide cannot be known in advance.
    private static let processSeed = UInt64.random(in: 0...UInt64.max) | 1

    /// The number of distinct keys.
    let distinctCount: Int

    /// The first position of each key in `keys`, in order; nil when a key is not ASCII or the keys
    /// collide too much.
    convenience init?(_ keys: some Collection<String>) {
        var firstPositions: [Int] = []
        self.init(keys, firstPositions: &firstPositions)
    }

    /// The first position of each key in `keys`, in order; nil when a key is not ASCII or the keys
    /// collide too much. `firstPositions` gets, for each key in order, the position of the first
    /// key equal to it (when the table is made).
    init?(_ keys: some Collection<String>, firstPositions: inout [Int]) {
        firstPositions.removeAll(keepingCapacity: true)
        firstPositions.reserveCapacity(keys.count)
        var capacity = 16
        while capacity * 3 < keys.count * 4 { capacity *= 2 }
        guard keys.count < Int(Int32.max) else { return nil }
        var slots = [Slot](repeating: .empty, count: capacity)
        let mask = capacity - 1
        var longKeys: [UInt8] = []
        let seed = Self.processSeed
        // Linear probing stays short with a table at most three quarters full; many more probes
        // than keys means keys that collide, on purpose or not.
        var probes = 0
        let probeLimit = 8 * keys.count + 64
        var distinctCount = 0
        var position = 0
        for key in keys {
            defer { position += 1 }
            var key = key
            let inserted: Bool? = key.withUTF8 { utf8 in
                guard let probe = Self.probe(utf8, seed: seed) else { return nil }
                var slot = probe.hash & mask
                while true {
                    let entry = slots[slot]
                    if entry.info == 0 { break }
                    if Self.matches(entry, probe, utf8, longKeys: longKeys) {
                        // A later screen with the same key.
                        firstPositions.append(Int(truncatingIfNeeded: entry.info & 0xFFFF_FFFF) - 1)
                        return true
                    }
                    slot = (slot + 1) & mask
                    probes += 1
                    if probes > probeLimit { return false }
                }
                var second = probe.second
                if probe.count > 16 {
                    second = UInt64(longKeys.count)
                    longKeys.append(contentsOf: utf8)
                }
                slots[slot] = Slot(
                    first: probe.first, second: second, info: UInt64(position + 1) | UInt64(probe.count) << 32)
                distinctCount += 1
                firstPositions.append(position)
                return true
            }
            guard inserted == true else { return nil }
        }
        self.slots = slots
        self.mask = mask
        self.longKeys = longKeys
        self.seed = seed
        self.distinctCount = distinctCount
    }

    /// Where the screen named `name` is, if the table can tell.
    func position(of name: String) -> Answer {
        var name = name
        return name.withUTF8 { utf8 in
            guard let probe = Self.probe(utf8, seed: seed) else { return .unknown }
            return slots.withUnsafeBufferPointer { slots in
                var slot = probe.hash & mask
                while true {
                    let entry = slots[slot]
                    if entry.info == 0 { return .absent }
                    if Self.matches(entry, probe, utf8, longKeys: longKeys) {
                        return .position(Int(truncatingIfNeeded: entry.info & 0xFFFF_FFFF) - 1)
                    }
                    slot = (slot + 1) & mask
                }
            }
        }
    }

    /// Whether the key in `slot` is `utf8`.
    @inline(__always)
    private static func matches(_ slot: Slot, _ probe: Probe, _ utf8: UnsafeBufferPointer<UInt8>, longKeys: [UInt8]) -> Bool {
        guard slot.info >> 32 == UInt64(probe.count), slot.first == probe.first else { return false }
        if probe.count <= 16 { return slot.second == probe.second }
        guard let other = utf8.baseAddress else { return false }
        return longKeys.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            return memcmp(base + Int(slot.second), other, probe.count) == 0
        }
    }

    /// The hash of ASCII bytes (8 at a time, multiply and fold) and the words a slot compares;
    /// nil when a byte is not ASCII.
    private static func probe(_ utf8: UnsafeBufferPointer<UInt8>, seed: UInt64) -> Probe? {
        let count = utf8.count
        var state = seed ^ (UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15)
        guard let base = utf8.baseAddress, count > 0 else {
            return Probe(hash: Int(truncatingIfNeeded: mix(state)), first: 0, second: 0, count: 0)
        }
        var seen: UInt64 = 0
        var words: (UInt64, UInt64) = (0, 0)
        var index = 0
        var wordNumber = 0
        while count - index >= 8 {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            seen |= word
            state = mix(state ^ word)
            if wordNumber == 0 { words.0 = word } else if wordNumber == 1 { words.1 = word }
            wordNumber += 1
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
            if wordNumber == 0 { words.0 = word } else if wordNumber == 1 { words.1 = word }
        }
        guard seen & 0x8080_8080_8080_8080 == 0 else { return nil }
        return Probe(hash: Int(truncatingIfNeeded: state), first: words.0, second: words.1, count: count)
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
