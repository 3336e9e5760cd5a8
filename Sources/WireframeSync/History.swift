import Foundation
public import WireframeModel
public import WireframeStore
public import WireframeAnalysis
import WireframeFormats

/// Questions about stored revisions: what a REF names, what a revision holds, how two differ.
public struct History: Sendable {
    /// The store asked.
    public var store: any Store
    /// How the document part of a REF is read (``DocumentPaths``); nil: as a path relative to the
    /// root, without a leading `./`.
    public var documentPaths: DocumentPaths?

    /// Creates a history over a store, reading the documents of REFs with `documentPaths`.
    public init(store: any Store, documentPaths: DocumentPaths? = nil) {
        self.store = store
        self.documentPaths = documentPaths
    }

    /// A point in time a REF or option can name: a session's end (now while it is open) or a time.
    public enum Point: Sendable, Hashable {
        /// The newest state.
        case now
        /// What the store held at a session's end.
        case session(String)
        /// What the store held at a time.
        case time(Timestamp)
    }

    /// Reads a point: a session name, or a time when the text reads as one.
    public static func point(_ text: String) -> Point {
        // Whether the text reads as a time does not depend on the zone: the local zone is only
        // asked for text that does.
        if Timestamp.parse(text, defaultOffsetSeconds: 0) != nil, let time = try? Times.parse(text) { return .time(time) }
        return .session(text)
    }

    /// The time a point stands for (nil for now and for an open session).
    public func time(of point: Point) throws -> Timestamp? {
        switch point {
        case .now: return nil
        case .time(let time): return time
        case .session(let name):
            do {
                return try store.session(named: name).endedAt
            } catch StoreError.unknownSession(let name, suggestion: nil) {
                // Nothing close among the sessions: the text may have been meant as a time.
                throw SyncError.unknownPoint(name)
            }
        }
    }

    /// Resolves a REF: `42`, `app.json`, `app.json@SESSION`, `app.json@2026-11-20T15:00`, and
    /// `app.json@3` (the document's third revision). A text with `@` names a document's head
    /// when a document has that whole text as its path (`a@b.json`); only otherwise is the part
    /// after the last `@` a point. The revision comes with its newest note (`wfs note`) applied.
    public func resolve(_ reference: String) throws -> Revision {
        try store.noted(resolveWithoutNote(reference))
    }

    /// The revision a REF names, without its note.
    private func resolveWithoutNote(_ reference: String) throws -> Revision {
        let trimmed = Self.trimmingSpaces(reference)
        guard !trimmed.isEmpty else { throw SyncError.malformedReference(reference) }
        if let id = Int64(trimmed) { return try store.revision(id: id) }
        if trimmed.contains("@") {
            do {
                if let head = try store.revision(documentPath: try documentPath(trimmed), atOrBefore: nil) { return head }
            } catch StoreError.unknownDocument {
                // No document by the whole text: `DOC@POINT`.
            } catch SyncError.outsideRoot {
                // Not as a whole: the part before the `@` says.
            }
        }
        let path: String
        let point: Point
        if let at = trimmed.lastIndex(of: "@") {
            path = String(trimmed[..<at])
            let rest = String(trimmed[trimmed.index(after: at)...])
            guard !path.isEmpty, !rest.isEmpty else { throw SyncError.malformedReference(reference) }
            point = Self.point(rest)
        } else {
            path = trimmed
            point = .now
        }
        let documentPath = try documentPath(path)
        // `app.json@3`: the document's third revision, always (no new session may be named by a
        // number; `wfs status` names the older ones to rename).
        if case .session(let name) = point, SessionName.readsAsNumber(name), let number = Int(name) {
            guard let revision = try store.revision(documentPath: documentPath, number: number) else {
                // An unknown document throws here, naming it; a known one says how far it goes.
                let newest = try store.revision(documentPath: documentPath, atOrBefore: nil)
                let range = newest.map {
                    $0.number == 1 ? "; its only revision is number 1" : "; its revisions are numbered 1 to \($0.number)"
                }
                throw StoreError.noRevision(path: documentPath, at: "number \(number)" + (range ?? ""))
            }
            return revision
        }
        let time = try self.time(of: point)
        guard let revision = try store.revision(documentPath: documentPath, atOrBefore: time) else {
            throw StoreError.noRevision(path: documentPath, at: time?.text ?? "now")
        }
        return revision
    }

    /// The document path that the document part of a REF names.
    func documentPath(_ typed: String) throws -> String {
        guard let documentPaths else { return typed.hasPrefix("./") ? String(typed.dropFirst(2)) : typed }
        return try documentPaths.documentPath(typed, in: store)
    }

    /// The text without the spaces and tabs around it.
    static func trimmingSpaces(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespaces)
    }

    /// The exact bytes a revision was imported from, checked against the hash recorded with them:
    /// a damaged store is an error here, never content shown as it was.
    ///
    /// - Throws: ``StoreError/damagedSource(revisionId:reason:)`` when they differ.
    public func source(of revision: Revision) throws -> [UInt8] {
        let source = try store.source(revisionId: revision.id)
        if let recorded = revision.sourceHash, ContentHash.hex(of: source) != recorded {
            throw StoreError.damagedSource(revisionId: revision.id, reason: "the stored source does not match the hash recorded with it")
        }
        return source
    }

    /// The canonical wireframe of a revision, rebuilt from its exact source; nil for a deletion.
    public func wireframe(of revision: Revision) throws -> Wireframe? {
        guard !revision.isDeletion else { return nil }
        let source = try source(of: revision)
        let read = DocumentReader().read(bytes: source, path: revision.documentPath)
        guard let wireframe = read.wireframe else {
            throw StoreError.damagedSource(revisionId: revision.id, reason: "the stored source no longer reads as a wireframe")
        }
        return CanonicalForm.canonicalize(wireframe)
    }

    /// A revision as WorkflowSchema XML; nil for a deletion or a wireframe not read from WorkflowSchema.
    public func workflowSchemaText(of revision: Revision) throws -> String? {
        guard !revision.isDeletion else { return nil }
        let source = try source(of: revision)
        guard let wireframe = DocumentReader().read(bytes: source, path: revision.documentPath).wireframe,
            wireframe.sourceFormat == .workflowSchema
        else { return nil }
        return WorkflowSchemaWriter().write(wireframe)
    }

    /// The screen- and field-level diff between two revisions.
    ///
    /// Computed from the stored screens: the two headers with only the screens whose hashes
    /// differ, so the cost follows the size of the change, not of the documents. A revision whose
    /// header cannot take them is read from its whole source.
    public func diff(_ old: Revision, _ new: Revision) throws -> WireframeDiff {
        try comparison(old, new).diff
    }

    /// Two revisions compared: the diff, every screen key of either, and the two wireframes as
    /// far as the diff needs them.
    public struct Comparison: Sendable {
        /// The screen- and field-level diff.
        public var diff: WireframeDiff
        /// Every screen key of either revision, sorted and each once (to count the unchanged ones).
        public var screenKeys: [String]
        /// The older revision's wireframe with at least the screens the diff names (read from the
        /// store, it holds only those); nil for a deletion.
        public var old: Wireframe?
        /// The newer revision's, as `old`.
        public var new: Wireframe?
    }

    /// Two revisions compared, from one read of the store where the stored screens allow it.
    public func comparison(_ old: Revision, _ new: Revision) throws -> Comparison {
        if !old.isDeletion, !new.isDeletion {
            // The maps hold only the screens that differ; `keys` has every screen of either side.
            if let spliced = Self.spliced(try store.screenComparison(oldId: old.id, newId: new.id)) { return spliced }
        }
        let oldWireframe = try wireframe(of: old)
        let newWireframe = try wireframe(of: new)
        let screenKeys = Set((oldWireframe?.screens ?? []).map(\.key)).union((newWireframe?.screens ?? []).map(\.key))
        return Comparison(
            diff: WireframeDiff.between(oldWireframe, newWireframe), screenKeys: screenKeys.sorted(), old: oldWireframe, new: newWireframe)
    }

    /// The comparison of two revisions' stored screens (their headers with the differing screens
    /// spliced in); nil when a header cannot take the screens (the revisions are then read from
    /// their sources).
    static func spliced(_ pair: ScreenComparison) -> Comparison? {
        ScreenSplice.comparison(pair).map {
            Comparison(diff: $0.diff, screenKeys: Self.sortedKeys(pair.keys), old: $0.old, new: $0.new)
        }
    }

    /// Keys each once, in `String` order. The store's keys come in byte order, which is that
    /// order for almost every key (one pass checks it); they are sorted only when it is not.
    static func sortedKeys(_ keys: [String]) -> [String] {
        var index = 1
        while index < keys.count {
            guard keys[index - 1] < keys[index] else { return Set(keys).sorted() }
            index += 1
        }
        return keys
    }

    /// The canonical JSON (pretty, for people) of a revision; nil for a deletion.
    public func prettyJSON(of revision: Revision) throws -> String? {
        try wireframe(of: revision).map { JSONWireframeWriter().prettyText($0) }
    }
}
