import ArgumentParser
import WireframeModel
import WireframeStore
import WireframeSync

extension WFS.SessionCommand {
    /// `wfs session end`: ends the open session now.
    struct End: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "end", abstract: "End the open session now.",
            discussion: "From then on, its name in a REF (app.json@NAME) or in --at means the store as it was at this moment.")
        @OptionGroup var storeOptions: StoreOptions

        func run() throws {
            try storeOptions.withStore { store in
                let session = try store.endSession(at: .now(), by: WFS.SessionCommand.author())
                Terminal.outputLine("ended session \(session.name.escapingControlCharacters) at \(session.endedAt?.shown ?? "")")
            }
        }
    }
}
