#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
public import WireframeModel

#if canImport(Glibc)
    private let systemRead = Glibc.read
#elseif canImport(Darwin)
    private let systemRead = Darwin.read
#endif

/// What reading one file gave: the wireframe (when the file could be read as one), diagnostics, and the bytes.
public struct DocumentReadResult: Sendable {
    /// The wireframe; nil when the file is not a readable document of its format.
    public var wireframe: Wireframe?
    /// What the reader found, in source order.
    public var diagnostics: [Diagnostic]
    /// The exact bytes that were read (empty when the file could not be read).
    public var bytes: [UInt8]

    /// Creates a result.
    public init(wireframe: Wireframe?, diagnostics: [Diagnostic], bytes: [UInt8]) {
        self.wireframe = wireframe
        self.diagnostics = diagnostics
        self.bytes = bytes
    }
}

/// The formats a document can be in, by file extension.
public enum DocumentFormat: String, Sendable, CaseIterable {
    /// `.json`: the JSON wireframe format.
    case json
    /// `.xml`: WorkflowSchema XML.
    case workflowSchema = "xml"

    /// The format of a path, from its extension; nil for other files.
    public init?(path: String) {
        let lowered = path.lowercased()
        if lowered.hasSuffix(".json") {
            self = .json
        } else if lowered.hasSuffix(".xml") {
            self = .workflowSchema
        } else {
            return nil
        }
    }
}

/// Reads a wireframe file of either format, with a size limit, without blocking on special files.
public struct DocumentReader: Sendable {
    /// The largest file accepted, in bytes.
    public var maximumFileSize: Int

    /// Creates a reader.
    public init(maximumFileSize: Int = 16 << 20) {
        self.maximumFileSize = maximumFileSize
    }

    /// Reads the file at `path`; diagnostics name no path (the caller prints `displayPath`).
    public func read(path: String, displayPath: String? = nil) -> DocumentReadResult {
        switch loadBytes(path: path) {
        case .success(let bytes):
            return read(bytes: bytes, path: path)
        case .failure(let failure):
            return DocumentReadResult(wireframe: nil, diagnostics: [failure.diagnostic], bytes: [])
        }
    }

    /// Reads bytes as the format the path's extension names (JSON when it names none).
    public func read(bytes: [UInt8], path: String) -> DocumentReadResult {
        if bytes.count > maximumFileSize {
            return DocumentReadResult(wireframe: nil, diagnostics: [tooLarge(bytes.count)], bytes: bytes)
        }
        switch DocumentFormat(path: path) ?? .json {
        case .json:
            let (wireframe, diagnostics) = JSONWireframeReader().read(bytes)
            return DocumentReadResult(wireframe: wireframe, diagnostics: diagnostics, bytes: bytes)
        case .workflowSchema:
            let (wireframe, diagnostics) = WorkflowSchemaReader().read(bytes, path: path)
            return DocumentReadResult(wireframe: wireframe, diagnostics: diagnostics, bytes: bytes)
        }
    }

    func tooLarge(_ size: Int) -> Diagnostic {
        Diagnostic(
            .error, FormatCodes.fileTooLarge,
            "the file is \(size) bytes; wireframes larger than \(maximumFileSize) bytes are refused", at: .start)
    }

    /// Reads the bytes of a regular file with `open(O_NONBLOCK)` + `fstat`, so that a FIFO or
    /// device never blocks, refusing files above ``maximumFileSize``.
    public func loadBytes(path: String) -> Result<[UInt8], DocumentLoadFailure> {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            return .failure(unreadable("cannot open the file: \(String(cString: strerror(errno)))"))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            return .failure(unreadable("cannot inspect the file: \(String(cString: strerror(errno)))"))
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            let what = (status.st_mode & S_IFMT) == S_IFDIR ? "a directory" : "not a regular file"
            return .failure(unreadable("the path is \(what)"))
        }
        let size = Int(status.st_size)
        if size > maximumFileSize { return .failure(DocumentLoadFailure(diagnostic: tooLarge(size))) }
        // Read into memory that is not zeroed first (a pass over the whole file's size): only
        // the bytes read count as the array's.
        var failure: DocumentLoadFailure?
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            var total = 0
            while total < size {
                let count = systemRead(descriptor, buffer.baseAddress.map { $0 + total }, size - total)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = unreadable("cannot read the file: \(String(cString: strerror(errno)))")
                    break
                }
                if count == 0 { break }
                total += count
            }
            initialized = total
        }
        if let failure { return .failure(failure) }
        return .success(bytes)
    }

    private func unreadable(_ message: String) -> DocumentLoadFailure {
        DocumentLoadFailure(diagnostic: Diagnostic(.error, FormatCodes.unreadable, message, at: .start))
    }
}

/// Why a file's bytes could not be loaded: a diagnostic at the file's start (unreadable or too large).
public struct DocumentLoadFailure: Error, Sendable {
    /// The diagnostic to report.
    public var diagnostic: Diagnostic

    /// Creates a failure that `diagnostic` reports.
    public init(diagnostic: Diagnostic) {
        self.diagnostic = diagnostic
    }
}
