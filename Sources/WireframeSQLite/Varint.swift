/// Non-negative integers as varints: 7 bits a byte, low bits first, the high bit set on every byte
/// but the last. Source deltas and the length lists of screen packs are written with them.
enum Varint {
    /// Appends `value` (negative values are written as 0).
    static func append(_ value: Int, to bytes: inout [UInt8]) {
        var rest = UInt64(max(0, value))
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// Reads the varint at `index` and moves past it; nil when the bytes end inside it or it has
    /// more than 63 bits.
    static func read<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at index: inout Bytes.Index) -> Int? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while index < bytes.endIndex, shift < 63 {
            let byte = bytes[index]
            bytes.formIndex(after: &index)
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return Int(value) }
            shift += 7
        }
        return nil
    }
}
