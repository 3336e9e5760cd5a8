import ArgumentParser
import WireframeStore
import WireframeSync

extension WFS.SessionCommand {
    /// `wfs session edit`: corrects a session's notes.
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit", abstract: "Replace a session's notes.",
            discussion: "The session keeps its name, its times and its revisions; --notes '' removes the notes.")
        @OptionGroup var storeOptions: StoreOptions
        @Option(help: "The new notes; empty removes them.") var notes: String
        @Argument(help: "The session's name.", completion: .storeSessions) var name: String

        func run() throws {
            try storeOptions.withStore { store in
                let session = try store.editSession(named: name, newName: nil, notes: notes, at: .now(), by: WFS.SessionCommand.author())
                Terminal.outputLine(
                    session.notes == nil
                        ? "removed the notes of session \(session.name.escapingControlCharacters)"
                        : "replaced the notes of session \(session.name.escapingControlCharacters)")
            }
        }
    }
}
