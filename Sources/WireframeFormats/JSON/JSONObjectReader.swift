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
    private let name: String?
    private let fallback: String
    var subject: String { name.map { "\(noun) '\($0)'" } ?? fallback }
    /// A member of the object that the reader leaves out (one that belongs to an enclosing entry).
    private let skipped: JSONTape.Member?

    /// A reader for an object; its subject is `subject`.
    init(_ tape: JSONTape, _ node: Int, subject: String, skipping skipped: JSONTape.Member? = nil) {
        self.init(tape, node, noun: "", name: nil, fallback: subject, skipping: skipped)
    }

    /// A reader for an object whose subject is `noun 'name'`, or `fallback` without a name.
    init(_ tape: JSONTape, _ node: Int, noun: String, name: String?, fallback: String, skipping skipped: JSONTape.Member? = nil) {
        self.tape = tape
        self.node = node
        self.noun = noun
        self.name = name
        self.fallback = fallback
        self.skipped = skipped
    }

    var location: SourceLocation { tape.location(node) }

    func member(_ key: String) -> JSONTape.Member? {
        guard let member = tape.member(key, of: node) else { return nil }
        return member == skipped ? nil : member
    }

    /// Calls `body` with each member in source order.
    func forEachMember(_ body: (JSONTape.Member) -> Void) {
        tape.forEachMember(of: node) { member in
            if member != skipped { body(member) }
        }
    }

    /// The members whose keys are among `keys`, in source order.
    func members(among keys: [String]) -> [JSONTape.Member] {
        var result: [JSONTape.Member] = []
        forEachMember { member in
            if keys.contains(where: { tape.stringEquals(member.key, $0) }) { result.append(member) }
        }
        return result
    }

    /// The key of a member, decoded.
    func key(_ member: JSONTape.Member) -> String { tape.string(member.key) ?? "" }

    /// Warns about every key not in `known`, with a "did you mean" among them.
    func reportUnknownKeys(known: [String], into diagnostics: inout [Diagnostic]) {
        forEachMember { member in
            guard !known.contains(where: { tape.stringEquals(member.key, $0) }) else { return }
            let key = key(member)
            diagnostics.append(Diagnostic(
                .warning, FormatCodes.unknownKey,
                "unknown key '\(key)' in \(subject)\(Suggestions.didYouMean(key, in: known))",
                at: tape.location(member.key)))
        }
    }

    func wrongType(_ member: JSONTape.Member, expected: String, into diagnostics: inout [Diagnostic]) {
        diagnostics.append(Diagnostic(
            .error, FormatCodes.wrongType,
            "'\(key(member))' must be \(expected), found \(tape.kind(member.value).typeName)",
            at: tape.location(member.value)))
    }

    func missing(_ key: String, into diagnostics: inout [Diagnostic]) {
        diagnostics.append(Diagnostic(
            .error, FormatCodes.missingKey, "\(subject) is missing required key '\(key)'", at: location))
    }

    /// A string member; nil when absent or of another type.
    func string(_ key: String, required: Bool = false, into diagnostics: inout [Diagnostic]) -> (String, SourceLocation)? {
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
    func array(_ key: String, into diagnostics: inout [Diagnostic]) -> [Int]? {
        guard let member = member(key) else { return nil }
        guard tape.kind(member.value) == .array else {
            wrongType(member, expected: "an array", into: &diagnostics)
            return nil
        }
        return tape.elements(of: member.value)
    }

    /// An array of strings; entries of another type are reported and left out.
    func strings(_ key: String, into diagnostics: inout [Diagnostic]) -> [(String, SourceLocation)]? {
        guard let elements = array(key, into: &diagnostics) else { return nil }
        var result: [(String, SourceLocation)] = []
        result.reserveCapacity(elements.count)
        for element in elements {
            if let value = tape.string(element) {
                result.append((value, tape.location(element)))
            } else {
                diagnostics.append(Diagnostic(
                    .error, FormatCodes.wrongType,
                    "entries of '\(key)' must be strings, found \(tape.kind(element).typeName)", at: tape.location(element)))
            }
        }
        return result
    }

    /// A string member whose value must be one of `allowed`.
    func enumeration<Value: RawRepresentable>(
        _ key: String, as type: Value.Type, allowed: [Value], into diagnostics: inout [Diagnostic]
    ) -> (Value, SourceLocation)? where Value.RawValue == String {
        guard let (text, location) = string(key, into: &diagnostics) else { return nil }
        if let value = Value(rawValue: text), allowed.contains(where: { $0.rawValue == text }) {
            return (value, location)
        }
        let names = allowed.map(\.rawValue)
        diagnostics.append(Diagnostic(
            .error, FormatCodes.invalidValue,
            "'\(text)' is not a valid '\(key)'"
                + (Suggestions.closest(to: text, in: names).map { "; did you mean '\($0)'?" }
                    ?? "; expected one of " + names.map { "'\($0)'" }.joined(separator: ", ")),
            at: location))
        return nil
    }
}
