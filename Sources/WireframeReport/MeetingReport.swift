public import WireframeAnalysis
public import WireframeModel
import WireframeStore
public import WireframeSync

/// Everything a report about two meetings says: the audit, the documents' wireframes at both
/// points, who changed them, and validation at each point.
public struct MeetingReport: Sendable {
    /// One changed document's wireframes and what they say.
    public struct DocumentDetail: Sendable {
        /// The wireframe at the first meeting, nil when the document did not exist.
        public var old: Wireframe?
        /// The wireframe at the second point, nil when the document is gone.
        public var new: Wireframe?
        /// The screen-level comparison.
        public var diff: WireframeDiff
        /// The authors of the revisions between the two points, sorted.
        public var authors: [String]
        /// Problems at the first meeting.
        public var oldDiagnostics: [Diagnostic]
        /// Problems at the second point that the first did not have.
        public var newDiagnostics: [Diagnostic]

        /// The detail of a document that was `old` and is `new`: their comparison and validation.
        public init(old: Wireframe?, new: Wireframe?, authors: [String]) {
            let validator = Validator()
            let oldDiagnostics = old.map { validator.validate($0) } ?? []
            let known = Set(oldDiagnostics.map { "\($0.code.rawValue) \($0.message)" })
            self.old = old
            self.new = new
            diff = WireframeDiff.between(old, new)
            self.authors = authors
            self.oldDiagnostics = oldDiagnostics
            newDiagnostics = (new.map { validator.validate($0) } ?? []).filter { !known.contains("\($0.code.rawValue) \($0.message)") }
        }
    }

    /// The document-level audit.
    public var audit: AuditReport
    /// Details of each document that changed, by path.
    public var details: [String: DocumentDetail]

    /// A report of an audit with the details of its changed documents.
    public init(audit: AuditReport, details: [String: DocumentDetail]) {
        self.audit = audit
        self.details = details
    }

    /// Gathers the report for two sessions (`to` nil: now).
    public static func make(history: History, from: String, to: String?) throws -> MeetingReport {
        let audit = try AuditReport.make(history: history, from: from, to: to)
        let store = history.store
        let fromTime = try history.time(of: History.point(from))
        let toTime = try to.map { try history.time(of: History.point($0)) } ?? nil
        let revisions = try store.allRevisions()
        var details: [String: DocumentDetail] = [:]
        for document in audit.documents where document.status != "unchanged" {
            let old = try document.fromRevision.map { try history.wireframe(of: try store.revision(id: $0)) } ?? nil
            let new = try document.toRevision.map { try history.wireframe(of: try store.revision(id: $0)) } ?? nil
            let authors = Set(
                revisions.filter { revision in
                    revision.documentPath == document.path && fromTime.map { revision.createdAt > $0 } ?? true
                        && toTime.map { revision.createdAt <= $0 } ?? true
                }.map(\.author))
            details[document.path] = DocumentDetail(old: old, new: new, authors: authors.sorted())
        }
        return MeetingReport(audit: audit, details: details)
    }

    /// The name of a meeting as the report gives it: "review (2026-11-20T15:00:00Z)", a time, or
    /// "now"; times as people read them (``Timestamp/shown``).
    public static func name(_ point: AuditReport.SessionPoint) -> String {
        let at = time(point)
        return point.name.map { "\($0) (\(at))" } ?? at
    }

    /// When a point is, as people read times (``Timestamp/shown``), or "now".
    public static func time(_ point: AuditReport.SessionPoint) -> String {
        Timestamp(text: point.at)?.shown ?? point.at
    }

    /// The sentences for a document's changes, screen by screen: the screen's title and its sentences.
    public func screenSentences(_ path: String) -> [(screen: String, sentences: [String])] {
        guard let detail = details[path] else { return [] }
        let told = ChangeSentences(detail.diff, old: detail.old, new: detail.new)
        var result: [(screen: String, sentences: [String])] = []
        if !told.document.isEmpty { result.append((screen: "The document", sentences: told.document)) }
        for screen in told.screens {
            let change = screen.change
            let label = "\(screen.name) (\(change.key))"
            switch change.kind {
            case .added: result.append((screen: label, sentences: ["New screen."]))
            case .removed: result.append((screen: label, sentences: ["Removed."]))
            case .renamed:
                result.append((screen: label, sentences: ["Key: \(change.previousKey ?? "?") → \(change.key)"] + screen.sentences))
            case .modified: result.append((screen: label, sentences: screen.sentences))
            }
        }
        return result
    }

    /// Counts for the summary: documents and screens added, removed and modified.
    public var summary: (documents: [String: Int], screens: [String: Int], authors: [String]) {
        var documents: [String: Int] = [:]
        var screens: [String: Int] = [:]
        var authors: Set<String> = []
        for document in audit.documents {
            documents[document.status, default: 0] += 1
            screens["added", default: 0] += document.screens.added.count
            screens["removed", default: 0] += document.screens.removed.count
            screens["modified", default: 0] += document.screens.modified.count + document.screens.renamed.count
            authors.formUnion(details[document.path]?.authors ?? [])
        }
        return (documents, screens, authors.sorted())
    }
}
