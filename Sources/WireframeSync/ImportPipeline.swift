import Foundation
public import WireframeModel
public import WireframeStore
public import WireframeAnalysis
public import WireframeFormats

/// What happened to one file of an import.
public struct ImportResult: Sendable {
    /// The document path relative to the project root.
    public var path: String
    /// What the store recorded.
    public var outcome: ImportOutcome
    /// The revision stored (or the unchanged head), if any.
    public var revision: Revision?
    /// What the reader and the validator found.
    public var diagnostics: [Diagnostic]
    /// The screen-level changes against the previous head.
    public var changes: [RecordedChange]
    /// For a WorkflowSchema document: the files it loads, directly or through loaded files,
    /// existing or not (paths relative to the root). Its verdict depends on them.
    public var loadTargets: Set<String>
    /// Whether `path` is a folder that could not be listed (outcome `failed`), not a document.
    public var isFolder: Bool
    /// For a refused file: the document's head when it was refused, the last good revision the
    /// refusal leaves in place (nil when there is none). Taken then, not when the refusal is
    /// reported: the git import reports a batch of commits after the later ones are stored.
    public var keptRevision: Revision?
    /// What a merged save kept of the other writer's work and what it overwrote, when the file
    /// was based on an older revision than the head and was merged with it (also when the merge
    /// came to the head itself, stored as unchanged).
    public var merge: MergeRecord?
    /// Why a save based on an older revision than the head was not merged, when it was not (it
    /// was stored as saved, and its revision names what it replaces).
    public var unmerged: String?
    /// What the save was taken to be based on, when the clone had no record of it (see ``CloneBases``).
    public var baseNote: String?
    /// Whether the clone's file was rewritten with the stored revision's source (a merge).
    public var fileRewritten = false
    /// The file was merged, but saved again meanwhile: left as it is, to be merged at its next save.
    public var rewriteSkipped = false

    /// Creates an import result.
    public init(
        path: String, outcome: ImportOutcome, revision: Revision?, diagnostics: [Diagnostic], changes: [RecordedChange],
        loadTargets: Set<String> = [], isFolder: Bool = false
    ) {
        self.path = path
        self.isFolder = isFolder
        self.outcome = outcome
        self.revision = revision
        self.diagnostics = diagnostics
        self.changes = changes
        self.loadTargets = loadTargets
    }
}

/// The import pipeline that `wfs import` and the daemon share, in five steps: read, validate,
/// canonicalize, compare with the head, record (``importFile(absolutePath:relativePath:)``).
public struct ImportPipeline: Sendable {
    /// The store written to.
    public var store: any Store
    /// The project root; documents are named by their path relative to it.
    public var root: String
    /// Who imports.
    public var author: String
    /// Whether a file's import is attributed to the file's owner (``Times/fileOwner(path:)``)
    /// rather than to ``author``, which then names only deletions and files whose owner cannot
    /// be read: the daemon's rule when no author is configured.
    public var authorFromFileOwner = false
    /// What imports.
    public var origin: RevisionOrigin
    /// The message recorded with new revisions.
    public var message: String?
    /// The time recorded for new revisions and attempts (a git commit's author time); nil: now.
    public var time: Timestamp?
    /// The git commit the versions come from (``AttemptInfo/gitCommit``); nil for files on disk.
    public var gitCommit: String?
    /// What the daemon keeps between saves (see ``SaveMemory``); nil for `wfs import`.
    public var memory: SaveMemory?
    /// What each file of the clone is based on (see ``CloneBases``): with it, a save whose file
    /// was based on an older revision than the head is merged with the head and the file
    /// rewritten with the merge; nil (the git import, an export's check) stores every version as
    /// it is, based on the head.
    public var cloneBases: CloneBases?
    /// The WorkflowSchema files read during the current pass, shared by the documents that load
    /// them (see ``WorkflowSchemaFiles``); nil: each document reads its loaded files itself.
    public var schemaFiles: WorkflowSchemaFiles?
    /// At most this many screens and elements are processed in one import (see ``WorkBudget``).
    public var workLimit = WorkBudget.defaultWorkLimit
    /// At most this long may one import take, if set.
    public var timeLimit: Duration?
    /// The time of the deletions ``recordDeletion(relativePath:)`` records (nil: now).
    var deletionTime: Timestamp?
    /// Asked at coarse points of each import: true stops it without writing anything (it throws
    /// ``Cancelled``), so that the file is imported again by the next pass.
    public var isCancelled: @Sendable () -> Bool = { false }

    /// An import stopped from outside (see ``isCancelled``): nothing was written.
    public struct Cancelled: Error, CustomStringConvertible {
        /// The document path relative to the root.
        public var path: String
        /// Says so.
        public var description: String { "the import of \(path) was stopped" }
    }

    private let reader = DocumentReader()
    private let validator = Validator()
    let writer = JSONWireframeWriter()

    /// Creates a pipeline for a store whose project root is `root`.
    public init(
        store: any Store, root: String, author: String, origin: RevisionOrigin = .cli, message: String? = nil, memory: SaveMemory? = nil
    ) {
        self.store = store
        self.root = StoreLocation.absolute(root)
        self.author = author
        self.origin = origin
        self.message = message
        self.memory = memory
    }

    /// Imports files and folders: each wireframe file found, and a tombstone for every document
    /// under an imported folder whose file is gone.
    ///
    /// - Throws: ``SyncError`` for a path outside the root or missing, ``StoreError`` for the store.
    public func importPaths(_ paths: [String]) throws -> [ImportResult] {
        guard schemaFiles != nil else {
            var pass = self
            pass.schemaFiles = WorkflowSchemaFiles()
            return try pass.importPaths(paths)
        }
        // What each given path asks for, in order; then a new file whose bytes are those of a
        // document found gone by the same import is that document's rename.
        enum Step {
            case file(String)
            case refused(ImportResult)
            case deletion(String)
        }
        var steps: [Step] = []
        let documentPaths = DocumentPaths(root: root)
        for given in paths {
            let relative = try documentPaths.documentPath(given, in: store)
            let absolute = relative.isEmpty ? root : (root == "/" ? "" : root) + "/" + relative
            switch ProjectFiles.presence(absolute) {
            case .folder:
                let found = findFiles(below: relative)
                steps += found.files.map { .file($0) }
                // A folder that cannot be listed is reported, and nothing below it counts as gone.
                for folder in found.unreadableFolders {
                    let diagnostic = Diagnostic(.error, FormatCodes.unreadable, "cannot list the folder: \(folder.reason)", at: .start)
                    steps.append(
                        .refused(
                            ImportResult(
                                path: folder.path.isEmpty ? "." : folder.path, outcome: .failed, revision: nil, diagnostics: [diagnostic],
                                changes: [], isFolder: true)))
                }
                // A name that is not UTF-8 cannot be a document path: said, not passed by.
                for name in found.undecodableNames {
                    steps.append(
                        .refused(
                            ImportResult(
                                path: name, outcome: .failed, revision: nil, diagnostics: [ProjectFiles.undecodableNameDiagnostic],
                                changes: [])))
                }
                steps += try goneDocuments(below: relative, found: found).map { .deletion($0) }
            case .file:
                // Also a link that leads nowhere, or a file in a folder that denies a look: the
                // reader records why it cannot be read.
                steps.append(.file(relative))
            case .gone:
                if (try? store.revision(documentPath: relative, atOrBefore: nil)) != nil {
                    // A file the store knows that is gone: the user imports its deletion.
                    steps.append(.deletion(relative))
                } else {
                    throw SyncError.noSuchPath(path: given)
                }
            }
        }
        var gone: [String] = []
        var files: [String] = []
        for step in steps {
            switch step {
            case .file(let path): files.append(path)
            case .deletion(let path): gone.append(path)
            case .refused: break
            }
        }
        let renames = try self.renames(gone: gone, files: files)
        let previousPaths = Dictionary(renames.map { ($0.to, $0.from) }, uniquingKeysWith: { first, _ in first })
        let renamedAway = Set(renames.map(\.from))
        var results: [ImportResult] = []
        for step in steps {
            switch step {
            case .file(let path):
                if let previousPath = previousPaths[path] {
                    results += try importRename(from: previousPath, to: path)
                } else {
                    results.append(try importFile(absolutePath: root + "/" + path, relativePath: path))
                }
            case .refused(let result):
                results.append(result)
            case .deletion(let path):
                if renamedAway.contains(path) { continue }
                if let deletion = try recordDeletion(relativePath: path) { results.append(deletion) }
            }
        }
        return results
    }

    /// The renames among documents found gone and files found: a file the store has no document
    /// at whose bytes are exactly the source of a gone document's head is that document, moved.
    /// Each gone document is paired once, with the first such file in `files`' order.
    public func renames(gone: [String], files: [String]) throws -> [(from: String, to: String)] {
        guard !gone.isEmpty else { return [] }
        // The gone documents still live in the store, by the hash of their head's source.
        var bySource: [String: [String]] = [:]
        for path in gone {
            guard let head = try store.revision(documentPath: path, atOrBefore: nil), !head.isDeletion, let hash = head.sourceHash else {
                continue
            }
            bySource[hash, default: []].append(path)
        }
        guard !bySource.isEmpty else { return [] }
        let documents = Set(try store.documentPaths())
        var result: [(from: String, to: String)] = []
        var paired: Set<String> = []
        for file in files where !paired.contains(file) {
            guard !documents.contains(file),
                RootConfinement.refusal(path: root + "/" + file, root: root) == nil,
                case .success(let bytes) = reader.loadBytes(path: root + "/" + file),
                var candidates = bySource[ContentHash.hex(of: bytes)], !candidates.isEmpty
            else { continue }
            let from = candidates.removeFirst()
            bySource[ContentHash.hex(of: bytes)] = candidates
            paired.insert(file)
            result.append((from, file))
        }
        return result
    }

    /// What a walk of a folder found: the wireframe files, and the folders that could not be
    /// listed, relative to the root and sorted.
    public struct FoundFiles: Sendable, Equatable {
        /// The wireframe files.
        public var files: [String]
        /// Folders whose contents are unknown (the root itself is ""): nothing below them is gone.
        public var unreadableFolders: [ProjectFiles.UnreadableFolder]
        /// Wireframe files whose names are not UTF-8, as ``ProjectFiles/shownName(_:)`` shows them.
        public var undecodableNames: [String] = []

        /// Whether a document's path is at or below a folder that could not be listed.
        public func isUnknown(_ document: String) -> Bool {
            unreadableFolders.contains { ProjectFiles.isAtOrBelow(document, folder: $0.path) }
        }
    }

    /// The wireframe files at or below `folder` (relative to the root; "" for the root) whose
    /// relative paths `admits` admits, and the folders that could not be listed.
    public func findFiles(below folder: String, admitting admits: (String) -> Bool = { _ in true }) -> FoundFiles {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        func relative(_ path: String) -> String? {
            if path == root { return "" }
            return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
        }
        let search = ProjectFiles.search(folder.isEmpty ? root : prefix + folder)
        let files = search.files.compactMap { path in relative(path).flatMap { admits($0) ? $0 : nil } }
        let unreadable = search.unreadableFolders.compactMap { folder in
            relative(folder.path).map { ProjectFiles.UnreadableFolder(path: $0, reason: folder.reason) }
        }
        return FoundFiles(
            files: files, unreadableFolders: unreadable, undecodableNames: search.undecodableNames.compactMap { relative($0) })
    }

    /// The documents at or below `folder` whose files are certainly gone: the store knows them,
    /// the walk did not find them, and nothing is at their path. One that is there but no longer
    /// found (ignored now, below an unreadable folder) keeps its head.
    public func goneDocuments(below folder: String, found: FoundFiles) throws -> [String] {
        let seen = Set(found.files)
        return try store.documentPaths().filter { document in
            ProjectFiles.isAtOrBelow(document, folder: folder) && !seen.contains(document) && !found.isUnknown(document)
                && ProjectFiles.presence(root + "/" + document) == .gone
        }
    }

    /// Runs the pipeline on one file: read, validate, canonicalize, compare with the head, record.
    /// An import past its budget (``workLimit``, ``timeLimit``) is a rejected attempt.
    ///
    /// - Throws: ``Cancelled`` when ``isCancelled`` stopped it, ``StoreError`` for the store.
    public func importFile(absolutePath: String, relativePath: String) throws -> ImportResult {
        try importVersion(absolutePath: absolutePath, relativePath: relativePath, rename: nil)
    }

    /// Runs the pipeline on `bytes` as the version of the document `relativePath` (a file of a
    /// git commit), with the pipeline's ``author``, ``message``, ``time`` and ``gitCommit``: the
    /// steps of ``importFile(absolutePath:relativePath:)`` without reading the file.
    public func importVersion(_ bytes: [UInt8], relativePath: String) throws -> ImportResult {
        try importVersion(absolutePath: root + "/" + relativePath, relativePath: relativePath, rename: nil, bytes: bytes)
    }

    /// A rename for ``importVersion(absolutePath:relativePath:rename:)``: the document's previous
    /// path, the new file's bytes when the caller has them (else the file is read), and the time
    /// of the revision (nil: now).
    struct Rename: Sendable {
        var previousPath: String
        var bytes: [UInt8]?
        var time: Timestamp?
    }

    /// Records that the file of the document at `previousPath` is now at `relativePath`: the
    /// document takes the new path and keeps its history, and the new file's content is its next
    /// revision (a rename revision, ``Revision/previousPath``): without screen changes when the
    /// content is the head's, else with the edits' changes. `bytes` are the new file's content
    /// when the caller has them (a git blob); nil reads the file at `relativePath` under the root.
    /// `time` is the revision's time (nil: now). Author, origin and message are the pipeline's.
    ///
    /// It is a rename only when the store has a live document at `previousPath`, none at
    /// `relativePath`, and the new file is valid. Otherwise what it records is what a deletion
    /// and an import record: the new file imported at `relativePath` (an edit of the document
    /// there, a new document, or a refused attempt), and then, when the store has a live document
    /// at `previousPath`, its deletion. The results are in that order: the import's first.
    ///
    /// - Throws: ``Cancelled`` when ``isCancelled`` stopped it (nothing written), ``StoreError``
    ///   for the store.
    public func importRename(
        from previousPath: String, to relativePath: String, bytes: [UInt8]? = nil, at time: Timestamp? = nil
    ) throws -> [ImportResult] {
        let rename = Rename(previousPath: previousPath, bytes: bytes, time: time)
        return try storeRename(prepare(absolutePath: root + "/" + relativePath, relativePath: relativePath, rename: rename))
    }

    /// The store stage of ``importRename(from:to:bytes:at:)``: `prepared` is a version prepared
    /// with a rename; without one, it is stored as any version.
    func storeRename(_ prepared: PreparedVersion) throws -> [ImportResult] {
        let imported = try store(prepared)
        guard let rename = prepared.rename else { return [imported] }
        guard imported.outcome != .stored || imported.revision?.previousPath != rename.previousPath else {
            memory?.forget(path: rename.previousPath)
            return [imported]
        }
        var pipeline = self
        pipeline.deletionTime = rename.time
        return [imported] + (try pipeline.recordDeletion(relativePath: rename.previousPath).map { [$0] } ?? [])
    }

    /// Runs the pipeline on one version of a document (``importFile(absolutePath:relativePath:)``),
    /// or of a renamed one (``importRename(from:to:bytes:at:)``): a rename whose conditions do
    /// not hold is imported as a version of the document at `relativePath`. `bytes`: the
    /// version's bytes when the caller has them (else the rename's, else the file's).
    func importVersion(absolutePath: String, relativePath: String, rename given: Rename?, bytes: [UInt8]? = nil) throws -> ImportResult {
        try store(prepare(absolutePath: absolutePath, relativePath: relativePath, rename: given, bytes: bytes))
    }

    /// A version read, validated and canonicalized by ``prepare(absolutePath:relativePath:rename:bytes:)``,
    /// for ``store(_:)`` to compare with the head and record.
    struct PreparedVersion: Sendable {
        var absolutePath: String
        var relativePath: String
        /// The rename asked for; ``store(_:)`` decides whether it still holds.
        var rename: Rename?
        /// Who the version is by (the file's owner, when the pipeline takes it from there).
        var author: String
        var read: ReadDocument
        var budget: WorkBudget
        var clock: AttemptClock
        var verdict: Verdict

        /// What reading and validating found.
        enum Verdict: Sendable {
            /// Past the budget or cancelled: ``stopped(_:read:path:_:)`` says what is recorded.
            case stopped
            /// Not readable (`failed`) or with errors (`rejected`): an attempt that stores nothing.
            case refused(ImportOutcome, [Diagnostic])
            /// Valid: its canonical form and findings.
            case valid(CanonicalDocument, [Diagnostic])
        }
    }

    /// The first stage of an import, which needs no store: read, validate and canonicalize. It
    /// may run on another thread than ``store(_:)``, one version ahead (a git import does so):
    /// with a memory, the head whose screens a route's text may take canonical bytes from is
    /// whichever one the memory holds then, and the bytes taken by route text never depend on
    /// which revision that is.
    func prepare(absolutePath: String, relativePath: String, rename given: Rename?, bytes: [UInt8]? = nil) -> PreparedVersion {
        let author = authorFromFileOwner ? Times.fileOwner(path: absolutePath) ?? self.author : self.author
        let attempt = AttemptClock()
        let budget = WorkBudget(workLimit: workLimit, timeLimit: timeLimit, isCancelled: isCancelled)
        // Bound while the file is read and validated, the stages that ask it, and no longer: the
        // reads of the head's screens while comparing must never be cut short, or a stop asked
        // then would compare the version with a part of its head.
        let (read, validated) = WorkBudget.$current.withValue(budget) { () -> (ReadDocument, [Diagnostic]?) in
            let read = self.read(absolutePath: absolutePath, relativePath: relativePath, bytes: bytes ?? given?.bytes)
            guard let wireframe = read.wireframe, !budget.spend(WorkBudget.units(of: wireframe)) else { return (read, nil) }
            return (read, validate(wireframe, read: read))
        }
        var prepared = PreparedVersion(
            absolutePath: absolutePath, relativePath: relativePath, rename: given, author: author, read: read, budget: budget,
            clock: attempt, verdict: .stopped)
        // The rename's bytes are the read's now.
        prepared.rename?.bytes = nil
        if budget.shouldStop() {
            // A read cut short is no read to follow: forgotten before the next version is read.
            memory?.forget(path: relativePath)
            return prepared
        }
        guard let wireframe = read.wireframe, let diagnostics = validated else {
            let unreadable = read.diagnostics.contains { $0.code == FormatCodes.unreadable }
            prepared.verdict = .refused(
                unreadable ? .failed : .rejected, validator.findings(read: read.diagnostics, wireframe: nil))
            return prepared
        }
        if diagnostics.hasErrors {
            prepared.verdict = .refused(.rejected, diagnostics)
            return prepared
        }
        let remembered = memory?.head(path: given?.previousPath ?? relativePath)
        prepared.verdict = .valid(canonicalize(wireframe, source: read.bytes, remembered: remembered), diagnostics)
        // The store stage needs the canonical form, not the wireframe read: dropped here, so that
        // the next read of the document, which moves the screens out of the memory's last read
        // and shifts their locations, finds them unshared instead of copying each one while this
        // version waits to be stored.
        prepared.read.wireframe = nil
        return prepared
    }

    /// The second stage of an import: compare a prepared version with the head and record it
    /// (or record its refusal), in the store's order.
    func store(_ prepared: PreparedVersion) throws -> ImportResult {
        if prepared.author != author {
            var owned = self
            owned.author = prepared.author
            return try owned.store(prepared)
        }
        memory?.releaseDiscarded()
        let relativePath = prepared.relativePath
        let read = prepared.read
        let attempt = prepared.clock
        switch prepared.verdict {
        case .stopped:
            guard let stopped = try stopped(prepared.budget, read: read, path: relativePath, attempt) else {
                throw Cancelled(path: relativePath)
            }
            return stopped
        case .refused(let outcome, let diagnostics):
            return try recordRefusal(outcome, read: read, diagnostics: diagnostics, path: relativePath, attempt)
        case .valid(let document, let diagnostics):
            // A rename of a live document to a path no document has; else the new file is a
            // version of its own path's document.
            var rename = prepared.rename
            if let candidate = rename {
                let previous = try storedRevision(candidate.previousPath)
                let taken = try storedRevision(relativePath) != nil
                if previous?.isDeletion ?? true || candidate.previousPath == relativePath || taken {
                    rename = nil
                }
            }
            // The head this writer last stored (the daemon's memory) or read; what the version is
            // based on is the clone's record of its file, else that head.
            let previous = rename?.previousPath ?? relativePath
            let head = try memory?.head(path: previous) ?? storedHead(previous)
            let document = hashed(document, after: head)
            let base = try base(of: previous, document, head: head)
            let comparison = try compare(document, with: head, path: relativePath, renaming: rename != nil)
            // The last point where the import stops: what follows is one transaction.
            if let stopped = try stopped(prepared.budget, read: read, path: relativePath, attempt) { return stopped }
            var result = try record(
                document, comparison: comparison, basedOn: base.id, read: read, diagnostics: diagnostics,
                path: relativePath, attempt, rename: rename)
            result.baseNote = base.note
            try follow(&result, read: read, rename: rename)
            return result
        }
    }

    /// After a save: a merged file is rewritten with the revision stored (unless saved again
    /// meanwhile), and the clone's record says what the file is now based on.
    func follow(_ result: inout ImportResult, read: ReadDocument, rename: Rename?) throws {
        guard let cloneBases, gitCommit == nil, let revision = result.revision, result.outcome == .stored || result.outcome == .unchanged
        else { return }
        var agrees = true
        if result.merge != nil {
            let source = try History(store: store).source(of: revision)
            if source != read.bytes {
                let folder = try ConfinedFolder(path: root, writer: "wfs", folderName: "the project")
                result.fileRewritten = try folder.write(source, to: result.path, unlessChangedFrom: read.bytes)
                result.rewriteSkipped = !result.fileRewritten
                agrees = result.fileRewritten
            }
        }
        var bases: [String: CloneBases.Base?] = [:]
        if agrees, let base = CloneBases.Base(revision) { bases[result.path] = base }
        if let previous = rename?.previousPath, previous != result.path, result.revision?.previousPath == previous {
            bases[previous] = .some(nil)
        }
        do {
            try cloneBases.record(bases)
        } catch {
            // The save is stored; without the record the next one falls back to the revision
            // whose content the file has.
            result.baseNote = "\(result.path): the clone's record of what the file is based on cannot be written: \(error)"
        }
    }

    /// What an import that must stop does instead of going on: nil while it may go on; past its
    /// limits, a rejected attempt that says which; cancelled, nothing written (``Cancelled``).
    /// What the stopped stages made is dropped, the memory of the document with it (a read cut
    /// short is no read to follow).
    func stopped(_ budget: WorkBudget, read: ReadDocument, path: String, _ clock: AttemptClock) throws -> ImportResult? {
        guard budget.shouldStop() else { return nil }
        memory?.forget(path: path)
        guard let diagnostic = budget.diagnostic else { throw Cancelled(path: path) }
        return try recordRefusal(.rejected, read: read, diagnostics: [diagnostic], path: path, clock)
    }

    // MARK: Read

    /// A document as the pipeline reads it: its bytes, wireframe and reader diagnostics. A
    /// WorkflowSchema document is read with the files it loads (inside the root), so that its
    /// cross-file findings (a missing or broken loaded file, a loaded root that does not fit) are its own.
    struct ReadDocument: Sendable {
        var bytes: [UInt8]
        var wireframe: Wireframe?
        var diagnostics: [Diagnostic]
        var loadTargets: Set<String>
        /// Whether the bytes were read (false: the file could not be read, or was refused unread).
        var loaded = true
    }

    /// Reads a document (a WorkflowSchema document with the files it loads); with a memory, a
    /// JSON document after its last read.
    /// `given`: the document's bytes, when the caller has them (not read from the file).
    func read(absolutePath: String, relativePath: String, bytes given: [UInt8]? = nil) -> ReadDocument {
        let bytes: [UInt8]
        if let given {
            bytes = given
        } else {
            if let refusal = RootConfinement.refusal(path: absolutePath, root: root) {
                return ReadDocument(bytes: [], wireframe: nil, diagnostics: [refusal], loadTargets: [], loaded: false)
            }
            switch reader.loadBytes(path: absolutePath) {
            case .success(let loaded): bytes = loaded
            case .failure(let failure):
                return ReadDocument(bytes: [], wireframe: nil, diagnostics: [failure.diagnostic], loadTargets: [], loaded: false)
            }
        }
        switch DocumentFormat(path: relativePath) ?? .json {
        case .json:
            if let memory, DocumentFormat(path: absolutePath) ?? .json == .json {
                let read = memory.read(bytes, path: relativePath)
                return ReadDocument(bytes: bytes, wireframe: read.wireframe, diagnostics: read.diagnostics, loadTargets: [])
            }
            let read = reader.read(bytes: bytes, path: absolutePath)
            return ReadDocument(bytes: read.bytes, wireframe: read.wireframe, diagnostics: read.diagnostics, loadTargets: [])
        case .workflowSchema:
            let project = WorkflowSchemaReader().read(
                fileAt: relativePath, projectRoot: root, entryBytes: bytes, reader: reader, files: schemaFiles)
            guard let entry = project.files.first else {
                let diagnostics = project.diagnostics.map {
                    var local = $0
                    local.path = nil
                    return local
                }
                return ReadDocument(bytes: bytes, wireframe: nil, diagnostics: diagnostics, loadTargets: [])
            }
            return ReadDocument(bytes: bytes, wireframe: entry.wireframe, diagnostics: entry.diagnostics, loadTargets: project.loadTargets)
        }
    }

    // MARK: Validate

    /// What the reader and the validator found, in source order and capped.
    func validate(_ wireframe: Wireframe, read: ReadDocument) -> [Diagnostic] {
        validator.findings(read: read.diagnostics, wireframe: wireframe)
    }

    // MARK: Canonicalize

    /// A valid document in canonical form, with the bytes and hashes the store keeps.
    ///
    /// It keeps the canonical screens as bytes, not as screens: the screens of a read are shared
    /// with the reader's memory, which moves them into the document's next read and shifts their
    /// locations; a version that held them while waiting to be stored (a git import prepares
    /// ahead) made that read copy every screen and the storing thread free them all (a fifth of
    /// that thread's time). The store's diff reads the few screens that changed back from their
    /// bytes, as it reads the head's.
    struct CanonicalDocument: Sendable {
        /// The canonical bytes of everything but the screens.
        var header: [UInt8]
        /// The screens in canonical (key) order, with their canonical bytes and hashes.
        var screens: [ScreenContent]
        /// The SHA-256 of the whole document's canonical bytes: taken in the store stage
        /// (``ImportPipeline/hashed(_:after:)``), where the head compared with is the version
        /// before this one and its hash's checkpoints serve (a git import prepares versions ahead
        /// of the head); empty until then, unless canonical form could not join the header and
        /// the screens (then taken from the wireframe here).
        var contentHash: String
        /// The checkpoints of that hash, for the next version's.
        var contentCheckpoints = HashCheckpoints()
        /// With a memory: where each screen's route text lies in the source (see
        /// ``SaveMemory/routeTexts(of:order:keys:)``), and where each canonical screen was in the
        /// wireframe read.
        var routeTexts: [Range<Int>?]
        var order: [Int]
        /// The version's source, read again for a diff only should its canonical bytes not read
        /// back (they always do), rather than failing the import.
        var source: [UInt8]
    }

    /// Brings a document to canonical form: each screen is written once, and the document's
    /// bytes (hashed, never gathered) are its header and those screens' bytes put together. With
    /// a memory, a JSON route whose text is the one of the `remembered` head takes that head's
    /// bytes and hash for its screen instead of being written again, and a screen written whose
    /// bytes are the head's screen's of the same key takes that screen's hash.
    ///
    /// The screens' hashes are taken here, in the first stage, and the document's and the
    /// source's in the second (``hashed(_:after:)``, ``record(_:comparison:basedOn:read:diagnostics:path:_:rename:)``),
    /// where the version before is the head and the hashes resume its checkpoints: a git import
    /// runs the stages on two threads, and that split gives each about half the work.
    func canonicalize(_ wireframe: Wireframe, source: [UInt8], remembered: SaveMemory.Head?) -> CanonicalDocument {
        // Only the screens written here are brought to canonical form.
        let (canonicalHeader, order, keys) = CanonicalForm.ordered(wireframe, trying: remembered?.order)
        let header = writer.canonicalHeaderBytes(canonicalHeader)
        let routeTexts = memory == nil ? [] : SaveMemory.routeTexts(of: wireframe.screens, order: order, keys: keys)
        var screens: [ScreenContent] = []
        screens.reserveCapacity(keys.count)
        var next = 0  // in the remembered screens, walked in key order beside these
        // Unwrapped once: a call on the optional copied the head (its arrays retained) per screen.
        let head = remembered ?? SaveMemory.Head(state: nil)
        for index in order.indices {
            let key = keys[index]
            let old = head.position(of: key, from: &next)
            if let old, index < routeTexts.count, let text = routeTexts[index], head.hasRouteText(text, in: source, at: old) {
                screens.append(head.screens[old])
                continue
            }
            let content = writer.canonicalBytes(screen: CanonicalForm.canonicalize(wireframe.screens[order[index]]))
            let hash = old.flatMap { head.screens[$0].content == content ? head.screens[$0].hash : nil } ?? ContentHash.hex(of: content)
            screens.append(ScreenContent(key: key, hash: hash, content: content))
        }
        let contentHash = writer.canJoin(header: header) ? "" : ContentHash.of(CanonicalForm.canonicalize(wireframe))
        return CanonicalDocument(
            header: header, screens: screens, contentHash: contentHash, routeTexts: routeTexts, order: order, source: source)
    }

    /// The document with its content hash (``CanonicalDocument/contentHash``), resumed from the
    /// checkpoints of the head's where their canonical bytes first differ (``HashCheckpoints``).
    func hashed(_ document: CanonicalDocument, after head: SaveMemory.Head) -> CanonicalDocument {
        guard document.contentHash.isEmpty else { return document }
        // The canonical bytes are the head's up to the first screen that differs (each screen
        // followed by a comma, but the last one: the head may end there instead).
        var unchanged = 0
        if head.state?.header == document.header {
            // Compared where the screens lie: a copy of a screen retains and releases its hash and
            // content.
            let sameBytes = document.screens.withUnsafeBufferPointer { screens in
                head.screens.withUnsafeBufferPointer { previous in
                    var index = 0
                    var bytes = 0
                    while index < min(screens.count, previous.count), screens[index].hash == previous[index].hash {
                        bytes += screens[index].content.count + 1
                        index += 1
                    }
                    return bytes
                }
            }
            unchanged = writer.screensOffset(header: document.header) + max(sameBytes - 1, 0)
        }
        var hashed = document
        (hashed.contentHash, hashed.contentCheckpoints) = ContentHash.hex(
            ofHeader: document.header,
            screens: { each in
                document.screens.withUnsafeBufferPointer { screens in
                    for index in screens.indices { screens[index].content.withUnsafeBytes(each) }
                }
            },
            unchanged: unchanged, resuming: head.contentCheckpoints)
        return hashed
    }

    // MARK: Compare with the head

    /// The document's head as the store has it (the daemon compares with the head it stored
    /// last, from ``SaveMemory``, when it remembers one).
    func storedHead(_ path: String) throws -> SaveMemory.Head {
        SaveMemory.Head(state: try store.headState(documentPath: path))
    }

    /// The head of the document at a path now; nil when no document has the path.
    func storedRevision(_ path: String) throws -> Revision? {
        do {
            return try store.revision(documentPath: path, atOrBefore: nil)
        } catch StoreError.unknownDocument {
            return nil
        }
    }

    /// What comparing a new version with the head gave.
    enum Comparison: Sendable {
        /// The head means what the new version means.
        case unchanged(head: SaveMemory.Head, revision: Revision)
        /// A revision to record after `head`: the new screens and their changes.
        case revision(head: SaveMemory.Head, screens: [ScreenContent], changes: [RecordedChange])
    }

    /// `renaming`: the version is a rename of the head's document, a revision even when it means
    /// what the head means.
    func compare(_ document: CanonicalDocument, with head: SaveMemory.Head, path: String, renaming: Bool = false) throws -> Comparison {
        if let revision = head.state?.revision, !revision.isDeletion, revision.contentHash == document.contentHash, !renaming {
            return .unchanged(head: head, revision: revision)
        }
        let diff = try diffAgainstHead(head.state, document: document, remembered: head.screens, path: path)
        return .revision(head: head, screens: document.screens, changes: Self.recordedChanges(diff))
    }

    // MARK: Record

    /// When an import started, for its attempt's record.
    struct AttemptClock {
        let startedAt = Timestamp.now()
        private let clock = ContinuousClock()
        private let started: ContinuousClock.Instant

        init() { started = clock.now }

        var elapsedMicroseconds: Int64 {
            let duration = clock.now - started
            return duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
        }
    }

    func attemptInfo(_ path: String, diagnostics: [Diagnostic], _ clock: AttemptClock) -> AttemptInfo {
        var attempt = AttemptInfo(
            path: path, startedAt: time ?? clock.startedAt, durationMicroseconds: clock.elapsedMicroseconds, author: author,
            origin: origin, diagnostics: diagnostics, machine: Machine.name)
        attempt.gitCommit = gitCommit
        return attempt
    }

    /// Records an attempt that stores nothing: a file that cannot be read, or a document with errors.
    func recordRefusal(
        _ outcome: ImportOutcome, read: ReadDocument, diagnostics: [Diagnostic], path: String, _ clock: AttemptClock
    ) throws -> ImportResult {
        // The hash of the bytes read (no canonical form exists): the catch-up tells by it whether
        // the file is still the one refused.
        let hash = read.loaded ? ContentHash.hex(of: read.bytes) : nil
        _ = try store.recordAttempt(attemptInfo(path, diagnostics: diagnostics, clock), outcome: outcome, contentHash: hash)
        var result = ImportResult(
            path: path, outcome: outcome, revision: nil, diagnostics: diagnostics, changes: [], loadTargets: read.loadTargets)
        result.keptRevision = try storedRevision(path)
        return result
    }

    /// Records a valid version: an unchanged attempt, or a new revision in one transaction. A head
    /// that moved meanwhile (another process stored a revision) is read from the store and the
    /// version compared with it again; *unchanged* is never decided against a head from memory.
    ///
    /// The revision is `basedOn` the head of the first comparison, however often the head moved
    /// before it was stored: the store then marks what it replaced.
    ///
    /// A rename is compared with the head of the document at its previous path; when that is gone
    /// or the new path has a document meanwhile, the version is of the new path's document.
    func record(
        _ document: CanonicalDocument, comparison first: Comparison, basedOn: Int64?, read: ReadDocument, diagnostics: [Diagnostic],
        path: String, _ clock: AttemptClock, rename given: Rename? = nil
    ) throws -> ImportResult {
        var comparison = first
        var rename = given
        // A save based on an older revision than the head is merged with it, each time the head
        // is another: the merge (its content, base and record) replaces the save from there on.
        var document = document
        var read = read
        var basedOn = basedOn
        var merge: SaveMerge?
        var unmerged: String?
        let saved = (document: document, read: read, basedOn: basedOn)
        func merging(_ comparison: Comparison) throws -> Comparison? {
            guard cloneBases != nil, gitCommit == nil, rename == nil, let base = saved.basedOn,
                case .revision(let head, _, _) = comparison, !head.isRemembered,
                let headRevision = head.state?.revision, !headRevision.isDeletion, headRevision.id != base,
                merge?.head != headRevision.id
            else { return nil }
            let attempt = try merged(saved.document, read: saved.read, basedOn: base, head: headRevision, path: path)
            unmerged = attempt.reason
            guard let made = attempt.merge else {
                (document, read, basedOn, merge) = (saved.document, saved.read, saved.basedOn, nil)
                return nil
            }
            merge = made
            (document, read, basedOn) = (made.document, made.read, made.basedOn)
            return try compare(made.document, with: head, path: path)
        }
        func finished(_ result: ImportResult) -> ImportResult {
            var result = result
            result.merge = merge?.record
            result.unmerged = unmerged
            return result
        }
        // The head a moved head is read again from: the previous path's while it is a rename.
        func reread() throws -> Comparison {
            if let previousPath = rename?.previousPath {
                let previous = try storedHead(previousPath)
                if let state = previous.state, !state.revision.isDeletion, try storedRevision(path) == nil {
                    return try compare(document, with: previous, path: path, renaming: true)
                }
                rename = nil
            }
            return try compare(document, with: storedHead(path), path: path)
        }
        for _ in 0..<5 {
            if let merged = try merging(comparison) { comparison = merged }
            switch comparison {
            case .unchanged(let head, _) where head.isRemembered:
                // Decided without a write, so against the store's head: another process may
                // have followed the one in memory.
                comparison = try reread()
            case .unchanged(_, let revision):
                let attempt = attemptInfo(path, diagnostics: diagnostics, clock)
                _ = try store.recordAttempt(attempt, outcome: .unchanged, contentHash: document.contentHash)
                return finished(
                    ImportResult(
                        path: path, outcome: .unchanged, revision: revision, diagnostics: diagnostics, changes: [],
                        loadTargets: read.loadTargets))
            case .revision(let head, let screens, let changes):
                let live = head.state.map { !$0.revision.isDeletion } ?? false
                let source = ContentHash.hex(of: read.bytes, after: head.source, resuming: head.sourceCheckpoints)
                var new = NewRevision(
                    attempt: attemptInfo(path, diagnostics: diagnostics, clock),
                    format: DocumentFormat(path: path) == .workflowSchema ? .workflowSchema : .json,
                    contentHash: document.contentHash, source: read.bytes, sourceHash: source.hash,
                    header: document.header, screens: screens,
                    changes: changes, expectedHeadId: head.state?.revision.id, headSource: live ? head.source : nil, message: message,
                    createdAt: rename?.time ?? time ?? .now(),
                    headScreenHashes: live && !head.isRemembered ? head.state?.screenHashes : nil)
                new.basedOn = basedOn
                new.merge = merge?.record
                new.replacedScreens = merge?.replacedScreens
                new.renamedFrom = rename?.previousPath
                // A head from memory has its screens in key order: the write walks them beside the new ones.
                if live && head.isRemembered { new.headScreens = head.screens }
                do {
                    let record = try store.recordImport(new)
                    if let memory, record.outcome == .stored, let revision = record.revision {
                        memory.rememberHead(
                            revision, header: document.header, screens: screens, source: read.bytes, routeTexts: document.routeTexts,
                            order: document.order, checkpoints: (source.checkpoints, document.contentCheckpoints), path: path)
                        // Released once the save is reported (``SaveMemory/releaseDiscarded()``), not now.
                        memory.discard(Discarded(read: read, document: document, new: new))
                    }
                    return finished(
                        ImportResult(
                            path: path, outcome: record.outcome, revision: record.revision, diagnostics: diagnostics,
                            changes: record.outcome == .stored ? changes : [], loadTargets: read.loadTargets))
                } catch StoreError.headMoved {
                    comparison = try reread()
                } catch StoreError.renameTargetTaken {
                    rename = nil
                    comparison = try reread()
                }
            }
        }
        throw StoreError.headMoved(path: path)
    }

    /// What a stored import leaves for ``SaveMemory/releaseDiscarded()`` to release.
    struct Discarded: Sendable {
        var read: ReadDocument
        var document: CanonicalDocument
        var new: NewRevision
    }

    /// The files a WorkflowSchema document loads, directly or through loaded files, existing or
    /// not (empty for other documents and unreadable files).
    public func loadTargets(relativePath: String) -> Set<String> {
        guard DocumentFormat(path: relativePath) == .workflowSchema else { return [] }
        return read(absolutePath: root + "/" + relativePath, relativePath: relativePath).loadTargets
    }

    /// The diff between the head and a new version, computed on the screens whose hashes differ,
    /// each side's read back from its canonical bytes: the head's come from memory when this
    /// process stored the head (`remembered`, one walk in key order), else from the store (an
    /// index lookup and a few rows), not from reading its whole source again.
    func diffAgainstHead(
        _ headState: HeadState?, document: CanonicalDocument, remembered: [ScreenContent] = [], path: String
    ) throws -> WireframeDiff {
        let screens = document.screens
        guard let headState, !headState.revision.isDeletion else { return WireframeDiff.between(nil, whole(document, path: path)) }
        if let header = headState.header {
            let changedKeys: [String]
            let partialOld: Wireframe?
            let newScreens: [[UInt8]]
            if let (keys, oldScreens, changed) = ScreenSplice.changedScreens(remembered, screens) {
                changedKeys = keys
                partialOld = ScreenSplice.wireframe(header: header, screens: oldScreens)
                newScreens = changed
            } else {
                // A head from memory has its screens there, not in `screenHashes`.
                var oldHashes = headState.screenHashes
                if oldHashes.isEmpty && !remembered.isEmpty {
                    oldHashes = Dictionary(remembered.map { ($0.key, $0.hash) }, uniquingKeysWith: { first, _ in first })
                }
                changedKeys = ScreenSplice.changedKeys(oldHashes, screens)
                let contents = try store.screenContents(changedKeys.compactMap { oldHashes[$0] })
                partialOld = ScreenSplice.wireframe(header: header, hashes: oldHashes, keys: changedKeys, contents: contents)
                let wanted = Set(changedKeys)
                newScreens = screens.filter { wanted.contains($0.key) }.map(\.content)
            }
            if let partialOld, let partialNew = ScreenSplice.wireframe(header: document.header, screens: newScreens) {
                return WireframeDiff.between(partialOld, partialNew)
            }
        }
        // A header that cannot be spliced: read the head's whole source again.
        let source = try store.source(revisionId: headState.revision.id)
        let old = reader.read(bytes: source, path: path).wireframe.map(CanonicalForm.canonicalize)
        return WireframeDiff.between(old, whole(document, path: path))
    }

    /// A version's whole canonical wireframe, read back from its canonical bytes (or, should they
    /// not read, from its source).
    func whole(_ document: CanonicalDocument, path: String) -> Wireframe? {
        ScreenSplice.wireframe(header: document.header, screens: document.screens.map(\.content))
            ?? reader.read(bytes: document.source, path: path).wireframe.map(CanonicalForm.canonicalize)
    }

    /// Records that a document's file is gone (a tombstone revision); nil when it is already gone.
    public func recordDeletion(relativePath: String) throws -> ImportResult? {
        var attempt = AttemptInfo(
            path: relativePath, startedAt: time ?? .now(), durationMicroseconds: 0, author: author, origin: origin, diagnostics: [],
            machine: Machine.name)
        attempt.gitCommit = gitCommit
        guard let record = try store.recordDeletion(attempt, message: message, createdAt: deletionTime ?? time ?? .now()) else {
            return nil
        }
        memory?.forget(path: relativePath)
        let changes = try record.revision.map { try store.changes(revisionId: $0.id) } ?? []
        return ImportResult(path: relativePath, outcome: .deleted, revision: record.revision, diagnostics: [], changes: changes)
    }

    /// The store's form of a diff.
    public static func recordedChanges(_ diff: WireframeDiff) -> [RecordedChange] {
        var result: [RecordedChange] = []
        if !diff.documentFields.isEmpty {
            result.append(RecordedChange(kind: .document, screenKey: "", fields: diff.documentFields.map(recordedField)))
        }
        for screen in diff.screens {
            let kind: RecordedChange.Kind =
                switch screen.kind {
                case .added: .added
                case .removed: .removed
                case .modified: .modified
                case .renamed: .renamed
                }
            result.append(
                RecordedChange(kind: kind, screenKey: screen.key, previousKey: screen.previousKey, fields: screen.fields.map(recordedField))
            )
        }
        return result
    }

    static func recordedField(_ field: FieldChange) -> RecordedField {
        RecordedField(field: field.field, old: field.old, new: field.new)
    }
}
