import Foundation
public import WireframeModel
public import WireframeStore
public import WireframeAnalysis
import WireframeFormats

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

    /// Creates an import result.
    public init(path: String, outcome: ImportOutcome, revision: Revision?, diagnostics: [Diagnostic], changes: [RecordedChange]) {
        self.path = path
        self.outcome = outcome
        self.revision = revision
        self.diagnostics = diagnostics
        self.changes = changes
    }
}

/// The import pipeline that `wfs import` and the daemon share:
/// read → validate → canonicalize → hash → compare with the head → record in one transaction.
public struct ImportPipeline: Sendable {
    /// The store written to.
    public var store: WireframeStore
    /// The project root; documents are named by their path relative to it.
    public var root: String
    /// Who imports.
    public var author: String
    /// What imports.
    public var origin: RevisionOrigin
    /// The message recorded with new revisions.
    public var message: String?

    private let reader = DocumentReader()
    private let validator = Validator()
    private let writer = JSONWireframeWriter()

    /// Creates a pipeline for a store whose project root is `root`.
    public init(store: WireframeStore, root: String, author: String, origin: RevisionOrigin = .cli, message: String? = nil) {
        self.store = store
        self.root = StoreLocation.absolute(root)
        self.author = author
        self.origin = origin
        self.message = message
    }

    /// Imports files and folders: each wireframe file found, and a tombstone for every document
    /// under an imported folder whose file is gone.
    ///
    /// - Throws: ``SyncError`` for a path outside the root or missing, ``StoreError`` for the store.
    public func importPaths(_ paths: [String]) throws -> [ImportResult] {
        var results: [ImportResult] = []
        for given in paths {
            let absolute = StoreLocation.absolute(given)
            let relative = try relativePath(absolute, given: given)
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: absolute, isDirectory: &isFolder) || ProjectFiles.isSymbolicLink(absolute)
            if exists && isFolder.boolValue {
                let files = ProjectFiles.wireframes(in: absolute)
                var seen: Set<String> = []
                for file in files {
                    let fileRelative = try relativePath(StoreLocation.absolute(file), given: file)
                    seen.insert(fileRelative)
                    results.append(try importFile(absolutePath: StoreLocation.absolute(file), relativePath: fileRelative))
                }
                let prefix = relative.isEmpty ? "" : relative + "/"
                for document in try store.documentPaths() where document.hasPrefix(prefix) && !seen.contains(document) {
                    if let deletion = try recordDeletion(relativePath: document) { results.append(deletion) }
                }
            } else if exists {
                results.append(try importFile(absolutePath: absolute, relativePath: relative))
            } else if (try? store.revision(documentPath: relative, atOrBefore: nil)) != nil {
                // A file the store knows that is gone: the user imports its deletion.
                if let deletion = try recordDeletion(relativePath: relative) { results.append(deletion) }
            } else {
                throw SyncError.noSuchPath(path: given)
            }
        }
        return results
    }

    /// The path of a file relative to the project root.
    public func relativePath(_ absolute: String, given: String) throws -> String {
        let resolvedRoot = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
        let resolved = URL(fileURLWithPath: absolute).resolvingSymlinksInPath().path
        for (candidate, base) in [(absolute, root), (resolved, resolvedRoot)] {
            if candidate == base { return "" }
            let prefix = base.hasSuffix("/") ? base : base + "/"
            if candidate.hasPrefix(prefix) { return String(candidate.dropFirst(prefix.count)) }
        }
        throw SyncError.outsideRoot(path: given, root: root)
    }

    /// Runs the pipeline on one file.
    public func importFile(absolutePath: String, relativePath: String) throws -> ImportResult {
        let clock = ContinuousClock()
        let started = clock.now
        let startedAt = Timestamp.now()
        func elapsed() -> Int64 {
            let duration = clock.now - started
            return duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
        }
        let read =
            RootConfinement.refusal(path: absolutePath, root: root).map { DocumentReadResult(wireframe: nil, diagnostics: [$0], bytes: []) }
            ?? reader.read(path: absolutePath, displayPath: relativePath)
        var diagnostics = read.diagnostics
        guard let wireframe = read.wireframe else {
            let unreadable = diagnostics.contains { $0.code == FormatCodes.unreadable }
            let outcome: ImportOutcome = unreadable ? .failed : .rejected
            let attempt = AttemptInfo(path: relativePath, startedAt: startedAt, durationMicroseconds: elapsed(), author: author, origin: origin, diagnostics: diagnostics)
            _ = try store.recordAttempt(attempt, outcome: outcome)
            return ImportResult(path: relativePath, outcome: outcome, revision: nil, diagnostics: diagnostics, changes: [])
        }
        diagnostics += validator.validate(wireframe)
        diagnostics.sort(by: Diagnostic.sourceOrder)
        if diagnostics.hasErrors {
            let attempt = AttemptInfo(path: relativePath, startedAt: startedAt, durationMicroseconds: elapsed(), author: author, origin: origin, diagnostics: diagnostics)
            _ = try store.recordAttempt(attempt, outcome: .rejected)
            return ImportResult(path: relativePath, outcome: .rejected, revision: nil, diagnostics: diagnostics, changes: [])
        }
        let canonical = CanonicalForm.canonicalize(wireframe)
        // Each screen is written once: the document's bytes are its header and those screens'
        // bytes put together, and the screens' own hashes are needed only for a new revision.
        let header = writer.canonicalHeaderBytes(canonical)
        let screenBytes = canonical.screens.map { writer.canonicalBytes(screen: $0) }
        let documentBytes = writer.canonicalBytes(header: header, screens: screenBytes) ?? writer.canonicalBytes(canonical)
        let contentHash = ContentHash.hex(of: documentBytes)
        var screens: [ScreenContent]?
        let format: SourceFormat = DocumentFormat(path: relativePath) == .workflowSchema ? .workflowSchema : .json

        for _ in 0..<5 {
            let head = try? store.revision(documentPath: relativePath, atOrBefore: nil)
            if let head, !head.isDeletion, head.contentHash == contentHash {
                let attempt = AttemptInfo(path: relativePath, startedAt: startedAt, durationMicroseconds: elapsed(), author: author, origin: origin, diagnostics: diagnostics)
                _ = try store.recordAttempt(attempt, outcome: .unchanged, contentHash: contentHash)
                return ImportResult(path: relativePath, outcome: .unchanged, revision: head, diagnostics: diagnostics, changes: [])
            }
            let contents =
                screens
                ?? zip(canonical.screens, screenBytes).map { screen, bytes in
                    ScreenContent(key: screen.key, hash: ContentHash.hex(of: bytes), content: bytes)
                }
            screens = contents
            let changes = Self.recordedChanges(try diffAgainstHead(head, canonical: canonical, screens: contents, path: relativePath))
            let attempt = AttemptInfo(path: relativePath, startedAt: startedAt, durationMicroseconds: elapsed(), author: author, origin: origin, diagnostics: diagnostics)
            let new = NewRevision(
                attempt: attempt, format: format, contentHash: contentHash, source: read.bytes,
                sourceHash: ContentHash.hex(of: read.bytes), header: header,
                screens: contents, changes: changes, expectedHeadId: head?.id, headSource: nil,
                message: message, createdAt: .now())
            do {
                let record = try store.recordImport(new)
                return ImportResult(
                    path: relativePath, outcome: record.outcome, revision: record.revision, diagnostics: diagnostics,
                    changes: record.outcome == .stored ? changes : [])
            } catch StoreError.headMoved {
                continue  // Another process stored a revision meanwhile: diff against the new head.
            }
        }
        throw StoreError.headMoved(path: relativePath)
    }

    /// The diff between the head and a new canonical wireframe, computed on the screens whose
    /// hashes differ: the head's versions of those screens come from the store (an index lookup
    /// and a few rows), not from reading its whole source again.
    func diffAgainstHead(_ head: Revision?, canonical: Wireframe, screens: [ScreenContent], path: String) throws -> WireframeDiff {
        guard let head, !head.isDeletion else { return WireframeDiff.between(nil, canonical) }
        let oldHashes = try store.screenHashes(revisionId: head.id)
        var newHashes: [String: String] = [:]
        for screen in screens { newHashes[screen.key] = screen.hash }
        let changedKeys = Set(oldHashes.keys).union(newHashes.keys).filter { oldHashes[$0] != newHashes[$0] }
        let oldChanged = changedKeys.compactMap { oldHashes[$0] }.sorted()
        if let header = try store.header(revisionId: head.id), header.last == UInt8(ascii: "}") {
            let contents = try store.screenContents(oldChanged)
            if contents.count == oldChanged.count {
                var document = Array(header.dropLast())
                document += Array(",\"routes\":[".utf8)
                for (index, hash) in oldChanged.enumerated() {
                    if index > 0 { document.append(UInt8(ascii: ",")) }
                    document += contents[hash] ?? []
                }
                document += Array("]}".utf8)
                if let partialOld = JSONWireframeReader().read(document).wireframe {
                    var partialNew = canonical
                    partialNew.screens = canonical.screens.filter { changedKeys.contains($0.key) }
                    return WireframeDiff.between(CanonicalForm.canonicalize(partialOld), partialNew)
                }
            }
        }
        // A header that cannot be spliced: read the head's whole source again.
        let source = try store.source(revisionId: head.id)
        let old = reader.read(bytes: source, path: path).wireframe.map(CanonicalForm.canonicalize)
        return WireframeDiff.between(old, canonical)
    }

    /// Records that a document's file is gone (a tombstone revision); nil when it is already gone.
    public func recordDeletion(relativePath: String) throws -> ImportResult? {
        let attempt = AttemptInfo(path: relativePath, startedAt: .now(), durationMicroseconds: 0, author: author, origin: origin, diagnostics: [])
        guard let record = try store.recordDeletion(attempt, message: message, createdAt: .now()) else { return nil }
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
            result.append(RecordedChange(kind: kind, screenKey: screen.key, previousKey: screen.previousKey, fields: screen.fields.map(recordedField)))
        }
        return result
    }

    static func recordedField(_ field: FieldChange) -> RecordedField {
        RecordedField(field: field.field, old: field.old, new: field.new)
    }
}
