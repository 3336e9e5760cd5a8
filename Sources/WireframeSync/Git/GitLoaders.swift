import WireframeFormats

/// The WorkflowSchema documents of the history being imported and the files each loads, so that a
/// commit that changes a loaded file checks the documents that load it again, as the daemon does
/// when a loaded file is saved (``ImportResult/loadTargets``).
struct GitLoaders {
    /// The WorkflowSchema documents of the last commit followed (paths relative to the root,
    /// within the import's limits); nil until a commit changes a file below the root.
    private var documents: Set<String>?
    /// What each of them loads, directly or through loaded files; a document missing here is
    /// read when it is needed.
    private var targets: [String: Set<String>] = [:]

    /// The documents that load a file `commit` changes (below the root, whether or not the
    /// import reads it as a document) and that the commit does not change itself; then the
    /// commit's `changes` are followed. `pipeline` reads the commit's files (see
    /// ``GitCommitFiles``).
    mutating func loaders(
        of commit: GitCommit, changes: [GitImport.Change], files: GitCommitFiles, git: GitProcess, importer: GitImport,
        pipeline: ImportPipeline
    ) throws -> [String] {
        let prefix = files.prefix
        var changed = Set<String>()
        for change in commit.changes {
            for path in [change.path, change.oldPath].compactMap(\.self) where path.hasPrefix(prefix) {
                changed.insert(String(path.dropFirst(prefix.count)))
            }
        }
        guard !changed.isEmpty else { return [] }
        let documents = try self.documents ?? Self.documents(of: commit, git: git, prefix: prefix, importer: importer)
        let direct = Set(changes.flatMap { [$0.path, $0.renamedFrom].compactMap(\.self) })
        var loaders: [String] = []
        for document in documents.sorted() where !direct.contains(document) {
            let loaded: Set<String>
            if let known = targets[document] {
                loaded = known
            } else if case .file(let bytes) = files.file(at: document) {
                // Read at this commit: a document it does not change loads what it loaded before
                // the commit, and the files that the commit brings into that set.
                loaded = pipeline.read(absolutePath: pipeline.root + "/" + document, relativePath: document, bytes: bytes).loadTargets
                targets[document] = loaded
            } else {
                loaded = []
            }
            if !loaded.isDisjoint(with: changed) {
                loaders.append(document)
                // Read again when next needed: the import of this commit may change it.
                targets[document] = nil
            }
        }
        self.documents = Self.follow(changes, documents: documents, targets: &targets)
        return loaders
    }

    /// Follows the changes of a commit that is not imported (the store has it).
    mutating func pass(over changes: [GitImport.Change]) {
        guard let documents else { return }
        self.documents = Self.follow(changes, documents: documents, targets: &targets)
    }

    /// The documents after `changes`: the deleted and the renamed ones gone, the new ones there;
    /// what a changed document loads is forgotten.
    static func follow(_ changes: [GitImport.Change], documents: Set<String>, targets: inout [String: Set<String>]) -> Set<String> {
        var documents = documents
        for change in changes {
            if let old = change.renamedFrom {
                documents.remove(old)
                targets[old] = nil
            }
            targets[change.path] = nil
            if change.blob == nil || change.isUndecodable || DocumentFormat(path: change.path) != .workflowSchema {
                documents.remove(change.path)
            } else {
                documents.insert(change.path)
            }
        }
        return documents
    }

    /// The WorkflowSchema documents of the commit's tree below the root: regular files the import
    /// reads as documents.
    static func documents(of commit: GitCommit, git: GitProcess, prefix: String, importer: GitImport) throws -> Set<String> {
        // Run in the root, ls-tree lists the files below it, with paths from the top level.
        let output = try git.output(["ls-tree", "-r", "-z", "--full-name", commit.id])
        var documents = Set<String>()
        for entry in output.split(separator: 0) {
            // "<mode> <type> <object>\t<path>"
            guard let tab = entry.firstIndex(of: UInt8(ascii: "\t")) else {
                throw GitImportError.unexpectedOutput(command: "ls-tree")
            }
            let mode = entry[entry.startIndex..<tab].prefix { $0 != UInt8(ascii: " ") }
            let name = entry[(tab + 1)...]
            guard mode.elementsEqual("100644".utf8) || mode.elementsEqual("100755".utf8), ProjectFiles.shownName(name) == nil,
                let path = importer.documentPath(String(decoding: name, as: UTF8.self), prefix: prefix),
                DocumentFormat(path: path) == .workflowSchema
            else { continue }
            documents.insert(path)
        }
        return documents
    }
}
