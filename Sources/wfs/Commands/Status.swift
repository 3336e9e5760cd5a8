import ArgumentParser
import Foundation
import WireframeJSON
import WireframeModel
import WireframeStore
import WireframeSync

extension WFS {
    /// `wfs status`: the store at a glance.
    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: "Show the store, its documents' heads, the open session and the latest import attempts.",
            discussion: """
                Each document is listed with its head revision. Files whose newest import was refused \
                are listed with their first error and its location; a document's last good revision \
                stays its head. The latest import attempts say what was read, when, and whether it was \
                stored, unchanged, rejected or failed.
                """
        )

        @OptionGroup var storeOptions: StoreOptions

        @OptionGroup var formatOptions: FormatOptions

        func run() throws {
            try storeOptions.withStore { store in
                let answer = try StatusAnswer(store: store, root: try storeOptions.projectRoot(of: store))
                let (heads, attempts, rejected, replacing, result) =
                    (answer.heads, answer.attempts, answer.rejected, answer.replacing, answer.result)
                let daemon = result.daemon
                switch formatOptions.format {
                case .json:
                    Terminal.output(try answer.json())
                case .text:
                    var text =
                        "store \(result.store.escapingControlCharacters)\nroot \(result.root?.escapingControlCharacters ?? "(none)")\n"
                    text += "session \(result.openSession.map { "\($0) (open)" } ?? "none open")\n"
                    for warning in try SessionName.numberedSessionWarnings(in: store) { text += "  \(warning)\n" }
                    text +=
                        "\(heads.count) document\(heads.count == 1 ? "" : "s"), \(result.counts["revision"] ?? 0) revisions, \(result.counts["screenVersion"] ?? 0) screen versions\n"
                    for head in heads {
                        text +=
                            "  \(head.documentPath.escapingControlCharacters)  revision \(head.id) (#\(head.number))"
                            + (head.isDeletion ? "  deleted" : "  \(head.screenCount) screen\(head.screenCount == 1 ? "" : "s")") + "\n"
                    }
                    if let pid = daemon.pid {
                        text += "daemon running, pid \(pid)" + (daemon.since.map { ", since \($0)" } ?? "") + "\n"
                    } else {
                        // Which daemon was looked for: a server's store has one daemon per clone.
                        text += "daemon not running (none holds \(daemon.lockFile.escapingControlCharacters))\n"
                    }
                    if !rejected.isEmpty { text += "rejected (the last good revision is kept):\n" }
                    for entry in rejected {
                        let errors = entry.diagnostics.count(of: .error)
                        text +=
                            "  \(entry.path.escapingControlCharacters)  \(entry.outcome) \(entry.startedAt.shown)  \(errors) error\(errors == 1 ? "" : "s")\n"
                        // The first error says what to fix without another command; the rest: wfs validate.
                        if let first = entry.diagnostics.first(where: { $0.severity == .error }) {
                            text += "    " + first.rendered(path: entry.path).replacingOccurrences(of: "\n", with: "\n    ") + "\n"
                        }
                    }
                    if !replacing.isEmpty { text += "saves that replaced a head their writer had not seen:\n" }
                    for revision in replacing.prefix(StatusAnswer.replacingShown) {
                        text +=
                            "  \(revision.documentPath.escapingControlCharacters)  revision \(revision.id) (#\(revision.number)) by \(revision.author.escapingControlCharacters)\n"
                        for sentence in revision.otherWritersSentences { text += "    \(sentence.escapingControlCharacters)\n" }
                    }
                    if replacing.count > StatusAnswer.replacingShown { text += "  older ones: wfs log --replacing\n" }
                    if !attempts.isEmpty { text += "latest imports:\n" }
                    for attempt in attempts {
                        text += "  \(attempt.startedAt.shown)  \(attempt.outcome.rawValue)  \(attempt.path.escapingControlCharacters)"
                        let errors = attempt.diagnostics.count(of: .error)
                        text += errors > 0 ? "  \(errors) error\(errors == 1 ? "" : "s")\n" : "\n"
                    }
                    Terminal.output(text)
                }
            }
        }
    }
}
