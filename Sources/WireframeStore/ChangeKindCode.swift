extension RecordedChange.Kind {
    /// The small integer an engine stores for the kind (0 added, 1 removed, 2 modified, 3 renamed,
    /// 4 the document's own fields): one numbering for every engine, so that a stored change means
    /// the same in each.
    package var storedCode: Int64 {
        switch self {
        case .added: 0
        case .removed: 1
        case .modified: 2
        case .renamed: 3
        case .document: 4
        }
    }

    /// The kind of a stored integer (each engine's schema keeps it within 0...4).
    package init(storedCode: Int64) {
        switch storedCode {
        case 0: self = .added
        case 1: self = .removed
        case 3: self = .renamed
        case 4: self = .document
        default: self = .modified
        }
    }
}
