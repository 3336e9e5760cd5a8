import Crypto
import Foundation
import GRDB
import WireframeModel

/// SHA-256 hashes as the store keeps them (32-byte BLOBs) and as everything else shows them
/// (64 lowercase hexadecimal characters).
enum HashBytes {
    /// The lowercase hexadecimal text of stored hash bytes.
    static func hex(_ data: Data) -> String {
        Hex.lowercase(data)
    }

    /// The number of leading hash bytes a screen version keeps.
    static let prefixLength = 3

    /// The SHA-256 of bytes, as the store keeps it (32 bytes).
    static func sha256(_ bytes: [UInt8]) -> Data {
        Data(SHA256.hash(data: bytes))
    }

    /// The SHA-256 of bytes in lowercase hexadecimal: the hash of a screen version, computed from
    /// its canonical JSON (a version keeps only the first bytes of it).
    static func sha256Hex(_ bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).withUnsafeBytes { raw in hex(raw) }
    }

    /// The first ``prefixLength`` bytes of a 32-byte hash: what a screen version keeps.
    static func prefix(_ hash: Data) -> Data {
        hash.prefix(prefixLength)
    }

    /// The lowercase hexadecimal text of stored hash bytes.
    static func hex(_ raw: UnsafeRawBufferPointer) -> String {
        Hex.lowercase(raw)
    }

    /// The bytes of a hexadecimal hash (either case); nil when the text is not 64 hexadecimal digits.
    static func bytes(hex text: String) -> Data? {
        guard text.utf8.count == 64, let bytes = Hex.bytes(text) else { return nil }
        return Data(bytes)
    }

    /// The bytes of a hash given to the store; refuses text that is not a SHA-256 in hexadecimal.
    static func stored(_ text: String) throws -> Data {
        guard let data = bytes(hex: text) else {
            throw DatabaseError(resultCode: .SQLITE_MISMATCH, message: "not a 64-digit hexadecimal hash: '\(text)'")
        }
        return data
    }
}
