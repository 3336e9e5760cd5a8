import ArgumentParser
import Foundation
import WireframeStore
import WireframeSync

extension WFS {
    /// `wfs sync`: brings the clone's files to the store's heads.
    struct Sync: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sync",
            abstract: "Bring the project's files to the store's newest revisions.",
            discussion: """
                Each document's file is compared with what it was based on (the revision this clone last \
                imported, synced or was written from, kept in .wfs/bases.json). A file without edits here is \
                replaced by the newest revision's exact source; a file with edits here is imported, merged \
                screen by screen and field by field with the other writers' work, and rewritten with the \
                merge; a document added elsewhere is written; one deleted elsewhere is removed, unless edited \
                here. A file is replaced only while it still holds what was read, so a save made meanwhile \
                is kept. Exit status 1 when a file with edits here was rejected or could not be read.
                """
        )

        @OptionGroup var storeOptions: StoreOptions

        @Option(help: "Who made the edits that are imported (default: WFS_AUTHOR, else the user name).")
        var author: String?

        @Flag(help: "Say what would change; write nothing.")
        var dryRun = false

        @Argument(help: "Documents or folders (default: every document).")
        var paths: [String] = []

        func run() throws {
            var failed = false
            try storeOptions.withStore { store in
                let root = try storeOptions.projectRoot(of: store)
                let author = Times.author(explicit: self.author, environment: Terminal.environment(["WFS_AUTHOR", "USER", "LOGNAME"]))
                var pipeline = ImportPipeline(store: store, root: root, author: author)
                pipeline.cloneBases = CloneBases(root: root)
                let documentPaths = DocumentPaths(root: root)
                let asked = try paths.map { try documentPaths.documentPath($0, in: store) }
                let sync = CloneSync(pipeline: pipeline, dryRun: dryRun)
                // A path that names no document is a mistake to say, not "nothing to do".
                for (typed, path) in zip(paths, asked) where try sync.heads([path]).isEmpty {
                    _ = try documentPaths.storedDocument(typed, in: store)
                }
                let outcomes = try sync.sync(asked)
                var upToDate = 0
                for outcome in outcomes {
                    if case .upToDate = outcome.action { upToDate += 1 }
                    if !Self.report(outcome, dryRun: dryRun) { failed = true }
                }
                if upToDate == outcomes.count { Terminal.outputLine(outcomes.isEmpty ? "no documents" : "up to date") }
            }
            if failed { throw ExitCode.failure }
        }

        /// Prints what happened to one document; false when its file was refused.
        static func report(_ outcome: CloneSync.Outcome, dryRun: Bool) -> Bool {
            let shown = outcome.path.escapingControlCharacters
            func by(_ revision: Revision) -> String {
                "revision \(revision.id) (#\(revision.number)) by \(revision.author.escapingControlCharacters)"
            }
            let would = dryRun ? "would be " : ""
            switch outcome.action {
            case .upToDate:
                break
            case .updated(let head):
                Terminal.outputLine("\(dryRun ? "would update" : "updated") \(shown) to \(by(head))")
            case .added(let head):
                Terminal.outputLine("\(dryRun ? "would add" : "added") \(shown): \(by(head))")
            case .removed(let deletion):
                Terminal.outputLine("\(dryRun ? "would remove" : "removed") \(shown): deleted in \(by(deletion))")
            case .keptDeletedElsewhere(let deletion):
                Terminal.outputLine(
                    "kept \(shown): deleted in \(by(deletion)), but edited here (wfs import \(shown) stores it again)")
            case .removedHere(let head):
                Terminal.outputLine("kept \(shown) removed: removed here, not imported (the store's newest is \(by(head)))")
            case .wouldSave(let head):
                Terminal.outputLine("\(shown) has edits here: \(would)imported, merged with \(by(head))")
            case .saved(let result):
                return Import.report(result)
            }
            return true
        }
    }
}
