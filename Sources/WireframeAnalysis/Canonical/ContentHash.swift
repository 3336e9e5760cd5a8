import Crypto
public import WireframeModel
import WireframeFormats

/// SHA-256 content hashes of canonical wireframes and screens, as lowercase hex.
public enum ContentHash {
    /// The SHA-256 of bytes, as 64 lowercase hex digits.
    public static func hex(of bytes: [UInt8]) -> String {
        hex(SHA256.hash(data: bytes))
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
