public import WireframeModel
public import WireframeFormats

/// What validating one file found.
public struct FileReport: Sendable {
    /// The path as the person gave it (or as found below a folder they gave).
    public var path: String
    /// Reader and rule findings, in source order.
    public var diagnostics: [Diagnostic]
    /// The wireframe, when the file could be read as one.
    public var wireframe: Wireframe?

    /// Creates a report.
    public init(path: String, diagnostics: [Diagnostic], wireframe: Wireframe?) {
        self.path = path
        self.diagnostics = diagnostics
        self.wireframe = wireframe
    }
}

/// Reads a file and runs every rule on it: what `wfs validate` does for each file.
public struct FileValidation: Sendable {
    /// The reader.
    public var reader: DocumentReader
    /// The rules.
    public var validator: Validator

    /// Creates a file validation.
    public init(reader: DocumentReader = DocumentReader(), validator: Validator = Validator()) {
        self.reader = reader
        self.validator = validator
    }

    /// Reads and validates the file at `path`.
    public func validate(path: String) -> FileReport {
        report(path: path, reader.read(path: path))
    }

    /// Validates bytes as if read from `path`.
    public func validate(bytes: [UInt8], path: String) -> FileReport {
        report(path: path, reader.read(bytes: bytes, path: path))
    }

    private func report(path: String, _ result: DocumentReadResult) -> FileReport {
        var diagnostics = result.diagnostics
        if let wireframe = result.wireframe {
            diagnostics += validator.validate(wireframe)
            diagnostics.sort(by: Diagnostic.sourceOrder)
        }
        return FileReport(path: path, diagnostics: diagnostics, wireframe: result.wireframe)
    }
}
