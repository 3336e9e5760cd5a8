import Foundation
import WireframeModel
import WireframeStore

/// The one writer of `--format json` output: Foundation's `JSONEncoder` with sorted keys, two-space
/// indentation, unescaped slashes and a final newline, so that the same result is always the same text.
enum JSONOutput {
    static func text(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }
}

/// The JSON shape of a revision in `log`, `show` and `diff`.
struct RevisionJSON: Encodable {
    struct Changes: Encodable {
        var added: [String] = []
        var removed: [String] = []
        var modified: [String] = []
        var renamed: [String] = []
        var document: [String] = []
    }

    var id: Int64
    var document: String
    var number: Int
    var createdAt: String
    var contentHash: String?
    var sourceHash: String?
    var deleted: Bool
    var session: String?
    var author: String
    var origin: String
    var message: String?
    var screenCount: Int
    var changes: Changes?

    init(_ revision: Revision, changes recorded: [RecordedChange]?) {
        id = revision.id
        document = revision.documentPath
        number = revision.number
        createdAt = revision.createdAt.text
        contentHash = revision.contentHash
        sourceHash = revision.sourceHash
        deleted = revision.isDeletion
        session = revision.sessionName
        author = revision.author
        origin = revision.origin.rawValue
        message = revision.message
        screenCount = revision.screenCount
        if let recorded {
            var changes = Changes()
            for change in recorded {
                switch change.kind {
                case .added: changes.added.append(change.screenKey)
                case .removed: changes.removed.append(change.screenKey)
                case .modified: changes.modified.append(change.screenKey)
                case .renamed: changes.renamed.append(change.screenKey)
                case .document: changes.document += change.fields.map(\.field)
                }
            }
            self.changes = changes
        }
    }
}

/// The JSON shape of a diagnostic that other tools consume.
struct DiagnosticJSON: Encodable {
    struct Note: Encodable {
        var message: String
        var path: String?
        var line: Int?
        var column: Int?
    }

    var severity: String
    var code: String
    var message: String
    var path: String?
    var line: Int
    var column: Int
    var notes: [Note]

    init(_ diagnostic: Diagnostic) {
        severity = diagnostic.severity.rawValue
        code = diagnostic.code.rawValue
        message = diagnostic.message
        path = diagnostic.path
        line = diagnostic.location.line
        column = diagnostic.location.column
        notes = diagnostic.notes.map { Note(message: $0.message, path: $0.path, line: $0.location?.line, column: $0.location?.column) }
    }
}
