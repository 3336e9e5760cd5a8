import WireframeModel
public import WireframeStore

/// The rule for the name of a new session (a customer meeting), which every command that names
/// one asks.
///
/// A session name follows `@` in a REF (`app.json@Kickoff`) and is printed in lines of text, so
/// it must read back as itself there: a name with `@` would split the REF, one that reads as a
/// time would be taken as that time, a number as the document's revision of that number, one with a control character would break the line it is
/// printed in, and spaces at either end are trimmed from a REF. Stores made before the rule may
/// hold such names; reading them is unchanged, only new names are checked.
public enum SessionName {
    /// What a session name may be, as a refusal says it.
    public static let rule =
        "a session name is not empty, has no '@' and no control characters, does not begin or end with a space, is not a number, and does not read as a time"

    /// Throws ``SyncError/invalidSessionName(_:reason:)`` unless `name` may name a new session.
    public static func check(_ name: String) throws {
        if let reason = problem(name) { throw SyncError.invalidSessionName(name, reason: reason) }
    }

    /// Whether the text after `@` in a REF names a revision number: ASCII digits only.
    public static func readsAsNumber(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// Why `name` may not name a new session, or nil when it may.
    public static func problem(_ name: String) -> String? {
        if name.isEmpty { return "it is empty" }
        if name.allSatisfy(\.isWhitespace) { return "it is only spaces" }
        if name.escapingControlCharacters != name { return "it contains a control character" }
        if name.contains("@") { return "it contains '@'" }
        if name.first?.isWhitespace == true || name.last?.isWhitespace == true { return "it begins or ends with a space" }
        if readsAsNumber(name) { return "it is a number, which `DOC@N` reads as the document's revision of that number" }
        // Whether a text reads as a time does not depend on the zone (as `History.point` reads it).
        if Timestamp.parse(name, defaultOffsetSeconds: 0) != nil { return "it reads as a time" }
        return nil
    }

    /// What `wfs status` and `wfs verify` say of each stored session named by a number (made
    /// before the rule), which a REF can no longer reach by its name: how to rename it.
    public static func numberedSessionWarnings(in store: any Store) throws -> [String] {
        try store.sessions().filter { readsAsNumber($0.name) }.map { session in
            "the session '\(session.name)' is named by a number, which DOC@\(session.name) reads as a revision number; "
                + "rename it: wfs session rename \(session.name) NEW-NAME"
        }
    }
}
