import ArgumentParser
import WireframeModel
import WireframeStore
import WireframeSync

extension WFS {
    /// `wfs export`: the wireframes of a point in time as files.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write the wireframes of a session, a time or now as files, with a manifest of content hashes.",
            discussion: """
                Importing the exported folder again gives the same content hashes (the manifest is not a wireframe and is \
                passed by). With --format xml, only documents read from WorkflowSchema are written. With --format swift, \
                each document becomes a Swift scaffold (a Wireframe class and a controller stub per screen; see \
                docs/SCAFFOLD.md). The output folder must be empty or missing; --force writes over an earlier export \
                there (edits made to its files since are lost).
                """
        )

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case json, xml, swift
        }

        @OptionGroup var storeOptions: StoreOptions

        @Option(help: "Output format.")
        var format: Format = .json

        @Option(help: "A session name or a time (default: now).", completion: .storeSessions)
        var at: String?

        @Option(help: "Only this document.", completion: .storeDocuments)
        var document: String?

        @Option(help: "The folder to write to.")
        var output: String

        @Flag(
            help: """
                Write into a folder that is not empty. Files of an earlier export there (its manifest names them) \
                that this export does not hold are removed; nothing else is.
                """)
        var force = false

        func run() throws {
            try storeOptions.withStore { store in
                let history = History(store: store)
                let point = at.map(History.point) ?? .now
                let manifest = try Exporter(history: history).export(
                    at: point, documentPath: try document.map { try storeOptions.documentPaths(of: store).storedDocument($0, in: store) },
                    to: StoreLocation.absolute(output),
                    projectRoot: try storeOptions.projectRoot(of: store), format: format.exported, replacing: force)
                if manifest.documents.isEmpty {
                    // Say why: the point is before every revision, or no document is of the format.
                    let before = try history.time(of: point).map { ": no document has a revision at or before \($0.shown)" } ?? ""
                    Terminal.error(
                        "wfs: warning: nothing to export"
                            + (format == .xml ? " as xml (only documents read from WorkflowSchema are)" : before))
                }
                for entry in manifest.documents {
                    Terminal.outputLine("\(entry.file.escapingControlCharacters)  revision \(entry.revision)  \(entry.contentHash)")
                }
            }
        }
    }
}

extension WFS.Export.Format {
    /// The exporter's format of the same name.
    var exported: Exporter.Format {
        switch self {
        case .json: .json
        case .xml: .xml
        case .swift: .swift
        }
    }
}
