import ArgumentParser
import WireframeStore
import WireframeSync

extension WFS.SessionCommand {
    /// `wfs session start`: opens a session now.
    struct Start: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "start", abstract: "Open a session now.",
            discussion: """
                Start it when the meeting with the customer begins: every revision stored until 'wfs \
                session end' belongs to it, and what the store holds at its end is what the customer \
                saw. One session is open at a time.
                """)
        @OptionGroup var storeOptions: StoreOptions
        @Option(help: "Notes about the meeting.") var notes: String?
        @Argument(help: "The session's name, unique in the store (no '@', not a time).") var name: String

        func run() throws {
            try runReportingErrors { try SessionName.check(name) }
            try storeOptions.withStore { store in
                let session = try store.startSession(name: name, notes: notes, at: .now(), author: WFS.SessionCommand.author())
                Terminal.outputLine("started session \(session.name) at \(session.startedAt.shown)")
            }
        }
    }
}
