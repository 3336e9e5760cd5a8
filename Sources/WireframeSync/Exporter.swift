import Foundation
#if canImport(Glibc)
    import Glibc
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    import Darwin
    private let systemWrite = Darwin.write
#endif
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
        let folder = try OutputFolder(path: output)
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

/// The output folder of an export, held open: files are written below it by descriptor, each
/// folder opened from its parent with `O_NOFOLLOW`, so that no link (made before the export or
/// during it) leads a write outside it.
private final class OutputFolder {
    let path: String
    private let descriptor: Int32

    /// Opens `path`, made first if missing (the folder itself is the user's choice: a link to it
    /// is followed).
    init(path: String) throws {
        self.path = path
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw SyncError.cannotWrite(path: path, reason: error.localizedDescription)
        }
        descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw SyncError.cannotWrite(path: path, reason: String(cString: strerror(errno))) }
    }

    deinit { close(descriptor) }

    /// Writes `text` at `relative` (a path ``Exporter/unsafety(ofDocumentPath:)`` accepts), making
    /// its folders, atomically: a temporary file beside it is renamed into place.
    func write(_ text: String, to relative: String) throws {
        let shown = path + "/" + relative
        func failure(_ reason: String) -> SyncError { .cannotWrite(path: shown, reason: reason) }
        var components = relative.split(separator: "/").map(String.init)
        guard let name = components.popLast() else { throw failure("no file name") }
        let folders = try openFolders(components, creating: true, failure: failure)
        defer { for folder in folders { close(folder) } }
        let folder = folders[folders.count - 1]
        var status = stat()
        if fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0, status.st_mode & S_IFMT == S_IFLNK {
            throw failure("it is a symbolic link; export writes only inside the output folder")
        }
        // Short, whatever the name's length; files are written one at a time.
        let temporary = ".wfs-export-\(getpid()).tmp"
        let file = openat(folder, temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o666)
        guard file >= 0 else { throw failure(String(cString: strerror(errno))) }
        var written = true
        var code: Int32 = 0
        var bytes = text
        bytes.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = systemWrite(file, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    code = errno
                    written = false
                    return
                }
                offset += count
            }
        }
        if close(file) != 0 && written {
            code = errno
            written = false
        }
        guard written, renameat(folder, temporary, folder, name) == 0 else {
            if written { code = errno }
            unlinkat(folder, temporary, 0)
            throw failure(String(cString: strerror(code)))
        }
    }

    /// Removes the regular file at `relative` (a path ``Exporter/unsafety(ofDocumentPath:)``
    /// accepts), then each folder on its way that this leaves empty; a missing file, a link or a
    /// folder where the file was are left as they are.
    func remove(_ relative: String) throws {
        func failure(_ reason: String) -> SyncError { .cannotWrite(path: path + "/" + relative, reason: reason) }
        var components = relative.split(separator: "/").map(String.init)
        guard let name = components.popLast() else { return }
        let folders: [Int32]
        do { folders = try openFolders(components, creating: false, failure: failure) } catch { return }
        defer { for folder in folders { close(folder) } }
        var status = stat()
        guard fstatat(folders[folders.count - 1], name, &status, AT_SYMLINK_NOFOLLOW) == 0, status.st_mode & S_IFMT == S_IFREG else {
            return
        }
        guard unlinkat(folders[folders.count - 1], name, 0) == 0 else { throw failure(String(cString: strerror(errno))) }
        // Fails, and stops, at the first folder that still holds something.
        for index in components.indices.reversed() where unlinkat(folders[index], components[index], AT_REMOVEDIR) != 0 { break }
    }

    /// Descriptors of the output folder and of each folder of `components` below it, each opened
    /// from its parent without following a symbolic link (and made first when `creating`).
    private func openFolders(_ components: [String], creating: Bool, failure: (String) -> SyncError) throws -> [Int32] {
        var folders: [Int32] = []
        func fail(_ reason: String) -> SyncError {
            for folder in folders { close(folder) }
            return failure(reason)
        }
        let top = dup(descriptor)
        guard top >= 0 else { throw failure(String(cString: strerror(errno))) }
        folders.append(top)
        for (index, component) in components.enumerated() {
            if creating, mkdirat(folders[index], component, 0o777) != 0, errno != EEXIST { throw fail(String(cString: strerror(errno))) }
            let next = openat(folders[index], component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard next >= 0 else {
                let code = errno
                let within = components[...index].joined(separator: "/")
                throw fail(
                    code == ELOOP || code == ENOTDIR
                        ? "'\(within)' in the output folder is a symbolic link or not a folder; export writes only inside the output folder"
                        : String(cString: strerror(code)))
            }
            folders.append(next)
        }
        return folders
    }
}
