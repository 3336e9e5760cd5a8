/// Path helpers for WorkflowSchema files, without touching the file system.
enum WorkflowSchemaPaths {
    /// The last path component without its extension.
    static func stem(of path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// Joins and normalises `path` relative to `directory`; nil when `..` climbs above the start.
    static func normalise(_ path: String, relativeTo directory: String) -> String? {
        let combined = path.hasPrefix("/") ? path : (directory.isEmpty ? path : directory + "/" + path)
        var parts: [Substring] = []
        for part in combined.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        return (combined.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }

    /// The directory part of a path ("" for a bare name).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
