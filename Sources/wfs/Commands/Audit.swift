import ArgumentParser
import WireframeModel
import WireframeStore
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

        @Option(help: "The earlier session.")
        var from: String

        @Option(help: "The later session (default: now).")
        var to: String?

        @Option(help: "Output format.")
        var format: Format = .text

        func run() throws {
            try storeOptions.withStore { store in
                let report = try AuditReport.make(history: History(store: store), from: from, to: to)
                switch format {
                case .json: Terminal.output(try JSONOutput.text(report))
                case .text: Terminal.output(Self.text(report))
                case .markdown: Terminal.output(Self.markdown(report))
                }
            }
        }

        static func name(_ point: AuditReport.SessionPoint) -> String {
            point.name.map { "\($0) (\(point.at))" } ?? "now"
        }

        static func text(_ report: AuditReport) -> String {
            var text = "from \(name(report.from)) to \(name(report.to))\n"
            let changed = report.documents.filter { $0.status != "unchanged" }
            if changed.isEmpty { text += "no changes\n" }
            for document in report.documents {
                text += "\(document.status) \(document.path.escapingControlCharacters)\n"
                for field in document.documentFields { text += "  document \(field.field)\n" }
                for key in document.screens.added { text += "  + \(key)\n" }
                for key in document.screens.removed { text += "  - \(key)\n" }
                for renamed in document.screens.renamed { text += "  > \(renamed.previousKey) → \(renamed.screen)\n" }
                for modified in document.screens.modified {
                    text += "  ~ \(modified.screen): " + modified.fields.map(\.field).joined(separator: ", ") + "\n"
                }
            }
            return text
        }

        static func markdown(_ report: AuditReport) -> String {
            var text = "# Changes from \(name(report.from)) to \(name(report.to))\n\n"
            for document in report.documents {
                text += "## `\(document.path.escapingControlCharacters)`: \(document.status)\n\n"
                if document.status == "unchanged" { continue }
                for field in document.documentFields {
                    text += "- document field `\(field.field)`: \(field.old ?? "none") → \(field.new ?? "none")\n"
                }
                for key in document.screens.added { text += "- added screen `\(key)`\n" }
                for key in document.screens.removed { text += "- removed screen `\(key)`\n" }
                for renamed in document.screens.renamed { text += "- renamed screen `\(renamed.previousKey)` to `\(renamed.screen)`\n" }
                for modified in document.screens.modified {
                    text += "- modified screen `\(modified.screen)`\n"
                    for field in modified.fields { text += "  - `\(field.field)`: \(field.old ?? "none") → \(field.new ?? "none")\n" }
                }
                text += "\n"
            }
            return text
        }
    }
}
