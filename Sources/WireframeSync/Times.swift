public import Foundation
public import WireframeStore

/// Reading times given on the command line and who is importing.
public enum Times {
    /// Reads `YYYY-MM-DD[THH:MM[:SS[.ffffff]]][Z|±HH:MM]`; without a zone, local time.
    public static func parse(_ text: String) throws -> Timestamp {
        let offset = TimeZone.current.secondsFromGMT(for: Date())
        guard let rough = Timestamp.parse(text, defaultOffsetSeconds: offset) else { throw SyncError.malformedTime(text) }
        // Take the zone offset in effect at that time, not now (summer and winter time).
        let exactOffset = TimeZone.current.secondsFromGMT(for: rough.date)
        if exactOffset != offset, let exact = Timestamp.parse(text, defaultOffsetSeconds: exactOffset) { return exact }
        return rough
    }

    /// The author of imports: `--author`, else `WFS_AUTHOR`, else the user name of the process.
    public static func author(explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let fromEnvironment = environment["WFS_AUTHOR"], !fromEnvironment.isEmpty { return fromEnvironment }
        if let user = environment["USER"], !user.isEmpty { return user }
        let name = NSUserName()
        return name.isEmpty ? "unknown" : name
    }
}
