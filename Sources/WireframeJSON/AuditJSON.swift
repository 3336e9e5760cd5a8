public import WireframeSync

/// `wfs audit --format json`: ``AuditReport`` with its fields' values as ``FieldJSON``.
public struct AuditJSON: Encodable {
    public struct Modified: Encodable {
        public var screen: String
        public var fields: [FieldJSON]
    }

    public struct Screens: Encodable {
        public var added: [String]
        public var removed: [String]
        public var modified: [Modified]
        public var renamed: [AuditReport.RenamedScreen]
    }

    public struct Document: Encodable {
        public var path: String
        public var status: String
        public var fromRevision: Int64?
        public var toRevision: Int64?
        public var documentFields: [FieldJSON]
        public var screens: Screens
    }

    public var from: AuditReport.SessionPoint
    public var to: AuditReport.SessionPoint
    public var documents: [Document]

    public init(_ report: AuditReport) {
        func fields(_ fields: [AuditReport.Field]) -> [FieldJSON] {
            fields.map { FieldJSON(field: $0.field, old: $0.old, new: $0.new) }
        }
        from = report.from
        to = report.to
        documents = report.documents.map { document in
            Document(
                path: document.path, status: document.status, fromRevision: document.fromRevision,
                toRevision: document.toRevision, documentFields: fields(document.documentFields),
                screens: Screens(
                    added: document.screens.added, removed: document.screens.removed,
                    modified: document.screens.modified.map { Modified(screen: $0.screen, fields: fields($0.fields)) },
                    renamed: document.screens.renamed))
        }
    }
}
