public import WireframeModel

/// A WorkflowSchema file after both parse phases: its root object and what was found on the way.
public struct WorkflowSchemaDocument: Sendable {
    /// The root object (the last top-level object), nil when the file yields none.
    public var root: SchemaObject?
    /// The document locale (`lang`).
    public var locale: String?
    /// The diagnostics of parsing and grouping.
    public var diagnostics: [Diagnostic]
}

/// Reads WorkflowSchema XML into the format-neutral model and reports diagnostics.
///
/// One file: `read(_:path:)`. A project (an entry file and the files its `loadSchema` actions
/// load): `read(fileAt:projectRoot:)`. The diagnostic codes are `WF10NN` to `WF17NN` (spec §5);
/// see `docs/WORKFLOWSCHEMA.md`.
public struct WorkflowSchemaReader: Sendable {
    /// Files larger than this many bytes are refused.
    public var maximumSize: Int
    /// Elements nested deeper than this are refused.
    public var maximumDepth: Int

    /// Creates a reader with a 16 MiB size limit and a depth limit of 256.
    public init() {
        maximumSize = 16 * 1024 * 1024
        maximumDepth = 256
    }

    /// Parses and groups one file without mapping it (the two phases of spec §1.1).
    public func parse(_ bytes: [UInt8]) -> WorkflowSchemaDocument {
        var builder = SchemaBuilder()
        let reader = XMLContentReader(maximumSize: maximumSize, maximumDepth: maximumDepth)
        if let error = reader.read(bytes, into: &builder) {
            return WorkflowSchemaDocument(root: nil, locale: nil, diagnostics: [error])
        }
        var diagnostics = builder.diagnostics + builder.grouper.diagnostics
        if let root = builder.root { ObjectChecks.run(root, into: &diagnostics) }
        return WorkflowSchemaDocument(root: builder.root, locale: builder.document?.attribute("lang")?.value, diagnostics: diagnostics)
    }

    /// Reads one file. The wireframe is nil when the file is not well-formed or has no root
    /// controller; diagnostics are in source order.
    ///
    /// `path` gives the app name (the file stem) and is otherwise only used for messages.
    public func read(_ bytes: [UInt8], path: String) -> (wireframe: Wireframe?, diagnostics: [Diagnostic]) {
        let result = readDetailed(bytes, path: path)
        return (result.wireframe, result.diagnostics)
    }

    /// Reads one file and keeps what the project reader needs: the loads and the root tag.
    func readDetailed(_ bytes: [UInt8], path: String) -> (wireframe: Wireframe?, diagnostics: [Diagnostic], loads: [SchemaLoad], rootTag: String?) {
        let document = parse(bytes)
        var diagnostics = document.diagnostics
        var wireframe: Wireframe?
        var loads: [SchemaLoad] = []
        if let root = document.root, root.schemaClass.isController, root.mode == .ordinary {
            var mapper = SchemaMapper()
            let graph = mapper.map(root)
            RoutingChecks.run(graph, into: &diagnostics)
            loads = graph.loads
            wireframe = Wireframe(
                appName: WorkflowSchemaPaths.stem(of: path), root: graph.rootKey, screens: mapper.screens,
                locale: document.locale, sourceFormat: .workflowSchema,
                locations: WireframeLocations(document: root.location, root: root.location))
        }
        return (wireframe, diagnostics.sorted(by: Diagnostic.sourceOrder), loads, document.root?.tag)
    }
}
