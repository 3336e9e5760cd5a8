import Foundation
public import WireframeStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What each document's file in a clone is based on: the stored revision the file last agreed
/// with, after an import stored it or found it unchanged, a merge or a sync wrote it, or the
/// daemon saved it. A save whose base is older than the head was made on a file that other
/// writers' work has moved past, and is merged with that work (``ImportPipeline``) instead of
/// replacing it.
///
/// Kept in the clone's `.wfs/bases.json`, one object: by document path, the revision's id and
/// content hash. A record is taken only where the store has that revision of that document with
/// that content, so a clone moved, copied or pointed at another store falls back as one without
/// a record does, instead of merging with a revision of something else. It is read and
/// written under an exclusive `flock` of `.wfs/bases.lock` (the CLI and the daemon of one clone
/// both write it) and replaced whole through a temporary file and a rename, so that a crash
/// leaves the old record or the new one. It is not synced to disk: after a power loss an old
/// base makes the next save merge with work it already holds, which changes nothing, and a
/// missing one falls back to the revision whose content the file has.
public final class CloneBases: @unchecked Sendable {
    /// The record on disk.
    struct Record: Codable, Equatable {
        var documents: [String: Base]
    }

    /// What one file is based on.
    public struct Base: Codable, Equatable, Sendable {
        /// The revision's id.
        public var revision: Int64
        /// Its content hash.
        public var content: String
        /// The SHA-256 of its exact source: a file with these bytes has no edits here (nil in a
        /// record written without it; the store is asked then).
        public var source: String?

        /// Creates a base.
        public init(revision: Int64, content: String, source: String? = nil) {
            self.revision = revision
            self.content = content
            self.source = source
        }

        /// The base of a stored revision (nil for a deletion, which no file is based on).
        public init?(_ revision: Revision) {
            guard let content = revision.contentHash else { return nil }
            self.init(revision: revision.id, content: content, source: revision.sourceHash)
        }
    }

    /// The clone's root.
    public let root: String
    private let lock = NSLock()
    /// The record as last read or written, and the identity of the file it was read from
    /// (device, inode, size, change time): read again only when another process replaced it.
    private var cached: (record: Record, identity: [Int])?

    /// The record's folder and files.
    var folder: String { root == "/" ? "/.wfs" : root + "/.wfs" }
    var path: String { folder + "/bases.json" }
    var lockPath: String { folder + "/bases.lock" }

    /// The bases of the clone at `root`.
    public init(root: String) {
        self.root = root
    }

    /// The revision the file of `document` is based on; nil when the clone has no record of it.
    public func base(of document: String) -> Base? {
        lock.withLock { current().documents[document] }
    }

    /// Records what files are now based on (nil: the document is gone from the clone).
    ///
    /// - Throws: ``SyncError/cannotWrite(path:reason:)`` when the record cannot be written; the
    ///   store's revisions are written by then, and the next save falls back as for a clone
    ///   without a record.
    public func record(_ bases: [String: Base?]) throws {
        guard !bases.isEmpty else { return }
        try lock.withLock {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw SyncError.cannotWrite(path: lockPath, reason: String(cString: strerror(errno))) }
            defer { close(descriptor) }
            while flock(descriptor, LOCK_EX) != 0 {
                guard errno == EINTR else { throw SyncError.cannotWrite(path: lockPath, reason: String(cString: strerror(errno))) }
            }
            defer { flock(descriptor, LOCK_UN) }
            cached = nil
            var record = current()
            for (document, base) in bases { record.documents[document] = base }
            guard record != cached?.record else { return }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            var data = try encoder.encode(record)
            data.append(0x0A)
            let temporary = path + ".\(getpid()).tmp"
            guard DaemonStatus.writeUnsynced(data, to: temporary), rename(temporary, path) == 0 else {
                let code = errno
                unlink(temporary)
                throw SyncError.cannotWrite(path: path, reason: String(cString: strerror(code)))
            }
            cached = (record, Self.identity(of: path) ?? [])
        }
    }

    /// The record as the file holds it now (empty when missing or unreadable).
    private func current() -> Record {
        let identity = Self.identity(of: path)
        if let cached, cached.identity == identity { return cached.record }
        let empty = Record(documents: [:])
        guard let identity, let data = FileManager.default.contents(atPath: path),
            let read = try? JSONDecoder().decode(Record.self, from: data)
        else {
            cached = (empty, identity ?? [])
            return empty
        }
        cached = (read, identity)
        return read
    }

    /// What tells one version of the file from another without reading it.
    static func identity(of path: String) -> [Int]? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return [
            Int(status.st_dev), Int(status.st_ino), Int(status.st_size), Int(status.st_ctim.tv_sec), Int(status.st_ctim.tv_nsec),
        ]
    }
}
