public import WireframeModel

/// Reads a JSON wireframe (seed 000, the original app's keys and this project's extensions) into the model.
///
/// It reports what makes the file unreadable as a wireframe (syntax, types, missing or unknown
/// keys, values outside their sets). Checks across the wireframe (references, duplicates,
/// reachability) are rules of `WireframeAnalysis`, run on the model this returns.
public struct JSONWireframeReader: Sendable {
    /// The parser used for the syntax.
    public var parser: JSONParser

    /// Creates a reader.
    public init(parser: JSONParser = JSONParser()) {
        self.parser = parser
    }

    /// Keys of the top-level object.
    public static let documentKeys = ["appName", "root", "routes", "navigations", "formatVersion", "locale"]
    /// Keys of a route.
    public static let routeKeys = [
        "name", "title", "type", "presentationStyle", "presentationType", "subroutes", "navigation",
        "tabItems", "children", "dependencies", "items", "elements", "actions", "properties",
    ]
    /// Keys of an element.
    public static let elementKeys = [
        "kind", "reference", "class", "text", "title", "action", "target", "task", "param", "triggers",
        "properties", "elements",
    ]
    /// Keys that name what an action does.
    public static let actionKeys = [
        "push", "present", "branch", "replaceRoot", "pop", "dismiss", "popToRoot", "popToView",
        "alert", "url", "task", "send", "sequence", "loadSchema", "conditional", "other",
    ]
    /// Keys that go with an action key: `param` with `task`, `destination` with `send`, ….
    static let actionCompanions: [String: [String]] = [
        "param": ["task"], "destination": ["send"], "destinationName": ["send"],
        "success": ["loadSchema", "conditional"], "failure": ["loadSchema", "conditional"],
        "properties": ["other"],
    ]
    static let documentKeySet = JSONKeySet(documentKeys)
    static let routeKeySet = JSONKeySet(routeKeys)
    static let elementKeySet = JSONKeySet(elementKeys)
    /// An element's keys that say what it triggers, as positions in `elementKeySet`.
    static let elementTriggerKeys: [JSONKey] = [.action, .target, .task, .triggers]
    /// An action's keys: what it does (the first `actionKeys.count`), then the companions.
    static let actionKeySet = JSONKeySet(actionKeys + actionCompanions.keys.sorted())
    /// Keys of a trigger.
    static let triggerKeySet = JSONKeySet(["event", "action", "target", "task", "param", "send", "destination", "destinationName"])
    /// A trigger's keys that say what it does, as positions in `triggerKeySet`.
    static let triggerEffectKeys: [JSONKey] = [.action, .target, .task, .send]
    /// What an action does, and the keys that go with it.
    static let actionKindKeys = actionKeys.compactMap(JSONKey.init(name:))
    static let actionCompanionKeys = actionCompanions.keys.sorted().compactMap(JSONKey.init(name:))
    /// Route types the JSON format accepts.
    public static let containerTypes: [ContainerType] = ContainerType.allCases
    /// Presentations the JSON format accepts (kept, so that reading a route builds no array of them).
    static let presentations: [Presentation] = Presentation.allCases
    /// Whether an element kind is a WorkflowSchema tag that is not a JSON kind (`tableCell`, `navigationItem`, …).
    static func isWorkflowSchemaKind(_ kind: String) -> Bool {
        !ElementKind.jsonKinds.contains(ElementKind(rawValue: kind)) && TagRegistry.definition(of: kind) != nil
    }

    /// The JSON names of message destinations.
    public static let messageDestinations: [MessageDestination] = MessageDestination.allCases

    /// Reads bytes; the wireframe is nil only when the text is not a JSON object.
    public func read(_ bytes: [UInt8]) -> (wireframe: Wireframe?, diagnostics: [Diagnostic]) {
        let parsed = parser.parse(bytes)
        guard let tape = parsed.tape else { return (nil, parsed.diagnostics) }
        var state = ReadState(tape: tape)
        state.diagnostics = parsed.diagnostics
        let wireframe = state.readDocument(tape.root)
        return (wireframe, state.diagnostics.sorted(by: Diagnostic.sourceOrder))
    }
}

struct ReadState {
    /// Holds a route's place in `screens` while its inline routes are read; shared, so it costs no allocation.
    static let placeholder = Screen(key: "")

    /// The parsed document; values are indices on it.
    let tape: JSONTape
    var diagnostics: [Diagnostic] = []
    var screens: [Screen] = []
    /// Each top-level route's text, screens and diagnostics, when the read is to be remembered,
    /// and the routes taken from the read before (``JSONWireframeReader/read(_:after:)``).
    var routeMemory = RouteMemoryState()

    init(tape: JSONTape) {
        self.tape = tape
    }

    /// Reports a value that is not an object where `what` (an object) is expected.
    mutating func notAnObject(_ node: Int, _ what: String) {
        diagnostics.append(
            Diagnostic(
                .error, FormatCodes.wrongType, "\(what) must be an object, found \(tape.kind(node).typeName)",
                at: tape.location(node)))
    }

    mutating func readDocument(_ node: Int) -> Wireframe? {
        guard tape.kind(node) == .object else {
            diagnostics.append(
                Diagnostic(
                    .error, FormatCodes.wrongType, "a wireframe must be a JSON object, found \(tape.kind(node).typeName)",
                    at: tape.location(node)))
            return nil
        }
        let object = JSONObjectReader(tape, node, subject: "the wireframe", keys: JSONWireframeReader.documentKeySet)
        object.reportUnknownKeys(into: &diagnostics)
        var locations = WireframeLocations(document: tape.location(node))

        let appName = object.string(.appName, required: true, into: &diagnostics)
        locations.appName = appName?.1
        let root = object.string(.root, required: true, into: &diagnostics)
        locations.root = root?.1

        let locale = object.string(.locale, into: &diagnostics)
        var formatVersion = 1
        if let member = object.member(.formatVersion) {
            if let text = tape.numberText(member.value), let version = Int(text) {
                if version != 1 {
                    diagnostics.append(
                        Diagnostic(
                            .error, FormatCodes.unsupportedVersion,
                            "formatVersion \(version) is not supported; this reader knows version 1",
                            at: tape.location(member.value)))
                }
                formatVersion = version
            } else {
                object.wrongType(member, expected: "an integer", into: &diagnostics)
            }
        }

        if let routes = object.member(.routes) {
            locations.screens = tape.location(routes.value)
            if tape.kind(routes.value) == .array {
                // The routes are walked on the tape, each visited once, without an array of their indices.
                let count = tape.count(routes.value)
                screens.reserveCapacity(count)
                var entry = routes.value + 1
                // Looked up once: a task-local value per route was a tenth of a read.
                let budget = WorkBudget.current
                for _ in 0..<count {
                    // An import that must stop (see `WorkBudget`) drops this read.
                    if budget?.shouldStop() == true { break }
                    if routeMemory.isTracking {
                        readTopLevelRoute(entry)
                    } else {
                        readRoute(entry, parent: nil)
                    }
                    entry = tape.next(entry)
                }
            } else {
                object.wrongType(routes, expected: "an array of routes", into: &diagnostics)
            }
        } else {
            object.missing(.routes, into: &diagnostics)
        }

        var bars: [NavigationBar] = []
        if let entries = object.array(.navigations, into: &diagnostics) {
            for entry in entries {
                if let bar = readNavigationBar(entry) { bars.append(bar) }
            }
        }

        return Wireframe(
            appName: appName?.0 ?? "", root: root?.0 ?? "", formatVersion: formatVersion,
            screens: screens, navigationBars: bars, locale: locale?.0, sourceFormat: .json, locations: locations)
    }

    // MARK: Routes

    /// Reads a route object, appends it (and its inline routes) to `screens`, and returns its key.
    @discardableResult
    mutating func readRoute(_ node: Int, parent: String?) -> String? {
        guard tape.kind(node) == .object else {
            notAnObject(node, "a route")
            return nil
        }
        let object = JSONObjectReader(
            tape, node, noun: "route", name: nil, fallback: "a route", keys: JSONWireframeReader.routeKeySet,
            namedByMember: true)
        object.reportUnknownKeys(into: &diagnostics)

        // The reader has decoded the name for its subject already.
        let name = object.nameValue ?? object.string(.name, required: true, into: &diagnostics)
        let title = object.string(.title, required: true, into: &diagnostics)
        var locations = ScreenLocations(definition: tape.location(node), key: name?.1, title: title?.1)

        let type = object.enumeration(.type, as: ContainerType.self, allowed: JSONWireframeReader.containerTypes, into: &diagnostics)
        locations.container = type?.1

        let presentation = readPresentation(object)
        locations.presentation = presentation?.1

        let navigation = object.string(.navigation, into: &diagnostics)
        locations.navigationBar = navigation?.1

        // Reserve this route's place so that routes come out in the order they are defined.
        let index = screens.count
        screens.append(Self.placeholder)

        var links: [Link] = []
        // The entries are walked on the tape, without an array of their indices.
        if let subroutes = object.arrayNode(.subroutes, into: &diagnostics) {
            let count = tape.count(subroutes)
            if count > 0 { links.reserveCapacity(count) }
            var entry = subroutes + 1
            for _ in 0..<count {
                defer { entry = tape.next(entry) }
                switch tape.kind(entry) {
                case .string:
                    links.append(Link(.subroute, to: tape.string(entry) ?? "", at: tape.location(entry)))
                case .object:
                    if let key = readRoute(entry, parent: name?.0) {
                        links.append(Link(.subroute, to: key, isInline: true, at: tape.location(entry)))
                    }
                default:
                    diagnostics.append(
                        Diagnostic(
                            .error, FormatCodes.wrongType,
                            "entries of 'subroutes' must be route names or route objects, found \(tape.kind(entry).typeName)",
                            at: tape.location(entry)))
                }
            }
        }
        for (target, location) in object.strings(.tabItems, into: &diagnostics) ?? [] {
            links.append(Link(.tab, to: target, at: location))
        }
        for (target, location) in object.strings(.children, into: &diagnostics) ?? [] {
            links.append(Link(.child, to: target, at: location))
        }
        let properties = readProperties(object)

        let dependencies = object.strings(.dependencies, into: &diagnostics) ?? []
        locations.dependencies = dependencies.map(\.1)
        let items = object.strings(.items, into: &diagnostics) ?? []
        let elements = object.array(.elements, into: &diagnostics).map { readElements($0) } ?? []
        let actions = object.member(.actions).map { readActions($0) } ?? []

        // A `type` that is there but not understood is reported already; the route is read as
        // the type its keys imply (a tab bar when it lists tabs), so that the rules do not report
        // consequences of that one error (a "not a tab bar" warning for a misspelt `tabbar`).
        var container = type?.0 ?? .view
        if type == nil, object.member(.type) != nil, links.contains(where: { $0.kind == .tab }) { container = .tabBar }
        let screen = Screen(
            key: name?.0 ?? "", title: title?.0 ?? "", container: container,
            presentation: presentation?.0, links: links, navigationBar: navigation?.0,
            dependencies: dependencies.map(\.0), items: items.map(\.0), elements: elements,
            actions: actions, properties: properties, parent: parent, locations: locations)
        if name == nil {
            screens.remove(at: index)
            return nil
        }
        screens[index] = screen
        return screen.key
    }

    /// `presentationStyle` and `presentationType` are one field; both with different values is an error.
    mutating func readPresentation(_ object: JSONObjectReader) -> (Presentation, SourceLocation)? {
        let style = object.enumeration(
            .presentationStyle, as: Presentation.self, allowed: JSONWireframeReader.presentations, into: &diagnostics)
        let type = object.enumeration(
            .presentationType, as: Presentation.self, allowed: JSONWireframeReader.presentations, into: &diagnostics)
        if let style, let type, style.0 != type.0 {
            let (first, second) = style.1 < type.1 ? (style, type) : (type, style)
            let secondKey = second.1 == style.1 ? "presentationStyle" : "presentationType"
            let firstKey = secondKey == "presentationStyle" ? "presentationType" : "presentationStyle"
            diagnostics.append(
                Diagnostic(
                    .error, FormatCodes.conflictingAliases,
                    "'\(secondKey)' is '\(second.0.rawValue)' but '\(firstKey)' is '\(first.0.rawValue)'; they are one field, give one of them",
                    at: second.1, notes: [DiagnosticNote("'\(firstKey)' is given here", at: first.1)]))
        }
        return style ?? type
    }

    // MARK: Navigation bars

    mutating func readNavigationBar(_ node: Int) -> NavigationBar? {
        guard tape.kind(node) == .object else {
            notAnObject(node, "a navigation")
            return nil
        }
        let provisional = tape.member("name", of: node).flatMap { tape.string($0.value) }
        let object = JSONObjectReader(tape, node, noun: "navigation", name: provisional, fallback: "a navigation")
        object.reportUnknownKeys(known: ["name", "buttons"], into: &diagnostics)
        let name = object.string(.name, required: true, into: &diagnostics)
        var buttons: [BarButton] = []
        for entry in object.array(.buttons, into: &diagnostics) ?? [] {
            guard tape.kind(entry) == .object else {
                notAnObject(entry, "a navigation button")
                continue
            }
            let button = JSONObjectReader(tape, entry, subject: "a navigation button")
            button.reportUnknownKeys(known: ["title", "icon", "target"], into: &diagnostics)
            let title = button.string(.title, into: &diagnostics)
            let icon = button.string(.icon, into: &diagnostics)
            if title == nil, icon == nil, button.member(.title) == nil, button.member(.icon) == nil {
                diagnostics.append(
                    Diagnostic(
                        .error, FormatCodes.missingKey, "a navigation button needs a 'title' or an 'icon'", at: tape.location(entry)))
            }
            guard let target = button.string(.target, required: true, into: &diagnostics) else { continue }
            buttons.append(
                BarButton(
                    title: title?.0, icon: icon?.0, target: target.0, at: tape.location(entry), targetLocation: target.1))
        }
        guard let name else { return nil }
        return NavigationBar(name: name.0, buttons: buttons, at: tape.location(node), nameLocation: name.1)
    }

    // MARK: Elements

    mutating func readElements(_ nodes: [Int]) -> [Element] {
        nodes.compactMap { readElement($0) }
    }

    mutating func readElement(_ node: Int) -> Element? {
        guard tape.kind(node) == .object else {
            notAnObject(node, "an element")
            return nil
        }
        let object = JSONObjectReader(tape, node, subject: "an element", keys: JSONWireframeReader.elementKeySet)
        // Any element may hold elements: a `container` does in JSON, and WorkflowSchema nests views
        // in views (a search bar's results, a table section's cells), which an export keeps.
        let kindText = object.member(.kind).flatMap { tape.string($0.value) }
        let isWorkflowSchemaKind = kindText.map(JSONWireframeReader.isWorkflowSchemaKind) ?? false
        object.reportUnknownKeys(into: &diagnostics)

        var locations = ElementLocations(definition: tape.location(node))
        let kind: (ElementKind, SourceLocation)?
        if isWorkflowSchemaKind, let member = object.member(.kind), let text = kindText {
            kind = (ElementKind(rawValue: text), tape.location(member.value))
        } else {
            kind = object.enumeration(.kind, as: ElementKind.self, allowed: ElementKind.jsonKinds, into: &diagnostics)
        }
        if kind == nil, object.member(.kind) == nil { object.missing(.kind, into: &diagnostics) }
        locations.kind = kind?.1
        let reference = object.string(.reference, into: &diagnostics)
        locations.reference = reference?.1

        let text = object.string(.text, into: &diagnostics)
        let title = object.string(.title, into: &diagnostics)
        if let text, let title, text.0 != title.0 {
            diagnostics.append(
                Diagnostic(
                    .error, FormatCodes.conflictingAliases,
                    "'title' and 'text' are one field with different values; give one of them",
                    at: max(text.1, title.1)))
        }

        let styleClass = object.string(.`class`, into: &diagnostics)
        let properties = readProperties(object)
        var triggers: [Trigger] = []
        let triggerKeys = object.members(at: JSONWireframeReader.elementTriggerKeys)
        if triggerKeys.count > 1 {
            diagnostics.append(
                Diagnostic(
                    .error, FormatCodes.malformedAction,
                    "an element triggers one thing; it has \(triggerKeys.map { "'\(object.key($0))'" }.joined(separator: " and "))",
                    at: tape.location(triggerKeys[1].key)))
        }
        if let list = object.array(.triggers, into: &diagnostics) {
            triggers = list.compactMap { readTrigger($0) }
        } else if let trigger = readTriggerEffect(object, event: nil) {
            triggers.append(trigger)
        }
        if let param = object.member(.param), object.member(.task) == nil {
            diagnostics.append(
                Diagnostic(
                    .warning, FormatCodes.unknownKey, "'param' has no effect without 'task'", at: tape.location(param.key)))
        }
        if let kind, let trigger = triggers.first, trigger.event == nil, !isWorkflowSchemaKind,
            !ElementKind.controls.contains(kind.0)
        {
            diagnostics.append(
                Diagnostic(
                    .warning, FormatCodes.malformedAction,
                    "a '\(kind.0.rawValue)' is not interactive; what it triggers never happens",
                    at: triggers[0].location))
        }

        var children: [Element] = []
        children = object.array(.elements, into: &diagnostics).map { readElements($0) } ?? []
        guard let kind else { return nil }
        return Element(
            kind: kind.0, reference: reference?.0, styleClass: styleClass?.0, text: text?.0 ?? title?.0,
            triggers: triggers, elements: children, properties: properties, locations: locations)
    }

    // MARK: Actions

    /// `actions` is an object of named actions (order does not matter, so they are sorted by name),
    /// or an array of actions with a `name` each (order matters, as in WorkflowSchema).
    mutating func readActions(_ member: JSONTape.Member) -> [NamedAction] {
        let node = member.value
        switch tape.kind(node) {
        case .object:
            return tape.members(of: node)
                .compactMap { entry in
                    readAction(entry.value).map {
                        NamedAction(name: tape.string(entry.key) ?? "", action: $0, nameLocation: tape.location(entry.key))
                    }
                }
                .sorted { ($0.name ?? "") < ($1.name ?? "") }
        case .array:
            var result: [NamedAction] = []
            for entry in tape.elements(of: node) {
                guard tape.kind(entry) == .object else {
                    notAnObject(entry, "an action")
                    continue
                }
                let nameMember = tape.member("name", of: entry)
                var name: String?
                if let nameMember {
                    if let text = tape.string(nameMember.value) {
                        name = text
                    } else {
                        diagnostics.append(
                            Diagnostic(
                                .error, FormatCodes.wrongType,
                                "'name' must be a string, found \(tape.kind(nameMember.value).typeName)",
                                at: tape.location(nameMember.value)))
                    }
                }
                if let action = readAction(entry, skipping: nameMember) {
                    result.append(
                        NamedAction(
                            name: name, action: action,
                            nameLocation: nameMember.map { tape.location($0.value) } ?? tape.location(entry)))
                }
            }
            return result
        default:
            diagnostics.append(
                Diagnostic(
                    .error, FormatCodes.wrongType,
                    "'actions' must be an object of named actions, found \(tape.kind(node).typeName)",
                    at: tape.location(node)))
            return []
        }
    }

    /// Reads an action object; `skipping` is a member that belongs to the entry holding the
    /// action (the `name` of an entry of an `actions` array), not to the action.
    mutating func readAction(_ node: Int, skipping: JSONTape.Member? = nil) -> Action? {
        guard tape.kind(node) == .object else {
            notAnObject(node, "an action")
            return nil
        }
        let object = JSONObjectReader(tape, node, subject: "an action", keys: JSONWireframeReader.actionKeySet, skipping: skipping)
        let kinds = object.members(at: JSONWireframeReader.actionKindKeys)
        let companions = JSONWireframeReader.actionCompanions
        // Keys other than what the action does are rare: look at each only when there is one.
        let onlyKinds =
            object.hasOnlyKnownKeys
            && JSONWireframeReader.actionCompanionKeys.allSatisfy { object.member(at: $0) == nil }
        if !onlyKinds {
            object.forEachMember { member in
                let key = object.key(member)
                guard !JSONWireframeReader.actionKeys.contains(key) else { return }
                if let owners = companions[key] {
                    if !kinds.contains(where: { owners.contains(object.key($0)) }) {
                        diagnostics.append(
                            Diagnostic(
                                .warning, FormatCodes.unknownKey,
                                "'\(key)' has no effect without \(owners.map { "'\($0)'" }.joined(separator: " or "))",
                                at: tape.location(member.key)))
                    }
                    return
                }
                let known = JSONWireframeReader.actionKeys + companions.keys.sorted()
                diagnostics.append(
                    Diagnostic(
                        .warning, FormatCodes.unknownKey,
                        "unknown key '\(key)' in an action\(Suggestions.didYouMean(key, in: known))",
                        at: tape.location(member.key)))
            }
        }
        guard kinds.count == 1, let kindMember = kinds.first else {
            let message =
                kinds.isEmpty
                ? "an action needs one of \(JSONWireframeReader.actionKeys.map { "'\($0)'" }.joined(separator: ", "))"
                : "an action does one thing; it has \(kinds.map { "'\(object.key($0))'" }.joined(separator: " and ")) (use 'sequence' for several)"
            diagnostics.append(
                Diagnostic(
                    .error, FormatCodes.malformedAction, message,
                    at: kinds.dropFirst().first.map { tape.location($0.key) } ?? tape.location(node)))
            return nil
        }
        let value = kindMember.value
        let valueText = tape.string(value)
        func target() -> String? {
            guard let text = valueText else {
                object.wrongType(kindMember, expected: "a route name", into: &diagnostics)
                return nil
            }
            return text
        }
        func flag() -> Bool {
            guard tape.kind(value) == .true else {
                object.wrongType(kindMember, expected: "true", into: &diagnostics)
                return false
            }
            return true
        }
        let kind: ActionKind
        let kindKey = object.key(kindMember)
        switch kindKey {
        case "push":
            guard let text = target() else { return nil }
            kind = .push(text)
        case "present":
            guard let text = target() else { return nil }
            kind = .present(text)
        case "branch":
            guard let text = target() else { return nil }
            kind = .branch(text)
        case "replaceRoot":
            guard let text = target() else { return nil }
            kind = .replaceRoot(text)
        case "popToView":
            guard let text = target() else { return nil }
            kind = .popToView(text)
        case "pop":
            guard flag() else { return nil }
            kind = .pop
        case "dismiss":
            guard flag() else { return nil }
            kind = .dismiss
        case "popToRoot":
            guard flag() else { return nil }
            kind = .popToRoot
        case "alert":
            guard let text = valueText else {
                object.wrongType(kindMember, expected: "a text", into: &diagnostics)
                return nil
            }
            kind = .alert(text)
        case "url":
            guard let text = valueText else {
                object.wrongType(kindMember, expected: "an address", into: &diagnostics)
                return nil
            }
            kind = .url(text)
        case "task":
            guard let text = valueText else {
                object.wrongType(kindMember, expected: "a task name", into: &diagnostics)
                return nil
            }
            let parameter = object.string(.param, into: &diagnostics)
            kind = .task(name: text, parameter: parameter?.0)
            if let parameterLocation = parameter?.1 {
                return Action(kind, at: tape.location(node), targetLocation: tape.location(value), parameterLocation: parameterLocation)
            }
        case "send":
            guard let message = readMessage(object, member: kindMember) else { return nil }
            kind = .send(message)
        case "loadSchema", "conditional":
            guard let text = valueText else {
                object.wrongType(kindMember, expected: kindKey == "loadSchema" ? "a path" : "a condition", into: &diagnostics)
                return nil
            }
            let success = object.member(.success).flatMap { readAction($0.value) }
            let failure = object.member(.failure).flatMap { readAction($0.value) }
            kind =
                kindKey == "loadSchema"
                ? .loadSchema(path: text, success: success, failure: failure)
                : .conditional(condition: text, success: success, failure: failure)
        case "other":
            guard let text = valueText else {
                object.wrongType(kindMember, expected: "an action name", into: &diagnostics)
                return nil
            }
            kind = .other(kind: text, properties: readProperties(object))
        case "sequence":
            guard tape.kind(value) == .array else {
                object.wrongType(kindMember, expected: "an array of actions", into: &diagnostics)
                return nil
            }
            kind = .sequence(tape.elements(of: value).compactMap { readAction($0) })
        default:
            return nil
        }
        return Action(kind, at: tape.location(node), targetLocation: tape.location(value))
    }

    // MARK: Shared pieces

    /// `properties`: an object of strings, kept for values the model has no field for.
    mutating func readProperties(_ object: JSONObjectReader) -> [String: String] {
        guard let member = object.member(.properties) else { return [:] }
        guard tape.kind(member.value) == .object else {
            object.wrongType(member, expected: "an object of strings", into: &diagnostics)
            return [:]
        }
        var result: [String: String] = [:]
        tape.forEachMember(of: member.value) { entry in
            if let text = tape.string(entry.value) {
                result[tape.string(entry.key) ?? ""] = text
            } else {
                diagnostics.append(
                    Diagnostic(
                        .error, FormatCodes.wrongType,
                        "values of 'properties' must be strings, found \(tape.kind(entry.value).typeName)",
                        at: tape.location(entry.value)))
            }
        }
        return result
    }

    /// One entry of an element's `triggers`: an optional `event` and one effect.
    mutating func readTrigger(_ node: Int) -> Trigger? {
        guard tape.kind(node) == .object else {
            notAnObject(node, "a trigger")
            return nil
        }
        let object = JSONObjectReader(tape, node, subject: "a trigger", keys: JSONWireframeReader.triggerKeySet)
        object.reportUnknownKeys(into: &diagnostics)
        let event = object.string(.event, into: &diagnostics)
        let effects = object.members(at: JSONWireframeReader.triggerEffectKeys)
        guard effects.count == 1 else {
            diagnostics.append(
                Diagnostic(
                    .error, FormatCodes.malformedAction,
                    "a trigger needs exactly one of 'action', 'target', 'task', 'send'",
                    at: effects.dropFirst().first.map { tape.location($0.key) } ?? tape.location(node)))
            return nil
        }
        return readTriggerEffect(object, event: event?.0)
    }

    /// The effect keys of an element or trigger object: `action`, `target`, `task` (+`param`), `send`.
    mutating func readTriggerEffect(_ object: JSONObjectReader, event: String?) -> Trigger? {
        if let action = object.string(.action, into: &diagnostics) {
            return Trigger(event: event, .action(action.0), at: action.1)
        }
        if let target = object.string(.target, into: &diagnostics) {
            return Trigger(event: event, .target(target.0), at: target.1)
        }
        if let task = object.string(.task, into: &diagnostics) {
            let parameter = object.string(.param, into: &diagnostics)
            return Trigger(event: event, .task(name: task.0, parameter: parameter?.0), at: task.1, parameterLocation: parameter?.1)
        }
        if let member = object.member(.send), let message = readMessage(object, member: member) {
            return Trigger(event: event, .message(message), at: tape.location(member.value))
        }
        return nil
    }

    /// `send` with its optional `destination` (default `parent`) and `destinationName`.
    mutating func readMessage(_ object: JSONObjectReader, member: JSONTape.Member) -> Message? {
        guard let name = tape.string(member.value) else {
            object.wrongType(member, expected: "a message name", into: &diagnostics)
            return nil
        }
        let destination = object.enumeration(
            .destination, as: MessageDestination.self, allowed: JSONWireframeReader.messageDestinations, into: &diagnostics)
        let destinationName = object.string(.destinationName, into: &diagnostics)
        return Message(
            name: name, destination: destination?.0 ?? .parent, destinationName: destinationName?.0, at: tape.location(member.value))
    }
}
