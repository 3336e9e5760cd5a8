/// Writes JSON text into a byte buffer, compact or indented, in the order the caller gives.
struct JSONEmitter {
    /// Indented (one `indent` a level) with a space after colons; false for the compact form.
    let indentation: Bool
    /// What one level of indentation is (two spaces unless asked otherwise).
    private let indent: [UInt8]
    private var buffer: ByteBuffer
    /// The text written so far.
    var bytes: [UInt8] { buffer.array }
    /// How many containers are open.
    private var level = 0
    /// Whether the innermost open container has had a member or element yet.
    private var hasContent = false

    init(pretty: Bool, indent: [UInt8] = Array("  ".utf8), capacity: Int = 4096) {
        indentation = pretty
        self.indent = indent
        buffer = ByteBuffer(capacity: capacity)
    }

    /// How many bytes are written and not yet drained.
    var count: Int { buffer.count }

    /// Hands the bytes written since the last drain to `body` and empties the buffer, keeping
    /// its capacity; the containers that are open stay open, so the text goes on where it was.
    mutating func drain(_ body: (UnsafeRawBufferPointer) -> Void) {
        buffer.drain(body)
    }

    private mutating func newline() {
        guard indentation else { return }
        buffer.append(UInt8(ascii: "\n"))
        for _ in 0..<level {
            for byte in indent { buffer.append(byte) }
        }
    }

    private mutating func separate() {
        guard level > 0 else { return }
        if hasContent { buffer.append(UInt8(ascii: ",")) }
        hasContent = true
        newline()
    }

    mutating func beginObject() { open(UInt8(ascii: "{")) }
    mutating func endObject() { close(UInt8(ascii: "}")) }
    mutating func beginArray() { open(UInt8(ascii: "[")) }
    mutating func endArray() { close(UInt8(ascii: "]")) }

    private mutating func open(_ byte: UInt8) {
        buffer.append(byte)
        level += 1
        hasContent = false
    }

    private mutating func close(_ byte: UInt8) {
        level -= 1
        if hasContent { newline() }
        buffer.append(byte)
        // The closed container was itself content of the one around it.
        hasContent = true
    }

    /// Starts an object member whose key is a name of the format; the value follows. Such names
    /// need no escaping: their bytes are copied as they are.
    mutating func key(_ key: StaticString) {
        separate()
        buffer.appendQuoted(UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        buffer.append(UInt8(ascii: ":"))
        if indentation { buffer.append(UInt8(ascii: " ")) }
        pendingValue = true
    }

    /// Starts an object member whose key is any text; the value follows.
    mutating func key(text key: String) {
        separate()
        writeString(key)
        buffer.append(UInt8(ascii: ":"))
        if indentation { buffer.append(UInt8(ascii: " ")) }
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
        if value {
            buffer.append(contentsOf: "true".utf8)
        } else {
            buffer.append(contentsOf: "false".utf8)
        }
    }

    mutating func integer(_ value: Int) {
        beforeValue()
        buffer.append(contentsOf: String(value).utf8)
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

    mutating func member(_ name: StaticString, _ value: String) {
        key(name)
        string(value)
    }

    mutating func member(_ name: StaticString, strings: [String]) {
        key(name)
        arrayValue { emitter in
            for value in strings { emitter.string(value) }
        }
    }

    /// A string-to-string object with keys in sorted order.
    mutating func member(_ name: StaticString, properties: [String: String]) {
        key(name)
        objectValue { emitter in
            for key in properties.keys.sorted() {
                emitter.key(text: key)
                emitter.string(properties[key] ?? "")
            }
        }
    }

    private mutating func writeString(_ value: String) {
        // Most strings need no escaping: copy them whole, between their quotes.
        var value = value
        let buffer = buffer
        let copied: Bool = value.withUTF8 { utf8 in
            for byte in utf8 where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                return false
            }
            buffer.appendQuoted(utf8)
            return true
        }
        if copied { return }
        buffer.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""):
                buffer.append(UInt8(ascii: "\\"))
                buffer.append(byte)
            case UInt8(ascii: "\\"):
                buffer.append(UInt8(ascii: "\\"))
                buffer.append(byte)
            case 0x0A:
                buffer.append(UInt8(ascii: "\\"))
                buffer.append(UInt8(ascii: "n"))
            case 0x0D:
                buffer.append(UInt8(ascii: "\\"))
                buffer.append(UInt8(ascii: "r"))
            case 0x09:
                buffer.append(UInt8(ascii: "\\"))
                buffer.append(UInt8(ascii: "t"))
            case 0x00..<0x20:
                buffer.append(contentsOf: "\\u00".utf8)
                let hex = Array("0123456789abcdef".utf8)
                buffer.append(hex[Int(byte >> 4)])
                buffer.append(hex[Int(byte & 0xF)])
            default:
                buffer.append(byte)
            }
        }
        buffer.append(UInt8(ascii: "\""))
    }
}

/// A growing byte buffer that appends without the uniqueness and capacity bookkeeping of an
/// array append: the emitter writes a few bytes at a time, hundreds of thousands of times.
/// Owned by one emitter and used by it alone, one call at a time, so its fields are not checked
/// for exclusivity at run time (three checks per append).
private final class ByteBuffer {
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = UnsafeMutablePointer<UInt8>.allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// A copy of the bytes written.
    var array: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// Hands the bytes written to `body`, then forgets them (the memory is reused).
    func drain(_ body: (UnsafeRawBufferPointer) -> Void) {
        body(UnsafeRawBufferPointer(start: base, count: count))
        count = 0
    }

    @inline(__always)
    func append(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        base[count] = byte
        count += 1
    }

    /// `bytes` between double quotes, with one check of the capacity.
    @inline(__always)
    func appendQuoted(_ bytes: UnsafeBufferPointer<UInt8>) {
        let length = bytes.count
        if count + length + 2 > capacity { grow(to: count + length + 2) }
        base[count] = UInt8(ascii: "\"")
        if let source = bytes.baseAddress, length > 0 { (base + count + 1).update(from: source, count: length) }
        base[count + length + 1] = UInt8(ascii: "\"")
        count += length + 2
    }

    func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity { grow(to: count + bytes.count) }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    func append(contentsOf bytes: some Sequence<UInt8>) {
        for byte in bytes { append(byte) }
    }

    private func grow(to needed: Int) {
        let newCapacity = max(capacity * 2, needed)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
