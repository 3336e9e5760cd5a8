import Synchronization
import WireframeFormats
import WireframeModel

/// The files of one commit below the project root, as the WorkflowSchema documents of that commit
/// load them: a version of an old commit is checked against that commit's loaded files, not
/// against the work tree as it is now.
final class GitCommitFiles: WorkflowSchemaFileSource {
    let tree: GitTreeReader
    /// The commit's full object name.
    let commit: String
    /// The project root below the repository's top level (`""` or `plans/`).
    let prefix: String
    /// What was asked already: a loaded file is asked whether it exists, then read.
    private let answers = Mutex<[String: WorkflowSchemaSourceFile]>([:])

    init(tree: GitTreeReader, commit: String, prefix: String) {
        self.tree = tree
        self.commit = commit
        self.prefix = prefix
    }

    func file(at path: String) -> WorkflowSchemaSourceFile {
        if let known = answers.withLock({ $0[path] }) { return known }
        let answer = tree.file(commit: commit, path: prefix + path)
        answers.withLock { $0[path] = answer }
        return answer
    }
}

/// Reads files of commits by path, through a `git cat-file --batch --follow-symlinks` of its
/// own, started when the first file is asked (a history without WorkflowSchema documents never
/// starts it). A symbolic link is followed inside the repository, as a link on disk is.
final class GitTreeReader: Sendable {
    let git: GitProcess
    private let blobs = Mutex<GitBlobs?>(nil)

    init(git: GitProcess) {
        self.git = git
    }

    /// Ends cat-file, if it was started.
    func close() {
        blobs.withLock { $0?.close() }
    }

    /// What the commit `commit` holds at `path` (relative to the repository's top level).
    func file(commit: String, path: String) -> WorkflowSchemaSourceFile {
        // cat-file reads one request a line.
        guard !path.contains("\n") else { return .unreadable(Self.failure("a path with a line break cannot be read from git")) }
        return blobs.withLock { blobs -> WorkflowSchemaSourceFile in
            do {
                if blobs == nil { blobs = try GitBlobs(git: git, options: ["--follow-symlinks"]) }
                guard let reader = blobs else { return .missing }
                return try Self.answer(reader, request: commit + ":" + path)
            } catch {
                return .unreadable(Self.failure("cannot read the file from git: \(error)"))
            }
        }
    }

    /// Asks cat-file for `request` and reads its answer: `<name> <type> <size>` and the object,
    /// `<request> missing`, or, for a link it did not follow, `<kind> <size>` and what it names.
    static func answer(_ blobs: GitBlobs, request: String) throws -> WorkflowSchemaSourceFile {
        try blobs.send(request)
        let header = try blobs.line()
        let fields = header.split(separator: " ")
        let bad = GitImportError.unexpectedOutput(command: "cat-file --batch --follow-symlinks")
        if fields.count == 3, fields[0].utf8.allSatisfy(GitHistory.isHexDigit), let size = Int(fields[2]), size >= 0 {
            let bytes = try blobs.take(size)
            guard try blobs.take(1) == [UInt8(ascii: "\n")] else { throw bad }
            // A folder is no file, as on disk.
            return fields[1] == "blob" ? .file(bytes) : .missing
        }
        if fields.count == 2, ["symlink", "dangling", "loop", "notdir"].contains(fields[0]), let size = Int(fields[1]), size >= 0 {
            let named = try blobs.take(size)
            guard try blobs.take(1) == [UInt8(ascii: "\n")] else { throw bad }
            // A link out of the repository; the others lead nowhere.
            return fields[0] == "symlink" ? .linkOutside(target: String(decoding: named, as: UTF8.self)) : .missing
        }
        if header == request + " missing" || header == request + " ambiguous" { return .missing }
        throw bad
    }

    static func failure(_ message: String) -> DocumentLoadFailure {
        DocumentLoadFailure(diagnostic: Diagnostic(.error, FormatCodes.unreadable, message, at: .start))
    }
}
