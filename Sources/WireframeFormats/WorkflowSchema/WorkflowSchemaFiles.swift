import Synchronization
import WireframeModel

/// The WorkflowSchema files read during one pass (a `wfs validate` or `wfs import`, a catch-up,
/// the re-imports after a loaded file changed): each loaded file is read and parsed once and
/// shared by every entry that loads it, so that a chain of N files costs N reads, not N²/2.
///
/// A pass must end (its instance dropped) once files may have changed: what is kept is what the
/// files held when first read. An entry read with its own bytes is parsed again when they differ.
public final class WorkflowSchemaFiles: Sendable {
    /// What reading one file gives, whichever entry loads it.
    struct File: Sendable {
        /// The bytes read, to tell whether an entry's bytes read later are still these; nil when
        /// the file could not be read.
        var bytes: [UInt8]?
        var isEntry: Bool
        var wireframe: Wireframe?
        var diagnostics: [Diagnostic]
        var loads: [SchemaLoad]
        var rootTag: String?
        var appMessages: [WorkflowSchemaAppMessage]
        /// The file's findings about its own load paths (missing, outside the root).
        var loadDiagnostics: [Diagnostic]
        /// Load path as written → the existing file inside the root it names.
        var resolved: [String: String]
        /// Every file inside the root that it loads, whether it exists or not.
        var targets: Set<String>
    }

    private let files = Mutex<[String: File]>([:])
    private let reads = Atomic<Int>(0)
    /// Where loaded files are read from; nil: the disk below the project root.
    let source: (any WorkflowSchemaFileSource)?

    /// Creates an empty set of files, for one pass whose loaded files are read from `source`
    /// (nil: from the disk below the project root).
    public init(source: (any WorkflowSchemaFileSource)? = nil) {
        self.source = source
    }

    /// How many files were read and parsed during the pass.
    public var readCount: Int { reads.load(ordering: .relaxed) }

    func countRead() { reads.add(1, ordering: .relaxed) }

    func file(root: String, path: String) -> File? {
        files.withLock { $0[root + "\n" + path] }
    }

    func keep(_ file: File, root: String, path: String) {
        files.withLock { $0[root + "\n" + path] = file }
    }
}
