import ArgumentParser
import WireframeModel
import WireframeStore
import WireframeSync

extension WFS {
    /// `wfs note`: gives a stored revision its message afterwards.
    struct Note: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "note",
            abstract: "Add or change a revision's message after it was stored.",
            discussion: """
                REF is a revision id (42), a document (app.json), app.json@SESSION or app.json@2026-11-20T15:00. \
                The revision keeps its author and time; log and show print the new message with who wrote \
                the note and when. Every earlier message stays in the store. An empty MESSAGE removes the message.
                """
        )

        @OptionGroup var storeOptions: StoreOptions

        @Option(help: "Who writes the note (default: WFS_AUTHOR, else the user name).")
        var author: String?

        @Argument(help: "The revision.", completion: .storeReferences)
        var reference: String

        @Argument(help: "The revision's message from now on.")
        var message: String

        func run() throws {
            try storeOptions.withStore { store in
                let history = History(store: store, documentPaths: try storeOptions.documentPaths(of: store))
                let revision = try history.resolve(reference)
                let author = Times.author(explicit: self.author, environment: Terminal.environment(["WFS_AUTHOR", "USER", "LOGNAME"]))
                let note = try store.recordNote(revisionId: revision.id, message: message, author: author, at: .now())
                let noted = revision.noted(note)
                Terminal.outputLine(TextForm.revisionLine(noted))
                Terminal.outputLine("    " + (noted.message?.escapingControlCharacters ?? "(no message)"))
                Terminal.outputLine("    " + TextForm.noteLine(note))
            }
        }
    }
}
