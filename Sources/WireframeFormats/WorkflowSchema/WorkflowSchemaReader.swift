public import WireframeModel

/// A WorkflowSchema file after both parse phases: its root object and what was found on the way.
public struct WorkflowSchemaDocument: Sendable {
    /// The root object (the last top-level object), nil when the file yields none.
    public var root: SchemaObject?
    /// The document locale (`lang`).
    public var locale: String?
    /// The diagnostics of parsing and grouping.
    public var diagnostics: [Diagnostic]
    /// How many ordinary controller objects the file holds (an upper bound of the screens).
    var controllerCount = 0
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
    /// Files with more elements and attributes than this (together) are refused: with the size
    /// and depth limits, the work budget of one file, far above what an app's file holds.
    public var maximumNodes = Self.defaultMaximumNodes
    /// The default of `maximumNodes`.
    public static let defaultMaximumNodes = 1_000_000
    /// Whether a project's entry file is known to be the app's root: its root controller is then
    /// neither pushed nor presented, which A01 and A04 use. Off by default, because a folder is
    /// validated file by file, each as an entry, loaded files included.
    public var entryIsAppRoot = false

    /// Creates a reader with a 16 MiB size limit and a depth limit of 256.
    public init() {
        maximumSize = 16 * 1024 * 1024
        maximumDepth = 256
    }

    /// Parses and groups one file without mapping it (the two phases of spec §1.1).
    public func parse(_ bytes: [UInt8]) -> WorkflowSchemaDocument {
        parse(bytes, proxySlots: false)
    }

    /// Parses and groups one file; `proxySlots`: with D02 (`ProxySlotCheck`) in the object
    /// checks' walk, as a read (`readDetailed`) has it where its root is an ordinary controller.
    func parse(_ bytes: [UInt8], proxySlots: Bool) -> WorkflowSchemaDocument {
        var builder = SchemaBuilder(reservingFor: bytes.count)
        let reader = XMLContentReader(maximumSize: maximumSize, maximumDepth: maximumDepth, maximumNodes: maximumNodes)
        if let error = reader.read(bytes, into: &builder) {
            return WorkflowSchemaDocument(root: nil, locale: nil, diagnostics: [error])
        }
        var diagnostics = builder.diagnostics + builder.grouper.diagnostics
        let locale = builder.document?.attribute("lang")?.value
        let root = builder.rootIndex.map { SchemaObject(SchemaArena(builder.storage), $0) }
        if let root { ObjectChecks.run(root, locale: locale, proxySlots: proxySlots, into: &diagnostics) }
        return WorkflowSchemaDocument(
            root: root, locale: locale, diagnostics: diagnostics, controllerCount: builder.controllerCount)
    }

    /// Reads one file. The wireframe is nil when the file is not well-formed or has no root
    /// controller; diagnostics are in source order.
    ///
    /// `path` gives the app name (the file stem) and is otherwise only used for messages.
    public func read(_ bytes: [UInt8], path: String) -> (wireframe: Wireframe?, diagnostics: [Diagnostic]) {
        let result = readDetailed(bytes, path: path)
        return (result.wireframe, result.diagnostics)
    }

    /// The messages of one file that reach the app's root delegate (`rootDelegate` messages,
    /// messages leaving the file at its root, `loadSchema` requests): what the host app must
    /// handle (spec M07). Empty when the file has no controller root.
    public func appMessages(_ bytes: [UInt8]) -> [WorkflowSchemaAppMessage] {
        readDetailed(bytes, path: "").appMessages
    }

    /// Reads one file and keeps what the project reader needs: the loads, the root tag and the
    /// app messages. `isEntry`: the file is a project's entry (its root is not pushed or presented).
    func readDetailed(
        _ bytes: [UInt8], path: String, isEntry: Bool = false
    ) -> (wireframe: Wireframe?, diagnostics: [Diagnostic], loads: [SchemaLoad], rootTag: String?, appMessages: [WorkflowSchemaAppMessage])
    {
        let document = parse(bytes, proxySlots: true)
        var diagnostics = document.diagnostics
        var wireframe: Wireframe?
        var loads: [SchemaLoad] = []
        var appMessages: [WorkflowSchemaAppMessage] = []
        // An import that must stop (see `WorkBudget`) drops this read: the mapping is not done.
        if let root = document.root, root.schemaClass.isController, root.mode == .ordinary, !WorkBudget.shouldStop() {
            var mapper = SchemaMapper(expectedControllers: document.controllerCount)
            let graph = mapper.map(root)
            RoutingChecks.run(graph, isEntry: isEntry, into: &diagnostics)
            loads = graph.loads
            appMessages = AppMessagesInventory.list(graph)
            wireframe = Wireframe(
                appName: WorkflowSchemaPaths.stem(of: path), root: graph.rootKey, screens: mapper.screens,
                locale: document.locale, sourceFormat: .workflowSchema,
                locations: WireframeLocations(document: root.location, root: root.location))
        }
        return (wireframe, diagnostics.sorted(by: Diagnostic.sourceOrder), loads, document.root?.tag, appMessages)
    }
}
