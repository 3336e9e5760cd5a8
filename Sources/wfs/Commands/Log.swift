import ArgumentParser
import WireframeJSON
import WireframeModel
import WireframeStore
import WireframeSync

extension WFS {
    /// `wfs log`: the history, newest first.
    struct Log: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "log",
            abstract: "List revisions, newest first, with the screens each one added, removed or modified.",
            discussion: """
                Each revision is listed with its id, its document and number, its time, author and \
                session, and the keys of the screens it added, removed or modified. The options narrow \
                the list and combine: --document, --screen and --session keep the revisions of that \
                document, screen or meeting, --since and --until a span of time, --limit the newest ones.

                A renamed document keeps its history. Its log starts at its newest rename (listed as \
                "renamed from OLD"); --follow continues across its renames to its first revision, as \
                git log --follow does. A path a document left by a rename lists the revisions it had there. \
                With --screen, --follow also goes back across the screen's renames: before the revision \
                that renamed it, the revisions of the key it had.
                """
        )

        @OptionGroup var storeOptions: StoreOptions

        @Argument(help: ArgumentHelp("Only this document (as --document).", valueName: "doc"), completion: .storeDocuments)
        var path: String?

        @Option(help: "Only this document (a path from the current folder, else from the project root).", completion: .storeDocuments)
        var document: String?

        @Flag(help: "Follow renames: a document's history across its renames, and with --screen, the keys the screen had before.")
        var follow = false

        @Option(help: "Only revisions that changed this screen.")
        var screen: String?

        @Option(help: "Only revisions made during this session.", completion: .storeSessions)
        var session: String?

        @Option(help: "Only revisions at or after this time (YYYY-MM-DD[THH:MM[:SS]], local time unless a zone is given).")
        var since: String?

        @Option(help: "Only revisions at or before this time.")
        var until: String?

        @Option(help: "At most this many revisions.")
        var limit: Int?

        @Flag(help: "Only revisions that replaced a head their writer had not seen (another writer stored meanwhile).")
        var replacing = false

        @OptionGroup var formatOptions: FormatOptions

        func validate() throws {
            if let limit, limit < 0 { throw ValidationError("--limit must be zero or more.") }
            if path != nil && document != nil { throw ValidationError("Name the document once: as an argument or with --document.") }
            if follow && path == nil && document == nil && screen == nil {
                throw ValidationError("--follow needs a document or --screen KEY.")
            }
        }

        /// The document asked for, as an argument or with `--document`.
        var documentAsked: String? { path ?? document }

        func run() throws {
            try storeOptions.withStore { store in
                var filter = LogFilter(
                    documentPath: try documentAsked.map { try storeOptions.documentPaths(of: store).documentPath($0, in: store) },
                    screenKey: screen, sessionName: session,
                    since: try since.map(Times.parse), until: try until.map(Times.parse), limit: limit)
                filter.replacingOnly = replacing
                filter.followsRenames = follow
                let entries = try LogAnswer.entries(store: store, filter: filter)
                if entries.isEmpty {
                    try Self.explainNothing(
                        store: store, screen: screen,
                        filtered: [documentAsked, screen, session, since, until].contains { $0 != nil } || replacing || limit == 0)
                }
                switch formatOptions.format {
                case .json:
                    Terminal.outputBytes(LogAnswer.json(entries))
                case .text:
                    var text = ""
                    for entry in entries {
                        text += TextForm.revisionLine(entry.revision) + "\n"
                        for sentence in entry.revision.otherWritersSentences { text += "    \(sentence.escapingControlCharacters)\n" }
                        if let message = entry.revision.message { text += TextForm.messageLines(message, indent: "    ") }
                        if let note = entry.revision.note { text += "    \(TextForm.noteLine(note))\n" }
                        text += "    " + TextForm.changeSummary(entry.changes) + "\n"
                    }
                    Terminal.output(text)
                }
            }
        }

        /// Says why a log is empty when that is not what was asked: a screen no document has
        /// (a typo, exit status 1, with the closest key) or, to a person at a terminal, a store
        /// with no revision yet.
        static func explainNothing(store: any Store, screen: String?, filtered: Bool) throws {
            if let screen, let unknown = try LogAnswer.unknownScreen(screen, store: store) {
                Terminal.error("wfs: error: \(unknown)")
                throw ExitCode(1)
            }
            // A hint for a person; a script reading an empty log (a reader beside an importer
            // that has stored nothing yet) gets the empty answer alone.
            if !filtered, Terminal.personReadsStandardError, try store.counts()["revision", default: 0] == 0 {
                Terminal.error("wfs: the store has no revisions yet; 'wfs import PATH' or the daemon (wfsd) stores them")
            }
        }
    }
}
