import WireframeStore
import WireframeModel

/// Text forms shared by commands.
enum TextForm {
    /// The recorded changes as `added a, b; modified c`, at most `limit` keys of each kind
    /// (added, removed, modified; every rename and document field is listed).
    ///
    /// One pass over the changes, appending to one string: `log` prints this for every revision.
    static func changeSummary(_ changes: [RecordedChange], limit: Int = 10) -> String {
        var added: [String] = []
        var removed: [String] = []
        var modified: [String] = []
        var renamed: [String] = []
        var addedCount = 0
        var removedCount = 0
        var modifiedCount = 0
        var document: [String] = []
        for change in changes {
            switch change.kind {
            case .added:
                addedCount += 1
                if addedCount <= limit { added.append(change.screenKey.escapingControlCharacters) }
            case .removed:
                removedCount += 1
                if removedCount <= limit { removed.append(change.screenKey.escapingControlCharacters) }
            case .modified:
                modifiedCount += 1
                if modifiedCount <= limit { modified.append(change.screenKey.escapingControlCharacters) }
            case .renamed:
                renamed.append((change.previousKey ?? "?").escapingControlCharacters + "→" + change.screenKey.escapingControlCharacters)
            case .document:
                for field in change.fields { document.append(field.field.escapingControlCharacters) }
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

    /// A revision's message as lines of text: each line after `indent` (the first after
    /// `firstIndent`, where the line names it), blank lines left empty as `git log` leaves them,
    /// trailing blank lines dropped, control characters written as escapes.
    static func messageLines(_ message: String, indent: String, firstIndent: String? = nil) -> String {
        var lines = message.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        while lines.last?.allSatisfy(\.isWhitespace) == true { lines.removeLast() }
        var text = ""
        for (index, line) in lines.enumerated() {
            let shown = line.escapingControlCharacters
            let lead = index == 0 ? (firstIndent ?? indent) : indent
            text += (shown.isEmpty && index > 0 ? "" : lead + shown) + "\n"
        }
        return text
    }

    /// Who gave a revision its message afterwards, and when (`wfs note`).
    static func noteLine(_ note: RevisionNote) -> String {
        "note by \(note.author.escapingControlCharacters) at \(note.createdAt.shown)"
    }

    /// One line about a revision: id, document, number, time, author, session (names escaped:
    /// ``Swift/String/escapingControlCharacters``).
    static func revisionLine(_ revision: Revision) -> String {
        var line =
            "revision \(revision.id)  \(revision.documentPath.escapingControlCharacters) #\(revision.number)  \(revision.createdAt.shown)  \(revision.author.escapingControlCharacters) (\(revision.originLabel))"
        if let session = revision.sessionName { line += "  session \(session.escapingControlCharacters)" }
        if let commit = revision.gitCommit { line += "  commit \(shortCommit(commit))" }
        if revision.isDeletion { line += "  deleted" }
        if let previous = revision.previousPath { line += "  renamed from \(previous.escapingControlCharacters)" }
        return line
    }

    /// A git commit's name as text shows it: its first 12 hexadecimal digits.
    static func shortCommit(_ id: String) -> String {
        String(id.prefix(12))
    }
}
