import WireframeModel
import WireframeStore
import WireframeAnalysis
import WireframeFormats

/// Checks a store from the bottom up: SQLite's integrity, every document path safe to write,
/// every stored hash recomputed, every revision's source rebuilt and read again.
public struct Verifier: Sendable {
    /// What the check found.
    public struct Report: Sendable, Hashable {
        /// Every problem, one sentence each; empty for a sound store.
        public var problems: [String] = []
        /// Revisions checked.
        public var revisions = 0
        /// Screen versions checked.
        public var screenVersions = 0
    }

    /// The history checked.
    public var history: History

    /// Creates a verifier.
    public init(history: History) { self.history = history }

    /// Runs every check.
    public func run() throws -> Report {
        let store = history.store
        var report = Report()
        report.problems += try store.storageProblems()
        // A path that could name a file outside the project (or an export folder) is damage or
        // an attack: no import makes one.
        for path in try store.documentPaths() {
            if let unsafety = Exporter.unsafety(ofDocumentPath: path) {
                report.problems.append("document '\(path.escapingControlCharacters)': its path is unsafe (\(unsafety)); export refuses it")
            }
        }
        // A version keeps the first bytes of its hash: the hash of its JSON must
        // begin with them (the whole hash, wherever it is shown, is computed from that JSON).
        try store.forEachScreenVersion { id, hashPrefix, content in
            report.screenVersions += 1
            let hash = ContentHash.hex(of: content)
            if !hash.hasPrefix(hashPrefix) {
                report.problems.append("screen version \(id) (\(hash)) does not hash to its key \(hashPrefix)")
            }
        }
        let writer = JSONWireframeWriter()
        for revision in try store.allRevisions() {
            report.revisions += 1
            if revision.isDeletion {
                if try !store.screenHashes(revisionId: revision.id).isEmpty {
                    report.problems.append(
                        "revision \(revision.id) (\(revision.documentPath.escapingControlCharacters)) is a deletion but has screens")
                }
                continue
            }
            let source: [UInt8]
            do {
                source = try store.source(revisionId: revision.id)
            } catch let error as StoreError {
                report.problems.append(error.description)
                continue
            }
            if ContentHash.hex(of: source) != revision.sourceHash {
                report.problems.append(
                    "revision \(revision.id) (\(revision.documentPath.escapingControlCharacters)): the rebuilt source does not match its hash"
                )
                continue
            }
            guard let wireframe = DocumentReader().read(bytes: source, path: revision.documentPath).wireframe else {
                report.problems.append(
                    "revision \(revision.id) (\(revision.documentPath.escapingControlCharacters)): the source no longer reads as a wireframe"
                )
                continue
            }
            let canonical = CanonicalForm.canonicalize(wireframe)
            if ContentHash.hex(of: writer.canonicalBytes(canonical)) != revision.contentHash {
                report.problems.append(
                    "revision \(revision.id) (\(revision.documentPath.escapingControlCharacters)): the content hash does not match the source"
                )
            }
            var expected: [String: String] = [:]
            for screen in canonical.screens { expected[screen.key] = ContentHash.hex(of: writer.canonicalBytes(screen: screen)) }
            if try store.screenHashes(revisionId: revision.id) != expected {
                report.problems.append(
                    "revision \(revision.id) (\(revision.documentPath.escapingControlCharacters)): its stored screens do not match its source"
                )
            }
        }
        return report
    }
}
