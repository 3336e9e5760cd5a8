public import WireframeStore
import WireframeAnalysis

/// What changed between two meetings: the state at one session's end against another's (or now).
public struct AuditReport: Sendable, Codable, Hashable {
    /// A session as the report names it, or a time, or now.
    public struct SessionPoint: Sendable, Codable, Hashable {
        /// The session name; nil for a time and for "now".
        public var name: String?
        /// When it started.
        public var startedAt: Timestamp?
        /// When it ended; nil while open.
        public var endedAt: Timestamp?
        /// The time the state was taken at (`now` for now and for an open session).
        public var at: String
        /// The session's notes.
        public var notes: String?
    }

    /// A changed field with its values before and after.
    public struct Field: Sendable, Codable, Hashable {
        /// The field name.
        public var field: String
        /// The value before.
        public var old: String?
        /// The value after.
        public var new: String?
    }

    /// A modified screen and the fields that changed.
    public struct ModifiedScreen: Sendable, Codable, Hashable {
        /// The screen key.
        public var screen: String
        /// What changed.
        public var fields: [Field]
    }

    /// A renamed screen.
    public struct RenamedScreen: Sendable, Codable, Hashable {
        /// The new key.
        public var screen: String
        /// The old key.
        public var previousKey: String
        /// The fields edited with the rename (the key's own change is `previousKey`).
        public var fields: [Field] = []
    }

    /// The screens of a document, by what happened to them.
    public struct Screens: Sendable, Codable, Hashable {
        /// New screens.
        public var added: [String] = []
        /// Screens that are gone.
        public var removed: [String] = []
        /// Screens whose content changed.
        public var modified: [ModifiedScreen] = []
        /// Screens that moved to another key.
        public var renamed: [RenamedScreen] = []
    }

    /// One document's change between the two points.
    public struct Document: Sendable, Codable, Hashable {
        /// Its path relative to the project root.
        public var path: String
        /// `added`, `removed`, `modified` or `unchanged`.
        public var status: String
        /// The revision at the first point, if any.
        public var fromRevision: Int64?
        /// The revision at the second point, if any.
        public var toRevision: Int64?
        /// Changes of the document's own fields (app name, root, navigation bars).
        public var documentFields: [Field]
        /// Its screens.
        public var screens: Screens
    }

    /// The first meeting.
    public var from: SessionPoint
    /// The second meeting, or now.
    public var to: SessionPoint
    /// Every document live at either point, by path.
    public var documents: [Document]

    /// Makes the report for two points, each a session's name or a time as `wfs export --at`
    /// takes it (`to` nil: now).
    public static func make(history: History, from: String, to: String?) throws -> AuditReport {
        let store = history.store
        let points = (History.point(from), to.map(History.point) ?? .now)
        let fromTime = try history.time(of: points.0)
        let toTime = try history.time(of: points.1)
        func point(_ point: History.Point) throws -> SessionPoint {
            switch point {
            case .now: return SessionPoint(name: nil, startedAt: nil, endedAt: nil, at: "now", notes: nil)
            case .time(let time): return SessionPoint(name: nil, startedAt: nil, endedAt: nil, at: time.text, notes: nil)
            case .session(let name):
                let session = try store.session(named: name)
                return SessionPoint(
                    name: session.name, startedAt: session.startedAt, endedAt: session.endedAt,
                    at: session.endedAt?.text ?? "now", notes: session.notes)
            }
        }
        let before = Dictionary(
            try store.state(atOrBefore: fromTime).filter { !$0.isDeletion }.map { ($0.documentPath, $0) },
            uniquingKeysWith: { first, _ in first })
        let after = Dictionary(
            try store.state(atOrBefore: toTime).filter { !$0.isDeletion }.map { ($0.documentPath, $0) },
            uniquingKeysWith: { first, _ in first })
        var documents: [Document] = []
        for path in Set(before.keys).union(after.keys).sorted() {
            let old = before[path]
            let new = after[path]
            let status: String =
                if old == nil { "added" } else if new == nil { "removed" } else if old?.contentHash == new?.contentHash { "unchanged" } else
                { "modified" }
            var screens = Screens()
            var documentFields: [Field] = []
            if status != "unchanged" {
                let diff = WireframeDiff.between(
                    try old.flatMap { try history.wireframe(of: $0) }, try new.flatMap { try history.wireframe(of: $0) })
                documentFields = diff.documentFields.map { Field(field: $0.field, old: $0.old, new: $0.new) }
                for change in diff.screens {
                    switch change.kind {
                    case .added: screens.added.append(change.key)
                    case .removed: screens.removed.append(change.key)
                    case .modified:
                        screens.modified.append(
                            ModifiedScreen(
                                screen: change.key, fields: change.fields.map { Field(field: $0.field, old: $0.old, new: $0.new) }))
                    case .renamed:
                        // The key's own change is `previousKey`; the other fields are the edits.
                        let edits = change.fields.filter { $0.field != "name" }
                        screens.renamed.append(
                            RenamedScreen(
                                screen: change.key, previousKey: change.previousKey ?? "",
                                fields: edits.map { Field(field: $0.field, old: $0.old, new: $0.new) }))
                    }
                }
            }
            documents.append(
                Document(
                    path: path, status: status, fromRevision: old?.id, toRevision: new?.id, documentFields: documentFields, screens: screens
                ))
        }
        return AuditReport(from: try point(points.0), to: try point(points.1), documents: documents)
    }
}
