import Foundation
import WireframeStore
import WireframeAnalysis
import WireframeFormats

/// Writes the wireframes of a point in time as JSON files at their relative paths, with a
/// manifest of content hashes; importing the folder again gives the same hashes.
public struct Exporter: Sendable {
    /// The manifest's file name in the output folder.
    public static let manifestName = "wfs-manifest.json"

    /// One exported document.
    public struct Entry: Sendable, Codable, Hashable {
        /// The document's path in the store.
        public var path: String
        /// The file written, relative to the output folder.
        public var file: String
        /// The revision exported.
        public var revision: Int64
        /// Its content hash.
        public var contentHash: String
    }

    /// The manifest written beside the files.
    public struct Manifest: Sendable, Codable, Hashable {
        /// The point exported (`now`, a session name or a time).
        public var at: String
        /// Every file written, by path.
        public var documents: [Entry]
    }

    /// The history read from.
    public var history: History

    /// Creates an exporter.
    public init(history: History) { self.history = history }

    /// The file format written.
    public enum Format: String, Sendable, CaseIterable {
        /// JSON wireframes, every document.
        case json
        /// WorkflowSchema XML, for the documents read from WorkflowSchema (others are skipped).
        case xml
    }

    /// Exports the live documents at a point (optionally one document) into `output`.
    public func export(at point: History.Point, documentPath: String?, to output: String, format: Format = .json) throws -> Manifest {
        let time = try history.time(of: point)
        var revisions = try history.store.state(atOrBefore: time).filter { !$0.isDeletion }
        if let documentPath {
            revisions = revisions.filter { $0.documentPath == documentPath }
            if revisions.isEmpty {
                throw StoreError.noRevision(path: documentPath, at: time?.text ?? "now")
            }
        }
        let writer = JSONWireframeWriter()
        var entries: [Entry] = []
        for revision in revisions {
            guard let contentHash = revision.contentHash else { continue }
            let file: String
            switch format {
            case .json:
                guard let wireframe = try history.wireframe(of: revision) else { continue }
                file =
                    revision.documentPath.lowercased().hasSuffix(".json")
                    ? revision.documentPath : (revision.documentPath as NSString).deletingPathExtension + ".json"
                try write(writer.prettyText(wireframe), to: output + "/" + file)
            case .xml:
                guard let xml = try history.workflowSchemaText(of: revision) else { continue }
                file = revision.documentPath
                try write(xml, to: output + "/" + file)
            }
            entries.append(Entry(path: revision.documentPath, file: file, revision: revision.id, contentHash: contentHash))
        }
        let label: String =
            switch point {
            case .now: "now"
            case .session(let name): name
            case .time(let time): time.text
            }
        let manifest = Manifest(at: label, documents: entries)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        try write(String(decoding: try encoder.encode(manifest), as: UTF8.self) + "\n", to: output + "/" + Self.manifestName)
        return manifest
    }

    private func write(_ text: String, to path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw SyncError.cannotWrite(path: path, reason: error.localizedDescription)
        }
    }
}
