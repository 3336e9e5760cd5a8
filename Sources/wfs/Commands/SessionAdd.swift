import ArgumentParser
import WireframeStore
import WireframeSync

extension WFS.SessionCommand {
    /// `wfs session add`: records a past session.
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Record a session after the fact.",
            discussion: "Revisions of that interval that belong to no session join it.")
        @OptionGroup var storeOptions: StoreOptions
        @Option(help: "When it started (YYYY-MM-DDTHH:MM, local time unless a zone is given).") var start: String
        @Option(help: "When it ended.") var end: String
        @Option(help: "Notes about the meeting.") var notes: String?
        @Argument(help: "The session's name, unique in the store (no '@', not a time).") var name: String

        func run() throws {
            try runReportingErrors { try SessionName.check(name) }
            try storeOptions.withStore { store in
                let session = try store.addSession(
                    name: name, notes: notes, start: try Times.parse(start), end: try Times.parse(end), author: WFS.SessionCommand.author())
                Terminal.outputLine("added session \(session.name): \(session.startedAt.shown) – \(session.endedAt?.shown ?? "")")
            }
        }
    }
}
