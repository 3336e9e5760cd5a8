import Crypto
public import WireframeModel
import WireframeFormats

/// SHA-256 content hashes of canonical wireframes and screens, as lowercase hex.
public enum ContentHash {
    /// The SHA-256 of bytes, as 64 lowercase hex digits.
    public static func hex(of bytes: [UInt8]) -> String {
        let digest = SHA256.hash(data: bytes)
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(64)
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The hash of a wireframe that is already in canonical form.
    public static func of(_ canonicalWireframe: Wireframe) -> String {
        hex(of: JSONWireframeWriter().canonicalBytes(canonicalWireframe))
    }

    /// The hash of a screen that is already in canonical form.
    public static func of(screen: Screen) -> String {
        hex(of: JSONWireframeWriter().canonicalBytes(screen: screen))
    }
}
