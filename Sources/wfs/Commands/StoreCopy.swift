import ArgumentParser
import Foundation
import WireframeStore
import WireframeSync

extension WFS.StoreCommand {
    /// `wfs store copy FROM TO`: a whole history into a new store, of either engine.
    struct Copy: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "copy",
            abstract: "Copy a whole store into a new one.",
            discussion: """
                FROM and TO are each a store file or a postgresql:// URL. Every revision (its id, number, \
                time, author, origin, base and exact source), every attempt with its diagnostics and every \
                session is copied; TO is created (an SQLite file, or the schema in an empty PostgreSQL \
                database) and must not hold anything yet. The copy is read back and compared with FROM \
                before the command succeeds. FROM is only read.
                """
        )

        @Argument(help: "The store to copy (a file or a postgresql:// URL).")
        var from: String

        @Argument(help: "The new store (a file or a postgresql:// URL).")
        var to: String

        @Option(help: "The project root recorded in a new SQLite store (default: FROM's root, else the current folder).")
        var root: String?

        func run() throws {
            try runReportingErrors {
                let source = try StoreLocation.open(location: StoreLocation.resolved(from))
                defer { try? source.close() }
                let root = StoreLocation.absolute(try self.root ?? source.projectRoot() ?? FileManager.default.currentDirectoryPath)
                let target = try StoreLocation.create(location: StoreLocation.resolved(to), root: root)
                defer { try? target.close() }
                let summary = try StoreCopy.copy(from: source, to: target)
                Terminal.outputLine(
                    "copied \(summary.revisions) revisions, \(summary.attempts) attempts and \(summary.sessions) sessions "
                        + "from \(source.location) to \(target.location)")
            }
        }
    }
}
