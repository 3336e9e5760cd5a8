import Foundation

/// The writer of `--format json` output: Foundation's `JSONEncoder` with sorted keys, two-space
/// indentation, unescaped slashes and a final newline, so that the same result is always the same
/// text. Only `log` writes through ``JSONStream``, in the same form.
public enum JSONOutput {
    public static func text(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }
}

/// Writes JSON straight into bytes in the exact form of `JSONOutput.text` (two-space indentation,
/// `"key" : value`, no escaped slashes), for `log`, whose output grows with the history:
/// encoding its revisions with `JSONEncoder` made `log --format json` of 300 revisions of a
/// 1,000-screen document about 5 ms slower (more work than the rest of the command),
/// past its goal of 0.02 times `git log -p`, and the gap grows with every revision.
/// `JSONStreamTests` holds the two to the same bytes. Keys are written in the order
/// given, so callers give them sorted; a nil optional is left out, as `JSONEncoder` does.
public struct JSONStream {
    /// The text so far.
    private(set) var bytes: [UInt8] = []
    /// How many containers are open.
    private var depth = 0
    /// Whether the innermost open container has no member or element yet.
    private var empty = true

    public init(capacity: Int = 1 << 16) {
        bytes.reserveCapacity(capacity)
    }

    /// The text with its final newline.
    public var text: String {
        String(decoding: bytes, as: UTF8.self) + "\n"
    }

    /// Starts a member or an element: a comma and a new line after the one before it, the indentation.
    private mutating func startItem() {
        if empty {
            empty = false
        } else {
            bytes.append(UInt8(ascii: ","))
            bytes.append(UInt8(ascii: "\n"))
        }
        indent()
    }

    private mutating func indent() {
        for _ in 0..<depth {
            bytes.append(UInt8(ascii: " "))
            bytes.append(UInt8(ascii: " "))
        }
    }

    /// Opens a container; even an empty one gets its own lines, as `JSONEncoder` writes it.
    private mutating func open(_ byte: UInt8) {
        bytes.append(byte)
        bytes.append(UInt8(ascii: "\n"))
        depth += 1
        empty = true
    }

    private mutating func close(_ byte: UInt8) {
        depth -= 1
        bytes.append(UInt8(ascii: "\n"))
        indent()
        bytes.append(byte)
        empty = false
    }

    /// An object; `body` writes its members.
    public mutating func object(_ body: (inout JSONStream) -> Void) {
        open(UInt8(ascii: "{"))
        body(&self)
        close(UInt8(ascii: "}"))
    }

    /// An array; `body` writes its elements.
    public mutating func array(_ body: (inout JSONStream) -> Void) {
        open(UInt8(ascii: "["))
        body(&self)
        close(UInt8(ascii: "]"))
    }

    /// An array element that is an object.
    public mutating func objectElement(_ body: (inout JSONStream) -> Void) {
        startItem()
        object(body)
    }

    /// An array element that is a string.
    public mutating func stringElement(_ value: String) {
        startItem()
        string(value)
    }

    /// A member's key and separator; its value follows.
    private mutating func key(_ name: String) {
        startItem()
        string(name)
        bytes.append(UInt8(ascii: " "))
        bytes.append(UInt8(ascii: ":"))
        bytes.append(UInt8(ascii: " "))
    }

    public mutating func member(_ name: String, _ value: String?) {
        guard let value else { return }
        key(name)
        string(value)
    }

    public mutating func member(_ name: String, _ value: Int64) {
        key(name)
        bytes.append(contentsOf: String(value).utf8)
    }

    public mutating func member(_ name: String, _ value: Int) {
        member(name, Int64(value))
    }

    /// A member that is there even when nil (`null`).
    public mutating func member(_ name: String, orNull value: Int64?) {
        guard let value else { return memberNull(name) }
        member(name, value)
    }

    /// A member whose value is `null`.
    public mutating func memberNull(_ name: String) {
        key(name)
        bytes.append(contentsOf: "null".utf8)
    }

    public mutating func member(_ name: String, _ value: Bool) {
        key(name)
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    public mutating func member(_ name: String, strings: [String]) {
        key(name)
        array { stream in
            for value in strings { stream.stringElement(value) }
        }
    }

    public mutating func arrayMember(_ name: String, _ body: (inout JSONStream) -> Void) {
        key(name)
        array(body)
    }

    public mutating func member(_ name: String, object body: (inout JSONStream) -> Void) {
        key(name)
        object(body)
    }

    /// A string, escaped as `JSONEncoder` escapes it with `.withoutEscapingSlashes`.
    private mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(byte)
            case 0x08:
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(UInt8(ascii: "b"))
            case 0x09:
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(UInt8(ascii: "t"))
            case 0x0A:
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(UInt8(ascii: "n"))
            case 0x0C:
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(UInt8(ascii: "f"))
            case 0x0D:
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(UInt8(ascii: "r"))
            case 0x00..<0x20:
                bytes.append(contentsOf: "\\u00".utf8)
                bytes.append(Self.hexDigit(byte >> 4))
                bytes.append(Self.hexDigit(byte & 0xF))
            default:
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
