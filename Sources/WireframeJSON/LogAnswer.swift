import WireframeModel
public import WireframeStore
import WireframeSync

/// `wfs log --format json` and `GET /api/log`: the revisions a filter keeps, newest first.
public enum LogAnswer {
    /// The revisions `filter` keeps, each with the keys of the screens it changed by kind and the
    /// fields of its document-level changes (what both forms of `log` list).
    public static func entries(store: any Store, filter: LogFilter) throws -> [LogEntry] {
        var filter = filter
        filter.includesFields = false  // Both forms list screen keys by kind only.
        let listed = try filter.followsRenames && filter.screenKey != nil ? ScreenHistory.log(store, filter: filter) : store.log(filter)
        return try store.noted(withDocumentFields(listed, store: store))
    }

    /// The JSON text of `entries`, with its final newline.
    public static func json(_ entries: [LogEntry]) -> [UInt8] {
        var json = JSONStream()
        json.array { json in
            for entry in entries {
                json.objectElement { RevisionJSON(entry.revision, changes: entry.changes).writeMembers(to: &$0) }
            }
        }
        return json.bytes + [UInt8(ascii: "\n")]
    }

    /// The JSON text of the revisions `filter` keeps.
    public static func json(store: any Store, filter: LogFilter) throws -> [UInt8] {
        json(try entries(store: store, filter: filter))
    }

    /// The message for a screen no head has (a typo, with the closest key), or nil when some
    /// document has it: an empty log of a screen that does not exist says so.
    public static func unknownScreen(_ screen: String, store: any Store) throws -> String? {
        var keys = Set<String>()
        for head in try store.state(atOrBefore: nil) where !head.isDeletion {
            keys.formUnion(try store.screenHashes(revisionId: head.id).keys)
        }
        guard !keys.contains(screen) else { return nil }
        return "no document has a screen '\(screen.escapingControlCharacters)'\(Suggestions.didYouMean(screen, in: keys.sorted()))"
    }

    /// `entries` with the fields of their document-level changes: a log read without fields
    /// has none, and the names of the fields (`appName`, `root`, `navigations.NAME`, …) are
    /// all that such a change says. The few revisions that have one are read again, whole.
    static func withDocumentFields(_ entries: [LogEntry], store: any Store) throws -> [LogEntry] {
        var entries = entries
        for index in entries.indices
        where entries[index].changes.contains(where: { $0.kind == .document && $0.fields.isEmpty }) {
            entries[index].changes = try store.changes(revisionId: entries[index].revision.id)
        }
        return entries
    }
}
