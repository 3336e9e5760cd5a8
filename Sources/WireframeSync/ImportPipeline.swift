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
    /// For a WorkflowSchema document: the files it loads, directly or through loaded files,
    /// existing or not (paths relative to the root). Its verdict depends on them.
    public var loadTargets: Set<String>
    /// Whether `path` is a folder that could not be listed (outcome `failed`), not a document.
    public var isFolder: Bool

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

/// The import pipeline that `wfs import` and the daemon share:
/// read → validate → canonicalize → hash → compare with the head → record in one transaction.
public struct ImportPipeline: Sendable {
    /// The store written to.
    public var store: any Store
    /// The project root; documents are named by their path relative to it.
    public var root: String
    /// Who imports.
    public var author: String
    /// What imports.
    public var origin: RevisionOrigin
    /// The message recorded with new revisions.
    public var message: String?
    /// The screens of the versions imported before, to take unchanged ones from (see ``ScreenReuse``).
    public var reuse: ScreenReuse?

    private let reader = DocumentReader()
    private let validator = Validator()
    private let writer = JSONWireframeWriter()

    /// Creates a pipeline for a store whose project root is `root`.
    public init(
        store: any Store, root: String, author: String, origin: RevisionOrigin = .cli, message: String? = nil, reuse: ScreenReuse? = nil
    ) {
        self.store = store
        self.root = StoreLocation.absolute(root)
        self.author = author
        self.origin = origin
        self.message = message
        self.reuse = reuse
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
            switch ProjectFiles.presence(absolute) {
            case .folder:
                let search = ProjectFiles.search(absolute)
                var seen: Set<String> = []
                for file in search.files {
                    let fileRelative = try relativePath(StoreLocation.absolute(file), given: file)
                    seen.insert(fileRelative)
                    results.append(try importFile(absolutePath: StoreLocation.absolute(file), relativePath: fileRelative))
                }
                // A folder that cannot be listed is reported, and nothing below it counts as gone.
                var unknown: [String] = []
                for folder in search.unreadableFolders {
                    let folderRelative = try relativePath(StoreLocation.absolute(folder.path), given: folder.path)
                    unknown.append(folderRelative)
                    let diagnostic = Diagnostic(.error, FormatCodes.unreadable, "cannot list the folder: \(folder.reason)", at: .start)
                    results.append(
                        ImportResult(
                            path: folderRelative.isEmpty ? "." : folderRelative, outcome: .failed, revision: nil, diagnostics: [diagnostic],
                            changes: [], isFolder: true))
                }
                for document in try store.documentPaths() where ProjectFiles.isAtOrBelow(document, folder: relative) && !seen.contains(document) {
                    // Only a file that is certainly gone is a deletion: one that is there but no
                    // longer found (ignored now, below an unreadable folder) keeps its head.
                    guard !unknown.contains(where: { ProjectFiles.isAtOrBelow(document, folder: $0) }),
                        ProjectFiles.presence(root + "/" + document) == .gone
                    else { continue }
                    if let deletion = try recordDeletion(relativePath: document) { results.append(deletion) }
                }
            case .file:
                // Also a link that leads nowhere, or a file in a folder that denies a look: the
                // reader records why it cannot be read.
                results.append(try importFile(absolutePath: absolute, relativePath: relative))
            case .gone:
                if (try? store.revision(documentPath: relative, atOrBefore: nil)) != nil {
                    // A file the store knows that is gone: the user imports its deletion.
                    if let deletion = try recordDeletion(relativePath: relative) { results.append(deletion) }
                } else {
                    throw SyncError.noSuchPath(path: given)
                }
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
        // What the import before discarded, if the daemon has not released it yet.
        reuse?.emptyTrash()
        let clock = ContinuousClock()
        let started = clock.now
        let startedAt = Timestamp.now()
        func elapsed() -> Int64 {
            let duration = clock.now - started
            return duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
        }
        // The head: in the daemon, the one this process stored last, from memory (a write names
        // it as the head it follows, and the store refuses the write if another process stored
        // a revision since). Otherwise it is read from the store, and the source hashed, on
        // another core while this one reads the document: neither depends on what it says.
        let store = self.store
        let read: ReadDocument
        let early: (head: Result<HeadState?, any Error>, source: SideResult<SourceSide>, fromMemory: Bool)?
        switch loadDocument(absolutePath: absolutePath) {
        case .refused(let refusal):
            read = ReadDocument(bytes: [], wireframe: nil, diagnostics: [refusal], loadTargets: [])
            early = nil
        case .bytes(let bytes):
            do {
                let reuse = self.reuse
                let (side, main) = concurrently({
                    (head: Result { try store.headState(documentPath: relativePath) }, sourceHash: Self.sourceHash(bytes, path: relativePath, reuse: reuse))
                }) {
                    parseDocument(bytes, absolutePath: absolutePath, relativePath: relativePath)
                }
                read = main
                early = (head: side.head, source: .ready(SourceSide(sourceHash: side.sourceHash)), fromMemory: false)
            }
        }
        // A path that stores nothing drops the source's hash and delta if no thread has started them.
        defer { early?.source.settle() }
        var diagnostics = read.diagnostics
        guard let wireframe = read.wireframe, let early else {
            let unreadable = diagnostics.contains { $0.code == FormatCodes.unreadable }
            let outcome: ImportOutcome = unreadable ? .failed : .rejected
            let attempt = AttemptInfo(path: relativePath, startedAt: startedAt, durationMicroseconds: elapsed(), author: author, origin: origin, diagnostics: diagnostics)
            _ = try store.recordAttempt(attempt, outcome: outcome)
            return ImportResult(path: relativePath, outcome: outcome, revision: nil, diagnostics: diagnostics, changes: [], loadTargets: read.loadTargets)
        }
        // Validating (then hashing the canonical bytes) on one core while the other brings the
        // document to canonical form and compares it with the head: both only read the wireframe
        // and the bytes. A document with errors is refused when both are done; what the other
        // core prepared is then not used. Nothing is written before the verdict.
        let validator = self.validator
        let source = read.bytes
        let isJSON = DocumentFormat(path: relativePath) != .workflowSchema
        let previous = isJSON ? reuse?.entry(path: relativePath) : nil
        let canonicalBytes = Handoff<CanonicalPieces>()
        let graphMemory = read.graphMemory
        let readNumber = read.readNumber
        let reuse = self.reuse
        let ((findings, contentHash), (prepared, candidate, remembered)) = concurrently({
            // The daemon's: the graph of the file's last read is kept for the next one.
            let (findings, graph) = validator.validate(wireframe, after: graphMemory)
            if let reuse, let readNumber { reuse.rememberGraph(graph, path: relativePath, read: readNumber) }
            return (findings, canonicalBytes.take().contentHash(path: relativePath, reuse: reuse))
        }) { () -> (CanonicalDocument, Result<Round, any Error>, (@Sendable () -> ScreenReuse.Entry)?) in
            let prepared = canonicalDocument(wireframe, source: source, remembered: previous, reusing: isJSON && reuse != nil)
            canonicalBytes.give(prepared.pieces)
            // The diff is made while the other core hashes: a version that means what the head
            // means shows no change, and is found unchanged once the hash is known. What to
            // remember of it for the next save is made meanwhile too, and kept only if the
            // version is valid and new.
            let candidate = Result { try revisionRound(prepared, path: relativePath, screens: nil, headState: early.head.get()) }
            // Made once the save is reported, or when the next import of the file asks for it.
            var remembered: (@Sendable () -> ScreenReuse.Entry)?
            if reuse != nil, let texts = prepared.routeTexts, case .success(.revision(_, _, let contents, _)) = candidate {
                let order = prepared.order
                remembered = {
                    Self.reuseEntry(source: source, texts: texts, screens: contents, order: order)
                }
            }
            return (prepared, candidate, remembered)
        }
        diagnostics += findings
        diagnostics.sortInSourceOrder()
        if diagnostics.hasErrors {
            let attempt = AttemptInfo(path: relativePath, startedAt: startedAt, durationMicroseconds: elapsed(), author: author, origin: origin, diagnostics: diagnostics)
            _ = try store.recordAttempt(attempt, outcome: .rejected)
            return ImportResult(path: relativePath, outcome: .rejected, revision: nil, diagnostics: diagnostics, changes: [], loadTargets: read.loadTargets)
        }
        let format: SourceFormat = isJSON ? .json : .workflowSchema
        var round: Round
        if early.fromMemory, try Self.unchangedHead(early.head.get(), contentHash: contentHash) != nil {
            // Unchanged is decided without a write: against the head in the store, not the one
            // in memory, which another process may have followed with a revision of its own.
            let headState = try store.headState(documentPath: relativePath)
            round = try Self.unchangedHead(headState, contentHash: contentHash).map { Round.unchanged(head: $0) }
                ?? revisionRound(prepared, path: relativePath, screens: nil, headState: headState)
        } else {
            round = try Self.unchangedHead(early.head.get(), contentHash: contentHash).map { Round.unchanged(head: $0) } ?? candidate.get()
        }
        if let reuse, let remembered, case .revision = round { reuse.remember(later: remembered, path: relativePath) }
        // Before the write only: an unchanged version needs neither.
        var sourceForWrite: SourceSide?
        for attemptNumber in 0..<5 {
            let headState: HeadState?
            let headScreens: [ScreenContent]?
            let contents: [ScreenContent]
            let changes: [RecordedChange]
            switch round {
            case .unchanged(let head):
                let attempt = AttemptInfo(path: relativePath, startedAt: startedAt, durationMicroseconds: elapsed(), author: author, origin: origin, diagnostics: diagnostics)
                _ = try store.recordAttempt(attempt, outcome: .unchanged, contentHash: contentHash)
                return ImportResult(
                    path: relativePath, outcome: .unchanged, revision: head, diagnostics: diagnostics, changes: [], loadTargets: read.loadTargets)
            case .revision(let state, let remembered, let screens, let recorded):
                (headState, headScreens, contents, changes) = (state, remembered, screens, recorded)
            }
            let sourceSide = sourceForWrite ?? early.source.value()
            sourceForWrite = sourceSide
            let attempt = AttemptInfo(path: relativePath, startedAt: startedAt, durationMicroseconds: elapsed(), author: author, origin: origin, diagnostics: diagnostics)
            var new = NewRevision(
                attempt: attempt, format: format, contentHash: contentHash, source: read.bytes,
                sourceHash: sourceSide.sourceHash, header: prepared.header,
                screens: contents, changes: changes, expectedHeadId: headState?.revision.id, headSource: nil,
                message: message, createdAt: .now(), headScreenHashes: headScreens == nil ? headState?.screenHashes : nil)
            new.headScreens = headScreens
            do {
                let record = try store.recordImport(new)
                // Released once the save is reported (``ScreenReuse/emptyTrash()``), not now.
                reuse?.discard(Discarded(read: read, prepared: prepared, new: new))
                return ImportResult(
                    path: relativePath, outcome: record.outcome, revision: record.revision, diagnostics: diagnostics,
                    changes: record.outcome == .stored ? changes : [], loadTargets: read.loadTargets)
            } catch StoreError.headMoved {
                // Another process stored a revision meanwhile: diff against the new head, read
                // from the store rather than from memory.
                guard attemptNumber < 4 else { break }
                let headState = try store.headState(documentPath: relativePath)
                round = try Self.unchangedHead(headState, contentHash: contentHash).map { Round.unchanged(head: $0) }
                    ?? revisionRound(prepared, path: relativePath, screens: contents, headState: headState)
            }
        }
        throw StoreError.headMoved(path: relativePath)
    }

    /// What the side thread makes of a file's bytes for the write: the source's hash.
    struct SourceSide: Sendable {
        var sourceHash: String
    }

    /// What a stored import leaves for ``ScreenReuse/emptyTrash()`` to release.
    struct Discarded: Sendable {
        var read: ReadDocument
        var prepared: CanonicalDocument
        var new: NewRevision
    }

    /// What comparing a new version with the head gave.
    enum Round {
        /// The head means what the new version means.
        case unchanged(head: Revision)
        /// A revision to record: the head it follows (and its screens in key order, when this
        /// process stored it), the new screens and their changes.
        case revision(head: HeadState?, headScreens: [ScreenContent]?, screens: [ScreenContent], changes: [RecordedChange])
    }

    /// The head, when the new version (of content hash `contentHash`) means what it means.
    static func unchangedHead(_ headState: HeadState?, contentHash: String) -> Revision? {
        guard let head = headState?.revision, !head.isDeletion, head.contentHash == contentHash else { return nil }
        return head
    }

    /// The revision that records the new version after the head as read (its header and its
    /// screens' hashes, in one read): its screens and their changes. `screens` are the new
    /// version's screens when a former round made them.
    func revisionRound(_ prepared: CanonicalDocument, path: String, screens: [ScreenContent]?, headState: HeadState?) throws -> Round {
        let head = headState?.revision
        // The head's screens as this process stored them (the daemon's case), if it did.
        let remembered: [ScreenContent] = []
        let contents = screens ?? Self.screenContents(keys: prepared.keys, bytes: prepared.screenBytes, known: prepared.screenHashes, remembered: remembered)
        let changes = Self.recordedChanges(
            try diffAgainstHead(headState, canonical: prepared.canonical, screens: contents, remembered: remembered, path: path))
        // The head's screens, in key order, when this process stored that head (the daemon).
        let headIsLive = head.map { !$0.isDeletion } ?? false
        let headScreens = headIsLive && !remembered.isEmpty ? remembered : nil
        return .revision(head: headState, headScreens: headScreens, screens: contents, changes: changes)
    }

    /// A valid document in canonical form, with the bytes and hashes the store keeps.
    struct CanonicalDocument: Sendable {
        var canonical: Wireframe
        /// The canonical bytes of everything but the screens.
        var header: [UInt8]
        /// The keys of `canonical.screens`, as canonical form's sort read them out: the screens'
        /// boxes (which the other core reads meanwhile) are not walked again for them.
        var keys: [String]
        /// Each screen's canonical bytes, in the canonical (key) order of `canonical.screens`.
        var screenBytes: [[UInt8]]
        /// The hashes of the screens whose bytes were taken from memory (nil for the others).
        var screenHashes: [String?]
        /// The whole document's canonical bytes, in the pieces they are made of.
        var pieces: CanonicalPieces
        /// Their hash, the document's content hash (the import computes it on the other core).
        var contentHash: String { pieces.contentHash }
        /// Where each screen's route text lies in the source (nil for screens that cannot be
        /// reused), to remember (see ``ScreenReuse``); nil without reuse.
        var routeTexts: [Range<Int>?]?
        /// Where each canonical screen is in the wireframe read (``CanonicalForm/canonicalize(_:trying:)``).
        var order: [Int] = []
    }

    /// Brings a document to canonical form. With `reusing`, the
    /// screens whose route text is unchanged since the version `remembered` take that version's
    /// bytes and hashes instead of being written again.
    func canonicalDocument(_ wireframe: Wireframe, source: [UInt8], remembered: ScreenReuse.Entry? = nil, reusing: Bool = false) -> CanonicalDocument {
        // Only the texts are kept: an optional `Routes` kept alive here was copied (its three
        // arrays retained and released) for every screen of the loop below.
        let routeTexts = reusing ? ScreenReuse.routes(wireframe.screens).texts : []
        let keepsTexts = reusing
        let (canonical, order, keys) = CanonicalForm.canonicalize(wireframe, trying: remembered?.order)
        // Each screen is written once: the document's bytes are its header and those screens'
        // bytes put together, and the screens' own hashes are needed only for a new revision.
        let header = writer.canonicalHeaderBytes(canonical)
        let screens = canonical.screens
        var screenBytes: [[UInt8]] = []
        var screenHashes: [String?] = []
        var texts: [Range<Int>?] = []
        screenBytes.reserveCapacity(screens.count)
        screenHashes.reserveCapacity(screens.count)
        if keepsTexts { texts.reserveCapacity(screens.count) }
        let remembered = remembered ?? ScreenReuse.Entry(source: [])  // unwrapped once, not per screen
        var next = 0  // in `remembered`, walked in key order beside the screens
        var sameAsPrevious = false  // whether the key is the one of the screen before
        // By index, reading each field in place: the other thread validates the same screens
        // meanwhile, and copying one out would count a reference on a box it reads too.
        for index in screens.indices {
            var text: Range<Int>?
            let key = keys[index]
            // A name given to one screen only (canonical order puts equal names side by side);
            // each pair of neighbours is compared once.
            if !routeTexts.isEmpty {
                let sameAsNext = index + 1 < keys.count && keys[index + 1] == key
                if !sameAsPrevious && !sameAsNext { text = routeTexts[order[index]] }
                sameAsPrevious = sameAsNext
            }
            if keepsTexts { texts.append(text) }
            if let text {
                while next < remembered.keys.count, remembered.keys[next] < key { next += 1 }
                if next < remembered.keys.count, remembered.keys[next] == key,
                    ScreenReuse.sameText(remembered, remembered.texts[next], source, text) {
                    screenBytes.append(remembered.contents[next])
                    screenHashes.append(remembered.hashes[next])
                    continue
                }
            }
            screenBytes.append(writer.canonicalBytes(screen: screens[index]))
            screenHashes.append(nil)
        }
        // The header and the screens' bytes are hashed as they are, never put together.
        let pieces = writer.canJoin(header: header) ? CanonicalPieces.joined(header: header, screens: screenBytes) : .whole(writer.canonicalBytes(canonical))
        return CanonicalDocument(
            canonical: canonical, header: header, keys: keys, screenBytes: screenBytes, screenHashes: screenHashes,
            pieces: pieces, routeTexts: keepsTexts ? texts : nil, order: order)
    }

    /// A document's canonical bytes: its header and its screens' bytes, which
    /// ``JSONWireframeWriter/canonicalBytes(header:screens:)`` would join, or the whole.
    enum CanonicalPieces: Sendable {
        /// A header that the writer can join screens to, and the screens.
        case joined(header: [UInt8], screens: [[UInt8]])
        case whole([UInt8])

        /// The content hash; in the daemon, hashed from the first chunk that differs from the
        /// document's last canonical bytes (``ContentHash/Checkpoints``).
        func contentHash(path: String, reuse: ScreenReuse?) -> String {
            guard let reuse else { return contentHash }
            let previous = reuse.hashCheckpoints(path: path)?.canonical
            let (hex, checkpoints) =
                switch self {
                case .joined(let header, let screens): ContentHash.hex(ofHeader: header, screens: screens, after: previous)
                case .whole(let bytes): ContentHash.hex(of: bytes, after: previous)
                }
            reuse.rememberHash(checkpoints, path: path, canonical: true)
            return hex
        }

        /// The SHA-256 of the bytes, the document's content hash.
        var contentHash: String {
            switch self {
            case .joined(let header, let screens): ContentHash.hex(ofHeader: header, screens: screens)
            case .whole(let bytes): ContentHash.hex(of: bytes)
            }
        }
    }

    /// The SHA-256 of a document's source; in the daemon, hashed from the first chunk that
    /// differs from the document's last source (``ContentHash/Checkpoints``).
    static func sourceHash(_ bytes: [UInt8], path: String, reuse: ScreenReuse?) -> String {
        guard let reuse else { return ContentHash.hex(of: bytes) }
        let (hex, checkpoints) = ContentHash.hex(of: bytes, after: reuse.hashCheckpoints(path: path)?.source)
        reuse.rememberHash(checkpoints, path: path, canonical: false)
        return hex
    }

    /// What to remember of a version for the next import of its document: its source, and for
    /// each screen that can be reused (its route text is known), that text, its bytes and hash.
    /// `texts` and `screens` are in the canonical (key) order.
    static func reuseEntry(source: [UInt8], texts: [Range<Int>?], screens: [ScreenContent], order: [Int] = []) -> ScreenReuse.Entry {
        var entry = ScreenReuse.Entry(source: source)
        entry.order = order
        entry.keys.reserveCapacity(screens.count)
        entry.texts.reserveCapacity(screens.count)
        entry.contents.reserveCapacity(screens.count)
        entry.hashes.reserveCapacity(screens.count)
        for (text, screen) in zip(texts, screens) {
            guard let text else { continue }
            entry.keys.append(screen.key)
            entry.texts.append(text)
            entry.contents.append(screen.content)
            entry.hashes.append(screen.hash)
        }
        return entry
    }

    /// A document as the pipeline reads it: its bytes, wireframe and reader diagnostics. A
    /// WorkflowSchema document is read with the files it loads (inside the root), so that its
    /// cross-file findings (a missing or broken loaded file, a loaded root that does not fit) are its own.
    struct ReadDocument: Sendable {
        var bytes: [UInt8]
        var wireframe: Wireframe?
        var diagnostics: [Diagnostic]
        var loadTargets: Set<String>
        /// The daemon's: what validation can take from the graph of the file's last read.
        var graphMemory: GraphMemory? = nil
        /// The daemon's: the number of this read in ``ScreenReuse``, when it is remembered.
        var readNumber: UInt64? = nil
    }

    func readDocument(absolutePath: String, relativePath: String) -> ReadDocument {
        switch loadDocument(absolutePath: absolutePath) {
        case .refused(let refusal):
            return ReadDocument(bytes: [], wireframe: nil, diagnostics: [refusal], loadTargets: [])
        case .bytes(let bytes):
            return parseDocument(bytes, absolutePath: absolutePath, relativePath: relativePath)
        }
    }

    /// A document's bytes, or why they cannot be had.
    enum LoadedDocument {
        case bytes([UInt8])
        /// A path leaving the root, a file that cannot be read or is too large.
        case refused(Diagnostic)
    }

    func loadDocument(absolutePath: String) -> LoadedDocument {
        if let refusal = RootConfinement.refusal(path: absolutePath, root: root) { return .refused(refusal) }
        switch reader.loadBytes(path: absolutePath) {
        case .success(let bytes): return .bytes(bytes)
        case .failure(let failure): return .refused(failure.diagnostic)
        }
    }

    /// Reads a document from its bytes (a WorkflowSchema document with the files it loads).
    func parseDocument(_ bytes: [UInt8], absolutePath: String, relativePath: String) -> ReadDocument {
        guard DocumentFormat(path: relativePath) == .workflowSchema else {
            if let reuse, bytes.count <= reader.maximumFileSize, DocumentFormat(path: absolutePath) ?? .json == .json {
                // The daemon's case: the routes whose text is unchanged since the file's last
                // read are taken from it, as read then, instead of being parsed and read again.
                // Taken out of the memory, so that the read holds its screens alone and moves them.
                var last = reuse.takeLastRead(path: relativePath)
                let lastGraph = last?.graph
                var lastMemory = last?.memory
                last = nil
                let read = JSONWireframeReader().read(bytes, movingScreensOf: &lastMemory)
                let number = reuse.rememberRead(read.memory, path: relativePath)
                // The graph of the last read's wireframe, for validation to take what it can from.
                let graphMemory = lastGraph.map { GraphMemory(previous: $0, origins: read.screenOrigins) }
                return ReadDocument(
                    bytes: bytes, wireframe: read.wireframe, diagnostics: read.diagnostics, loadTargets: [],
                    graphMemory: graphMemory, readNumber: read.memory == nil ? nil : number)
            }
            let read = reader.read(bytes: bytes, path: absolutePath)
            return ReadDocument(bytes: read.bytes, wireframe: read.wireframe, diagnostics: read.diagnostics, loadTargets: [])
        }
        let project = WorkflowSchemaReader().read(fileAt: relativePath, projectRoot: root, entryBytes: bytes, reader: reader)
        guard let entry = project.files.first else {
            return ReadDocument(bytes: bytes, wireframe: nil, diagnostics: project.diagnostics.map { var local = $0; local.path = nil; return local }, loadTargets: [])
        }
        return ReadDocument(bytes: bytes, wireframe: entry.wireframe, diagnostics: entry.diagnostics, loadTargets: project.loadTargets)
    }

    /// The files a WorkflowSchema document loads, directly or through loaded files, existing or
    /// not (empty for other documents and unreadable files).
    public func loadTargets(relativePath: String) -> Set<String> {
        guard DocumentFormat(path: relativePath) == .workflowSchema else { return [] }
        return readDocument(absolutePath: root + "/" + relativePath, relativePath: relativePath).loadTargets
    }

    /// The screens of a new version with their hashes. A screen whose hash is `known` (its bytes
    /// were taken from memory) keeps it; one whose canonical bytes are those of a remembered
    /// screen of the same key (the head, when this process stored it) takes that screen's hash
    /// instead of hashing again; both lists are in key order.
    /// `keys` are the screens' keys (``CanonicalDocument/keys``): the screens themselves are not
    /// walked again.
    static func screenContents(keys: [String], bytes: [[UInt8]], known: [String?] = [], remembered: [ScreenContent]) -> [ScreenContent] {
        var result: [ScreenContent] = []
        result.reserveCapacity(keys.count)
        var next = 0
        for (index, (key, content)) in zip(keys, bytes).enumerated() {
            if index < known.count, let hash = known[index] {
                result.append(ScreenContent(key: key, hash: hash, content: content))
                continue
            }
            while next < remembered.count, remembered[next].key < key { next += 1 }
            if next < remembered.count, remembered[next].key == key, remembered[next].content == content {
                result.append(ScreenContent(key: key, hash: remembered[next].hash, content: content))
            } else {
                result.append(ScreenContent(key: key, hash: ContentHash.hex(of: content), content: content))
            }
        }
        return result
    }

    /// The diff between the head and a new canonical wireframe, computed on the screens whose
    /// hashes differ: the head's versions of those screens come from memory when this process
    /// stored the head (`remembered`, one walk in key order), else from the store (an index lookup
    /// and a few rows), not from reading its whole source again.
    func diffAgainstHead(
        _ headState: HeadState?, canonical: Wireframe, screens: [ScreenContent], remembered: [ScreenContent] = [], path: String
    ) throws -> WireframeDiff {
        guard let headState, !headState.revision.isDeletion else { return WireframeDiff.between(nil, canonical) }
        if let header = headState.header {
            let changedKeys: [String]
            let partialOld: Wireframe?
            if let (keys, oldScreens) = ScreenSplice.changedScreens(remembered, screens) {
                changedKeys = keys
                partialOld = ScreenSplice.wireframe(header: header, screens: oldScreens)
            } else {
                // A head from memory has its screens there, not in `screenHashes`.
                var oldHashes = headState.screenHashes
                if oldHashes.isEmpty && !remembered.isEmpty {
                    oldHashes = Dictionary(remembered.map { ($0.key, $0.hash) }, uniquingKeysWith: { first, _ in first })
                }
                changedKeys = ScreenSplice.changedKeys(oldHashes, screens)
                let contents = try store.screenContents(changedKeys.compactMap { oldHashes[$0] })
                partialOld = ScreenSplice.wireframe(header: header, hashes: oldHashes, keys: changedKeys, contents: contents)
            }
            if let partialOld {
                var partialNew = canonical
                partialNew.screens = ScreenSplice.screens(canonical.screens, keys: changedKeys)
                return WireframeDiff.between(partialOld, partialNew)
            }
        }
        // A header that cannot be spliced: read the head's whole source again.
        let source = try store.source(revisionId: headState.revision.id)
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
