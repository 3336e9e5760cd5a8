#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
public import WireframeModel

/// Keeps imports inside the project root: a file that is a symbolic link (or lies below a linked
/// folder) whose target is outside the root is refused, so that a link dropped into a watched
/// folder cannot copy `/etc/passwd` or another project's files into the store.
public enum RootConfinement {
    /// The diagnostic that refuses `path`, or nil when its real path lies inside the root's real
    /// path (or cannot be resolved: the reader then says why it cannot be read, e.g. a link loop).
    public static func refusal(path: String, root: String) -> Diagnostic? {
        guard let (resolved, resolvedRoot) = outside(path: path, root: root) else { return nil }
        return Diagnostic(
            .error, FormatCodes.unreadable,
            "the file is a symbolic link to '\(resolved)', outside the project root '\(resolvedRoot)'; it is not imported",
            at: .start)
    }

    /// The real paths of `path` and `root` when the first lies outside the second; nil when it
    /// lies inside, or when either cannot be resolved.
    public static func outside(path: String, root: String) -> (path: String, root: String)? {
        guard let resolved = realPath(path), let resolvedRoot = realPath(root) else { return nil }
        let prefix = resolvedRoot.hasSuffix("/") ? resolvedRoot : resolvedRoot + "/"
        return resolved.hasPrefix(prefix) ? nil : (resolved, resolvedRoot)
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
