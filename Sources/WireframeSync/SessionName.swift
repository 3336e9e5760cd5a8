import WireframeModel
import WireframeStore

/// The rule for the name of a new session (a customer meeting), which every command that names
/// one asks.
///
/// A session name follows `@` in a REF (`app.json@Kickoff`) and is printed in lines of text, so
/// it must read back as itself there: a name with `@` would split the REF, one that reads as a
/// time would be taken as that time, one with a control character would break the line it is
/// printed in, and spaces at either end are trimmed from a REF. Stores made before the rule may
/// hold such names; reading them is unchanged, only new names are checked.
public enum SessionName {
    /// What a session name may be, as a refusal says it.
    public static let rule =
        "a session name is not empty, has no '@' and no control characters, does not begin or end with a space, and does not read as a time"

    /// Throws ``SyncError/invalidSessionName(_:reason:)`` unless `name` may name a new session.
    public static func check(_ name: String) throws {
        if let reason = problem(name) { throw SyncError.invalidSessionName(name, reason: reason) }
    }

    /// Why `name` may not name a new session, or nil when it may.
    public static func problem(_ name: String) -> String? {
        if name.isEmpty { return "it is empty" }
        if name.allSatisfy(\.isWhitespace) { return "it is only spaces" }
        if name.escapingControlCharacters != name { return "it contains a control character" }
        if name.contains("@") { return "it contains '@'" }
        if name.first?.isWhitespace == true || name.last?.isWhitespace == true { return "it begins or ends with a space" }
        // Whether a text reads as a time does not depend on the zone (as `History.point` reads it).
        if Timestamp.parse(name, defaultOffsetSeconds: 0) != nil { return "it reads as a time" }
        return nil
    }
}
