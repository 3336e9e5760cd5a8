import Foundation
import ArgumentParser
import Synchronization
import WireframeStore
import WireframeSync

/// The `--store` option that every command that reads or writes the store takes, and opening it.
///
/// Each command declares the option itself (`@Option(help: StoreOptions.help) var store: String?`)
/// instead of an `@OptionGroup` of a `ParsableArguments` type: ArgumentParser reflects an option
/// group as a command of its own (its metadata, its coding keys, casts to `ParsableCommand` and
/// `CustomReflectable`), which cost every store command about 2 M instructions at start, each first
/// cast a scan of the binary's protocol conformance records. `Option<String?>` is a type that every
/// such command uses anyway. The help, the completion scripts and the parsing stay the same.
enum StoreOptions {
    /// The help of `--store`.
    static let help: ArgumentHelp =
        "The store file (default: WFS_STORE, else .wfs/store.sqlite in this or a parent folder)."

    /// Opens the store that `--store` names (nil: the default), or explains why it cannot be
    /// opened. ``runReportingErrors(_:)`` closes it.
    static func open(_ store: String?) throws -> any Store {
        try open(path: try StoreLocation.path(explicit: store))
    }

    /// Opens the store at a path found by ``StoreLocation/path(explicit:)``, as ``open(_:)`` does.
    static func open(path: String) throws -> any Store {
        let opened = try StoreLocation.open(location: path)
        OpenedStores.add(opened)
        return opened
    }
}

/// The stores a command opened. Each is closed when the command's body ends (as releasing it would)
/// and then kept until the process exits: releasing GRDB's connection queue hands the disposal of its
/// queue-specific values to a dispatch worker, which started a thread in every command just before
/// the process ended.
enum OpenedStores {
    private static let stores = Mutex<(open: [any Store], closed: [any Store])>(([], []))

    static func add(_ store: any Store) {
        stores.withLock { $0.open.append(store) }
    }

    /// Closes the stores opened since the last call; one that does not close is released as
    /// before, which closes it when nothing else holds it.
    static func closeAll() {
        stores.withLock { stores in
            for store in stores.open where (try? store.close()) != nil {
                stores.closed.append(store)
            }
            stores.open.removeAll()
        }
    }
}

/// Runs a command's body, printing a store or sync error as `wfs: error: …` with exit status 2.
func runReportingErrors(_ body: () throws -> Void) throws {
    defer { OpenedStores.closeAll() }
    do {
        try body()
    } catch let error as StoreError {
        Terminal.error("wfs: error: \(error.description)")
        throw ExitCode(2)
    } catch let error as SyncError {
        Terminal.error("wfs: error: \(error.description)")
        throw ExitCode(2)
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

    /// Writes this revision's members as `JSONOutput.text` would encode them, in sorted order.
    func writeMembers(to json: inout JSONStream) {
        json.member("author", author)
        if let changes {
            json.member("changes") { json in
                json.member("added", strings: changes.added)
                json.member("document", strings: changes.document)
                json.member("modified", strings: changes.modified)
                json.member("removed", strings: changes.removed)
                json.member("renamed", strings: changes.renamed)
            }
        }
        json.member("contentHash", contentHash)
        json.member("createdAt", createdAt)
        json.member("deleted", deleted)
        json.member("document", document)
        json.member("id", id)
        json.member("message", message)
        json.member("number", number)
        json.member("origin", origin)
        json.member("screenCount", screenCount)
        json.member("session", session)
        json.member("sourceHash", sourceHash)
    }
}

/// Text forms shared by commands.
enum TextForm {
    /// The recorded changes as `added a, b; modified c`, at most `limit` keys of each kind
    /// (added, removed, modified; every rename and document field is listed).
    ///
    /// One pass over the changes, appending to one string: `log` prints this for every revision.
    static func changeSummary(_ changes: [RecordedChange], limit: Int = 10) -> String {
        var added: [String] = [], removed: [String] = [], modified: [String] = [], renamed: [String] = []
        var addedCount = 0, removedCount = 0, modifiedCount = 0
        var document: [String] = []
        for change in changes {
            switch change.kind {
            case .added:
                addedCount += 1
                if addedCount <= limit { added.append(change.screenKey) }
            case .removed:
                removedCount += 1
                if removedCount <= limit { removed.append(change.screenKey) }
            case .modified:
                modifiedCount += 1
                if modifiedCount <= limit { modified.append(change.screenKey) }
            case .renamed:
                renamed.append((change.previousKey ?? "?") + "→" + change.screenKey)
            case .document:
                for field in change.fields { document.append(field.field) }
            }
        }
        var summary = ""
        func part(_ label: String, _ keys: [String], count: Int) {
            let more = count > limit ? "… \(count - limit) more" : nil
            guard !keys.isEmpty || more != nil else { return }
            if !summary.isEmpty { summary += "; " }
            summary += label
            var first = true
            for key in keys {
                summary += first ? " " : ", "
                summary += key
                first = false
            }
            if let more { summary += (first ? " " : ", ") + more }
        }
        part("added", added, count: addedCount)
        part("removed", removed, count: removedCount)
        part("modified", modified, count: modifiedCount)
        part("renamed", renamed, count: 0)
        part("document", document, count: 0)
        return summary.isEmpty ? "no screen changes" : summary
    }

    /// One line about a revision: id, document, number, time, author, session.
    static func revisionLine(_ revision: Revision) -> String {
        var line = "revision \(revision.id)  \(revision.documentPath) #\(revision.number)  \(revision.createdAt.text)  \(revision.author) (\(revision.origin.rawValue))"
        if let session = revision.sessionName { line += "  session \(session)" }
        if revision.isDeletion { line += "  deleted" }
        return line
    }
}

extension Terminal {
    /// Writes bytes to standard output as they are.
    static func outputBytes(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { write($0, to: STDOUT_FILENO) }
    }
}
