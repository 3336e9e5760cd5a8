import ArgumentParser
import WireframeAnalysis
import WireframeFormats
import WireframeModel
import WireframeSync

extension WFS {
    /// `wfs path`: the shortest way from one screen to another.
    struct Path: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "path",
            abstract: "Print the shortest sequence of steps from one screen to another.",
            discussion: """
                Steps follow subroutes, tabs, navigation buttons, element targets and actions; a pushed \
                screen can pop back and a presented one can be dismissed. Each step lists the \
                dependencies the screen it arrives at needs. With --at, the document is taken from \
                the store as it was at a meeting (a session name), a time, or a revision id.
                """
        )

        @OptionGroup var formatOptions: FormatOptions

        @Option(
            help: "Take the document from the store as it was at a session's end, a time (2026-11-20T15:00) or a revision id.",
            completion: .storeSessions)
        var at: String?

        @OptionGroup var storeOptions: StoreOptions

        @Argument(help: "The wireframe file.", completion: .wireframeFileOrStoreDocument)
        var document: String

        @Argument(help: "The screen to start from.")
        var from: String

        @Argument(help: "The screen to arrive at.")
        var to: String

        func run() throws {
            let wireframe = try at.map(storedWireframe) ?? fileWireframe()
            let graph = NavigationGraph(wireframe)
            for name in [from, to] where !graph.contains(name) {
                Terminal.error(
                    "\(document.escapingControlCharacters): error: route '\(name)' is not defined"
                        + Suggestions.didYouMean(name, in: wireframe.screens.map(\.key)))
                throw ExitCode.failure
            }
            guard let steps = PathFinder(graph: graph).path(from: from, to: to) else {
                Terminal.error("\(document.escapingControlCharacters): error: no path from '\(from)' to '\(to)'")
                throw ExitCode.failure
            }
            switch formatOptions.format {
            case .text:
                Terminal.output(Self.text(steps, from: from, to: to))
            case .json:
                Terminal.output(try JSONOutput.text(Result(from: from, to: to, steps: steps.map(Step.init))))
            }
        }

        /// The document as the file on disk has it; its diagnostics are printed when it cannot be read.
        func fileWireframe() throws -> Wireframe {
            let report = FileValidation().validate(path: try filePath())
            guard let wireframe = report.wireframe else {
                let colour = Terminal.colourOnStandardError
                for diagnostic in report.diagnostics { Terminal.error(diagnostic.rendered(path: document, colour: colour)) }
                throw ExitCode(report.diagnostics.contains { $0.code == FormatCodes.unreadable } ? 2 : 1)
            }
            return wireframe
        }

        /// The file `document` names: the one it names as typed; else, in a project, the one it
        /// names by the rule of document paths (``WireframeSync/DocumentPaths``).
        func filePath() throws -> String {
            guard ProjectFiles.presence(document) == .gone, let store = try? StoreOptions.open(storeOptions.store) else { return document }
            defer { try? store.close() }
            var path = document
            try runReportingErrors {
                let paths = try storeOptions.documentPaths(of: store)
                path = StoreLocation.absolute(paths.root + "/" + (try paths.documentPath(document, in: store)))
            }
            return path
        }

        /// The document as the store held it at `point`: a revision id, or a session or time.
        func storedWireframe(at point: String) throws -> Wireframe {
            var result: Wireframe?
            try storeOptions.withStore { store in
                let documentPath = try storeOptions.documentPaths(of: store).documentPath(document, in: store)
                let history = History(store: store)
                let reference = point.allSatisfy(\.isNumber) ? point : "\(documentPath)@\(point)"
                let revision = try history.resolve(reference)
                guard revision.documentPath == documentPath else {
                    Terminal.error(
                        "wfs: error: revision \(revision.id) is of '\(revision.documentPath.escapingControlCharacters)', not of '\(documentPath.escapingControlCharacters)'"
                    )
                    throw ExitCode(2)
                }
                result = try history.wireframe(of: revision)
                if result == nil {
                    Terminal.error(
                        "wfs: error: revision \(revision.id) records the deletion of '\(revision.documentPath.escapingControlCharacters)'")
                    throw ExitCode(2)
                }
            }
            guard let result else { throw ExitCode(2) }
            return result
        }

        static func text(_ steps: [PathStep], from: String, to: String) -> String {
            if steps.isEmpty { return "'\(from)' is already '\(to)'\n" }
            var lines = ["\(from) → \(to): \(steps.count) step\(steps.count == 1 ? "" : "s")"]
            for (index, step) in steps.enumerated() {
                var line = "  \(index + 1). \(step.edge.kind.rawValue) '\(step.edge.to)' from '\(step.edge.from)' via \(step.edge.via)"
                if !step.needs.isEmpty { line += " (needs \(step.needs.map { "'\($0)'" }.joined(separator: ", ")))" }
                lines.append(line)
            }
            return lines.joined(separator: "\n") + "\n"
        }

        struct Step: Encodable {
            var from: String
            var to: String
            var kind: String
            var via: String
            var needs: [String]

            init(_ step: PathStep) {
                from = step.edge.from
                to = step.edge.to
                kind = step.edge.kind.rawValue
                via = step.edge.via
                needs = step.needs
            }
        }

        struct Result: Encodable {
            var from: String
            var to: String
            var steps: [Step]
        }
    }
}
