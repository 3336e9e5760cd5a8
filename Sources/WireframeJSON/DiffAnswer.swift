public import WireframeAnalysis
public import WireframeStore
public import WireframeSync

/// `wfs diff --format json` and `GET /api/diff`: what changed between two revisions.
public struct DiffAnswer: Encodable {
    public struct Screen: Encodable {
        public var key: String
        public var kind: String
        public var previousKey: String?
        public var fields: [FieldJSON]
    }

    public var from: RevisionJSON
    public var to: RevisionJSON
    public var documentFields: [FieldJSON]
    public var screens: [Screen]
    /// The screens in either revision that neither changed nor were renamed away.
    public var unchangedCount: Int

    /// The answer from a comparison (``History/comparison(_:_:)``) of `old` and `new`.
    public init(old: Revision, new: Revision, diff: WireframeDiff, screenKeys: [String]) {
        let changed = Set(diff.screens.map(\.key)).union(diff.screens.compactMap(\.previousKey))
        from = RevisionJSON(old, changes: nil)
        to = RevisionJSON(new, changes: nil)
        documentFields = diff.documentFields.map { FieldJSON(field: $0.field, old: $0.old, new: $0.new) }
        screens = diff.screens.map { screen in
            Screen(
                key: screen.key, kind: screen.kind.rawValue, previousKey: screen.previousKey,
                fields: screen.fields.map { FieldJSON(field: $0.field, old: $0.old, new: $0.new) })
        }
        unchangedCount = screenKeys.count { !changed.contains($0) }
    }

    /// The JSON text comparing `old` with `new`.
    public static func json(history: History, old: Revision, new: Revision) throws -> String {
        let comparison = try history.comparison(old, new)
        return try JSONOutput.text(DiffAnswer(old: old, new: new, diff: comparison.diff, screenKeys: comparison.screenKeys))
    }
}
