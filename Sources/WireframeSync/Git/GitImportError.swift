/// Why `wfs import --git` cannot read a repository's history.
public enum GitImportError: Error, CustomStringConvertible, Equatable {
    /// `git` is not on PATH.
    case gitMissing
    /// The project root is not inside a git work tree.
    case notAWorkTree(root: String, message: String)
    /// The range (or revision) does not name commits of the repository.
    case unknownRange(String, message: String)
    /// A PATH of the import names no file or folder, now or in the history; `couldBeRange`
    /// when it was the first argument, which git does not read as a revision either.
    case unknownPath(String, root: String, couldBeRange: Bool)
    /// A git command failed for another reason.
    case failed(command: String, status: Int32, message: String)
    /// git's output is not what the command asked for.
    case unexpectedOutput(command: String)

    /// Whether the error is in what the user typed (exit status 64) rather than in the
    /// repository or the system (exit status 2).
    public var isUsageError: Bool {
        switch self {
        case .unknownRange, .unknownPath: true
        default: false
        }
    }

    /// The message for a person.
    public var description: String {
        switch self {
        case .gitMissing:
            "git is not installed or not on PATH (on Debian: apt-get install git)"
        case .notAWorkTree(let root, let message):
            "the project root '\(root)' is not in a git work tree\(message.isEmpty ? "" : ": \(message)")"
        case .unknownRange(let range, let message):
            "'\(range)' names no commits of the repository\(message.isEmpty ? "" : ": \(message)")"
        case .unknownPath(let path, let root, let couldBeRange):
            couldBeRange
                ? "'\(path)' is neither a revision nor a path in \(root)"
                : "'\(path)' is not a path in \(root): no file or folder has that name, now or in the history"
        case .failed(let command, let status, let message):
            "'git \(command)' exited with status \(status)\(message.isEmpty ? "" : ": \(message)")"
        case .unexpectedOutput(let command):
            "'git \(command)' gave output that cannot be read"
        }
    }
}
