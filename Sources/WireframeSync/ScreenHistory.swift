public import WireframeStore

/// A screen's history across its renames (`wfs log --screen KEY --follow`).
public enum ScreenHistory {
    /// The log of `filter`'s screen and of the keys it had before: the revisions that changed the
    /// key, then, before each revision that renamed another key to it (in its document), the
    /// revisions of that key, and so on back. Newest first, each revision once; the filter's other
    /// criteria apply to every key, its limit to the whole.
    public static func log(_ store: any Store, filter: LogFilter) throws -> [LogEntry] {
        guard let key = filter.screenKey else { return try store.log(filter) }
        var found: [Int64: LogEntry] = [:]
        // A key, the document it was renamed in (nil: any) and the revision before which it counts.
        var pending: [(key: String, documentPath: String?, before: Int64?)] = [(key, filter.documentPath, nil)]
        var seen: Set<String> = []
        while let step = pending.popLast() {
            guard seen.insert("\(step.key)\u{0}\(step.documentPath ?? "")\u{0}\(step.before.map(String.init) ?? "")").inserted else {
                continue
            }
            // Every revision of the key, to find the renames whatever the other criteria keep.
            var plain = LogFilter(documentPath: step.documentPath, screenKey: step.key)
            plain.includesFields = false
            for entry in try store.log(plain) where step.before.map({ entry.revision.id < $0 }) ?? true {
                for change in entry.changes where change.kind == .renamed && change.screenKey == step.key {
                    if let previous = change.previousKey, previous != step.key {
                        pending.append((previous, entry.revision.documentPath, entry.revision.id))
                    }
                }
            }
            var narrowed = filter
            narrowed.screenKey = step.key
            narrowed.documentPath = step.documentPath
            narrowed.limit = nil
            for entry in try store.log(narrowed) where step.before.map({ entry.revision.id < $0 }) ?? true {
                found[entry.revision.id] = entry
            }
        }
        let entries = found.values.sorted { $0.revision.id > $1.revision.id }
        guard let limit = filter.limit else { return entries }
        return Array(entries.prefix(max(0, limit)))
    }
}
