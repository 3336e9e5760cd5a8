import Foundation

/// What a save that was merged with other writers' work holds of theirs
/// (``Revision/merge``): a save whose file was based on an older revision than the head is
/// merged with the head screen by screen and field by field before it is stored.
public struct MergeRecord: Sendable, Hashable, Codable {
    /// The head the save was merged with.
    public var mergedWith: Int64
    /// Who made that head.
    public var author: String
    /// The screens (by key; "" for the document's own fields) where the merge kept the other
    /// writers' changes since the save's base, in byte order.
    public var screens: [String]
    /// The fields both sides changed, where the save's value replaced theirs (or an item one
    /// side removed was kept as the other edited it).
    public var overwritten: [OverwrittenField]

    /// Creates a merge record.
    public init(mergedWith: Int64, author: String, screens: [String], overwritten: [OverwrittenField] = []) {
        self.mergedWith = mergedWith
        self.author = author
        self.screens = screens
        self.overwritten = overwritten
    }

    /// The JSON object text both engines keep in a revision's `merge` column.
    public func storedText() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    /// Reads the text of ``storedText()``; nil for text that is not one (a column the store
    /// checks as JSON on the way in).
    public init?(storedText: String) {
        guard let record = try? JSONDecoder().decode(MergeRecord.self, from: Data(storedText.utf8)) else { return nil }
        self = record
    }
}

/// One field that a merged save changed as another writer had changed it too.
public struct OverwrittenField: Sendable, Hashable, Codable {
    /// The screen's key; "" for the document's own fields.
    public var screen: String
    /// The field, as a diff names it (`title`, `elements.pay`); "" for the screen as a whole.
    public var field: String
    /// The other writer's value that the save replaced; nil when they had removed it.
    public var value: String?
    /// Who wrote that value: the author of the head the save was merged with.
    public var author: String
    /// Whether the save's value replaced theirs (false: one side removed the item and the edited
    /// one was kept).
    public var replaced: Bool

    /// Creates an overwritten field.
    public init(screen: String, field: String, value: String?, author: String, replaced: Bool = true) {
        self.screen = screen
        self.field = field
        self.value = value
        self.author = author
        self.replaced = replaced
    }
}
