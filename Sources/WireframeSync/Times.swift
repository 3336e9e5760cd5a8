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
    /// else `LOGNAME`, else the system's name for the process's user id (the name service, so a
    /// user that only LDAP or SSSD knows has a name too), else `uid N`. `wfs` and `wfsd` both ask
    /// here, so one user's revisions carry one name whichever made them (a service started
    /// without `User=` has neither variable).
    public static func processUser(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let user = environment["USER"], !user.isEmpty { return user }
        if let user = environment["LOGNAME"], !user.isEmpty { return user }
        let uid = getuid()
        return userName(uid: uid) ?? "uid \(uid)"
    }

    /// Who owns the file at `path`: the login name the system's user database gives its owner's
    /// user id (the name service, so LDAP and SSSD users resolve), else `uid N`; nil when the file
    /// cannot be inspected.
    public static func fileOwner(path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return userName(uid: status.st_uid) ?? "uid \(status.st_uid)"
    }

    /// The name the system's user database gives `uid`, if any.
    public static func userName(uid: uid_t) -> String? {
        var entry = passwd()
        var found: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        while true {
            let status = getpwuid_r(uid, &entry, &buffer, buffer.count, &found)
            if status == ERANGE, buffer.count < 1 << 20 {
                buffer = [CChar](repeating: 0, count: buffer.count * 4)
                continue
            }
            guard status == 0, found != nil, let name = entry.pw_name else { return nil }
            return String(cString: name)
        }
    }
}
