import ArgumentParser
import Foundation
import WireframeModel
import WireframeReport
import WireframeStore
import WireframeSync

extension WFS {
    /// `wfs report`: the customer report of what changed between two meetings.
    struct Report: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "report",
            abstract: "Write a report of what changed between two sessions, with navigation pictures.",
            discussion: "HTML is one self-contained file (pictures laid out by Graphviz's dot); markdown needs no dot."
        )

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case html, markdown
        }

        @OptionGroup var storeOptions: StoreOptions

        @OptionGroup var meetings: MeetingRange

        @Option(help: "The file to write (default: standard output).")
        var output: String?

        @Option(help: "Output format.")
        var format: Format = .html

        func run() throws {
            try storeOptions.withStore { store in
                let report = try MeetingReport.make(history: History(store: store), from: meetings.from, to: meetings.toSession)
                let text: String
                switch format {
                case .markdown: text = MarkdownReport.markdown(report)
                case .html:
                    let pictures = try pictures(of: report)
                    text = HTMLReport.html(report, pictures: pictures)
                }
                guard let output else { return Terminal.output(text) }
                do {
                    try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
                } catch {
                    Terminal.error("wfs: error: cannot write '\(output)': \(error.localizedDescription)")
                    throw ExitCode(2)
                }
                // A report written to a file says where, and what it covers, so that nobody opens
                // it to learn that it is the wrong one.
                Terminal.outputLine("wrote \(output.escapingControlCharacters): " + Self.coverage(report))
            }
        }

        /// "the changes from Kickoff to Review: 1 document modified; screens: 1 added, 1 modified".
        static func coverage(_ report: MeetingReport) -> String {
            func point(_ point: AuditReport.SessionPoint) -> String {
                (point.name ?? MeetingReport.time(point)).escapingControlCharacters
            }
            let summary = report.summary
            let screens = ["added", "removed", "modified"].compactMap { status in
                summary.screens[status].flatMap { $0 > 0 ? "\($0) \(status)" : nil }
            }
            let documentCount = summary.documents.filter { $0.key != "unchanged" }.values.reduce(0, +)
            let documents = summary.documents.filter { $0.key != "unchanged" }.sorted { $0.key < $1.key }
                .map { "\($0.value) document\($0.value == 1 ? "" : "s") \($0.key)" }.joined(separator: ", ")
            let changes =
                documentCount == 0
                ? "nothing changed" : documents + (screens.isEmpty ? "" : "; screens: " + screens.joined(separator: ", "))
            return "the changes from \(point(report.audit.from)) to \(point(report.audit.to)): " + changes
        }
    }
}
