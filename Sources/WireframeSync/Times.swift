public import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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

    /// The author of imports: `--author`, else `WFS_AUTHOR`, else ``processUser(environment:)``.
    public static func author(explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let fromEnvironment = environment["WFS_AUTHOR"], !fromEnvironment.isEmpty { return fromEnvironment }
        return processUser(environment: environment)
    }

    /// The user running this process, as revisions name it when nobody gave an author: `USER`,
    /// else `LOGNAME`, else the name that `/etc/passwd` gives the process's user id, else `uid N`.
    /// `wfs` and `wfsd` both ask here, so one user's revisions carry one name whichever made them
    /// (a service started without `User=` has neither variable).
    public static func processUser(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let user = environment["USER"], !user.isEmpty { return user }
        if let user = environment["LOGNAME"], !user.isEmpty { return user }
        let uid = getuid()
        // Read directly, not through `getpwuid` or `NSUserName()`: those ask the system's name
        // service, whose modules a static executable cannot load safely (docs/PERFORMANCE.md,
        // "Starting a process"); a user that only LDAP or systemd knows is `uid N` here.
        if let passwd = FileManager.default.contents(atPath: "/etc/passwd"),
            let name = userName(uid: uid, passwd: String(decoding: passwd, as: UTF8.self))
        {
            return name
        }
        return "uid \(uid)"
    }

    /// The name of user `uid` in the text of a `passwd` file (`name:password:uid:gid:...`), if listed.
    ///
    /// As the C library reads it: the id is a number (`01000` is 1000), and a line ends at any
    /// line break (a `\r\n` is one `Character`, which a split at `"\n"` would not find).
    public static func userName(uid: UInt32, passwd: String) -> String? {
        for line in passwd.split(whereSeparator: \.isNewline) {
            let fields = line.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count >= 3, let first = fields[0].first, first != "#", first != "+", first != "-",
                UInt32(fields[2]) == uid
            else { continue }
            return String(fields[0])
        }
        return nil
    }
}
