import Foundation
import WireframeModel
import WireframeStore
import WireframeSync

/// The writer of `--format json` output: Foundation's `JSONEncoder` with sorted keys, two-space
/// indentation, unescaped slashes and a final newline, so that the same result is always the same
/// text. Only `log` writes through ``JSONStream``, in the same form.
enum JSONOutput {
    static func text(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }
}

/// Writes JSON straight into bytes in the exact form of `JSONOutput.text` (two-space indentation,
/// `"key" : value`, no escaped slashes), for `log`, whose output grows with the history:
/// encoding its revisions with `JSONEncoder` made `log --format json` of 300 revisions of a
/// 1,000-screen document about 5 ms slower (more work than the rest of the command),
/// past its goal of 0.02 times `git log -p`, and the gap grows with every revision.
/// `JSONStreamTests` holds the two to the same bytes. Keys are written in the order
/// given, so callers give them sorted; a nil optional is left out, as `JSONEncoder` does.
struct JSONStream {
    /// The text so far.
    private(set) var bytes: [UInt8] = []
    /// How many containers are open.
    private var depth = 0
    /// Whether the innermost open container has no member or element yet.
    private var empty = true

    init(capacity: Int = 1 << 16) {
        bytes.reserveCapacity(capacity)
    }

    /// The text with its final newline.
    var text: String {
        String(decoding: bytes, as: UTF8.self) + "\n"
    }

    /// Starts a member or an element: a comma and a new line after the one before it, the indentation.
    private mutating func startItem() {
        if empty {
            empty = false
        } else {
            bytes.append(UInt8(ascii: ","))
            bytes.append(UInt8(ascii: "\n"))
        }
        indent()
    }

    private mutating func indent() {
        for _ in 0..<depth {
            bytes.append(UInt8(ascii: " "))
            bytes.append(UInt8(ascii: " "))
        }
    }

    /// Opens a container; even an empty one gets its own lines, as `JSONEncoder` writes it.
    private mutating func open(_ byte: UInt8) {
        bytes.append(byte)
        bytes.append(UInt8(ascii: "\n"))
        depth += 1
        empty = true
    }

    private mutating func close(_ byte: UInt8) {
        depth -= 1
        bytes.append(UInt8(ascii: "\n"))
        indent()
        bytes.append(byte)
        empty = false
    }

    /// An object; `body` writes its members.
    mutating func object(_ body: (inout JSONStream) -> Void) {
        open(UInt8(ascii: "{"))
        body(&self)
        close(UInt8(ascii: "}"))
    }

    /// An array; `body` writes its elements.
    mutating func array(_ body: (inout JSONStream) -> Void) {
        open(UInt8(ascii: "["))
        body(&self)
        close(UInt8(ascii: "]"))
    }

    /// An array element that is an object.
    mutating func objectElement(_ body: (inout JSONStream) -> Void) {
        startItem()
        object(body)
    }

    /// An array element that is a string.
    mutating func stringElement(_ value: String) {
        startItem()
        string(value)
    }

    /// A member's key and separator; its value follows.
    private mutating func key(_ name: String) {
        startItem()
        string(name)
        bytes.append(UInt8(ascii: " "))
        bytes.append(UInt8(ascii: ":"))
        bytes.append(UInt8(ascii: " "))
    }

    mutating func member(_ name: String, _ value: String?) {
        guard let value else { return }
        key(name)
        string(value)
    }

    mutating func member(_ name: String, _ value: Int64) {
        key(name)
        bytes.append(contentsOf: String(value).utf8)
    }

    mutating func member(_ name: String, _ value: Int) {
        member(name, Int64(value))
    }

    /// A member that is there even when nil (`null`).
    mutating func member(_ name: String, orNull value: Int64?) {
        guard let value else { return memberNull(name) }
        member(name, value)
    }

    /// A member whose value is `null`.
    mutating func memberNull(_ name: String) {
        key(name)
        bytes.append(contentsOf: "null".utf8)
    }

    mutating func member(_ name: String, _ value: Bool) {
        key(name)
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    mutating func member(_ name: String, strings: [String]) {
        key(name)
        array { stream in
            for value in strings { stream.stringElement(value) }
        }
    }

    mutating func member(_ name: String, object body: (inout JSONStream) -> Void) {
        key(name)
        object(body)
    }

    /// A string, escaped as `JSONEncoder` escapes it with `.withoutEscapingSlashes`.
    private mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(byte)
            case 0x08:
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(UInt8(ascii: "b"))
            case 0x09:
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(UInt8(ascii: "t"))
            case 0x0A:
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(UInt8(ascii: "n"))
            case 0x0C:
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(UInt8(ascii: "f"))
            case 0x0D:
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(UInt8(ascii: "r"))
            case 0x00..<0x20:
                bytes.append(contentsOf: "\\u00".utf8)
                bytes.append(Self.hexDigit(byte >> 4))
                bytes.append(Self.hexDigit(byte & 0xF))
            default:
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
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

    /// Who gave a revision its message afterwards, and when (``RevisionNote``).
    struct Note: Encodable {
        var author: String
        var createdAt: String
    }

    /// What a revision replaced (``Replacement``).
    struct Replaces: Encodable {
        var id: Int64
        var author: String
        var screens: [String]
    }

    var id: Int64
    var document: String
    var number: Int
    var basedOn: Int64?
    var replaces: Replaces?
    var createdAt: String
    var contentHash: String?
    var sourceHash: String?
    var deleted: Bool
    var session: String?
    var author: String
    var origin: String
    var message: String?
    var note: Note?
    var screenCount: Int
    var changes: Changes?
    /// The document's path before this revision, on a rename revision alone.
    var renamedFrom: String?
    /// The git commit it was imported from (the full object name).
    var commit: String?

    init(_ revision: Revision, changes recorded: [RecordedChange]?) {
        id = revision.id
        document = revision.documentPath
        number = revision.number
        basedOn = revision.basedOn
        replaces = revision.replaces.map { Replaces(id: $0.id, author: $0.author, screens: $0.screens) }
        createdAt = revision.createdAt.text
        contentHash = revision.contentHash
        sourceHash = revision.sourceHash
        deleted = revision.isDeletion
        session = revision.sessionName
        author = revision.author
        origin = revision.originLabel
        message = revision.message
        note = revision.note.map { Note(author: $0.author, createdAt: $0.createdAt.text) }
        screenCount = revision.screenCount
        renamedFrom = revision.previousPath
        commit = revision.gitCommit
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

    private enum CodingKeys: String, CodingKey {
        case id, document, number, basedOn, replaces, createdAt, contentHash, sourceHash, deleted, session, author, origin, message
        case note, screenCount, changes, renamedFrom, commit
    }

    /// As synthesized, but `basedOn` and `replaces` are always there (`null` when nil): a reader
    /// tells a revision that replaced nothing from output that does not say.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(document, forKey: .document)
        try container.encode(number, forKey: .number)
        try container.encode(basedOn, forKey: .basedOn)
        try container.encode(replaces, forKey: .replaces)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encodeIfPresent(contentHash, forKey: .contentHash)
        try container.encodeIfPresent(sourceHash, forKey: .sourceHash)
        try container.encode(deleted, forKey: .deleted)
        try container.encodeIfPresent(session, forKey: .session)
        try container.encode(author, forKey: .author)
        try container.encode(origin, forKey: .origin)
        try container.encodeIfPresent(message, forKey: .message)
        try container.encodeIfPresent(note, forKey: .note)
        try container.encode(screenCount, forKey: .screenCount)
        try container.encodeIfPresent(changes, forKey: .changes)
        try container.encodeIfPresent(renamedFrom, forKey: .renamedFrom)
        try container.encodeIfPresent(commit, forKey: .commit)
    }

    /// Writes this revision's members as `JSONOutput.text` would encode them, in sorted order.
    func writeMembers(to json: inout JSONStream) {
        json.member("author", author)
        json.member("basedOn", orNull: basedOn)
        if let changes {
            json.member("changes") { json in
                json.member("added", strings: changes.added)
                json.member("document", strings: changes.document)
                json.member("modified", strings: changes.modified)
                json.member("removed", strings: changes.removed)
                json.member("renamed", strings: changes.renamed)
            }
        }
        json.member("commit", commit)
        json.member("contentHash", contentHash)
        json.member("createdAt", createdAt)
        json.member("deleted", deleted)
        json.member("document", document)
        json.member("id", id)
        json.member("message", message)
        if let note {
            json.member("note") { json in
                json.member("author", note.author)
                json.member("createdAt", note.createdAt)
            }
        }
        json.member("number", number)
        json.member("origin", origin)
        json.member("renamedFrom", renamedFrom)
        if let replaces {
            json.member("replaces") { json in
                json.member("author", replaces.author)
                json.member("id", replaces.id)
                json.member("screens", strings: replaces.screens)
            }
        } else {
            json.memberNull("replaces")
        }
        json.member("screenCount", screenCount)
        json.member("session", session)
        json.member("sourceHash", sourceHash)
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

/// A changed field in `audit` and `diff` JSON: `old` and `new` as JSON values. An element, an
/// action or a navigation bar is an object, as the wireframe format writes it; every other value
/// (titles, types, lists joined with ", ") is a string.
struct FieldJSON: Encodable {
    var field: String
    var old: JSONValue?
    var new: JSONValue?

    init(field: String, old: String?, new: String?) {
        self.field = field
        self.old = old.map { Self.value(field: field, $0) }
        self.new = new.map { Self.value(field: field, $0) }
    }

    /// The fields whose values are the canonical JSON of an element, an action or a navigation bar.
    /// The prefix alone does not say it (an element whose reference is `order` is the field
    /// `elements.order`, as is the order of the elements, which is text): the value must be an object too.
    private static let structuredPrefixes = ["elements.", "elements[", "actions.", "actions[", "navigations."]

    static func value(field: String, _ text: String) -> JSONValue {
        guard structuredPrefixes.contains(where: field.hasPrefix), text.hasPrefix("{"),
            let value = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        else { return .string(text) }
        return value
    }
}

/// Any JSON value, read and written as it is: booleans stay booleans, whole numbers stay whole.
enum JSONValue: Codable, Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

/// `wfs audit --format json`: ``AuditReport`` with its fields' values as ``FieldJSON``.
struct AuditJSON: Encodable {
    struct Modified: Encodable {
        var screen: String
        var fields: [FieldJSON]
    }

    struct Renamed: Encodable {
        var screen: String
        var previousKey: String
        var fields: [FieldJSON]
    }

    struct Screens: Encodable {
        var added: [String]
        var removed: [String]
        var modified: [Modified]
        var renamed: [Renamed]
    }

    struct Document: Encodable {
        var path: String
        var status: String
        var fromRevision: Int64?
        var toRevision: Int64?
        var documentFields: [FieldJSON]
        var screens: Screens
    }

    var from: AuditReport.SessionPoint
    var to: AuditReport.SessionPoint
    var documents: [Document]

    init(_ report: AuditReport) {
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
                    renamed: document.screens.renamed.map {
                        Renamed(screen: $0.screen, previousKey: $0.previousKey, fields: fields($0.fields))
                    }))
        }
    }
}
