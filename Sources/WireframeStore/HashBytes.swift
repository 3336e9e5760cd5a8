import Crypto
import Foundation
import GRDB

/// SHA-256 hashes as the store keeps them (32-byte BLOBs) and as everything else shows them
/// (64 lowercase hexadecimal characters).
enum HashBytes {
    /// The lowercase hexadecimal text of stored hash bytes.
    static func hex(_ data: Data) -> String {
        // Digits by arithmetic ('0'…'9', 'a'…'f'): no table lookups in this per-row loop.
        data.withUnsafeBytes { raw in hex(raw) }
    }

    /// The number of leading hash bytes a screen version keeps (migration 0012; 4 from 0010).
    static let prefixLength = 3

    /// The SHA-256 of bytes, as the store keeps it (32 bytes).
    static func sha256(_ bytes: [UInt8]) -> Data {
        Data(SHA256.hash(data: bytes))
    }

    /// The SHA-256 of bytes in lowercase hexadecimal: the hash of a screen version, computed from
    /// its canonical JSON (a version keeps only the first bytes of it, migration 0010).
    static func sha256Hex(_ bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).withUnsafeBytes { raw in hex(raw) }
    }

    /// The first ``prefixLength`` bytes of a 32-byte hash: what a screen version keeps.
    static func prefix(_ hash: Data) -> Data {
        hash.prefix(prefixLength)
    }

    /// The lowercase hexadecimal text of stored hash bytes.
    static func hex(_ raw: UnsafeRawBufferPointer) -> String {
        String(unsafeUninitializedCapacity: raw.count * 2) { text in
            @inline(__always) func digit(_ value: UInt8) -> UInt8 { value < 10 ? value &+ 48 : value &+ 87 }
            var index = 0
            for byte in raw {
                text[index] = digit(byte >> 4)
                text[index &+ 1] = digit(byte & 0x0f)
                index &+= 2
            }
            return index
        }
    }

    /// The bytes of a hexadecimal hash (either case); nil when the text is not 64 hexadecimal digits.
    static func bytes(hex text: String) -> Data? {
        let utf8 = Array(text.utf8)
        guard utf8.count == 64 else { return nil }
        var result = Data(count: 32)
        for index in 0..<32 {
            guard let high = value(utf8[2 * index]), let low = value(utf8[2 * index + 1]) else { return nil }
            result[index] = high << 4 | low
        }
        return result
    }

    /// The bytes of a hash given to the store; refuses text that is not a SHA-256 in hexadecimal.
    static func stored(_ text: String) throws -> Data {
        guard let data = bytes(hex: text) else {
            throw DatabaseError(resultCode: .SQLITE_MISMATCH, message: "not a 64-digit hexadecimal hash: '\(text)'")
        }
        return data
    }

    private static func value(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// `wfs_unhex(text)`: the bytes of a hexadecimal hash (NULL stays NULL), for migration 0004;
    /// text that is not a 64-digit hash fails the migration rather than being stored wrong.
    static let unhexFunction = DatabaseFunction("wfs_unhex", argumentCount: 1, pure: true) { values in
        guard let text = String.fromDatabaseValue(values[0]) else { return nil }
        guard let data = bytes(hex: text) else {
            throw DatabaseError(resultCode: .SQLITE_MISMATCH, message: "not a 64-digit hexadecimal hash: '\(text)'")
        }
        return data
    }
}
