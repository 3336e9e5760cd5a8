import ArgumentParser
import WireframeStore
import WireframeSync

extension WFS.SessionCommand {
    /// `wfs session rename`: corrects a session's name.
    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rename", abstract: "Rename a session; its revisions stay its.",
            discussion: "A REF that named the old name (app.json@OLD) names the new one from now on.")
        @OptionGroup var storeOptions: StoreOptions
        @Argument(help: "The session's name now.", completion: .storeSessions) var name: String
        @Argument(help: "Its new name, unique in the store.") var newName: String

        func run() throws {
            try runReportingErrors { try SessionName.check(newName) }
            try storeOptions.withStore { store in
                let session = try store.editSession(
                    named: name, newName: newName, notes: nil, at: .now(), by: WFS.SessionCommand.author())
                Terminal.outputLine("renamed session \(name.escapingControlCharacters) to \(session.name.escapingControlCharacters)")
            }
        }
    }
}
