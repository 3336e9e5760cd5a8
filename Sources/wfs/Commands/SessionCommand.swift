import ArgumentParser
import WireframeStore
import WireframeSync

extension WFS {
    /// `wfs session`: customer meetings.
    struct SessionCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "session",
            abstract: "Start, end, record and list customer meetings.",
            discussion: "Revisions stored while a session is open belong to it; what the store held at its end is what the customer saw.",
            subcommands: [Start.self, End.self, Add.self, List.self, Show.self]
        )

        struct SessionJSON: Encodable {
            var name: String
            var notes: String?
            var startedAt: String
            var endedAt: String?
            var open: Bool
            var revisions: [RevisionJSON]?

            init(_ session: Session, revisions: [RevisionJSON]? = nil) {
                name = session.name
                notes = session.notes
                startedAt = session.startedAt.text
                endedAt = session.endedAt?.text
                open = session.isOpen
                self.revisions = revisions
            }
        }

        static func line(_ session: Session) -> String {
            let end = session.endedAt?.text ?? "open"
            return "\(session.name)  \(session.startedAt.text) – \(end)" + (session.notes.map { "  \($0)" } ?? "")
        }

        struct Start: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "start", abstract: "Open a session now.")
            @OptionGroup var storeOptions: StoreOptions
            @Option(help: "Notes about the meeting.") var notes: String?
            @Argument(help: "The session's name, unique in the store.") var name: String

            func run() throws {
                try runReportingErrors {
                    let session = try storeOptions.open().startSession(name: name, notes: notes, at: .now())
                    Terminal.outputLine("started session \(session.name) at \(session.startedAt.text)")
                }
            }
        }

        struct End: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "end", abstract: "End the open session now.")
            @OptionGroup var storeOptions: StoreOptions

            func run() throws {
                try runReportingErrors {
                    let session = try storeOptions.open().endSession(at: .now())
                    Terminal.outputLine("ended session \(session.name) at \(session.endedAt?.text ?? "")")
                }
            }
        }

        struct Add: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "add",
                abstract: "Record a session after the fact.",
                discussion: "Revisions of that interval that belong to no session join it.")
            @OptionGroup var storeOptions: StoreOptions
            @Option(help: "When it started (YYYY-MM-DDTHH:MM, local time unless a zone is given).") var start: String
            @Option(help: "When it ended.") var end: String
            @Option(help: "Notes about the meeting.") var notes: String?
            @Argument(help: "The session's name, unique in the store.") var name: String

            func run() throws {
                try runReportingErrors {
                    let session = try storeOptions.open().addSession(
                        name: name, notes: notes, start: try Times.parse(start), end: try Times.parse(end))
                    Terminal.outputLine("added session \(session.name): \(session.startedAt.text) – \(session.endedAt?.text ?? "")")
                }
            }
        }

        struct List: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "list", abstract: "List sessions, oldest first.")
            @OptionGroup var storeOptions: StoreOptions
            @OptionGroup var formatOptions: FormatOptions

            func run() throws {
                try runReportingErrors {
                    let sessions = try storeOptions.open().sessions()
                    switch formatOptions.format {
                    case .json: Terminal.output(try JSONOutput.text(sessions.map { SessionJSON($0) }))
                    case .text: Terminal.output(sessions.map { SessionCommand.line($0) + "\n" }.joined())
                    }
                }
            }
        }

        struct Show: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a session and the revisions made during it.")
            @OptionGroup var storeOptions: StoreOptions
            @OptionGroup var formatOptions: FormatOptions
            @Argument(help: "The session's name.") var name: String

            func run() throws {
                try runReportingErrors {
                    let store = try storeOptions.open()
                    let session = try store.session(named: name)
                    let entries = try store.log(LogFilter(sessionName: name)).reversed()
                    switch formatOptions.format {
                    case .json:
                        Terminal.output(try JSONOutput.text(SessionJSON(session, revisions: entries.map { RevisionJSON($0.revision, changes: $0.changes) })))
                    case .text:
                        var text = SessionCommand.line(session) + "\n"
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
}
