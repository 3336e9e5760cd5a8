import ArgumentParser
import WireframeStore
import WireframeSync

extension WFS.SessionCommand {
    /// `wfs session show`: a session and its revisions.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Show a session and the revisions made during it.",
            discussion: "A name that is not a session's gets the closest session name as a suggestion.")
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var formatOptions: FormatOptions
        @Argument(help: "The session's name.", completion: .storeSessions) var name: String

        func run() throws {
            try storeOptions.withStore { store in
                let session = try store.session(named: name)
                let entries = try store.noted(store.log(LogFilter(sessionName: name))).reversed()
                switch formatOptions.format {
                case .json:
                    Terminal.output(
                        try JSONOutput.text(SessionJSON(session, revisions: entries.map { RevisionJSON($0.revision, changes: $0.changes) }))
                    )
                case .text:
                    var text = WFS.SessionCommand.line(session) + "\n"
                    if let changer = session.changedBy, let time = session.changedAt {
                        text += "  last changed by \(changer.escapingControlCharacters) at \(time.shown)\n"
                    }
                    text += entries.isEmpty ? "  no revisions\n" : ""
                    for entry in entries {
                        text += "  " + TextForm.revisionLine(entry.revision) + "\n    " + TextForm.changeSummary(entry.changes) + "\n"
                    }
                    Terminal.output(text)
                }
            }
        }
    }
}
