/// Writes JSON text into a byte buffer, compact or indented, in the order the caller gives.
struct JSONEmitter {
    /// Two-space indentation and a space after colons; nil for the compact form.
    let indentation: Bool
    private(set) var bytes: [UInt8] = []
    private var level = 0
    /// Whether the current container has had a member or element yet.
    private var isFirst: [Bool] = []

    init(pretty: Bool, capacity: Int = 4096) {
        indentation = pretty
        bytes.reserveCapacity(capacity)
    }

    private mutating func newline() {
        guard indentation else { return }
        bytes.append(UInt8(ascii: "\n"))
        for _ in 0..<level { bytes.append(UInt8(ascii: " ")); bytes.append(UInt8(ascii: " ")) }
    }

    private mutating func separate() {
        guard let first = isFirst.last else { return }
        if !first { bytes.append(UInt8(ascii: ",")) }
        isFirst[isFirst.count - 1] = false
        newline()
    }

    mutating func beginObject() { open(UInt8(ascii: "{")) }
    mutating func endObject() { close(UInt8(ascii: "}")) }
    mutating func beginArray() { open(UInt8(ascii: "[")) }
    mutating func endArray() { close(UInt8(ascii: "]")) }

    private mutating func open(_ byte: UInt8) {
        bytes.append(byte)
        level += 1
        isFirst.append(true)
    }

    private mutating func close(_ byte: UInt8) {
        level -= 1
        let wasEmpty = isFirst.popLast() ?? true
        if !wasEmpty { newline() }
        bytes.append(byte)
    }

    /// Starts an object member; the value follows.
    mutating func key(_ key: String) {
        separate()
        writeString(key)
        bytes.append(UInt8(ascii: ":"))
        if indentation { bytes.append(UInt8(ascii: " ")) }
        pendingValue = true
    }

    /// Whether a key was written and its value has not.
    private var pendingValue = false

    private mutating func beforeValue() {
        if pendingValue {
            pendingValue = false
        } else {
            separate()
        }
    }

    mutating func string(_ value: String) {
        beforeValue()
        writeString(value)
    }

    mutating func bool(_ value: Bool) {
        beforeValue()
        bytes.append(contentsOf: value ? Array("true".utf8) : Array("false".utf8))
    }

    mutating func integer(_ value: Int) {
        beforeValue()
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Begins an object as a value (after `key` or inside an array).
    mutating func objectValue(_ body: (inout JSONEmitter) -> Void) {
        beforeValue()
        beginObject()
        body(&self)
        endObject()
    }

    /// Begins an array as a value (after `key` or inside an array).
    mutating func arrayValue(_ body: (inout JSONEmitter) -> Void) {
        beforeValue()
        beginArray()
        body(&self)
        endArray()
    }

    mutating func member(_ name: String, _ value: String) {
        key(name)
        string(value)
    }

    mutating func member(_ name: String, strings: [String]) {
        key(name)
        arrayValue { emitter in
            for value in strings { emitter.string(value) }
        }
    }

    /// A string-to-string object with keys in sorted order.
    mutating func member(_ name: String, properties: [String: String]) {
        key(name)
        objectValue { emitter in
            for key in properties.keys.sorted() {
                emitter.member(key, properties[key] ?? "")
            }
        }
    }

    private mutating func writeString(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        // Most strings need no escaping: copy them whole.
        var value = value
        let copied: Bool = value.withUTF8 { utf8 in
            for byte in utf8 where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                return false
            }
            bytes.append(contentsOf: utf8)
            return true
        }
        if copied {
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
            case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
            case 0x0A: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "t"))
            case 0x00..<0x20:
                bytes.append(contentsOf: Array("\\u00".utf8))
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            default:
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
