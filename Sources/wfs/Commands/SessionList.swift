import ArgumentParser
import WireframeJSON
import WireframeStore
import WireframeSync

extension WFS.SessionCommand {
    /// `wfs session list`: every session, oldest first.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List sessions, oldest first.",
            discussion: "Each with its name, when it started and ended, who started or recorded it, and its notes.")
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var formatOptions: FormatOptions

        func run() throws {
            try storeOptions.withStore { store in
                let sessions = try store.sessions()
                switch formatOptions.format {
                case .json: Terminal.output(try SessionsAnswer.json(sessions))
                case .text: Terminal.output(sessions.map { WFS.SessionCommand.line($0) + "\n" }.joined())
                }
            }
        }
    }
}
