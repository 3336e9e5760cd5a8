import ArgumentParser
import WireframeStore
import WireframeSync

extension WFS.SessionCommand {
    /// `wfs session delete`: removes a session recorded by mistake.
    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete", abstract: "Delete a session; its revisions stay, in no session.",
            discussion: "Only the meeting is removed: no revision ever is.")
        @OptionGroup var storeOptions: StoreOptions
        @Argument(help: "The session's name.", completion: .storeSessions) var name: String

        func run() throws {
            try storeOptions.withStore { store in
                let session = try store.deleteSession(named: name)
                Terminal.outputLine("deleted session \(session.name.escapingControlCharacters); its revisions are kept")
            }
        }
    }
}
