#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WireframeFormats
import WireframeModel

/// Keeps imports inside the project root: a file that is a symbolic link (or lies below a linked
/// folder) whose target is outside the root is refused, so that a link dropped into a watched
/// folder cannot copy `/etc/passwd` or another project's files into the store.
enum RootConfinement {
    /// The diagnostic that refuses `path`, or nil when its real path lies inside the root's real
    /// path (or cannot be resolved: the reader then says why it cannot be read, e.g. a link loop).
    static func refusal(path: String, root: String) -> Diagnostic? {
        guard let resolved = realPath(path), let resolvedRoot = realPath(root) else { return nil }
        let prefix = resolvedRoot.hasSuffix("/") ? resolvedRoot : resolvedRoot + "/"
        if resolved.hasPrefix(prefix) { return nil }
        return Diagnostic(
            .error, FormatCodes.unreadable,
            "the file is a symbolic link to '\(resolved)', outside the project root '\(resolvedRoot)'; it is not imported",
            at: .start)
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
