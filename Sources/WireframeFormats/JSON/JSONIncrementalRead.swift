public import WireframeModel

/// What the JSON reader keeps of one read so that the next version of the same file is read in
/// part (``JSONWireframeReader/read(_:after:)``): the bytes, and for each top-level route (an
/// object in the `routes` array) its text, the screens read from it (itself and its inline
/// routes) and the diagnostics found in it.
///
/// A route's screens and diagnostics depend only on its object's text: a route is read from its
/// object alone, and every location in it is the location of one of its characters. So where the
/// parser of the next version meets an element of an array whose text begins with a remembered
/// route's whole text (it tries the routes after the last one it found, so a route changed, put
/// in or taken out leaves the others found), that element gives the same screens and diagnostics, with every location moved by the
/// text before it: the byte offset by the change in the offset of its `{`, the line by the change
/// in its line, and the column, on the `{`'s own line only, by the change in its column.
public struct JSONReadMemory: Sendable {
    /// The bytes read.
    let bytes: [UInt8]
    /// The screens of the read, in the reader's order (moved out by ``JSONWireframeReader/read(_:movingScreensOf:)``).
    var screens: [Screen]
    /// The diagnostics of the routes, each route's together (parser's first, then the reader's).
    let diagnostics: [Diagnostic]
    /// The top-level routes that are objects, in source order.
    let routes: [Route]

    /// One top-level route.
    struct Route: Sendable {
        /// Its text: from its `{` to just after its `}`.
        var span: JSONSpan
        /// Where its `{` is.
        var location: SourceLocation
        /// Its screens in ``JSONReadMemory/screens``.
        var screens: Range<Int>
        /// Its diagnostics in ``JSONReadMemory/diagnostics``.
        var diagnostics: Range<Int>
        /// Whether everything found in it lies in its text (only then is it taken again).
        var reusable: Bool
    }

    /// How many top-level routes are remembered.
    public var routeCount: Int { routes.count }
}

/// A read that can be remembered: the wireframe, the diagnostics, and what to read the next
/// version after.
public struct JSONRememberedRead: Sendable {
    /// The wireframe; nil only when the text is not a JSON object.
    public var wireframe: Wireframe?
    /// What the reader found, sorted as ``JSONWireframeReader/read(_:)`` sorts them.
    public var diagnostics: [Diagnostic]
    /// What to read the next version after; nil when the text is not well-formed JSON.
    public var memory: JSONReadMemory?
    /// How many top-level routes were taken from the read before instead of being read.
    public var reusedRoutes: Int
}

extension JSONWireframeReader {
    /// Reads bytes as ``read(_:)`` does, with the same wireframe and diagnostics, taking the
    /// top-level routes whose text is unchanged since `previous` from it instead of parsing and
    /// reading them again.
    public func read(_ bytes: [UInt8], after previous: JSONReadMemory?) -> JSONRememberedRead {
        var copy = previous
        return read(bytes, movingScreensOf: &copy)
    }

    /// Reads bytes as ``read(_:after:)`` does, with the same result, and uses `previous` up (it
    /// is nil after): the screens it takes are moved out of it, not copied. When nothing else
    /// holds them (the daemon keeps a read's screens in its memory only), a screen whose route
    /// moved has its locations moved in place, without a copy of its fields, links, elements and
    /// actions.
    public func read(_ bytes: [UInt8], movingScreensOf previous: inout JSONReadMemory?) -> JSONRememberedRead {
        if var memory = previous {
            previous = nil
            var pool: [Screen] = []
            swap(&pool, &memory.screens)
            if let read = readReusing(bytes, memory, pool: &pool) { return read }
        }
        var none: [Screen] = []
        if let read = readRemembering(bytes, offered: [], sources: [], previous: nil, pool: &none) { return read }
        // Not reached: a read offered nothing to skip is always remembered.
        let (wireframe, diagnostics) = read(bytes)
        return JSONRememberedRead(wireframe: wireframe, diagnostics: diagnostics, memory: nil, reusedRoutes: 0)
    }

    /// A read that takes the routes of `previous` whose whole text the parser finds again where
    /// it meets an element of an array (see ``JSONParser/parse(_:skipping:of:recordingSpans:)``);
    /// nil when the parser stopped (its diagnostics would miss those of the routes it skipped) or
    /// skipped a text that the reader did not take as a top-level route. `pool` holds the
    /// screens of `previous`; those taken are moved out of it.
    private func readReusing(_ bytes: [UInt8], _ previous: JSONReadMemory, pool: inout [Screen]) -> JSONRememberedRead? {
        var offered: [JSONSpan] = []
        var sources: [Int] = []
        offered.reserveCapacity(previous.routes.count)
        sources.reserveCapacity(previous.routes.count)
        for (index, route) in previous.routes.enumerated() where route.reusable {
            offered.append(route.span)
            sources.append(index)
        }
        guard !offered.isEmpty else { return nil }
        return readRemembering(bytes, offered: offered, sources: sources, previous: previous, pool: &pool)
    }

    private func readRemembering(
        _ bytes: [UInt8], offered: [JSONSpan], sources: [Int], previous: JSONReadMemory?, pool: inout [Screen]
    ) -> JSONRememberedRead? {
        let parsed = parser.parse(bytes, skipping: offered, of: previous?.bytes ?? [], recordingSpans: true)
        guard let tape = parsed.tape else {
            if !offered.isEmpty { return nil }
            return JSONRememberedRead(wireframe: nil, diagnostics: parsed.diagnostics, memory: nil, reusedRoutes: 0)
        }
        var state = ReadState(tape: tape)
        state.diagnostics = parsed.diagnostics
        state.routeMemory = RouteMemoryState(
            isTracking: true, parsedSpans: parsed.spans, parserDiagnostics: parsed.diagnostics,
            offered: parsed.skipped.map(\.start), sources: parsed.skipped.map { sources[$0.source] }, previous: previous)
        // Moved, not copied: the state holds the only reference to the pool's storage.
        swap(&state.routeMemory.pool, &pool)
        state.routeMemory.routes.reserveCapacity((previous?.routes.count ?? 0) + 16)
        let wireframe = state.readDocument(tape.root)
        let routes = state.routeMemory
        guard routes.taken == parsed.skipped.count, !routes.isSpoiled else { return nil }
        let memory =
            routes.isComplete
            ? JSONReadMemory(bytes: bytes, screens: state.screens, diagnostics: routes.diagnostics, routes: routes.routes) : nil
        var diagnostics = state.diagnostics
        state.diagnostics = []
        diagnostics.sortInSourceOrder()
        return JSONRememberedRead(
            wireframe: wireframe, diagnostics: diagnostics, memory: memory, reusedRoutes: routes.taken)
    }
}

/// The reader's bookkeeping of top-level routes for ``JSONReadMemory``.
struct RouteMemoryState {
    /// Whether the read is remembered (else the reader reads as ``JSONWireframeReader/read(_:)``).
    var isTracking = false
    /// The parser's spans of array elements that are objects, in source order.
    var parsedSpans: [JSONSpan] = []
    var nextSpan = 0
    /// The parser's diagnostics (duplicate keys), in source order.
    var parserDiagnostics: [Diagnostic] = []
    var nextParserDiagnostic = 0
    /// Where the parser skipped a remembered route's text (in this version), and for each the
    /// index of its route in `previous`.
    var offered: [Int] = []
    var sources: [Int] = []
    var nextOffered = 0
    var previous: JSONReadMemory?
    /// The screens of `previous` (its `screens` moved here): a screen taken is moved out, a
    /// placeholder left in its place.
    var pool: [Screen] = []
    /// The last route of `previous` whose screens were moved out of `pool`: the parser skips
    /// the remembered routes in increasing order, each once.
    var lastMovedRoute = -1
    /// Set if a route of `previous` were taken twice (its screens are no longer in `pool`): the
    /// read is then not used.
    var isSpoiled = false
    /// How many routes were taken from `previous`.
    var taken = 0
    /// What is remembered of this read.
    var routes: [JSONReadMemory.Route] = []
    var diagnostics: [Diagnostic] = []
    /// False when a top-level route had no span from the parser (it cannot be remembered).
    var isComplete = true
}

/// Moves locations from a route's old place to its new one.
struct LocationShift {
    let offset: Int32
    let lines: Int32
    let columns: Int32
    /// The old line of the route's `{`: only locations on it move in column.
    let firstLine: Int32

    init(from old: SourceLocation, to new: SourceLocation) {
        offset = Int32(truncatingIfNeeded: new.offset - old.offset)
        lines = Int32(truncatingIfNeeded: new.line - old.line)
        columns = Int32(truncatingIfNeeded: new.column - old.column)
        firstLine = Int32(truncatingIfNeeded: old.line)
    }

    var isNone: Bool { offset == 0 && lines == 0 && columns == 0 }

    func callAsFunction(_ location: SourceLocation) -> SourceLocation {
        let line = Int32(truncatingIfNeeded: location.line)
        let column = Int32(truncatingIfNeeded: location.column)
        return SourceLocation(
            line: line &+ lines, column: line == firstLine ? column &+ columns : column,
            offset: Int32(truncatingIfNeeded: location.offset) &+ offset)
    }

    func callAsFunction(_ location: SourceLocation?) -> SourceLocation? { location.map { self($0) } }

    /// Moves a screen's locations in place: when nothing else holds its fields (or its links,
    /// elements and actions), nothing is copied.
    func apply(to screen: inout Screen) {
        apply(to: &screen.locations)
        if !screen.links.isEmpty { apply(toLinks: &screen.links) }
        if !screen.elements.isEmpty { apply(to: &screen.elements) }
        if !screen.actions.isEmpty { apply(toActions: &screen.actions) }
    }

    func apply(to locations: inout ScreenLocations) {
        locations.definition = self(locations.definition)
        locations.key = self(locations.key)
        locations.title = self(locations.title)
        locations.container = self(locations.container)
        locations.presentation = self(locations.presentation)
        locations.navigationBar = self(locations.navigationBar)
        for index in locations.dependencies.indices { locations.dependencies[index] = self(locations.dependencies[index]) }
    }

    func apply(toLinks links: inout [Link]) {
        for index in links.indices { links[index].location = self(links[index].location) }
    }

    func apply(toActions actions: inout [NamedAction]) {
        for index in actions.indices {
            actions[index].nameLocation = self(actions[index].nameLocation)
            apply(to: &actions[index].action)
        }
    }

    func apply(to elements: inout [Element]) {
        for index in elements.indices { apply(to: &elements[index]) }
    }

    func apply(to element: inout Element) {
        element.locations.definition = self(element.locations.definition)
        element.locations.kind = self(element.locations.kind)
        element.locations.reference = self(element.locations.reference)
        for index in element.triggers.indices {
            element.triggers[index].location = self(element.triggers[index].location)
            element.triggers[index].parameterLocation = self(element.triggers[index].parameterLocation)
            if case .message(let message) = element.triggers[index].effect { element.triggers[index].effect = .message(self(message)) }
        }
        if !element.elements.isEmpty { apply(to: &element.elements) }
    }

    func apply(to action: inout Action) {
        action.location = self(action.location)
        action.targetLocation = self(action.targetLocation)
        action.parameterLocation = self(action.parameterLocation)
        switch action.kind {
        case .send(let message): action.kind = .send(self(message))
        case .sequence(let actions): action.kind = .sequence(actions.map { self($0) })
        case .loadSchema(let path, let success, let failure):
            action.kind = .loadSchema(path: path, success: success.map { self($0) }, failure: failure.map { self($0) })
        case .conditional(let condition, let success, let failure):
            action.kind = .conditional(condition: condition, success: success.map { self($0) }, failure: failure.map { self($0) })
        case .push, .present, .branch, .replaceRoot, .pop, .dismiss, .popToRoot, .popToView, .alert, .url, .task, .other:
            break
        }
    }

    func callAsFunction(_ action: Action) -> Action {
        var action = action
        apply(to: &action)
        return action
    }

    func callAsFunction(_ message: Message) -> Message {
        var message = message
        message.location = self(message.location)
        return message
    }

    func callAsFunction(_ diagnostic: Diagnostic) -> Diagnostic {
        var diagnostic = diagnostic
        diagnostic.location = self(diagnostic.location)
        if !diagnostic.notes.isEmpty {
            diagnostic.notes = diagnostic.notes.map { note in
                var note = note
                note.location = self(note.location)
                return note
            }
        }
        return diagnostic
    }
}

extension ReadState {
    /// Reads one element of the `routes` array, remembering it, or takes it from the read before
    /// when the parser skipped it.
    mutating func readTopLevelRoute(_ node: Int) {
        guard tape.kind(node) == .object else {
            readRoute(node, parent: nil)
            return
        }
        let location = tape.location(node)
        let offset = location.offset
        while routeMemory.nextSpan < routeMemory.parsedSpans.count, routeMemory.parsedSpans[routeMemory.nextSpan].start < offset {
            routeMemory.nextSpan += 1
        }
        guard routeMemory.nextSpan < routeMemory.parsedSpans.count, routeMemory.parsedSpans[routeMemory.nextSpan].start == offset else {
            routeMemory.isComplete = false
            readRoute(node, parent: nil)
            return
        }
        let span = routeMemory.parsedSpans[routeMemory.nextSpan]
        while routeMemory.nextOffered < routeMemory.offered.count, routeMemory.offered[routeMemory.nextOffered] < offset {
            routeMemory.nextOffered += 1
        }
        let firstScreen = screens.count
        let firstDiagnostic = routeMemory.diagnostics.count
        var reusable = true
        if routeMemory.nextOffered < routeMemory.offered.count, routeMemory.offered[routeMemory.nextOffered] == offset,
            let old = routeMemory.previous?.routes[routeMemory.sources[routeMemory.nextOffered]]
        {
            // The parser skipped it: its screens and diagnostics are the read before's, moved.
            let source = routeMemory.sources[routeMemory.nextOffered]
            routeMemory.taken += 1
            if source <= routeMemory.lastMovedRoute || old.screens.upperBound > routeMemory.pool.count { routeMemory.isSpoiled = true }
            routeMemory.lastMovedRoute = source
            let shift = LocationShift(from: old.location, to: location)
            if routeMemory.isSpoiled {
                // Not used (see `isSpoiled`).
            } else if shift.isNone {
                for index in old.screens {
                    var screen = Self.placeholder
                    swap(&screen, &routeMemory.pool[index])
                    screens.append(consume screen)
                }
                if !old.diagnostics.isEmpty, let previous = routeMemory.previous {
                    routeMemory.diagnostics.append(contentsOf: previous.diagnostics[old.diagnostics])
                }
            } else {
                for index in old.screens {
                    var screen = Self.placeholder
                    swap(&screen, &routeMemory.pool[index])
                    shift.apply(to: &screen)
                    screens.append(consume screen)
                }
                if !old.diagnostics.isEmpty, let previous = routeMemory.previous {
                    for index in old.diagnostics { routeMemory.diagnostics.append(shift(previous.diagnostics[index])) }
                }
            }
            if routeMemory.diagnostics.count > firstDiagnostic {
                diagnostics.append(contentsOf: routeMemory.diagnostics[firstDiagnostic...])
            }
        } else {
            let readerDiagnostics = diagnostics.count
            readRoute(node, parent: nil)
            // The parser's diagnostics in its text, then the reader's, as a read sorts them.
            let parserDiagnostics = routeMemory.parserDiagnostics
            while routeMemory.nextParserDiagnostic < parserDiagnostics.count,
                parserDiagnostics[routeMemory.nextParserDiagnostic].location.offset < span.start
            {
                routeMemory.nextParserDiagnostic += 1
            }
            while routeMemory.nextParserDiagnostic < parserDiagnostics.count,
                parserDiagnostics[routeMemory.nextParserDiagnostic].location.offset < span.end
            {
                routeMemory.diagnostics.append(parserDiagnostics[routeMemory.nextParserDiagnostic])
                routeMemory.nextParserDiagnostic += 1
            }
            if diagnostics.count > readerDiagnostics { routeMemory.diagnostics.append(contentsOf: diagnostics[readerDiagnostics...]) }
            func inside(_ location: SourceLocation?) -> Bool {
                guard let location else { return true }
                return location.offset >= span.start && location.offset < span.end
            }
            reusable = routeMemory.diagnostics[firstDiagnostic...].allSatisfy { diagnostic in
                diagnostic.path == nil && inside(diagnostic.location)
                    && diagnostic.notes.allSatisfy { $0.path == nil && inside($0.location) }
            }
        }
        routeMemory.routes.append(
            JSONReadMemory.Route(
                span: span, location: location, screens: firstScreen..<screens.count,
                diagnostics: firstDiagnostic..<routeMemory.diagnostics.count, reusable: reusable))
    }
}
