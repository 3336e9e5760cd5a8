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
    /// The WorkflowSchema files read so far, each once however many files load it: a validation
    /// is one pass over files that do not change meanwhile.
    public var schemaFiles = WorkflowSchemaFiles()

    /// Creates a file validation.
    public init(reader: DocumentReader = DocumentReader(), validator: Validator = Validator()) {
        self.reader = reader
        self.validator = validator
    }

    /// Reads and validates the file at `path`.
    public func validate(path: String) -> FileReport {
        report(path: path, reader.read(path: path))
    }

    /// Reads and validates a file; a WorkflowSchema file is read with the files it loads.
    ///
    /// `projectRoot` bounds `loadSchema` paths (nil: the file's folder). The entry's report comes
    /// first; a report for each loaded file follows unless `skipping` names it (it is validated
    /// on its own). Paths in reports are `projectRoot`-joined, as a person would type them.
    public func validate(path: String, projectRoot: String?, skipping: Set<String> = []) -> [FileReport] {
        guard DocumentFormat(path: path) == .workflowSchema else { return [validate(path: path)] }
        let root = projectRoot ?? Self.folder(of: path)
        let relative = Self.relative(path, to: root)
        let project = WorkflowSchemaReader().read(fileAt: relative, projectRoot: root, files: schemaFiles)
        var reports: [FileReport] = []
        for (position, file) in project.files.enumerated() {
            let display = Self.join(root, file.path)
            if position > 0, skipping.contains(display) { continue }
            let diagnostics = project.diagnostics.filter { $0.path == file.path }.map { diagnostic in
                var local = diagnostic
                local.path = nil
                local.notes = local.notes.map { note in
                    var mapped = note
                    mapped.path = note.path.map { Self.join(root, $0) }
                    return mapped
                }
                return local
            }
            reports.append(
                FileReport(
                    path: display, diagnostics: validator.findings(read: diagnostics, wireframe: file.wireframe), wireframe: file.wireframe)
            )
        }
        if reports.isEmpty {
            reports.append(
                FileReport(
                    path: path,
                    diagnostics: validator.findings(
                        read: project.diagnostics.map { diagnostic in
                            var local = diagnostic
                            local.path = nil
                            return local
                        }, wireframe: nil), wireframe: nil))
        }
        return reports
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func relative(_ path: String, to root: String) -> String {
        if root == "." { return path }
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    static func join(_ root: String, _ relative: String) -> String {
        if root == "." { return relative }
        return root.hasSuffix("/") ? root + relative : root + "/" + relative
    }

    /// Validates bytes as if read from `path`.
    public func validate(bytes: [UInt8], path: String) -> FileReport {
        report(path: path, reader.read(bytes: bytes, path: path))
    }

    private func report(path: String, _ result: DocumentReadResult) -> FileReport {
        FileReport(
            path: path, diagnostics: validator.findings(read: result.diagnostics, wireframe: result.wireframe), wireframe: result.wireframe)
    }
}
