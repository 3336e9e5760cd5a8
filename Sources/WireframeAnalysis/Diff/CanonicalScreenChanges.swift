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
    public static func canonicalScreenChanges(old: [[UInt8]], new: [[UInt8]], keys: [String]) -> [[FieldChange]?] {
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
