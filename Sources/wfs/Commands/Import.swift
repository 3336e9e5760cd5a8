import ArgumentParser
import Foundation
import WireframeModel
import WireframeStore
import WireframeSync

extension WFS {
    /// `wfs import`: stores a new revision of each file whose meaning changed.
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Import wireframe files or folders into the store.",
            discussion: """
                Each file is read, validated and compared with its last revision: a file with errors is \
                recorded as rejected, with its diagnostics on standard error, and never replaces the last \
                good revision; warnings of stored files are counted (wfs validate lists them). A folder import records \
                the deletion of documents whose files are gone; a folder below it that cannot be listed is reported, \
                and its documents are left as they are. A new file whose bytes are exactly those of a document the \
                same import finds gone is that document renamed: it keeps its history (wfs log --follow). Exit status 1 when a file was rejected or could not be read.

                With --git, the history of the git work tree the project root is in: one revision per commit \
                that changed a wireframe file, on the first-parent line of RANGE (default HEAD), oldest first, \
                with the commit's author, author time, message and id. A merge is compared with its first \
                parent. Commits the store already has are skipped, so it can run from a hook or a timer. \
                The first argument is a RANGE when git reads it as one and it names no file; the others \
                limit the import to documents at or below them.
                """
        )

        @OptionGroup var storeOptions: StoreOptions

        @Option(help: "Who made the change (default: WFS_AUTHOR, else the user name).")
        var author: String?

        @Option(help: "A message recorded with the new revisions.")
        var message: String?

        @Flag(help: "Import the history of the git work tree the project root is in.")
        var git = false

        @Option(
            name: .customLong("sessions-from-tags"),
            help: ArgumentHelp("With --git, make a session of each tag matching it.", valueName: "pattern"))
        var sessionsFromTags: String?

        @Argument(help: "Wireframe files or folders; with --git, [RANGE] [PATH...].")
        var paths: [String] = []

        func validate() throws {
            if !git && paths.isEmpty { throw ValidationError("Missing expected argument '<paths> ...' (or --git).") }
            if !git && sessionsFromTags != nil { throw ValidationError("--sessions-from-tags needs --git.") }
            if git && (author != nil || message != nil) {
                throw ValidationError("With --git, each revision has its commit's author and message: --author and --message do not apply.")
            }
        }

        func run() throws {
            if git { return try runGit() }
            var failed = false
            try storeOptions.withStore { store in
                let root = try storeOptions.projectRoot(of: store)
                let author = Times.author(explicit: self.author, environment: Terminal.environment(["WFS_AUTHOR", "USER", "LOGNAME"]))
                var pipeline = ImportPipeline(store: store, root: root, author: author, message: message)
                pipeline.cloneBases = CloneBases(root: root)
                let results = try pipeline.importPaths(paths)
                for result in results where !Self.report(result) { failed = true }
            }
            if failed { throw ExitCode.failure }
        }

        /// Prints what happened to one file; false when it was rejected or could not be read.
        static func report(_ result: ImportResult) -> Bool {
            let colour = Terminal.colourOnStandardError
            let shown = result.path.escapingControlCharacters
            let warnings = result.diagnostics.count(of: .warning)
            let warningNote = warnings == 0 ? "" : " (\(warnings) warning\(warnings == 1 ? "" : "s"): wfs validate \(shown))"
            switch result.outcome {
            case .stored, .deleted:
                let revision =
                    result.revision.map { revision in
                        let renamed = revision.previousPath.map { ", renamed from \($0.escapingControlCharacters)" } ?? ""
                        return " revision \(revision.id) (#\(revision.number)\(result.outcome == .stored ? renamed : ""))"
                    } ?? ""
                Terminal.outputLine(
                    "\(result.outcome.rawValue) \(shown)\(revision): \(TextForm.changeSummary(result.changes))\(warningNote)")
                reportMerge(result)
            case .unchanged:
                Terminal.outputLine("unchanged \(shown)\(warningNote)")
                reportMerge(result)
            case .rejected, .failed:
                for diagnostic in result.diagnostics { Terminal.error(diagnostic.rendered(path: result.path, colour: colour)) }
                let errors = result.diagnostics.count(of: .error)
                let kept =
                    if result.isFolder {
                        "the documents below it are kept as they are"
                    } else if let head = result.keptRevision, !head.isDeletion {
                        "the last good revision (\(head.id), #\(head.number)) is kept"
                    } else {
                        "nothing was stored"
                    }
                Terminal.outputLine("\(result.outcome.rawValue) \(shown): \(errors) error\(errors == 1 ? "" : "s"); \(kept)")
                return false
            }
            return true
        }

        /// The lines under a save that was based on an older revision than the head: what the
        /// merge kept and overwrote, whether the file now holds it, or why it was not merged.
        static func reportMerge(_ result: ImportResult) {
            if let note = result.baseNote { Terminal.outputLine("  \(note.escapingControlCharacters)") }
            if let merge = result.merge {
                Terminal.outputLine("  \(merge.sentence.escapingControlCharacters)")
                if result.fileRewritten {
                    Terminal.outputLine("  \(result.path.escapingControlCharacters) now holds the merge")
                } else if result.rewriteSkipped {
                    Terminal.outputLine(
                        "  \(result.path.escapingControlCharacters) was saved again meanwhile: left as it is, merged at its next import")
                }
            }
            if let reason = result.unmerged { Terminal.outputLine("  not merged: \(reason.escapingControlCharacters)") }
        }
    }
}
