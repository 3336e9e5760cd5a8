import Foundation
public import WireframeModel

/// An entry file and every file its `loadSchema` actions load, transitively.
public struct WorkflowSchemaProject: Sendable {
    /// One file of the project.
    public struct File: Sendable {
        /// The path relative to the project root.
        public var path: String
        /// The file's own wireframe (keys unprefixed); nil when it could not be read.
        public var wireframe: Wireframe?
        /// The file's diagnostics (without `path`; they are about this file).
        public var diagnostics: [Diagnostic]
        /// The messages that reach the app's root delegate from this file (spec M07).
        public var appMessages: [WorkflowSchemaAppMessage] = []
    }

    /// The project root, as given.
    public var projectRoot: String
    /// The files: the entry first, then loaded files in the order they are first loaded.
    public var files: [File]
    /// Every diagnostic of every file, each with `path` set to the file's relative path, in order.
    public var diagnostics: [Diagnostic]
    /// All files in one wireframe: the entry's screens keep their keys, the screens of a loaded file
    /// are keyed `path#key`, and loaded-root references (`keyPath="schema"`, bare controller
    /// actions) point at the loaded file's root key. Nil when the entry cannot be read.
    ///
    /// Built when asked for: an import or a validation does not need it, and building it for
    /// every entry of a long chain would cost the square of its length.
    public var merged: Wireframe? {
        mergeParts.flatMap { WorkflowSchemaReader.merge(order: $0.order, loaded: $0.loaded, resolved: $0.resolved, entry: $0.entry) }
    }
    /// What `merged` is built from.
    var mergeParts: MergeParts?
    /// Every file inside the project root that some file of the project loads, whether it exists
    /// or not (relative paths): when one of them changes, appears or goes, the entry's verdict may change.
    public var loadTargets: Set<String> = []
}

extension WorkflowSchemaProject {
    struct MergeParts: Sendable {
        var order: [String]
        var loaded: [String: Wireframe?]
        var resolved: [String: [String: String]]
        var entry: String
    }
}

/// Cross-file diagnostic codes (spec §5.7).
enum CrossFileCodes {
    /// L01: a loadSchema path that does not resolve (warning), or that leaves the project root (error).
    static let unresolved: DiagnosticCode = "WF1601"
    /// L02: the loaded file has errors.
    static let loadedFileErrors: DiagnosticCode = "WF1602"
    /// L03: the loaded root does not fit how it is used.
    static let incompatibleRoot: DiagnosticCode = "WF1603"

    static let definitions = [
        DiagnosticDefinition(
            unresolved, [.warning, .error], "load path missing (warning) / leaving the project root (error)", check: "L01"),
        DiagnosticDefinition(
            loadedFileErrors, [.error], "loaded file has errors (at the load site; the file's own errors carry its path)", check: "L02"),
        DiagnosticDefinition(
            incompatibleRoot, [.error], "loaded root not a controller, or not the class a `keyPath=\"schema\"` proxy names", check: "L03"),
    ]

    static func missingMessage(_ path: String) -> String { "loaded file '\(path)' does not exist" }
    static func outsideMessage(_ path: String) -> String { "loaded path '\(path)' leaves the project root" }
    static func linkOutsideMessage(_ path: String, target: String) -> String {
        "loaded path '\(path)' is a symbolic link to '\(target)', outside the project root"
    }
    static func entryOutsideMessage(_ path: String) -> String { "file '\(path)' is not inside the project root" }
    static func errorsMessage(_ path: String, count: Int) -> String {
        "loaded file '\(path)' has \(count) error\(count == 1 ? "" : "s")"
    }
    static func notControllerMessage(_ path: String, root: String) -> String {
        "loaded file '\(path)' has root '\(root)', which is not a controller"
    }
    static func classMessage(_ path: String, root: String, expected: String) -> String {
        "loaded file '\(path)' has root '\(root)', but '\(expected)' is expected here"
    }
}

extension WorkflowSchemaReader {
    /// Reads an entry file and, transitively, the files its `loadSchema` actions load.
    ///
    /// Load paths resolve relative to the loading file's directory. A path that does not exist is
    /// a warning (WF1601; the corpus loads `there_is_no_screen3.xml` on purpose); a path that
    /// leaves `projectRoot` is an error with the same code and is not read. A loaded file with
    /// errors gives WF1602 at the load site; a loaded root that does not fit (not a controller, or
    /// not the class a `keyPath="schema"` proxy names) gives WF1603.
    ///
    /// Files are loaded with `reader`'s size limit and never block on special files; `entryBytes`,
    /// when given, are the entry's bytes already read by the caller. With `files`, a file already
    /// read during the same pass is not read again (see ``WorkflowSchemaFiles``).
    public func read(
        fileAt path: String, projectRoot: String, entryBytes: [UInt8]? = nil, reader: DocumentReader = DocumentReader(),
        files: WorkflowSchemaFiles? = nil
    ) -> WorkflowSchemaProject {
        let rootPath =
            WorkflowSchemaPaths.normalise(URL(fileURLWithPath: projectRoot).standardizedFileURL.path, relativeTo: "") ?? projectRoot
        let absoluteEntry = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: rootPath)).standardizedFileURL.path
        var project = WorkflowSchemaProject(projectRoot: projectRoot, files: [], diagnostics: [])
        guard let entry = Self.relative(absoluteEntry, to: rootPath) else {
            project.diagnostics.append(
                Diagnostic(.error, CrossFileCodes.unresolved, CrossFileCodes.entryOutsideMessage(path), at: .start, path: path))
            return project
        }

        var loaded: [String: WorkflowSchemaFiles.File] = [:]
        var order: [String] = []
        var queue = [entry]
        var queued: Set<String> = [entry]
        var extra: [String: [Diagnostic]] = [:]
        var resolvedTargets: [String: [String: String]] = [:]  // file → raw load path → resolved relative path

        // Breadth first, each file once; a queue read by index, so that a long chain is linear.
        var next = 0
        while next < queue.count {
            // An import that must stop (see `WorkBudget`) drops this read: nothing of it is kept.
            if WorkBudget.shouldStop() { break }
            let file = queue[next]
            next += 1
            order.append(file)
            let isEntry = entryIsAppRoot && file == entry
            let given = file == entry ? entryBytes : nil
            let info: WorkflowSchemaFiles.File
            let kept = files?.file(root: rootPath, path: file)
            if let kept, kept.isEntry == isEntry, given == nil || kept.bytes == given {
                info = kept
            } else {
                info = readFile(file, rootPath: rootPath, bytes: given, isEntry: isEntry, reader: reader, source: files?.source)
                files?.countRead()
                if WorkBudget.shouldStop() { break }
                // A loaded file is kept for the other files that load it; an entry only replaces
                // what the pass knew of it (a file loaded by nothing is not held in memory).
                if file != entry || kept != nil { files?.keep(info, root: rootPath, path: file) }
            }
            loaded[file] = info
            project.loadTargets.formUnion(info.targets)
            if !info.loadDiagnostics.isEmpty { extra[file] = info.loadDiagnostics }
            guard !info.resolved.isEmpty else { continue }
            resolvedTargets[file] = info.resolved
            for load in info.loads {
                if let target = info.resolved[load.path], queued.insert(target).inserted { queue.append(target) }
            }
        }

        // Checks at the load sites, once every file is read.
        for file in order {
            guard let info = loaded[file] else { continue }
            for load in info.loads {
                guard let target = resolvedTargets[file]?[load.path], let targetInfo = loaded[target] else { continue }
                let errors = targetInfo.diagnostics.count(of: .error)
                if errors > 0 {
                    extra[file, default: []].append(
                        Diagnostic(
                            .error, CrossFileCodes.loadedFileErrors, CrossFileCodes.errorsMessage(load.path, count: errors),
                            at: load.location))
                }
                guard let rootTag = targetInfo.rootTag else { continue }
                if TagRegistry.definition(of: rootTag).map({ !$0.schemaClass.isController }) ?? true {
                    extra[file, default: []].append(
                        Diagnostic(
                            .error, CrossFileCodes.incompatibleRoot, CrossFileCodes.notControllerMessage(load.path, root: rootTag),
                            at: load.location))
                    continue
                }
                for expected in load.expectedTags where expected.tag != rootTag {
                    extra[file, default: []].append(
                        Diagnostic(
                            .error, CrossFileCodes.incompatibleRoot,
                            CrossFileCodes.classMessage(load.path, root: rootTag, expected: expected.tag), at: expected.location))
                }
            }
        }

        LoadCycleCheck.run(order: order, loads: loaded.mapValues(\.loads), resolved: resolvedTargets, into: &extra)

        for file in order {
            guard let info = loaded[file] else { continue }
            let diagnostics = (info.diagnostics + (extra[file] ?? [])).sorted(by: Diagnostic.sourceOrder)
            project.files.append(
                WorkflowSchemaProject.File(
                    path: file, wireframe: info.wireframe, diagnostics: diagnostics, appMessages: info.appMessages))
            project.diagnostics += diagnostics.map {
                var copy = $0
                copy.path = file
                return copy
            }
        }
        project.mergeParts = WorkflowSchemaProject.MergeParts(
            order: order, loaded: loaded.mapValues(\.wireframe), resolved: resolvedTargets, entry: entry)
        return project
    }

    /// Reads and parses one file of a project and resolves its load paths against the root.
    private func readFile(
        _ file: String, rootPath: String, bytes given: [UInt8]?, isEntry: Bool, reader: DocumentReader,
        source: (any WorkflowSchemaFileSource)?
    ) -> WorkflowSchemaFiles.File {
        let bytes: [UInt8]
        if let given {
            bytes = given
        } else {
            switch source.map({ Self.loadBytes(from: $0, path: file, reader: reader) }) ?? reader.loadBytes(path: rootPath + "/" + file) {
            case .success(let loadedBytes):
                bytes = loadedBytes
            case .failure(let failure):
                return WorkflowSchemaFiles.File(
                    bytes: nil, isEntry: isEntry, wireframe: nil, diagnostics: [failure.diagnostic], loads: [], rootTag: nil,
                    appMessages: [], loadDiagnostics: [], resolved: [:], targets: [])
            }
        }
        let result = readDetailed(bytes, path: file, isEntry: isEntry)
        var info = WorkflowSchemaFiles.File(
            bytes: bytes, isEntry: isEntry, wireframe: result.wireframe, diagnostics: result.diagnostics, loads: result.loads,
            rootTag: result.rootTag, appMessages: result.appMessages, loadDiagnostics: [], resolved: [:], targets: [])
        for load in result.loads {
            guard let target = WorkflowSchemaPaths.normalise(load.path, relativeTo: WorkflowSchemaPaths.directory(of: file)),
                !target.hasPrefix("/")
            else {
                info.loadDiagnostics.append(
                    Diagnostic(.error, CrossFileCodes.unresolved, CrossFileCodes.outsideMessage(load.path), at: load.location))
                continue
            }
            info.targets.insert(target)
            if let source {
                switch source.file(at: target) {
                case .missing:
                    info.loadDiagnostics.append(
                        Diagnostic(.warning, CrossFileCodes.unresolved, CrossFileCodes.missingMessage(load.path), at: load.location))
                case .linkOutside(let resolved):
                    info.loadDiagnostics.append(
                        Diagnostic(
                            .error, CrossFileCodes.unresolved, CrossFileCodes.linkOutsideMessage(load.path, target: resolved),
                            at: load.location))
                case .file, .unreadable:
                    info.resolved[load.path] = target
                }
                continue
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: rootPath + "/" + target, isDirectory: &isDirectory), !isDirectory.boolValue
            else {
                info.loadDiagnostics.append(
                    Diagnostic(.warning, CrossFileCodes.unresolved, CrossFileCodes.missingMessage(load.path), at: load.location))
                continue
            }
            if let (resolved, _) = RootConfinement.outside(path: rootPath + "/" + target, root: rootPath) {
                // A symbolic link out of the root is not followed, as no import follows one.
                info.loadDiagnostics.append(
                    Diagnostic(
                        .error, CrossFileCodes.unresolved, CrossFileCodes.linkOutsideMessage(load.path, target: resolved),
                        at: load.location))
                continue
            }
            info.resolved[load.path] = target
        }
        return info
    }

    /// A loaded file's bytes from `source`, refused above the reader's size limit as on disk.
    static func loadBytes(
        from source: any WorkflowSchemaFileSource, path: String, reader: DocumentReader
    ) -> Result<[UInt8], DocumentLoadFailure> {
        switch source.file(at: path) {
        case .file(let bytes):
            guard bytes.count <= reader.maximumFileSize else {
                return .failure(DocumentLoadFailure(diagnostic: reader.tooLarge(bytes.count)))
            }
            return .success(bytes)
        case .unreadable(let failure):
            return .failure(failure)
        case .missing, .linkOutside:
            // Not reached: such a file is not resolved, so never read.
            return .failure(DocumentLoadFailure(diagnostic: Diagnostic(.error, FormatCodes.unreadable, "the file is gone", at: .start)))
        }
    }

    static func relative(_ absolute: String, to root: String) -> String? {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        guard absolute.hasPrefix(prefix) else { return nil }
        return String(absolute.dropFirst(prefix.count))
    }

    static func merge(order: [String], loaded: [String: Wireframe?], resolved: [String: [String: String]], entry: String) -> Wireframe? {
        guard let entryWireframe = loaded[entry] ?? nil else { return nil }
        func prefix(_ file: String) -> String { file == entry ? "" : file + "#" }
        var rootKeys: [String: String] = [:]
        for file in order { if let wireframe = loaded[file] ?? nil { rootKeys[file] = prefix(file) + wireframe.root } }
        var merged = entryWireframe
        merged.screens = []
        for file in order {
            guard let wireframe = loaded[file] ?? nil else { continue }
            let keys = Set(wireframe.screens.map(\.key))
            let loads = resolved[file] ?? [:]
            func rename(_ target: String) -> String {
                if keys.contains(target) { return prefix(file) + target }
                if let loadedFile = loads[target], let root = rootKeys[loadedFile] { return root }
                return target
            }
            for var screen in wireframe.screens {
                screen.key = rename(screen.key)
                screen.parent = screen.parent.map(rename)
                screen.links = screen.links.map {
                    var link = $0
                    link.target = rename(link.target)
                    return link
                }
                screen.actions = screen.actions.map {
                    NamedAction(name: $0.name, action: $0.action.renamingTargets(rename), nameLocation: $0.nameLocation)
                }
                merged.screens.append(screen)
            }
        }
        return merged
    }
}

extension Action {
    /// The action with every screen target passed through `rename`.
    func renamingTargets(_ rename: (String) -> String) -> Action {
        var copy = self
        switch kind {
        case .push(let target): copy.kind = .push(rename(target))
        case .present(let target): copy.kind = .present(rename(target))
        case .replaceRoot(let target): copy.kind = .replaceRoot(rename(target))
        case .branch(let target): copy.kind = .branch(rename(target))
        case .sequence(let actions): copy.kind = .sequence(actions.map { $0.renamingTargets(rename) })
        case .loadSchema(let path, let success, let failure):
            copy.kind = .loadSchema(path: path, success: success?.renamingTargets(rename), failure: failure?.renamingTargets(rename))
        case .conditional(let condition, let success, let failure):
            copy.kind = .conditional(
                condition: condition, success: success?.renamingTargets(rename), failure: failure?.renamingTargets(rename))
        default: break
        }
        return copy
    }
}
