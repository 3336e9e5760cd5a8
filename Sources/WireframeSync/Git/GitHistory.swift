import Foundation
import WireframeFormats
import WireframeStore

/// A commit of the history `wfs import --git` reads: who, when, why, and the files it changed
/// against its first parent.
struct GitCommit: Sendable, Equatable {
    /// The full object name, lowercase hexadecimal.
    var id: String
    /// The author's name, decoded as UTF-8 (bytes that are not become U+FFFD).
    var authorName: String
    /// The author's email, decoded as the name is.
    var authorEmail: String
    /// The author time.
    var authorTime: Timestamp
    /// The message without its final newlines; nil when empty.
    var message: String?
    /// The files changed, paths relative to the repository's top level, in git's order.
    var changes: [GitChange]

    /// The author as a revision records it: `Name <email>`.
    var author: String {
        authorEmail.isEmpty ? authorName : "\(authorName) <\(authorEmail)>"
    }
}

/// One file's change in a commit (a line of `git log --raw`).
struct GitChange: Sendable, Equatable {
    /// The status letter: A, M, D, R (renamed, with ``oldPath``), T (type changed), …
    var status: UInt8
    /// The path after the commit (before it, for a deletion), relative to the top level.
    var path: String
    /// For a rename, the path before it.
    var oldPath: String?
    /// The object name of the file's content after the commit (zeros for a deletion).
    var blob: String
    /// The file's mode after the commit (`100644`, `100755`; `120000` a symbolic link,
    /// `160000` a submodule, `000000` none).
    var mode: String
    /// Whether a path is not UTF-8 (it is then shown as ``ProjectFiles/shownName(_:)`` shows it).
    var isUndecodable = false

    /// Whether the file after the commit is a regular file (not a link, a submodule or nothing).
    var isRegularFile: Bool { mode == "100644" || mode == "100755" }
}

/// Reads git's history through its plumbing: `git log --raw -z` for the commits and their
/// changed files, `git rev-parse` for the facts of the work tree.
enum GitHistory {
    /// The format of each commit's header, fields separated by NUL: object name, author name,
    /// email, author time (seconds), message. No field holds a NUL (git refuses one in a commit).
    static let format = "%H%x00%an%x00%ae%x00%at%x00%B"

    /// The arguments of the `git log` that lists the commits of `range` (nil: HEAD's history),
    /// oldest first, on the first-parent line: a merge is compared with its first parent.
    static func logArguments(range: String?) -> [String] {
        [
            "log", "--first-parent", "-m", "--reverse", "--raw", "-z", "-M", "--no-abbrev", "--encoding=UTF-8",
            "--format=tformat:\(format)", range ?? "HEAD", "--",
        ]
    }

    /// The commits in `git log` output made with ``logArguments(range:)``.
    ///
    /// - Throws: ``GitImportError/unexpectedOutput(command:)`` for output of another shape.
    static func commits(_ output: [UInt8]) throws -> [GitCommit] {
        var tokens = Tokens(bytes: output)
        var commits: [GitCommit] = []
        let bad = GitImportError.unexpectedOutput(command: "log")
        while let first = tokens.next() {
            let id = String(decoding: first.drop { $0 == UInt8(ascii: "\n") }, as: UTF8.self)
            if id.isEmpty && tokens.isAtEnd { break }
            guard id.count == 40 || id.count == 64, id.utf8.allSatisfy(Self.isHexDigit) else { throw bad }
            guard let name = tokens.next(), let email = tokens.next(), let time = tokens.next(), let body = tokens.next(),
                let seconds = Int64(String(decoding: time, as: UTF8.self))
            else { throw bad }
            var message = String(decoding: body, as: UTF8.self)
            while message.hasSuffix("\n") { message.removeLast() }
            var commit = GitCommit(
                id: id, authorName: String(decoding: name, as: UTF8.self), authorEmail: String(decoding: email, as: UTF8.self),
                authorTime: Timestamp(microseconds: seconds * 1_000_000), message: message.isEmpty ? nil : message, changes: [])
            // The raw lines: ":oldmode newmode oldblob newblob status", then one path, or two
            // for a rename or a copy.
            while let peeked = tokens.peek(), peeked.first(where: { $0 != UInt8(ascii: "\n") }) == UInt8(ascii: ":") {
                _ = tokens.next()
                let fields = String(decoding: peeked.drop { $0 != UInt8(ascii: ":") }.dropFirst(), as: UTF8.self)
                    .split(separator: " ")
                guard fields.count == 5, let status = fields[4].utf8.first, let path = tokens.next() else { throw bad }
                var change = GitChange(status: status, path: "", oldPath: nil, blob: String(fields[3]), mode: String(fields[1]))
                change.path = Self.path(path, undecodable: &change.isUndecodable)
                if status == UInt8(ascii: "R") || status == UInt8(ascii: "C") {
                    guard let newPath = tokens.next() else { throw bad }
                    change.oldPath = change.path
                    change.path = Self.path(newPath, undecodable: &change.isUndecodable)
                }
                if status == UInt8(ascii: "D") { change.blob = String(fields[2]) }
                commit.changes.append(change)
            }
            commits.append(commit)
        }
        return commits
    }

    /// A path of git's output as text; one that is not UTF-8 sets `undecodable`.
    static func path(_ bytes: ArraySlice<UInt8>, undecodable: inout Bool) -> String {
        if let shown = ProjectFiles.shownName(bytes) {
            undecodable = true
            return shown
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }

    /// NUL-separated fields of git's output.
    struct Tokens {
        var bytes: [UInt8]
        var position = 0

        var isAtEnd: Bool { position >= bytes.count }

        func peek() -> ArraySlice<UInt8>? {
            guard position < bytes.count else { return nil }
            let end = bytes[position...].firstIndex(of: 0) ?? bytes.count
            return bytes[position..<end]
        }

        mutating func next() -> ArraySlice<UInt8>? {
            guard let token = peek() else { return nil }
            position = token.endIndex + 1
            return token
        }
    }
}
