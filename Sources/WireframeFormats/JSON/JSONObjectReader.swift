import WireframeModel

/// Reads the members of one JSON object against a list of known keys, collecting diagnostics.
///
/// Every accessor records a wrong-type error at the value and returns nil, so that the caller
/// can go on and report everything else in the file.
struct JSONObjectReader {
    let node: JSONNode
    let members: [JSONMember]
    /// What the object is, for messages: "route 'home'", "element", "the wireframe".
    /// Built only when a message needs it: most objects have nothing to report.
    private let describeSubject: @Sendable () -> String
    var subject: String { describeSubject() }

    init(_ node: JSONNode, members: [JSONMember], subject: @autoclosure @escaping @Sendable () -> String) {
        self.node = node
        self.members = members
        self.describeSubject = subject
    }

    func member(_ key: String) -> JSONMember? {
        for index in members.indices where Self.same(members[index].key, key) { return members[index] }
        return nil
    }

    /// String equality that compares lengths first: most keys differ in length, and the length
    /// check avoids the general comparison.
    @inline(__always)
    static func same(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.count == rhs.utf8.count && lhs == rhs
    }

    /// Warns about every key not in `known`, with a "did you mean" among them.
    func reportUnknownKeys(known: [String], into diagnostics: inout [Diagnostic]) {
        for member in members where !known.contains(where: { Self.same($0, member.key) }) {
            diagnostics.append(Diagnostic(
                .warning, FormatCodes.unknownKey,
                "unknown key '\(member.key)' in \(subject)\(Suggestions.didYouMean(member.key, in: known))",
                at: member.keyLocation))
        }
    }

    func wrongType(_ member: JSONMember, expected: String, into diagnostics: inout [Diagnostic]) {
        diagnostics.append(Diagnostic(
            .error, FormatCodes.wrongType,
            "'\(member.key)' must be \(expected), found \(member.value.value.typeName)",
            at: member.value.location))
    }

    func missing(_ key: String, into diagnostics: inout [Diagnostic]) {
        diagnostics.append(Diagnostic(
            .error, FormatCodes.missingKey, "\(subject) is missing required key '\(key)'", at: node.location))
    }

    /// A string member; nil when absent or of another type.
    func string(_ key: String, required: Bool = false, into diagnostics: inout [Diagnostic]) -> (String, SourceLocation)? {
        guard let member = member(key) else {
            if required { missing(key, into: &diagnostics) }
            return nil
        }
        guard case .string(let value) = member.value.value else {
            wrongType(member, expected: "a string", into: &diagnostics)
            return nil
        }
        return (value, member.value.location)
    }

    /// An array member; nil when absent or of another type.
    func array(_ key: String, into diagnostics: inout [Diagnostic]) -> [JSONNode]? {
        guard let member = member(key) else { return nil }
        guard case .array(let elements) = member.value.value else {
            wrongType(member, expected: "an array", into: &diagnostics)
            return nil
        }
        return elements
    }

    /// An array of strings; entries of another type are reported and left out.
    func strings(_ key: String, into diagnostics: inout [Diagnostic]) -> [(String, SourceLocation)]? {
        guard let elements = array(key, into: &diagnostics) else { return nil }
        var result: [(String, SourceLocation)] = []
        for element in elements {
            if case .string(let value) = element.value {
                result.append((value, element.location))
            } else {
                diagnostics.append(Diagnostic(
                    .error, FormatCodes.wrongType,
                    "entries of '\(key)' must be strings, found \(element.value.typeName)", at: element.location))
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
