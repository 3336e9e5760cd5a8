import ArgumentParser
import WireframeJSON
import WireframeModel
import WireframeStore
import WireframeReport
import WireframeSync

extension WFS {
    /// `wfs audit`: what changed between two meetings.
    struct Audit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "audit",
            abstract: "List the documents and screens that changed between two sessions.",
            discussion: "Compares what the store held at the end of --from with the end of --to (or now)."
        )

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case text, json, markdown
        }

        @OptionGroup var storeOptions: StoreOptions

        @OptionGroup var meetings: MeetingRange

        @Option(help: "Output format.")
        var format: Format = .text

        func run() throws {
            try storeOptions.withStore { store in
                let history = History(store: store)
                let (from, to) = (meetings.from, meetings.toSession)
                switch format {
                case .json: Terminal.output(try AuditAnswer.json(history: history, from: from, to: to))
                case .text: Terminal.output(MarkdownReport.text(try MeetingReport.make(history: history, from: from, to: to)))
                case .markdown: Terminal.output(MarkdownReport.markdown(try MeetingReport.make(history: history, from: from, to: to)))
                }
            }
        }
    }
}
