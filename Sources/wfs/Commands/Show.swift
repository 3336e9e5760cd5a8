import ArgumentParser
import WireframeAnalysis
import WireframeJSON
import WireframeModel
import WireframeStore
import WireframeReport
import WireframeSync

extension WFS {
    /// `wfs show`: one revision.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Print a stored revision: a summary, its canonical JSON, its navigation graph, or its exact source.",
            discussion: "REF is a revision id (42), a document (app.json), app.json@SESSION or app.json@2026-11-20T15:00."
        )

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case text, json, xml, dot, svg
        }

        @OptionGroup var storeOptions: StoreOptions

        @Option(help: "Output format.")
        var format: Format = .text

        @Flag(help: "Print the exact bytes of the file as it was imported.")
        var source = false

        @Argument(help: "The revision.", completion: .storeReferences)
        var reference: String

        func run() throws {
            try storeOptions.withStore { store in
                let history = History(store: store, documentPaths: try storeOptions.documentPaths(of: store))
                let revision = try history.resolve(reference)
                if source {
                    guard !revision.isDeletion else {
                        Terminal.error(
                            "wfs: error: revision \(revision.id) records the deletion of '\(revision.documentPath)'; it has no source")
                        throw ExitCode(2)
                    }
                    Terminal.outputBytes(try history.source(of: revision))
                    return
                }
                switch format {
                case .xml:
                    guard let xml = try history.workflowSchemaText(of: revision) else {
                        Terminal.error("wfs: error: xml output needs a wireframe read from WorkflowSchema")
                        throw ExitCode(2)
                    }
                    Terminal.output(xml)
                case .dot, .svg:
                    guard let wireframe = try history.wireframe(of: revision) else {
                        Terminal.error("wfs: error: revision \(revision.id) records the deletion of '\(revision.documentPath)'")
                        throw ExitCode(2)
                    }
                    let dot = NavigationPicture().dot(wireframe)
                    if format == .dot { Terminal.output(dot) } else { Terminal.outputBytes(try layOut(dot)) }
                case .json:
                    do {
                        Terminal.output(try ShowAnswer.json(history: history, revision: revision))
                    } catch let error as AnswerError {
                        Terminal.error("wfs: error: \(error)")
                        throw ExitCode(2)
                    }
                case .text:
                    var text = TextForm.revisionLine(revision) + "\n"
                    for sentence in revision.otherWritersSentences { text += "\(sentence.escapingControlCharacters)\n" }
                    if let hash = revision.contentHash { text += "content \(hash)\n" }
                    if let message = revision.message {
                        text += TextForm.messageLines(message, indent: "        ", firstIndent: "message ")
                    }
                    if let note = revision.note { text += "\(TextForm.noteLine(note))\n" }
                    if let wireframe = try history.wireframe(of: revision) {
                        text +=
                            "app \(wireframe.appName), root \(wireframe.root), \(wireframe.screens.count) screen\(wireframe.screens.count == 1 ? "" : "s")\n"
                        // Every way out of a screen, as `wfs path` walks them: subroutes and tabs,
                        // buttons, element targets and actions.
                        let graph = NavigationGraph(wireframe)
                        for screen in wireframe.screens {
                            var seen = Set<String>()
                            let links = graph.edges(from: screen.key).map { "\($0.to) (\($0.via))" }.filter { seen.insert($0).inserted }
                            text += "  \(screen.key)  \"\(screen.title)\" \(screen.container.rawValue)"
                            text += links.isEmpty ? "\n" : " → " + links.joined(separator: ", ") + "\n"
                        }
                    }
                    Terminal.output(text)
                }
            }
        }
    }
}
