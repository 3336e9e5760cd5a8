import WireframeModel

/// Reads the members of one JSON object on a tape against a list of known keys, collecting diagnostics.
///
/// Every accessor records a wrong-type error at the value and returns nil, so that the caller
/// can go on and report everything else in the file. Keys are compared with the tape's bytes, and
/// strings are decoded only for the values asked for.
struct JSONObjectReader {
    let tape: JSONTape
    /// The object's index on the tape.
    let node: Int
    /// What the object is, for messages: "route 'home'", "element", "the wireframe": `noun 'name'`
    /// when the object has a name, else `fallback`. Built only when a message needs it: most
    /// objects have nothing to report.
    private let noun: String
    private var name: String?
    private let fallback: String
    var subject: String { name.map { "\(noun) '\($0)'" } ?? fallback }
    /// A member of the object that the reader leaves out (one that belongs to an enclosing entry).
    private let skipped: JSONTape.Member?
    /// The keys the object may have, when the reader was given them: each member is then filed
    /// under its key's position in one pass, and the accessors read the slots.
    private let keys: JSONKeySet?
    /// The key index on the tape of the member under each known key (by its position in `keys`),
    /// 0 when absent.
    private var slots = InlineArray<24, Int32>(repeating: 0)
    /// How many members have a key outside `keys`.
    private var unknownCount = 0

    /// A reader for an object; its subject is `subject`.
    init(_ tape: JSONTape, _ node: Int, subject: String, keys: JSONKeySet? = nil, skipping skipped: JSONTape.Member? = nil) {
        self.init(tape, node, noun: "", name: nil, fallback: subject, keys: keys, skipping: skipped)
    }

    /// A reader for an object whose subject is `noun 'name'`, or `fallback` without a name;
    /// with `namedByMember`, the name is the object's own `name` member when it is a string.
    init(
        _ tape: JSONTape, _ node: Int, noun: String, name: String?, fallback: String, keys: JSONKeySet? = nil,
        skipping skipped: JSONTape.Member? = nil, namedByMember: Bool = false
    ) {
        self.tape = tape
        self.node = node
        self.noun = noun
        self.name = name
        self.fallback = fallback
        self.skipped = skipped
        self.keys = keys
        guard let keys else { return }
        var slots = InlineArray<24, Int32>(repeating: 0)
        var unknownCount = 0
        tape.forEachMember(of: node) { member in
            guard member != skipped else { return }
            if let position = tape.position(ofKey: member.key, in: keys) {
                slots[position] = Int32(truncatingIfNeeded: member.key)
            } else {
                unknownCount += 1
            }
        }
        self.slots = slots
        self.unknownCount = unknownCount
        if namedByMember, let position = keys.position(of: .name) {
            let key = Int(slots[position])
            if key != 0 { self.name = tape.string(key + 1) }
        }
    }

    /// The object's `name` member when it is a string, as read for the subject (readers made
    /// with `namedByMember`), with the string's location; nil otherwise.
    var nameValue: (String, SourceLocation)? {
        guard let name, let member = member(at: .name) else { return nil }
        return (name, tape.location(member.value))
    }

    /// An array member (the index of the array on the tape); nil when absent or of another type.
    func arrayNode(_ key: JSONKey, into diagnostics: inout [Diagnostic]) -> Int? {
        guard let member = member(key) else { return nil }
        guard tape.kind(member.value) == .array else {
            wrongType(member, expected: "an array", into: &diagnostics)
            return nil
        }
        return member.value
    }

    /// The member filed under a known key.
    @inline(__always)
    func member(at key: JSONKey) -> JSONTape.Member? {
        guard let position = keys?.position(of: key) else { return nil }
        let key = Int(slots[position])
        return key == 0 ? nil : JSONTape.Member(key: key, value: key + 1)
    }

    var location: SourceLocation { tape.location(node) }

    func member(_ key: JSONKey) -> JSONTape.Member? {
        if let keys {
            if let position = keys.position(of: key) {
                let index = Int(slots[position])
                return index == 0 ? nil : JSONTape.Member(key: index, value: index + 1)
            }
        }
        guard let member = tape.member(key.name, of: node) else { return nil }
        return member == skipped ? nil : member
    }

    /// Calls `body` with each member in source order.
    func forEachMember(_ body: (JSONTape.Member) -> Void) {
        tape.forEachMember(of: node) { member in
            if member != skipped { body(member) }
        }
    }

    /// The members filed under known keys, in source order.
    func members(at keys: [JSONKey]) -> [JSONTape.Member] {
        var result: [JSONTape.Member] = []
        for key in keys {
            if let member = member(at: key) { result.append(member) }
        }
        if result.count > 1 { result.sort { $0.key < $1.key } }
        return result
    }

    /// Whether every member's key is one of the reader's known keys.
    var hasOnlyKnownKeys: Bool { keys != nil && unknownCount == 0 }

    /// The key of a member, decoded.
    func key(_ member: JSONTape.Member) -> String { tape.string(member.key) ?? "" }

    /// Warns about every key not in `known`, with a "did you mean" among them.
    func reportUnknownKeys(known: [String], into diagnostics: inout [Diagnostic]) {
        forEachMember { member in
            guard !known.contains(where: { tape.stringEquals(member.key, $0) }) else { return }
            let key = key(member)
            diagnostics.append(
                Diagnostic(
                    .warning, FormatCodes.unknownKey,
                    "unknown key '\(key)' in \(subject)\(Suggestions.didYouMean(key, in: known))",
                    at: tape.location(member.key)))
        }
    }

    /// Warns about every key outside the reader's known keys, with a "did you mean" among them.
    func reportUnknownKeys(into diagnostics: inout [Diagnostic]) {
        guard let keys, unknownCount > 0 else { return }
        reportUnknownKeys(known: keys.names, into: &diagnostics)
    }

    func wrongType(_ member: JSONTape.Member, expected: String, into diagnostics: inout [Diagnostic]) {
        diagnostics.append(
            Diagnostic(
                .error, FormatCodes.wrongType,
                "'\(key(member))' must be \(expected), found \(tape.kind(member.value).typeName)",
                at: tape.location(member.value)))
    }

    func missing(_ key: JSONKey, into diagnostics: inout [Diagnostic]) {
        diagnostics.append(
            Diagnostic(
                .error, FormatCodes.missingKey, "\(subject) is missing required key '\(key.name)'", at: location))
    }

    /// A string member; nil when absent or of another type.
    func string(_ key: JSONKey, required: Bool = false, into diagnostics: inout [Diagnostic]) -> (String, SourceLocation)? {
        guard let member = member(key) else {
            if required { missing(key, into: &diagnostics) }
            return nil
        }
        guard let value = tape.string(member.value) else {
            wrongType(member, expected: "a string", into: &diagnostics)
            return nil
        }
        return (value, tape.location(member.value))
    }

    /// An array member (the indices of its elements); nil when absent or of another type.
    func array(_ key: JSONKey, into diagnostics: inout [Diagnostic]) -> [Int]? {
        guard let member = member(key) else { return nil }
        guard tape.kind(member.value) == .array else {
            wrongType(member, expected: "an array", into: &diagnostics)
            return nil
        }
        return tape.elements(of: member.value)
    }

    /// An array of strings; entries of another type are reported and left out.
    func strings(_ key: JSONKey, into diagnostics: inout [Diagnostic]) -> [(String, SourceLocation)]? {
        guard let elements = array(key, into: &diagnostics) else { return nil }
        var result: [(String, SourceLocation)] = []
        result.reserveCapacity(elements.count)
        for element in elements {
            if let value = tape.string(element) {
                result.append((value, tape.location(element)))
            } else {
                diagnostics.append(
                    Diagnostic(
                        .error, FormatCodes.wrongType,
                        "entries of '\(key.name)' must be strings, found \(tape.kind(element).typeName)", at: tape.location(element)))
            }
        }
        return result
    }

    /// A string member whose value must be one of `allowed`.
    func enumeration<Value: RawRepresentable & Equatable>(
        _ key: JSONKey, as type: Value.Type, allowed: [Value], into diagnostics: inout [Diagnostic]
    ) -> (Value, SourceLocation)? where Value.RawValue == String {
        // Most values are spelled exactly as one of the allowed ones: compare the bytes on the
        // tape with each, without decoding a string. Anything else takes the general way below.
        if let member = member(key), tape.kind(member.value) == .string {
            for value in allowed where tape.stringEquals(member.value, value.rawValue) {
                return (value, tape.location(member.value))
            }
        }
        guard let (text, location) = string(key, into: &diagnostics) else { return nil }
        if let value = Value(rawValue: text), allowed.contains(value) {
            return (value, location)
        }
        let names = allowed.map(\.rawValue)
        diagnostics.append(
            Diagnostic(
                .error, FormatCodes.invalidValue,
                "'\(text)' is not a valid '\(key.name)'"
                    + (Suggestions.closest(to: text, in: names).map { "; did you mean '\($0)'?" }
                        ?? "; expected one of " + names.map { "'\($0)'" }.joined(separator: ", ")),
                at: location))
        return nil
    }
}
