import WireframeModel
import WireframeFormats
#if canImport(Glibc)
import Glibc
#endif

extension WireframeDiff {
    /// The field changes between pairs of stored canonical encodings of one screen each (`old[i]`
    /// and `new[i]`, the screen `keys[i]`), read from their bytes without making screens: for each
    /// pair, what ``screenChanges(_:_:writer:)`` gives for the two screens they read as (in its
    /// order, with its texts), or nil when either encoding holds anything this does not read
    /// (elements, actions or properties that differ, an inline route, a key the canonical writer
    /// does not write, a value of another type, a required field missing): that pair is then read
    /// and compared as screens.
    ///
    /// Each side's encodings are parsed together, as one array; a field is decoded only when its
    /// bytes differ between the two sides. A `diff` of two distant revisions compares hundreds of
    /// such pairs, most of whose fields are the same; reading each side as a screen and comparing
    /// the screens cost ~9,000 instructions a pair.
    ///
    /// The plainest pairs (``PlainScreen``: compact, text in ASCII without escapes, no elements,
    /// actions or properties) are compared by a scan of their bytes alone; only the others are
    /// parsed.
    public static func canonicalScreenChanges(old: [[UInt8]], new: [[UInt8]], keys: [String]) -> [[FieldChange]?] {
        var result: [[FieldChange]?] = Array(repeating: nil, count: keys.count)
        guard old.count == keys.count, new.count == keys.count, !keys.isEmpty else { return result }
        var parsed: [Int] = []
        for index in keys.indices {
            if let changes = plainChanges(old[index], new[index], key: keys[index]) {
                result[index] = changes
            } else {
                parsed.append(index)
            }
        }
        guard !parsed.isEmpty else { return result }
        let changes = parsedScreenChanges(old: parsed.map { old[$0] }, new: parsed.map { new[$0] }, keys: parsed.map { keys[$0] })
        for (position, index) in parsed.enumerated() { result[index] = changes[position] }
        return result
    }

    /// ``canonicalScreenChanges(old:new:keys:)`` with every pair parsed (each side as one array).
    static func parsedScreenChanges(old: [[UInt8]], new: [[UInt8]], keys: [String]) -> [[FieldChange]?] {
        var result: [[FieldChange]?] = Array(repeating: nil, count: keys.count)
        guard old.count == keys.count, new.count == keys.count, !keys.isEmpty,
            let oldSide = CanonicalScreens(old), let newSide = CanonicalScreens(new)
        else { return result }
        var oldEntry = oldSide.tape.root + 1, newEntry = newSide.tape.root + 1
        for index in keys.indices {
            if let oldFields = oldSide.fields(oldEntry, key: keys[index]), let newFields = newSide.fields(newEntry, key: keys[index]) {
                result[index] = changes(oldSide, oldFields, newSide, newFields)
            }
            oldEntry = oldSide.tape.next(oldEntry)
            newEntry = newSide.tape.next(newEntry)
        }
        return result
    }

    /// The changes of one pair when both are ``PlainScreen``s named `key` whose differing `type`
    /// and `presentationStyle` are within their sets; nil otherwise (the pair is then parsed).
    /// The same changes, in the same order, as ``changes(_:_:_:_:)``: without escapes and
    /// outside ASCII, two texts are the same `String` exactly when their bytes are the same.
    static func plainChanges(_ oldBytes: [UInt8], _ newBytes: [UInt8], key: String) -> [FieldChange]? {
        var key = key
        return key.withUTF8 { key in
            oldBytes.withUnsafeBufferPointer { oldBytes in
                newBytes.withUnsafeBufferPointer { newBytes in
                    guard let old = PlainScreen(oldBytes, key: key), let new = PlainScreen(newBytes, key: key) else { return nil }
                    return plainChanges(old, oldBytes, new, newBytes)
                }
            }
        }
    }

    private static func plainChanges(
        _ old: PlainScreen, _ oldBytes: UnsafeBufferPointer<UInt8>, _ new: PlainScreen, _ newBytes: UnsafeBufferPointer<UInt8>
    ) -> [FieldChange]? {
        func same(_ lhs: Range<Int>, _ rhs: Range<Int>) -> Bool {
            guard lhs.count == rhs.count else { return false }
            guard let oldBase = oldBytes.baseAddress, let newBase = newBytes.baseAddress, !lhs.isEmpty else { return true }
            return memcmp(oldBase + lhs.lowerBound, newBase + rhs.lowerBound, lhs.count) == 0
        }
        func text(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
        func isOne(of values: [[UInt8]], _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
            guard let base = bytes.baseAddress else { return false }
            for value in values where value.count == range.count {
                let equal = value.withUnsafeBufferPointer { value in
                    value.baseAddress.map { memcmp($0, base + range.lowerBound, range.count) == 0 } ?? range.isEmpty
                }
                if equal { return true }
            }
            return false
        }
        // A type or presentation out of its set is left to the parse (which decides by the bytes
        // that follow the value whether it is the same on both sides).
        guard isOne(of: PlainScreen.containerTypes, oldBytes, old.type), isOne(of: PlainScreen.containerTypes, newBytes, new.type),
            isOne(of: PlainScreen.presentations, oldBytes, old.presentation),
            isOne(of: PlainScreen.presentations, newBytes, new.presentation)
        else { return nil }
        var changes: [FieldChange] = []
        if !same(old.title, new.title) {
            changes.append(FieldChange(field: "title", old: text(oldBytes, old.title), new: text(newBytes, new.title)))
        }
        if !same(old.type, new.type) {
            changes.append(FieldChange(field: "type", old: text(oldBytes, old.type), new: text(newBytes, new.type)))
        }
        if !same(old.presentation, new.presentation) {
            changes.append(FieldChange(field: "presentationStyle", old: text(oldBytes, old.presentation), new: text(newBytes, new.presentation)))
        }
        switch (old.navigation, new.navigation) {
        case (nil, nil): break
        case (let lhs?, let rhs?) where same(lhs, rhs): break
        case (let lhs, let rhs):
            changes.append(FieldChange(field: "navigation", old: lhs.map { text(oldBytes, $0) }, new: rhs.map { text(newBytes, $0) }))
        }
        func list(_ field: String, _ lhs: Range<Int>?, _ rhs: Range<Int>?) {
            if lhs == nil, rhs == nil { return }
            if let lhs, let rhs, same(lhs, rhs) { return }
            // Without escapes a list's bytes are its strings': two lists whose bytes differ hold
            // different strings, unless one is absent and the other empty (both read as no list).
            // Compared as ``commaSeparated(_:)`` joins them: two lists can differ and read the
            // same once joined (`["a, b"]` and `["a","b"]`).
            let oldText = lhs.flatMap { PlainScreen.joined(oldBytes, $0) }, newText = rhs.flatMap { PlainScreen.joined(newBytes, $0) }
            if oldText != newText { changes.append(FieldChange(field: field, old: oldText, new: newText)) }
        }
        list("subroutes", old.subroutes, new.subroutes)
        list("tabItems", old.tabItems, new.tabItems)
        list("children", old.children, new.children)
        list("dependencies", old.dependencies, new.dependencies)
        list("items", old.items, new.items)
        return changes
    }

    /// The changes of one pair whose fields were found; nil when a field compared whole differs.
    private static func changes(
        _ oldSide: CanonicalScreens, _ old: CanonicalScreens.Fields, _ newSide: CanonicalScreens, _ new: CanonicalScreens.Fields
    ) -> [FieldChange]? {
        func same(_ lhs: Int, _ rhs: Int) -> Bool {
            let (oldSpan, newSpan) = (oldSide.span(lhs), newSide.span(rhs))
            guard oldSpan.count == newSpan.count else { return false }
            guard !oldSpan.isEmpty else { return true }
            return oldSide.bytes.withUnsafeBufferPointer { oldBytes in
                newSide.bytes.withUnsafeBufferPointer { newBytes in
                    guard let oldBase = oldBytes.baseAddress, let newBase = newBytes.baseAddress else { return false }
                    return memcmp(oldBase + oldSpan.lowerBound, newBase + newSpan.lowerBound, oldSpan.count) == 0
                }
            }
        }
        // Present on both sides with the same bytes, or absent from both.
        func sameWhole(_ lhs: Int, _ rhs: Int) -> Bool { (lhs < 0 && rhs < 0) || (lhs >= 0 && rhs >= 0 && same(lhs, rhs)) }
        guard sameWhole(old.elements, new.elements), sameWhole(old.actions, new.actions), sameWhole(old.properties, new.properties)
        else { return nil }
        var changes: [FieldChange] = []
        func compare(_ field: String, _ lhs: String?, _ rhs: String?) {
            if lhs != rhs { changes.append(FieldChange(field: field, old: lhs, new: rhs)) }
        }
        func text(_ lhs: Int, _ rhs: Int, _ field: String) -> Bool {
            if same(lhs, rhs) { return true }
            guard let oldText = oldSide.string(lhs), let newText = newSide.string(rhs) else { return false }
            compare(field, oldText, newText)
            return true
        }
        // A value out of its set is left to the reader (it reports it and reads a default); one
        // that is the same on both sides changes nothing either way.
        func value<Value: RawRepresentable<String>>(_ lhs: Int, _ rhs: Int, _ field: String, _ type: Value.Type) -> Bool {
            if same(lhs, rhs) { return true }
            guard let oldText = oldSide.string(lhs), let newText = newSide.string(rhs), Value(rawValue: oldText) != nil,
                Value(rawValue: newText) != nil
            else { return false }
            compare(field, oldText, newText)
            return true
        }
        func optionalText(_ lhs: Int, _ rhs: Int, _ field: String) -> Bool {
            if lhs < 0, rhs < 0 { return true }
            if lhs >= 0, rhs >= 0, same(lhs, rhs) { return true }
            let oldText = lhs < 0 ? nil : oldSide.string(lhs), newText = rhs < 0 ? nil : newSide.string(rhs)
            guard lhs < 0 || oldText != nil, rhs < 0 || newText != nil else { return false }
            compare(field, oldText, newText)
            return true
        }
        func list(_ lhs: Int, _ rhs: Int, _ field: String) -> Bool {
            if lhs < 0, rhs < 0 { return true }
            if lhs >= 0, rhs >= 0, same(lhs, rhs) { return true }
            guard let oldValues = lhs < 0 ? [] : oldSide.strings(lhs), let newValues = rhs < 0 ? [] : newSide.strings(rhs) else {
                return false
            }
            if oldValues != newValues {
                compare(field, oldValues.isEmpty ? nil : commaSeparated(oldValues), newValues.isEmpty ? nil : commaSeparated(newValues))
            }
            return true
        }
        guard text(old.title, new.title, "title"), value(old.type, new.type, "type", ContainerType.self),
            value(old.presentation, new.presentation, "presentationStyle", Presentation.self),
            optionalText(old.navigation, new.navigation, "navigation"),
            list(old.subroutes, new.subroutes, "subroutes"), list(old.tabItems, new.tabItems, "tabItems"),
            list(old.children, new.children, "children"), list(old.dependencies, new.dependencies, "dependencies"),
            list(old.items, new.items, "items")
        else { return nil }
        return changes
    }
}

/// One side's screen encodings parsed as one array.
private struct CanonicalScreens {
    let tape: JSONTape
    let bytes: [UInt8]

    init?(_ screens: [[UInt8]]) {
        var document: [UInt8] = [UInt8(ascii: "[")]
        document.reserveCapacity(screens.reduce(2) { $0 + $1.count + 1 })
        for (index, screen) in screens.enumerated() {
            if index > 0 { document.append(UInt8(ascii: ",")) }
            document += screen
        }
        document.append(UInt8(ascii: "]"))
        let parsed = JSONParser().parse(document)
        guard parsed.diagnostics.isEmpty, let tape = parsed.tape, tape.kind(tape.root) == .array, tape.count(tape.root) == screens.count
        else { return nil }
        self.tape = tape
        self.bytes = tape.bytes
    }

    /// The tape indices of a screen's values by field; -1 where the screen has none.
    struct Fields {
        var title = -1, type = -1, presentation = -1, navigation = -1
        var subroutes = -1, tabItems = -1, children = -1, dependencies = -1, items = -1
        var elements = -1, actions = -1, properties = -1
    }

    /// A value's bytes, to the start of the next value or key on the tape (so two values compare
    /// equal only when their text is the same; what follows them can only make them differ).
    func span(_ index: Int) -> Range<Int> {
        let start = tape.location(index).offset
        let next = tape.next(index)
        let end = next < tape.count ? tape.location(next).offset : bytes.count
        return start..<max(start, end)
    }

    func string(_ index: Int) -> String? { index < 0 ? nil : tape.string(index) }

    /// An array of strings; nil for anything else.
    func strings(_ index: Int) -> [String]? {
        guard tape.kind(index) == .array else { return nil }
        var result: [String] = []
        result.reserveCapacity(tape.count(index))
        var entry = index + 1
        for _ in 0..<tape.count(index) {
            guard let value = tape.string(entry) else { return nil }
            result.append(value)
            entry = tape.next(entry)
        }
        return result
    }

    /// The bytes of the string (a key or a value) at `index`, between its quotes; nil when it has an escape.
    func keyBytes(_ index: Int) -> Range<Int>? {
        let start = tape.location(index).offset + 1
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
            if bytes[end] == UInt8(ascii: "\\") { return nil }
            end += 1
        }
        return start..<end
    }

    /// The fields of the screen at `entry`; nil when it is not a canonical screen named `key`
    /// with only keys the canonical writer writes (name, title, type and presentationStyle present).
    func fields(_ entry: Int, key: String) -> Fields? {
        guard tape.kind(entry) == .object else { return nil }
        var fields = Fields()
        var named = false
        // The members walked on the tape; a repeated key (which the reader would skip) leaves the
        // pair to the reader.
        let count = tape.count(entry)
        var name = entry + 1
        var walked = 0
        while walked < count, name < tape.next(entry) {
            let value = name + 1
            defer {
                name = tape.next(value)
                walked += 1
            }
            guard let keyRange = keyBytes(name) else { return nil }
            func keyIs(_: Int, _ expected: StaticString) -> Bool {
                expected.utf8CodeUnitCount == keyRange.count
                    && expected.withUTF8Buffer { expected in
                        bytes.withUnsafeBufferPointer {
                            guard let expectedBase = expected.baseAddress, let base = $0.baseAddress else { return false }
                            return memcmp(expectedBase, base + keyRange.lowerBound, keyRange.count) == 0
                        }
                    }
            }
            if keyIs(name, "name") {
                // The key as the store has it, byte for byte (the change is named by it): the
                // bytes between the quotes, or the decoded text when it has escapes.
                guard tape.kind(value) == .string else { return nil }
                if let range = keyBytes(value) {
                    var key = key
                    let equal = key.withUTF8 { key in
                        bytes.withUnsafeBufferPointer {
                            guard let keyBase = key.baseAddress, let base = $0.baseAddress else { return key.count == range.count }
                            return key.count == range.count && memcmp(keyBase, base + range.lowerBound, range.count) == 0
                        }
                    }
                    guard equal else { return nil }
                } else {
                    guard let text = tape.string(value), text.utf8.elementsEqual(key.utf8) else { return nil }
                }
                named = true
            } else if keyIs(name, "title") { fields.title = value }
            else if keyIs(name, "type") { fields.type = value }
            else if keyIs(name, "presentationStyle") { fields.presentation = value }
            else if keyIs(name, "navigation") { fields.navigation = value }
            else if keyIs(name, "subroutes") { fields.subroutes = value }
            else if keyIs(name, "tabItems") { fields.tabItems = value }
            else if keyIs(name, "children") { fields.children = value }
            else if keyIs(name, "dependencies") {
                // Canonical: sorted by bytes, each once (else the canonical form would sort them).
                guard let values = strings(value), zip(values, values.dropFirst()).allSatisfy({ $0.utf8.lexicographicallyPrecedes($1.utf8) })
                else { return nil }
                fields.dependencies = value
            } else if keyIs(name, "items") { fields.items = value }
            else if keyIs(name, "elements") { fields.elements = value }
            else if keyIs(name, "actions") { fields.actions = value }
            else if keyIs(name, "properties") { fields.properties = value }
            else { return nil }
        }
        guard walked == count, name == tape.next(entry), named, fields.title >= 0, fields.type >= 0, fields.presentation >= 0,
            tape.kind(fields.title) == .string, tape.kind(fields.type) == .string, tape.kind(fields.presentation) == .string
        else { return nil }
        return fields
    }
}

/// A canonical screen of the plainest kind, found by a scan of its bytes: one compact JSON object
/// (no white space) whose members are `name` (the screen's key, byte for byte), `title`, `type`,
/// `presentationStyle` (these four present), `navigation`, and the lists `subroutes`,
/// `tabItems`, `children`, `dependencies` (in byte order, each once: canonical) and `items`,
/// each once; every text a string of printable ASCII without escapes, every list an array of
/// such strings. The ranges are a text's bytes between its quotes, a list's from `[` to `]`.
/// Anything else (elements, actions, properties, an escape, a byte outside printable ASCII, a
/// value of another type) is not one: such a screen is parsed.
struct PlainScreen {
    var title = 0..<0, type = 0..<0, presentation = 0..<0
    var navigation: Range<Int>?
    var subroutes: Range<Int>?, tabItems: Range<Int>?, children: Range<Int>?, dependencies: Range<Int>?, items: Range<Int>?

    init?(_ bytes: UnsafeBufferPointer<UInt8>, key: UnsafeBufferPointer<UInt8>) {
        let count = bytes.count
        guard count >= 2, bytes[0] == UInt8(ascii: "{"), bytes[count - 1] == UInt8(ascii: "}") else { return nil }
        var offset = 1
        var seen: UInt16 = 0
        // One bit a member, by its number (``member(_:_:)``).
        let title: UInt16 = 1 << 1, type: UInt16 = 1 << 2, presentation: UInt16 = 1 << 3
        while true {
            guard let name = Self.string(bytes, &offset), offset < count, bytes[offset] == UInt8(ascii: ":") else { return nil }
            offset += 1
            guard let member = Self.member(bytes, name), seen & (1 << member) == 0 else { return nil }
            seen |= 1 << member
            if member < 5 {
                guard let value = Self.string(bytes, &offset) else { return nil }
                switch member {
                case 0:
                    // The key, byte for byte.
                    guard value.count == key.count else { return nil }
                    if let base = bytes.baseAddress, let keyBase = key.baseAddress {
                        guard memcmp(base + value.lowerBound, keyBase, key.count) == 0 else { return nil }
                    }
                case 1: self.title = value
                case 2: self.type = value
                case 3: self.presentation = value
                default: navigation = value
                }
            } else {
                guard let list = Self.list(bytes, &offset, ordered: member == 8) else { return nil }
                switch member {
                case 5: subroutes = list
                case 6: tabItems = list
                case 7: children = list
                case 8: dependencies = list
                default: items = list
                }
            }
            guard offset < count else { return nil }
            if bytes[offset] == UInt8(ascii: ",") {
                offset += 1
            } else if bytes[offset] == UInt8(ascii: "}"), offset == count - 1 {
                break
            } else {
                return nil
            }
        }
        guard seen & 1 != 0, seen & title != 0, seen & type != 0, seen & presentation != 0 else { return nil }
    }

    /// The raw values of ``ContainerType`` and of ``Presentation``, as bytes.
    static let containerTypes = ContainerType.allCases.map { Array($0.rawValue.utf8) }
    static let presentations = Presentation.allCases.map { Array($0.rawValue.utf8) }

    /// The number of the member named by these bytes (`name`, `title`, `type`,
    /// `presentationStyle`, `navigation`, `subroutes`, `tabItems`, `children`, `dependencies`,
    /// `items`: 0 to 9); nil for any other name.
    static func member(_ bytes: UnsafeBufferPointer<UInt8>, _ name: Range<Int>) -> Int? {
        guard let base = bytes.baseAddress, !name.isEmpty else { return nil }
        let start = base + name.lowerBound
        func named(_ candidate: StaticString) -> Bool { memcmp(candidate.utf8Start, start, name.count) == 0 }
        switch (name.count, start.pointee) {
        case (4, UInt8(ascii: "n")): return named("name") ? 0 : nil
        case (5, UInt8(ascii: "t")): return named("title") ? 1 : nil
        case (4, UInt8(ascii: "t")): return named("type") ? 2 : nil
        case (17, _): return named("presentationStyle") ? 3 : nil
        case (10, _): return named("navigation") ? 4 : nil
        case (9, _): return named("subroutes") ? 5 : nil
        case (8, UInt8(ascii: "t")): return named("tabItems") ? 6 : nil
        case (8, UInt8(ascii: "c")): return named("children") ? 7 : nil
        case (12, _): return named("dependencies") ? 8 : nil
        case (5, UInt8(ascii: "i")): return named("items") ? 9 : nil
        default: return nil
        }
    }

    /// The bytes between the quotes of the string at `offset`, which moves past it; nil when
    /// there is no string there or it holds anything but printable ASCII other than a backslash.
    static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: inout Int) -> Range<Int>? {
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { return nil }
        let start = offset + 1
        var end = start
        if let base = bytes.baseAddress {
            // Eight bytes at a time while none is a quote, a backslash, below 0x20 or above 0x7E
            // (as the JSON parser's scan: a false alarm only hands the word to the byte loop).
            let ones: UInt64 = 0x0101_0101_0101_0101, high: UInt64 = 0x8080_8080_8080_8080
            while bytes.count - end >= 8 {
                let word = UnsafeRawPointer(base + end).loadUnaligned(as: UInt64.self)
                let special = (word &- 0x20 &* ones) | ((word ^ (0x22 &* ones)) &- ones) | ((word ^ (0x5C &* ones)) &- ones) | (word &+ ones)
                if (word | special) & high != 0 { break }
                end += 8
            }
        }
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") { break }
            guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return nil }
            end += 1
        }
        guard end < bytes.count else { return nil }
        offset = end + 1
        return start..<end
    }

    /// The bytes from `[` to `]` of the array of such strings at `offset`, which moves past it;
    /// with `ordered`, its strings must be in strictly increasing byte order.
    static func list(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: inout Int, ordered: Bool) -> Range<Int>? {
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "["), let base = bytes.baseAddress else { return nil }
        let start = offset
        offset += 1
        guard offset < bytes.count else { return nil }
        if bytes[offset] == UInt8(ascii: "]") {
            offset += 1
            return start..<offset
        }
        var previous: Range<Int>?
        while true {
            guard let value = string(bytes, &offset), offset < bytes.count else { return nil }
            if ordered, let previous {
                let common = min(previous.count, value.count)
                let order = memcmp(base + previous.lowerBound, base + value.lowerBound, common)
                guard order < 0 || (order == 0 && previous.count < value.count) else { return nil }
            }
            previous = value
            if bytes[offset] == UInt8(ascii: "]") {
                offset += 1
                return start..<offset
            }
            guard bytes[offset] == UInt8(ascii: ",") else { return nil }
            offset += 1
        }
    }

    /// The strings of a list found by ``list(_:_:ordered:)`` joined as
    /// ``WireframeDiff/commaSeparated(_:)`` joins them; nil for an empty list.
    static func joined(_ bytes: UnsafeBufferPointer<UInt8>, _ list: Range<Int>) -> String? {
        guard list.count > 2 else { return nil }
        var text: [UInt8] = []
        text.reserveCapacity(list.count)
        // Its strings hold no quote: every quote opens or closes one, and a comma outside them
        // separates two.
        var inString = false
        for byte in bytes[(list.lowerBound + 1)..<(list.upperBound - 1)] {
            if byte == UInt8(ascii: "\"") {
                inString.toggle()
            } else if inString {
                text.append(byte)
            } else {
                text.append(UInt8(ascii: ","))
                text.append(UInt8(ascii: " "))
            }
        }
        return String(decoding: text, as: UTF8.self)
    }
}
