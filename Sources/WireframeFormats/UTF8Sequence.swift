/// UTF-8 as RFC 3629 allows it: no overlong forms, no surrogates, nothing past U+10FFFF.
enum UTF8Sequence {
    /// The length of the multi-byte sequence whose lead byte (0x80 or above) is at `index`; nil
    /// when the bytes there are not valid UTF-8.
    static func length(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let length: Int
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch bytes[index] {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            upper = 0x9F
        case 0xF0:
            length = 4
            lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            upper = 0x8F
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        let second = bytes[index + 1]
        guard second >= lower, second <= upper else { return nil }
        for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return nil }
        return length
    }
}
