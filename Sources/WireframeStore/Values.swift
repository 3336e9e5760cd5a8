public import WireframeModel

/// Who or what made a revision.
public enum RevisionOrigin: String, Sendable, Codable, Hashable, CaseIterable {
    /// `wfs import`.
    case cli
    /// The daemon, on a save it saw.
    case daemon
    /// The daemon's reconciliation pass, for a change made while nobody watched.
    case reconcile

    /// The program that makes revisions of this origin (`wfs` or `wfsd`).
    public var program: String { self == .cli ? "wfs" : "wfsd" }
}

/// What a revision replaced without containing it: the head its writer had not seen when it
/// stored (another writer stored it after the revision this one was based on).
public struct Replacement: Sendable, Hashable, Codable {
    /// The revision that was the head when this one was stored.
    public var id: Int64
    /// Who made it.
    public var author: String
    /// The screen keys whose changes since the writer's base (made by others) this revision does
    /// not contain, in byte order: each key whose screen differs between the base and the replaced
    /// head, and between that head and this revision (no base: no screens). The empty key stands
    /// for the document's own fields (its header), as in ``RecordedChange/Kind/document``.
    public var screens: [String]

    /// Creates a replacement value.
    public init(id: Int64, author: String, screens: [String]) {
        self.id = id
        self.author = author
        self.screens = screens
    }
}

/// A stored revision of a document, as queries return it.
public struct Revision: Sendable, Hashable, Codable {
    /// The store-wide id (a REF like `42`).
    public var id: Int64
    /// The document's path relative to the project root.
    public var documentPath: String
    /// The revision's number within its document, from 1.
    public var number: Int
    /// The previous revision of the document, if any.
    public var parentId: Int64?
    /// Whether this revision records that the file went away.
    public var isDeletion: Bool
    /// The content hash of the canonical wireframe; nil for a deletion.
    public var contentHash: String?
    /// The SHA-256 of the exact source bytes; nil for a deletion.
    public var sourceHash: String?
    /// How many screens the revision has.
    public var screenCount: Int
    /// When it was stored.
    public var createdAt: Timestamp
    /// Who made it.
    public var author: String
    /// What made it.
    public var origin: RevisionOrigin
    /// The message given with the import (or by its newest note, when read with it: ``note``).
    public var message: String?
    /// The newest note given to it afterwards, when read with it (`Store.noted`).
    public var note: RevisionNote?
    /// The session it was made in.
    public var sessionName: String?
    /// The machine it was made on (its host name); nil when not recorded.
    public var machine: String?
    /// The head its writer last stored or read for the document (nil for none): the parent, unless
    /// another writer stored meanwhile.
    public var basedOn: Int64?
    /// The head this revision replaced without containing it, when another writer had stored
    /// after ``basedOn``; nil otherwise.
    public var replaces: Replacement?
    /// What the revision holds of other writers' work, when its save was merged with a head it
    /// was not based on; nil otherwise.
    public var merge: MergeRecord?
    /// The document's path before this revision, when this revision renamed the document (a
    /// rename revision: the file moved, its content the new file's); nil otherwise.
    /// ``documentPath`` is the document's path now, for every revision of it.
    public var previousPath: String?
    /// The git commit it was imported from (its full object name in hexadecimal); nil for a
    /// version not imported from git.
    public var gitCommit: String?

    /// Creates a revision value.
    public init(
        id: Int64, documentPath: String, number: Int, parentId: Int64?, isDeletion: Bool,
        contentHash: String?, sourceHash: String?, screenCount: Int, createdAt: Timestamp,
        author: String, origin: RevisionOrigin, message: String?, sessionName: String?,
        machine: String? = nil, basedOn: Int64? = nil, replaces: Replacement? = nil, previousPath: String? = nil
    ) {
        self.previousPath = previousPath
        self.machine = machine
        self.basedOn = basedOn
        self.replaces = replaces
        self.id = id
        self.documentPath = documentPath
        self.number = number
        self.parentId = parentId
        self.isDeletion = isDeletion
        self.contentHash = contentHash
        self.sourceHash = sourceHash
        self.screenCount = screenCount
        self.createdAt = createdAt
        self.author = author
        self.origin = origin
        self.message = message
        self.sessionName = sessionName
    }

    /// The program and the machine that made it: `wfsd@HOSTNAME`, `wfs@HOSTNAME` (the program alone
    /// when the machine was not recorded).
    public var originLabel: String { machine.map { "\(origin.program)@\($0)" } ?? origin.program }
}

extension Revision {
    /// The path each of `revisions` had when it was made, by revision id: a revision's
    /// ``documentPath`` is its document's path now, and the document had the previous path of
    /// its first rename after the revision. `revisions` must hold every rename of their documents
    /// after the earliest of them (a whole history does).
    public static func pathsWhenMade(_ revisions: [Revision]) -> [Int64: String] {
        var result: [Int64: String] = [:]
        let byDocument = Dictionary(grouping: revisions, by: \.documentPath)
        for (path, history) in byDocument {
            var current = path
            for revision in history.sorted(by: { $0.number > $1.number }) {
                result[revision.id] = current
                if let previous = revision.previousPath { current = previous }
            }
        }
        return result
    }
}

/// A customer meeting.
public struct Session: Sendable, Hashable, Codable {
    /// The store id.
    public var id: Int64
    /// The unique name.
    public var name: String
    /// Free notes.
    public var notes: String?
    /// When it started.
    public var startedAt: Timestamp
    /// When it ended; nil while it is open.
    public var endedAt: Timestamp?
    /// Who started or recorded it; nil for a meeting stored before the store kept that, or made
    /// of a git tag without a tagger.
    public var author: String?
    /// Who last ended, renamed or re-noted it; nil if nobody has.
    public var changedBy: String?
    /// When ``changedBy`` did; nil if nobody has.
    public var changedAt: Timestamp?

    /// Creates a session value.
    public init(
        id: Int64, name: String, notes: String?, startedAt: Timestamp, endedAt: Timestamp?, author: String? = nil,
        changedBy: String? = nil, changedAt: Timestamp? = nil
    ) {
        self.id = id
        self.name = name
        self.notes = notes
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.author = author
        self.changedBy = changedBy
        self.changedAt = changedAt
    }

    /// Whether the session has not ended.
    public var isOpen: Bool { endedAt == nil }
}

/// One field of a screen (or of the document) that changed, with its old and new values.
public struct RecordedField: Sendable, Hashable, Codable {
    /// The field name (`title`, `links`, …).
    public var field: String
    /// The value before, if it had one.
    public var old: String?
    /// The value after, if it has one.
    public var new: String?

    /// Creates a field change.
    public init(field: String, old: String?, new: String?) {
        self.field = field
        self.old = old
        self.new = new
    }
}

/// A change that a revision made, as the store records it at import.
public struct RecordedChange: Sendable, Hashable, Codable {
    /// What happened to the screen.
    public enum Kind: String, Sendable, Codable, Hashable, CaseIterable {
        /// The screen is new.
        case added
        /// The screen is gone.
        case removed
        /// The screen's content changed.
        case modified
        /// The screen moved to another key.
        case renamed
        /// The document's own fields (app name, root, navigation bars) changed.
        case document
    }

    /// What happened.
    public var kind: Kind
    /// The screen's key (empty for `document`).
    public var screenKey: String
    /// The key it had before a rename.
    public var previousKey: String?
    /// The fields that changed.
    public var fields: [RecordedField]

    /// Creates a recorded change.
    public init(kind: Kind, screenKey: String, previousKey: String? = nil, fields: [RecordedField] = []) {
        self.kind = kind
        self.screenKey = screenKey
        self.previousKey = previousKey
        self.fields = fields
    }
}

/// A screen of a new revision: its key, the hash of its canonical JSON, and that JSON.
public struct ScreenContent: Sendable, Hashable {
    /// The screen key.
    public var key: String
    /// The content hash of the canonical screen.
    public var hash: String
    /// The canonical screen JSON.
    public var content: [UInt8]

    /// Creates a screen content value.
    public init(key: String, hash: String, content: [UInt8]) {
        self.key = key
        self.hash = hash
        self.content = content
    }
}

extension Array where Element == ScreenContent {
    /// Whether the keys strictly increase. The keys are compared where the screens lie: a loop
    /// over copies of the screens retained and released each one's hash and content, thousands of
    /// times a save.
    public var isStrictlyOrderedByKey: Bool {
        withUnsafeBufferPointer { screens in
            var index = 1
            while index < screens.count {
                guard screens[index - 1].key < screens[index].key else { return false }
                index += 1
            }
            return true
        }
    }
}

/// What happened to one import attempt.
public enum ImportOutcome: String, Sendable, Codable, Hashable, CaseIterable {
    /// A new revision was stored.
    case stored
    /// The file means what the head means; nothing stored but the attempt.
    case unchanged
    /// The file has errors; the head is untouched.
    case rejected
    /// The file could not be read.
    case failed
    /// The file went away; a tombstone revision was stored.
    case deleted
}

/// Who made an import and how it went, for the `importAttempt` row.
public struct AttemptInfo: Sendable, Hashable {
    /// The document path relative to the project root.
    public var path: String
    /// When the reading started.
    public var startedAt: Timestamp
    /// How long the pipeline took until the write, in microseconds.
    public var durationMicroseconds: Int64
    /// Who is importing.
    public var author: String
    /// What is importing.
    public var origin: RevisionOrigin
    /// What the reader and validator found.
    public var diagnostics: [Diagnostic]
    /// The machine the import ran on (its host name).
    public var machine: String?
    /// The git commit the version comes from (its full object name in hexadecimal); nil for a
    /// version not imported from git.
    public var gitCommit: String?

    /// Creates attempt information.
    public init(
        path: String, startedAt: Timestamp, durationMicroseconds: Int64, author: String,
        origin: RevisionOrigin, diagnostics: [Diagnostic], machine: String? = nil
    ) {
        self.machine = machine
        self.path = path
        self.startedAt = startedAt
        self.durationMicroseconds = durationMicroseconds
        self.author = author
        self.origin = origin
        self.diagnostics = diagnostics
    }
}

/// Everything the store needs to record a new revision of a document.
public struct NewRevision: Sendable {
    /// The attempt that produced it.
    public var attempt: AttemptInfo
    /// The document's format.
    public var format: SourceFormat
    /// The content hash of the canonical wireframe.
    public var contentHash: String
    /// The exact source bytes.
    public var source: [UInt8]
    /// The SHA-256 of the source bytes.
    public var sourceHash: String
    /// Canonical JSON of everything but the screens.
    public var header: [UInt8]
    /// Every screen of the revision.
    public var screens: [ScreenContent]
    /// The diff against the head the caller compared with.
    public var changes: [RecordedChange]
    /// The head revision the diff was computed against (nil for a first revision); the store
    /// refuses the write with ``StoreError/headMoved(path:)`` if the head is another one by then.
    public var expectedHeadId: Int64?
    /// The head this writer last stored or read for the document before this version (nil for
    /// none). When it is not `expectedHeadId` (another writer stored since), the store records what
    /// the new revision replaces (``Revision/replaces``).
    public var basedOn: Int64?
    /// The id the revision must have, when a history is copied (``Store`` ids are kept by a copy);
    /// nil to take the store's next id.
    public var id: Int64?
    /// The head's exact source bytes, when the caller has them (saves reading them again for the delta).
    public var headSource: [UInt8]?
    /// The head's screens (key → hash, its open intervals) as the caller read them with
    /// `expectedHeadId`, when it has them: the write then touches only the intervals of changed
    /// keys instead of reading every open interval again.
    public var headScreenHashes: [String: String]?
    /// The head's screens in key order, as this process stored them with `expectedHeadId`, when
    /// it has them: used as `headScreenHashes`, walked beside `screens` instead of looked up.
    public var headScreens: [ScreenContent]?
    /// The message given with the import.
    public var message: String?
    /// When the revision is created.
    public var createdAt: Timestamp
    /// The document's path before this version, when the version is a rename: the document at
    /// that path (its head `expectedHeadId`, not a deletion) takes `attempt.path` as its path and
    /// this version as its next revision, stored even when its content is the head's. Nil: the
    /// version is of the document at `attempt.path`.
    public var renamedFrom: String?
    /// When the version is a merge of a save with the head (``Revision/merge``): what it holds of
    /// the head's writer's work. With ``basedOn`` the head, it replaces nothing; with
    /// ``basedOn`` the save's own base, it replaces the head in ``replacedScreens`` alone.
    public var merge: MergeRecord?
    /// The screen keys of the head's changes the revision lacks, when the caller knows them (a
    /// merge knows them field by field); nil: the store works them out from ``basedOn`` by
    /// screens (``Replacement/screens``). Used only when ``basedOn`` is not the head.
    public var replacedScreens: [String]?

    /// Creates a new-revision value.
    public init(
        attempt: AttemptInfo, format: SourceFormat, contentHash: String, source: [UInt8], sourceHash: String,
        header: [UInt8], screens: [ScreenContent], changes: [RecordedChange], expectedHeadId: Int64?,
        headSource: [UInt8]?, message: String?, createdAt: Timestamp, headScreenHashes: [String: String]? = nil
    ) {
        self.headScreenHashes = headScreenHashes
        self.attempt = attempt
        self.format = format
        self.contentHash = contentHash
        self.source = source
        self.sourceHash = sourceHash
        self.header = header
        self.screens = screens
        self.changes = changes
        self.expectedHeadId = expectedHeadId
        self.basedOn = expectedHeadId
        self.headSource = headSource
        self.message = message
        self.createdAt = createdAt
    }
}

/// The head of a document as an import compares with it, read in one transaction.
public struct HeadState: Sendable {
    /// The head revision (a tombstone when the file went away).
    public var revision: Revision
    /// Its canonical header JSON (nil for a tombstone).
    public var header: [UInt8]?
    /// Its screens, key → content hash (empty for a tombstone).
    public var screenHashes: [String: String]

    /// Creates a head state.
    public init(revision: Revision, header: [UInt8]?, screenHashes: [String: String]) {
        self.revision = revision
        self.header = header
        self.screenHashes = screenHashes
    }
}

/// Two stored revisions compared screen by screen, read in one transaction
/// (``Store/screenComparison(oldId:newId:)``): their headers, every screen key of
/// either in byte order, and, for the keys whose screens differ only, each side's screen version
/// (named `#id`: one name per distinct content, as a hash would be, without computing the hash;
/// a screen version keeps only the first bytes of its hash) and the canonical
/// JSON by that name. A key of ``keys`` that is in neither map is a screen the two share.
public struct ScreenComparison: Sendable {
    /// The older revision's header (nil for a deletion).
    public var oldHeader: [UInt8]?
    /// The newer revision's header (nil for a deletion).
    public var newHeader: [UInt8]?
    /// Every screen key of either revision, each once, in byte order.
    public var keys: [String]
    /// Beside ``keys``: the older revision's version id where the two differ (nil elsewhere).
    package var oldIds: [Int64?]
    /// Beside ``keys``: the newer revision's version id where the two differ (nil elsewhere).
    package var newIds: [Int64?]
    /// Beside ``keys``: the JSON of ``oldIds``' versions (nil where the id is).
    public package(set) var oldContents: [[UInt8]?]
    /// Beside ``keys``: the JSON of ``newIds``' versions (nil where the id is).
    public package(set) var newContents: [[UInt8]?]

    /// Creates a comparison with no differing screens.
    public init(oldHeader: [UInt8]?, newHeader: [UInt8]?, keys: [String]) {
        self.oldHeader = oldHeader
        self.newHeader = newHeader
        self.keys = keys
        self.oldIds = Array(repeating: nil, count: keys.count)
        self.newIds = Array(repeating: nil, count: keys.count)
        self.oldContents = Array(repeating: nil, count: keys.count)
        self.newContents = Array(repeating: nil, count: keys.count)
    }

    /// The older revision's screens that differ from the newer's, key → version name (`#id`).
    public var oldScreenVersions: [String: String] { names(oldIds) }
    /// The newer revision's screens that differ from the older's, key → version name (`#id`).
    public var newScreenVersions: [String: String] { names(newIds) }
    /// Canonical screen JSON by version name, for every name of the two maps.
    public var contents: [String: [UInt8]] {
        var result: [String: [UInt8]] = [:]
        for (ids, contents) in [(oldIds, oldContents), (newIds, newContents)] {
            for (index, id) in ids.enumerated() { if let id, let content = contents[index] { result["#\(id)"] = content } }
        }
        return result
    }

    /// The JSON of the older revision's screens that differ from the newer's, in the order of
    /// ``keys`` (no map, no names: what a diff splices into the header).
    public var oldScreens: [[UInt8]] { oldContents.compactMap { $0 } }
    /// The JSON of the newer revision's screens that differ from the older's, in key order.
    public var newScreens: [[UInt8]] { newContents.compactMap { $0 } }

    private func names(_ ids: [Int64?]) -> [String: String] {
        var result: [String: String] = [:]
        for (index, id) in ids.enumerated() { if let id { result[keys[index]] = "#\(id)" } }
        return result
    }

}

/// The result of recording an import.
public struct ImportRecord: Sendable, Hashable {
    /// What happened.
    public var outcome: ImportOutcome
    /// The new revision (stored, deleted), or the head (unchanged), if any.
    public var revision: Revision?
    /// The import attempt's id; nil when the attempt is held by the row of the revision it stored
    ///, which has no row of its own.
    public var attemptId: Int64?

    /// Creates an import record.
    public init(outcome: ImportOutcome, revision: Revision?, attemptId: Int64?) {
        self.outcome = outcome
        self.revision = revision
        self.attemptId = attemptId
    }
}

/// A revision with the changes it made, for `log`.
public struct LogEntry: Sendable, Hashable {
    /// The revision.
    public var revision: Revision
    /// Its changes against its parent.
    public var changes: [RecordedChange]

    /// Creates a log entry.
    public init(revision: Revision, changes: [RecordedChange]) {
        self.revision = revision
        self.changes = changes
    }
}

/// Filters for the history (`wfs log`).
public struct LogFilter: Sendable, Hashable {
    /// Only this document.
    public var documentPath: String?
    /// Only revisions that changed this screen.
    public var screenKey: String?
    /// Only revisions made in this session.
    public var sessionName: String?
    /// Only revisions at or after this time.
    public var since: Timestamp?
    /// Only revisions at or before this time.
    public var until: Timestamp?
    /// At most this many entries.
    public var limit: Int?
    /// Whether the changes carry their fields' old and new values (false: kinds and keys only).
    public var includesFields: Bool = true
    /// Only revisions that replaced a head their writer had not seen (``Revision/replaces``).
    public var replacingOnly: Bool = false
    /// With ``documentPath``: the document's whole history across its renames (`git log
    /// --follow`). Without it, a document's history starts at its newest rename (the rename
    /// revision included); a path the document left by a rename lists its revisions at that path.
    public var followsRenames: Bool = false
    /// Only revisions by this author.
    public var author: String?
    /// Only revisions with a smaller id (a page's cursor: the next page starts below the last id shown).
    public var beforeId: Int64?

    /// Creates a filter; every criterion is optional.
    public init(
        documentPath: String? = nil, screenKey: String? = nil, sessionName: String? = nil,
        since: Timestamp? = nil, until: Timestamp? = nil, limit: Int? = nil
    ) {
        self.documentPath = documentPath
        self.screenKey = screenKey
        self.sessionName = sessionName
        self.since = since
        self.until = until
        self.limit = limit
    }
}

/// A recent import attempt, for `wfs status`.
public struct AttemptSummary: Sendable, Hashable {
    /// The attempt id; nil for an attempt held by the row of the revision it stored.
    public var id: Int64?
    /// The file path relative to the root.
    public var path: String
    /// What happened.
    public var outcome: ImportOutcome
    /// The revision it stored, if any.
    public var revisionId: Int64?
    /// When it started.
    public var startedAt: Timestamp
    /// How long it took, in microseconds.
    public var durationMicroseconds: Int64
    /// What it found.
    public var diagnostics: [Diagnostic]
    /// Who made it.
    public var author: String
    /// What made it.
    public var origin: RevisionOrigin
    /// The machine it ran on, when recorded.
    public var machine: String?
    /// The content hash of the version it read, when it read one.
    public var contentHash: String?
    /// The git commit its version came from (``AttemptInfo/gitCommit``).
    public var gitCommit: String?

    /// Creates an attempt summary.
    public init(
        id: Int64?, path: String, outcome: ImportOutcome, revisionId: Int64?, startedAt: Timestamp,
        durationMicroseconds: Int64, diagnostics: [Diagnostic], author: String, origin: RevisionOrigin,
        machine: String? = nil, contentHash: String? = nil, gitCommit: String? = nil
    ) {
        self.gitCommit = gitCommit
        self.author = author
        self.origin = origin
        self.machine = machine
        self.contentHash = contentHash
        self.id = id
        self.path = path
        self.outcome = outcome
        self.revisionId = revisionId
        self.startedAt = startedAt
        self.durationMicroseconds = durationMicroseconds
        self.diagnostics = diagnostics
    }
}
