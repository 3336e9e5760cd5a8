import ArgumentParser
import WireframeModel
import WireframeStore
import WireframeSync

extension WFS {
    /// `wfs session`: customer meetings.
    struct SessionCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "session",
            abstract: "Start, end, record, list and correct customer meetings.",
            discussion: "Revisions stored while a session is open belong to it; what the store held at its end is what the customer saw.",
            subcommands: [Start.self, End.self, Add.self, List.self, Show.self, Rename.self, Edit.self, Delete.self]
        )

        static func line(_ session: Session) -> String {
            let end = session.endedAt?.shown ?? "open"
            return "\(session.name.escapingControlCharacters)  \(session.startedAt.shown) – \(end)"
                + (session.author.map { "  started by \($0.escapingControlCharacters)" } ?? "")
                + (session.notes.map { "  \($0.escapingControlCharacters)" } ?? "")
        }

        /// Who starts, records, ends or corrects a session from the command line: whom an import
        /// names as a revision's author (`WFS_AUTHOR`, else the user).
        static func author() -> String {
            Times.author(explicit: nil, environment: Terminal.environment(["WFS_AUTHOR", "USER", "LOGNAME"]))
        }
    }
}
