import Foundation
import WireframeModel
import WireframeScaffold
import WireframeStore
import WireframeAnalysis
import WireframeFormats

/// Writes the wireframes of a point in time as JSON files at their relative paths, with a
/// manifest of content hashes; importing the folder again gives the same hashes.
///
/// Nothing is written outside the output folder, whatever the store holds: a document path that
/// could lead out of it (`..`, absolute, empty or `.` components) is refused before anything is
/// written, every folder below the output folder is opened from its parent without following a
/// symbolic link, a link where a file goes is refused, and so is an output folder that is the
/// project root or contains it (the stored heads would overwrite the files being edited).
public struct Exporter: Sendable {
    /// The manifest's file name in the output folder (which imports pass by).
    public static let manifestName = ProjectFiles.exportManifestName

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
        /// A Swift scaffold per document (``SwiftScaffold``).
        case swift
    }

    /// The revisions of a state at `time`, each under the path its document had then: a document
    /// renamed since had the path its first rename after the revision left. At any time a path
    /// is one document's, so no two revisions share a path.
    static func underPathsThen(_ revisions: [Revision], store: any Store, at time: Timestamp) throws -> [Revision] {
        var filter = LogFilter(since: time)
        filter.includesFields = false
        // Each document's renames, by its path now, in the order they were made.
        var renames: [String: [Revision]] = [:]
        for entry in try store.log(filter).reversed() where entry.revision.previousPath != nil {
            renames[entry.revision.documentPath, default: []].append(entry.revision)
        }
        guard !renames.isEmpty else { return revisions }
        return revisions.map { revision in
            guard let rename = renames[revision.documentPath]?.first(where: { $0.number > revision.number }),
                let previousPath = rename.previousPath
            else { return revision }
            var then = revision
            then.documentPath = previousPath
            return then
        }
    }

    /// Why a document path is unsafe to write below a folder (it could name a file outside it,
    /// or no file), or nil when it is a plain relative path.
    public static func unsafety(ofDocumentPath path: String) -> String? {
        if path.isEmpty { return "it is empty" }
        if path.hasPrefix("/") { return "it is absolute" }
        if path.utf8.contains(0) { return "it contains a NUL byte" }
        for component in path.split(separator: "/", omittingEmptySubsequences: false) {
            if component.isEmpty { return "it has an empty folder name" }
            if component == "." || component == ".." { return "it has a '\(component)' folder" }
        }
        return nil
    }

    /// Exports the live documents at a point (optionally one document) into `output`, which must
    /// be neither `projectRoot` nor a folder that contains it, and must be empty or missing unless
    /// `replacing`: then the files an earlier export wrote there (its manifest says which) that
    /// this one does not write are removed, and nothing else is.
    public func export(
        at point: History.Point, documentPath: String?, to output: String, projectRoot: String? = nil, format: Format = .json,
        replacing: Bool = false
    ) throws -> Manifest {
        let time = try history.time(of: point)
        var revisions = try history.store.state(atOrBefore: time).filter { !$0.isDeletion }
        if let documentPath {
            revisions = revisions.filter { $0.documentPath == documentPath }
            if revisions.isEmpty {
                throw StoreError.noRevision(path: documentPath, at: time?.text ?? "now")
            }
        }
        if let time { revisions = try Self.underPathsThen(revisions, store: history.store, at: time) }
        // Every path is checked before the first file is written: a refused export writes nothing.
        for revision in revisions {
            if let unsafety = Self.unsafety(ofDocumentPath: revision.documentPath) {
                throw SyncError.cannotWrite(
                    path: output,
                    reason:
                        "the document path '\(revision.documentPath.escapingControlCharacters)' is unsafe (\(unsafety)); 'wfs verify' reports such paths"
                )
            }
        }
        if let projectRoot, let resolvedOutput = Self.realPath(output), let resolvedRoot = Self.realPath(projectRoot),
            ProjectFiles.isAtOrBelow(resolvedRoot, folder: resolvedOutput)
        {
            throw SyncError.cannotWrite(
                path: output,
                reason:
                    "it is the project root '\(projectRoot)' or contains it; export into another folder, or the stored heads would overwrite the project's files"
            )
        }
        let earlierFiles = try Self.filesOfEarlierExport(in: output, replacing: replacing)
        let folder = try ConfinedFolder(path: output, writer: "export", folderName: "the output folder")
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
                try folder.write(writer.prettyText(wireframe), to: file)
            case .xml:
                guard let xml = try history.workflowSchemaText(of: revision) else { continue }
                file = revision.documentPath
                try folder.write(xml, to: file)
            case .swift:
                guard let wireframe = try history.wireframe(of: revision) else { continue }
                file = SwiftScaffold.fileName(forDocument: revision.documentPath)
                let origin = SwiftScaffold.Origin(document: revision.documentPath, revision: revision.id, contentHash: contentHash)
                try folder.write(SwiftScaffold().text(of: wireframe, origin: origin), to: file)
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
        try folder.write(String(decoding: try encoder.encode(manifest), as: UTF8.self) + "\n", to: Self.manifestName)
        let written = Set(entries.map(\.file))
        for file in earlierFiles where !written.contains(file) { try folder.remove(file) }
        return manifest
    }

    /// The files the export in `output` wrote, by its manifest (none when there is none, or it is
    /// not one), when `replacing` it; a folder that is not empty is refused otherwise, so that an
    /// export never mixes its files with others unasked.
    static func filesOfEarlierExport(in output: String, replacing: Bool) throws -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: output), !names.isEmpty else { return [] }
        guard replacing else {
            throw SyncError.cannotWrite(
                path: output,
                reason:
                    "it is not empty; export into an empty folder, or use --force to write over an earlier export there (the files of it that this export does not hold are removed; nothing else is)"
            )
        }
        guard let data = FileManager.default.contents(atPath: output + "/" + manifestName),
            let earlier = try? JSONDecoder().decode(Manifest.self, from: data)
        else { return [] }
        // A manifest is a file like any other in the folder: a path in it that could lead out of
        // the folder is never removed.
        return earlier.documents.map(\.file).filter { unsafety(ofDocumentPath: $0) == nil && $0 != manifestName }
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
