public import WireframeStore

extension MergeRecord {
    /// The merge in one sentence, as `wfs import`, `log`, `show` and `status` print it under the
    /// revision: "merged with revision 27 by ada: cart", then each field the save overwrote.
    public var sentence: String {
        var text = "merged with revision \(mergedWith) by \(author)"
        let kept = screens.map { $0.isEmpty ? "the document's own fields" : $0 }
        if !kept.isEmpty { text += ": " + kept.joined(separator: ", ") }
        for field in overwritten { text += "; " + field.sentence }
        return text
    }
}

extension OverwrittenField {
    /// "overwrote ada's title of cart (Basket)", or for an item one side removed and the other
    /// edited, which one was kept.
    public var sentence: String {
        let place = screen.isEmpty ? "the document" : screen
        let what = field.isEmpty ? place : "\(field) of \(place)"
        guard replaced else {
            return value == nil
                ? "kept \(what) as edited here, which \(author) had removed"
                : "kept \(author)'s edit of \(what), which this save removed"
        }
        return "overwrote \(author)'s \(what) (\(value.map(Self.shortened) ?? "removed"))"
    }

    /// A value short enough for a line: its first 60 characters.
    static func shortened(_ value: String) -> String {
        value.count <= 60 ? value : String(value.prefix(59)) + "…"
    }
}

extension Revision {
    /// What the revision says of other writers' work, one sentence a line: the merge it is
    /// (``MergeRecord/sentence``), then what it replaces (``Replacement/sentence``).
    public var otherWritersSentences: [String] {
        [merge?.sentence, replaces?.sentence].compactMap(\.self)
    }
}
