#if canImport(Glibc)
    import Glibc
#endif
import Foundation

/// Running the built binaries as a user the system does not know (files copied from a container,
/// on NFS): permissions bind every user but root, and the name service has no answer for this one.
/// Needs root, and `setpriv` from util-linux (`.ci/run` installs it).
public enum OtherUser {
    /// A user and group id that `/etc/passwd` and `/etc/group` do not list.
    public static let id: UInt32 = 54_321

    /// A second unknown user, a teammate of ``id``: both are in ``teamGroup``.
    public static let teammate: UInt32 = 54_322

    /// A group that `/etc/group` does not list: a team's editors and its daemon's user.
    public static let teamGroup: UInt32 = 54_330

    /// Whether the tests can run a program as ``id``: they run as root and `setpriv` is here.
    public static var isAvailable: Bool { getuid() == 0 && tool("setpriv") != nil }

    /// A program's path in the usual folders, or nil.
    public static func tool(_ name: String) -> String? {
        for folder in ["/usr/bin", "/bin", "/usr/sbin", "/sbin", "/usr/local/bin"] {
            let path = folder + "/" + name
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// The program and arguments that run `command` as ``id`` (setpriv becomes the program: the
    /// process id is the command's).
    public static func wrapping(_ command: [String]) throws -> [String] {
        guard let setpriv = tool("setpriv") else { throw TestSupportError("setpriv (util-linux) is needed to run as another user") }
        return [setpriv, "--reuid=\(id)", "--regid=\(id)", "--clear-groups"] + command
    }

    /// The program and arguments that run `command` as `user` with the primary group `group`, the
    /// supplementary `groups` and the file mode creation mask `umask` (octal, as the shell's).
    public static func wrapping(_ command: [String], user: UInt32, group: UInt32, groups: [UInt32], umask: String) throws -> [String] {
        guard let setpriv = tool("setpriv"), let shell = tool("sh") else {
            throw TestSupportError("setpriv (util-linux) is needed to run as another user")
        }
        let groupOption = groups.isEmpty ? "--clear-groups" : "--groups=" + groups.map(String.init).joined(separator: ",")
        return [setpriv, "--reuid=\(user)", "--regid=\(group)", groupOption, shell, "-c", "umask \(umask) && exec \"$@\"", "sh"] + command
    }

    /// Gives a path and everything below it to ``id`` (symbolic links themselves, not their targets).
    public static func own(_ path: String) throws {
        guard lchown(path, id, id) == 0 else { throw TestSupportError("cannot chown \(path) to uid \(id)") }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return }
        for name in try FileManager.default.contentsOfDirectory(atPath: path) { try own(path + "/" + name) }
    }
}
