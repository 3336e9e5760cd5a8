/// A project's history: what every command, the import pipeline and the daemon ask of a store.
///
/// Every operation is named for what it means to the history (record an import, read a head,
/// list the log), never for how an engine keeps it, so that each engine (SQLite today; a shared
/// database later) implements the same protocol and passes the same conformance suite.
///
/// Every operation is synchronous and atomic: a write is one transaction (or one savepoint of a
/// ``batch(_:)``'s), a read sees one consistent state. The clients are synchronous (a `wfs` command is one process that runs one
/// operation after another; the daemon runs its imports on a thread of its own), and so are the
/// database clients behind the engines.
///
/// Identities: a revision's id is unique in the store; a document's revisions are numbered 1, 2, …
/// without gaps, in the order they were recorded. Errors are ``StoreError`` values.
public protocol Store: Sendable {
    /// Where the store is, as shown to people (a file path; never a password).
    var location: String { get }

    /// The project root recorded when the store was created.
    func projectRoot() throws -> String?

    /// Closes the store; using it afterwards fails.
    func close() throws

    /// Tells the store that a save was recorded and reported, so that a long-running writer (the
    /// daemon) lets it do its housekeeping between saves rather than inside them. An engine with
    /// nothing to do then does nothing.
    func saveReported()

    /// Whether anything was committed to the store, by any connection including this one, since
    /// this connection last asked (true the first time): what a cache of answers read from the
    /// store asks before it trusts them. It may say true when nothing changed (a commit elsewhere
    /// in the same database server), never false when something did.
    func hasChangedSinceLastAsked() throws -> Bool

    // MARK: Writing

    /// Records a new version of a document as its next revision (or, when its content hash is the
    /// head's, an unchanged attempt).
    ///
    /// The revision keeps ``NewRevision/basedOn``. When that is not its parent (another writer
    /// stored after the head this writer last saw), the revision is stored all the same and
    /// records the head it replaced: its id, its author, and the screens whose changes since the
    /// base (the other writers' changes) the new version does not contain (``Revision/replaces``).
    ///
    /// - Throws: ``StoreError/headMoved(path:)`` when the head is no longer
    ///   ``NewRevision/expectedHeadId`` (another writer stored a revision meanwhile): the caller
    ///   compares its version with the new head and records again, keeping its `basedOn`.
    func recordImport(_ new: NewRevision) throws -> ImportRecord

    /// Runs `body`, whose writes through this store may share one transaction: what one writer
    /// records many of in a row (a history's import) commits once instead of once a write. A
    /// write inside that throws is undone alone, as outside; when `body` throws, or the batch
    /// cannot commit, everything it wrote is undone, as a crash before its commit would. An
    /// engine that cannot share a transaction (or a connection whose reads would not see its
    /// own batch's writes) commits each write as it comes.
    func batch<T>(_ body: () throws -> T) throws -> T

    /// Records an attempt that stored nothing: unchanged, rejected or failed, with its diagnostics.
    func recordAttempt(_ attempt: AttemptInfo, outcome: ImportOutcome, contentHash: String?) throws -> ImportRecord

    /// Records that a document's file is gone (a deletion revision); nil when the document has no
    /// revision or its head is already a deletion. `id` is the id the revision must have when a
    /// history is copied (nil: the store's next id).
    func recordDeletion(_ attempt: AttemptInfo, message: String?, createdAt: Timestamp, id: Int64?) throws -> ImportRecord?

    /// Gives a revision a new message (a note), written by `author` at `time`; the revision's own
    /// author and time stay, and so does every earlier message.
    ///
    /// - Throws: ``StoreError/unknownRevision(id:newest:)`` when there is no such revision.
    func recordNote(revisionId: Int64, message: String, author: String, at time: Timestamp) throws -> RevisionNote

    // MARK: Revisions

    /// The newest note of each of these revisions that has one.
    func notes(revisionIds: [Int64]) throws -> [Int64: RevisionNote]

    /// A revision by id.
    ///
    /// - Throws: ``StoreError/unknownRevision(id:newest:)`` when there is none.
    func revision(id: Int64) throws -> Revision

    /// A document's revision by its number (`app.json@3`); nil when the document has no such number.
    ///
    /// - Throws: ``StoreError/unknownDocument(path:suggestion:)`` for an unknown document.
    func revision(documentPath: String, number: Int) throws -> Revision?

    /// The newest revision of a document at or before a time (its head when `time` is nil).
    ///
    /// - Throws: ``StoreError/unknownDocument(path:suggestion:)`` for an unknown document.
    func revision(documentPath: String, atOrBefore time: Timestamp?) throws -> Revision?

    /// The newest revision of every document at or before a time (the heads when `time` is nil),
    /// deletions included, sorted by path.
    func state(atOrBefore time: Timestamp?) throws -> [Revision]

    /// Every document path the store knows, sorted.
    func documentPaths() throws -> [String]

    /// A document's head with its header and screen hashes, in one read; nil when the store has
    /// no revision of it.
    func headState(documentPath: String) throws -> HeadState?

    /// A revision's screens: key → content hash.
    func screenHashes(revisionId: Int64) throws -> [String: String]

    /// The canonical JSON of screen versions, by content hash (unknown hashes are left out).
    func screenContents(_ hashes: [String]) throws -> [String: [UInt8]]

    /// The canonical JSON of some screens of a revision, by key (keys it does not have are left
    /// out): a few screens' lookups, not the whole revision's.
    func screenContents(revisionId: Int64, keys: [String]) throws -> [String: [UInt8]]

    /// A revision's canonical JSON without its screens (nil for a deletion).
    func header(revisionId: Int64) throws -> [UInt8]?

    /// A revision's exact source bytes.
    func source(revisionId: Int64) throws -> [UInt8]

    /// The changes a revision made against its parent, in key order.
    func changes(revisionId: Int64) throws -> [RecordedChange]

    /// Two revisions' headers, every screen key of either in key order, and the screens that differ.
    func screenComparison(oldId: Int64, newId: Int64) throws -> ScreenComparison

    /// The history, newest first, each revision with its changes.
    func log(_ filter: LogFilter) throws -> [LogEntry]

    /// Every revision, oldest first.
    func allRevisions() throws -> [Revision]

    /// The git commits imported (``AttemptInfo/gitCommit``), each with the document paths the
    /// store recorded a revision or an attempt of for it.
    func importedGitCommits() throws -> [String: Set<String>]

    // MARK: Sessions

    /// Starts a session now, started by `author`; there may be one open session at a time.
    func startSession(name: String, notes: String?, at time: Timestamp, author: String?) throws -> Session

    /// Ends the open session, by `changer` (its ``Session/changedBy``) at `time`.
    func endSession(at time: Timestamp, by changer: String) throws -> Session

    /// Adds a session that already took place, recorded by `author`, and assigns it the revisions
    /// made in its span.
    func addSession(name: String, notes: String?, start: Timestamp, end: Timestamp, author: String?) throws -> Session

    /// Renames a session, replaces its notes, or both (nil leaves either as it is; empty notes
    /// remove them), by `changer` at `time`; its revisions stay its.
    ///
    /// - Throws: ``StoreError/unknownSession(name:suggestion:)``, ``StoreError/duplicateSession(name:)``.
    func editSession(named name: String, newName: String?, notes: String?, at time: Timestamp, by changer: String) throws -> Session

    /// Deletes a session (open or ended); its revisions stay, in no session.
    func deleteSession(named name: String) throws -> Session

    /// Every session, in order of their start.
    func sessions() throws -> [Session]

    /// A session by name.
    ///
    /// - Throws: ``StoreError/unknownSession(name:suggestion:)`` when there is none.
    func session(named name: String) throws -> Session

    /// Whether a session of that name exists.
    func hasSession(named name: String) throws -> Bool

    /// The open session, if any.
    func openSession() throws -> Session?

    /// The revisions made in a session, oldest first.
    func revisions(inSession name: String) throws -> [Revision]

    // MARK: Status and verification

    /// The number of rows of each kind the store holds (documents, revisions, …).
    func counts() throws -> [String: Int]

    /// The newest import attempts, newest first, each with its author, origin, machine and the
    /// content hash it read.
    func recentAttempts(limit: Int) throws -> [AttemptSummary]

    /// The documents whose newest attempt was refused (rejected or failed) after their head, by path.
    func rejectedDocuments() throws -> [AttemptSummary]

    /// The engine's own invariants that do not hold (integrity, kept counts, intervals, packs),
    /// one sentence each; empty for a sound store.
    func storageProblems() throws -> [String]

    /// Calls `body` with every stored screen version: an id, the hex prefix of the hash it is
    /// stored under, and its canonical JSON.
    func forEachScreenVersion(_ body: (_ id: Int64, _ hashPrefix: String, _ content: [UInt8]) throws -> Void) throws
}

extension Store {
    /// ``recordDeletion(_:message:createdAt:id:)`` with the store's next id.
    public func recordDeletion(_ attempt: AttemptInfo, message: String?, createdAt: Timestamp) throws -> ImportRecord? {
        try recordDeletion(attempt, message: message, createdAt: createdAt, id: nil)
    }

    /// ``recordAttempt(_:outcome:contentHash:)`` without a content hash.
    public func recordAttempt(_ attempt: AttemptInfo, outcome: ImportOutcome) throws -> ImportRecord {
        try recordAttempt(attempt, outcome: outcome, contentHash: nil)
    }
}

extension Store {
    /// Each write commits on its own.
    public func batch<T>(_ body: () throws -> T) throws -> T { try body() }

    /// Nothing to do between saves.
    public func saveReported() {}
}
