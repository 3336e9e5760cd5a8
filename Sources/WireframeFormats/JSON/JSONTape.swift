public import WireframeModel

/// A well-formed JSON document as one flat array of plain records (the tape), one per value and
/// per object key, in source order, over the document's bytes.
///
/// A container's record is followed by its children's records; every record knows the index of
/// the record after its whole subtree (`next`), so a reader skips a value in one step. Object
/// members are a key record (a string) followed by the value's records. Strings are not decoded
/// while parsing: a string without escapes is read straight from the bytes when asked for, and one
/// with escapes is decoded then. Every record keeps the line, column (in Unicode scalars) and byte
/// offset of its first character, as the parser counted them.
///
/// Keys that repeat an earlier key of the same object stay on the tape, marked: the parser reports
/// them, and ``members(of:)`` leaves them out (the first one is kept).
public struct JSONTape: Sendable {
    /// The type of a value.
    public enum Kind: UInt8, Sendable {
        case null
        case `false`
        case `true`
        case number
        case string
        case array
        case object

        /// The name of the type as messages say it: `string`, `array`, ….
        public var typeName: String {
            switch self {
            case .null: "null"
            case .false, .true: "boolean"
            case .number: "number"
            case .string: "string"
            case .array: "array"
            case .object: "object"
            }
        }
    }

    /// One value or key.
    struct Record {
        var kind: Kind
        var flags: UInt8
        var line: Int32
        var column: Int32
        /// The byte offset of the first character (a string's opening quote).
        var offset: Int32
        /// Strings: the offset of the closing quote. Numbers: one past the last character.
        /// Containers: the number of elements, or of members (repeated keys included).
        var extent: Int32
        /// The index of the record after this value's subtree.
        var next: Int32

        static let escaped: UInt8 = 1
        static let repeatedKey: UInt8 = 2
    }

    /// One member of an object: the indices of its key and its value.
    public struct Member: Sendable, Hashable {
        /// The key's record (a string).
        public var key: Int
        /// The value's record.
        public var value: Int

        /// Creates a member from the indices of its key and value.
        public init(key: Int, value: Int) {
            self.key = key
            self.value = value
        }
    }

    /// The document's bytes.
    public let bytes: [UInt8]
    var records: [Record]

    init(bytes: [UInt8], records: [Record]) {
        self.bytes = bytes
        self.records = records
    }

    /// The root value's index.
    public var root: Int { 0 }

    /// The number of records (values and keys).
    public var count: Int { records.count }

    /// The type of the value at `index`.
    public func kind(_ index: Int) -> Kind { records[index].kind }

    /// The first character of the value or key at `index`.
    public func location(_ index: Int) -> SourceLocation {
        let record = records[index]
        return SourceLocation(line: record.line, column: record.column, offset: record.offset)
    }

    /// The index of the record after the value at `index` and everything inside it.
    public func next(_ index: Int) -> Int { Int(records[index].next) }

    /// The number of elements of an array, or of members of an object (without repeated keys).
    public func count(_ index: Int) -> Int {
        let record = records[index]
        switch record.kind {
        case .array: return Int(record.extent)
        case .object:
            var count = 0
            forEachMember(of: index) { _ in count += 1 }
            return count
        default: return 0
        }
    }

    /// The string at `index` (a value or a key), decoded; nil for any other value.
    public func string(_ index: Int) -> String? {
        let record = records[index]
        guard record.kind == .string else { return nil }
        return decodeString(record)
    }

    /// The exact text of the number at `index`; nil for any other value.
    public func numberText(_ index: Int) -> String? {
        let record = records[index]
        guard record.kind == .number else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[Int(record.offset)..<Int(record.extent)]), as: UTF8.self)
        }
    }

    /// The indices of an array's elements; empty for any other value.
    public func elements(of index: Int) -> [Int] {
        let record = records[index]
        guard record.kind == .array else { return [] }
        var result: [Int] = []
        result.reserveCapacity(Int(record.extent))
        var child = index + 1
        for _ in 0..<Int(record.extent) {
            result.append(child)
            child = Int(records[child].next)
        }
        return result
    }

    /// An object's members in source order, without repeated keys; empty for any other value.
    public func members(of index: Int) -> [Member] {
        var result: [Member] = []
        result.reserveCapacity(Int(records[index].extent))
        forEachMember(of: index) { result.append($0) }
        return result
    }

    /// Calls `body` with each member of the object at `index`, in source order, without repeated keys.
    @inline(__always)
    func forEachMember(of index: Int, _ body: (Member) throws -> Void) rethrows {
        let record = records[index]
        guard record.kind == .object else { return }
        var key = index + 1
        for _ in 0..<Int(record.extent) {
            let next = Int(records[key + 1].next)
            if records[key].flags & Record.repeatedKey == 0 { try body(Member(key: key, value: key + 1)) }
            key = next
        }
    }

    /// The first member of the object at `index` whose key is `key`.
    public func member(_ key: String, of index: Int) -> Member? {
        let object = records[index]
        guard object.kind == .object else { return nil }
        let length = key.utf8.count
        var position = index + 1
        for _ in 0..<Int(object.extent) {
            let record = records[position]
            // Most keys differ in length: only a key of the same length has its bytes compared.
            if record.flags & Record.repeatedKey == 0,
                record.flags & Record.escaped != 0 || Int(record.extent) - Int(record.offset) - 1 == length,
                stringEquals(position, key)
            {
                return Member(key: position, value: position + 1)
            }
            position = Int(records[position + 1].next)
        }
        return nil
    }

    /// The position in `keys` of the key at `index`.
    func position(ofKey index: Int, in keys: JSONKeySet) -> Int? {
        let record = records[index]
        if record.flags & Record.escaped != 0 {
            return decodedBytes(record).withUnsafeBufferPointer { keys.position(of: $0) }
        }
        return bytes.withUnsafeBufferPointer { buffer in
            keys.position(of: UnsafeBufferPointer(rebasing: buffer[(Int(record.offset) + 1)..<Int(record.extent)]))
        }
    }

    /// Whether the string at `index` is `utf8`, byte for byte once decoded.
    func keyEquals(_ index: Int, _ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        let record = records[index]
        if record.flags & Record.escaped != 0 { return decodedBytes(record).elementsEqual(utf8) }
        let start = Int(record.offset) + 1
        let length = Int(record.extent) - start
        guard length == utf8.count else { return false }
        return bytes.withUnsafeBufferPointer { sameBytes(UnsafeBufferPointer(rebasing: $0[start..<(start + length)]), utf8) }
    }

    /// Whether the string at `index` is `text`.
    func stringEquals(_ index: Int, _ text: String) -> Bool {
        let record = records[index]
        // Most keys differ in length: that check needs no access to the bytes.
        if record.flags & Record.escaped == 0, Int(record.extent) - Int(record.offset) - 1 != text.utf8.count {
            return false
        }
        var text = text
        return text.withUTF8 { keyEquals(index, $0) }
    }

    /// Whether the strings at two indices are the same once decoded, byte for byte (not by
    /// Swift's String equality, which takes "é" and "e\u{301}", two different JSON keys, for one).
    func sameString(_ lhs: Int, _ rhs: Int) -> Bool {
        let record = records[rhs]
        if record.flags & Record.escaped != 0 {
            return decodedBytes(record).withUnsafeBufferPointer { keyEquals(lhs, $0) }
        }
        return bytes.withUnsafeBufferPointer { buffer in
            keyEquals(lhs, UnsafeBufferPointer(rebasing: buffer[(Int(record.offset) + 1)..<Int(record.extent)]))
        }
    }

    /// The decoded UTF-8 bytes of the string at `index`.
    func stringBytes(_ index: Int) -> [UInt8] {
        let record = records[index]
        if record.flags & Record.escaped != 0 { return decodedBytes(record) }
        return Array(bytes[(Int(record.offset) + 1)..<Int(record.extent)])
    }

    private func decodeString(_ record: Record) -> String {
        if record.flags & Record.escaped != 0 {
            return String(decoding: decodedBytes(record), as: UTF8.self)
        }
        return bytes.withUnsafeBufferPointer { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[(Int(record.offset) + 1)..<Int(record.extent)]), as: UTF8.self)
        }
    }

    private func decodedBytes(_ record: Record) -> [UInt8] {
        bytes.withUnsafeBufferPointer { Self.decodedBytes(record, in: $0) }
    }

    /// The decoded UTF-8 bytes of a string record (the parser has checked every escape).
    static func decodedBytes(_ record: Record, in buffer: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        if record.flags & Record.escaped == 0 {
            return Array(UnsafeBufferPointer(rebasing: buffer[(Int(record.offset) + 1)..<Int(record.extent)]))
        }
        do {
            var result: [UInt8] = []
            result.reserveCapacity(Int(record.extent) - Int(record.offset))
            var position = Int(record.offset) + 1
            let end = Int(record.extent)
            func hex4(at start: Int) -> UInt32 {
                var value: UInt32 = 0
                for index in start..<(start + 4) {
                    let byte = buffer[index]
                    let digit: UInt32 =
                        switch byte {
                        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
                        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
                        default: UInt32(byte &- UInt8(ascii: "A") &+ 10)
                        }
                    value = value << 4 | digit
                }
                return value
            }
            while position < end {
                let byte = buffer[position]
                guard byte == UInt8(ascii: "\\") else {
                    result.append(byte)
                    position += 1
                    continue
                }
                let escape = buffer[position + 1]
                position += 2
                switch escape {
                case UInt8(ascii: "b"): result.append(0x08)
                case UInt8(ascii: "f"): result.append(0x0C)
                case UInt8(ascii: "n"): result.append(0x0A)
                case UInt8(ascii: "r"): result.append(0x0D)
                case UInt8(ascii: "t"): result.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = hex4(at: position)
                    position += 4
                    if (0xD800...0xDBFF).contains(scalar) {
                        let low = hex4(at: position + 2)
                        position += 6
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    Self.appendUTF8(scalar, to: &result)
                default: result.append(escape)  // \" \\ \/
                }
            }
            return result
        }
    }

    private static func appendUTF8(_ scalar: UInt32, to result: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            result.append(UInt8(scalar))
        case 0x80..<0x800:
            result.append(UInt8(0xC0 | scalar >> 6))
            result.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            result.append(UInt8(0xE0 | scalar >> 12))
            result.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            result.append(UInt8(0x80 | scalar & 0x3F))
        default:
            result.append(UInt8(0xF0 | scalar >> 18))
            result.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            result.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            result.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    // MARK: The tree

    /// The value at `index` as a tree of located nodes (repeated keys left out).
    ///
    /// Recursion goes as deep as the document nests, which the parser has limited.
    public func node(_ index: Int) -> JSONNode {
        let record = records[index]
        let location = location(index)
        switch record.kind {
        case .null: return JSONNode(.null, at: location)
        case .false: return JSONNode(.bool(false), at: location)
        case .true: return JSONNode(.bool(true), at: location)
        case .number: return JSONNode(.number(numberText(index) ?? ""), at: location)
        case .string: return JSONNode(.string(decodeString(record)), at: location)
        case .array: return JSONNode(.array(elements(of: index).map { node($0) }), at: location)
        case .object:
            var members: [JSONMember] = []
            members.reserveCapacity(Int(record.extent))
            forEachMember(of: index) { member in
                members.append(
                    JSONMember(
                        key: decodeString(records[member.key]), keyLocation: self.location(member.key),
                        value: node(member.value)))
            }
            return JSONNode(.object(members), at: location)
        }
    }
}
