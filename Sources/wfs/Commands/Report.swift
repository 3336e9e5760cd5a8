import ArgumentParser
import Foundation
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
                    var pictures: [String: [UInt8]] = [:]
                    for (path, detail) in report.details.sorted(by: { $0.key < $1.key }) {
                        pictures[path] = try layOut(NavigationPicture().dot(old: detail.old, new: detail.new, diff: detail.diff))
                    }
                    text = HTMLReport.html(report, pictures: pictures)
                }
                guard let output else { return Terminal.output(text) }
                do {
                    try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
                } catch {
                    Terminal.error("wfs: error: cannot write '\(output)': \(error.localizedDescription)")
                    throw ExitCode(2)
                }
            }
        }
    }
}
