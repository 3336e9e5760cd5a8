import Foundation

/// Finds wireframe files (`.json`, `.xml`) below a folder.
public enum ProjectFiles {
    /// Folder names never searched: the store's own folder, version control, dependencies.
    public static let ignoredFolders: Set<String> = [".wfs", ".git", ".hg", ".svn", "node_modules", ".build"]

    /// Whether a file name is an editor's temporary or backup file rather than a wireframe.
    public static func isEditorDropping(_ name: String) -> Bool {
        name.hasPrefix(".#") || name.hasSuffix("~") || name.hasSuffix(".swp") || name.hasSuffix(".swx")
            || name.hasSuffix(".tmp") || name == "4913"
    }

    /// Whether `path` itself is a symbolic link (followed or not, wherever it leads).
    public static func isSymbolicLink(_ path: String) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType == .typeSymbolicLink
    }

    /// Paths of the wireframe files below `folder`, sorted, as `folder/relative/path`.
    ///
    /// Hidden folders and `ignoredFolders` are skipped; symbolic links to folders are not
    /// followed, so that a link loop cannot trap the search.
    public static func wireframes(in folder: String, formats: [DocumentFormat] = DocumentFormat.allCases) -> [String] {
        let manager = FileManager.default
        var result: [String] = []
        var pending = [folder]
        while let current = pending.popLast() {
            guard let names = try? manager.contentsOfDirectory(atPath: current) else { continue }
            for name in names {
                let path = current.hasSuffix("/") ? current + name : current + "/" + name
                guard let attributes = try? manager.attributesOfItem(atPath: path),
                    let type = attributes[.type] as? FileAttributeType
                else { continue }
                if type == .typeDirectory {
                    if !name.hasPrefix("."), !ignoredFolders.contains(name) { pending.append(path) }
                } else if type == .typeRegular || type == .typeSymbolicLink {
                    guard !name.hasPrefix("."), !isEditorDropping(name),
                        let format = DocumentFormat(path: name), formats.contains(format)
                    else { continue }
                    result.append(path)
                }
            }
        }
        return result.sorted()
    }
}
