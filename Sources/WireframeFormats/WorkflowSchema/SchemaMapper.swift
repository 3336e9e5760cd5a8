import WireframeModel

/// A controller found while mapping, with what the routing checks need (spec §3.1–§3.4).
///
/// A class: the routing checks go over every node many times, and a copy of a reference is one
/// count where a copy of the fields (key, object, arrays, table) was one per field.
final class ControllerNode {
    var key: String
    let object: SchemaObject
    /// The controller whose context built this one (where its delegate messages go); nil for the file root.
    var creator: Int?
    /// Child controllers: a navigation's stack, a tabs' controllers, controllers hosted in views.
    var children: [Int] = []
    /// Controllers its actions show (pushed, presented, replacing the root).
    var shown: [Int] = []
    /// How it came to be: the file root, a child of its creator, or shown by one of its actions.
    var arrival: Arrival
    /// Whether it may receive messages this file does not show: it creates a controller taken from
    /// data or another file, or owns a message whose name comes from data.
    var receivesUnknownMessages = false
    /// Whether it is an unnamed controller of a `viewControllers` list that nothing but its
    /// position tells from its siblings (`ScreenIdentity`): its key changes when a sibling before
    /// it is inserted, removed or moved.
    var keyedByPosition = false

    enum Arrival {
        case root, child, pushed, presented, replacedRoot
    }
    /// The controller's actions, in order (given by the mapper once it has read the controller).
    private(set) var actions: [SchemaObject] = []
    /// Each action's name, "" when it has none (compared without reading attributes again).
    private(set) var actionNames: [String] = []
    /// The position in `actions` of the first action of each name: made only for controllers
    /// with many actions; with a few, the names are compared in order.
    private var firstNamed: [String: Int]?
    /// The position of the first unnamed action (it catches every message).
    private var firstUnnamed: Int?

    /// Past this many actions, names are found by hashing instead of comparing them in order.
    static let namesScannedInOrder = 16

    init(key: String, object: SchemaObject, creator: Int?) {
        self.key = key
        self.object = object
        self.creator = creator
        self.arrival = creator == nil ? .root : .child
    }

    /// Sets what the mapper read of the controller: its actions with their names, and whether
    /// it forwards every message.
    func finish(actions: [SchemaObject], names: [String], forwardsAllMessages: Bool) {
        self.actions = actions
        self.actionNames = names
        self.forwardsAllMessages = forwardsAllMessages
        firstUnnamed = names.firstIndex { $0.isEmpty }
        guard names.count > Self.namesScannedInOrder else { return }
        var firstNamed = [String: Int](minimumCapacity: names.count)
        for (position, name) in names.enumerated() where !name.isEmpty && firstNamed[name] == nil {
            firstNamed[name] = position
        }
        self.firstNamed = firstNamed
    }

    /// Whether it forwards every message to its creator (read once: the routing checks ask often).
    private(set) var forwardsAllMessages = false

    /// The named views of its view hierarchy and whether the hierarchy is complete, once a
    /// routing check has asked for them (`CheckSupport.namedViews`).
    var namedViews: (views: [String: [SchemaObject]], complete: Bool)?

    /// The first action a message of that name runs (a named match or an unnamed catch-all), if any.
    func handler(for name: String) -> SchemaObject? {
        guard let firstNamed else {
            // The first action that is unnamed or has that name.
            let count = name.utf8.count
            for position in actionNames.indices {
                let candidate = actionNames[position]
                if candidate.isEmpty || (candidate.utf8.count == count && candidate == name) { return actions[position] }
            }
            return nil
        }
        switch (firstNamed[name], firstUnnamed) {
        case (let named?, let unnamed?): return actions[min(named, unnamed)]
        case (let named?, nil): return actions[named]
        case (nil, let unnamed?): return actions[unnamed]
        case (nil, nil): return nil
        }
    }

    /// Whether the controller handles the name itself (`submit` in a form, `reloadData` in a table).
    func handlesReserved(_ name: String) -> Bool {
        (object.schemaClass == .form && name == "submit") || (object.schemaClass == .table && name == "reloadData")
    }
}

/// A message that some element, alert button, trigger or action sends.
struct MessageSend {
    enum Sender {
        /// A view, item, gesture, cell, alert button, search bar or trigger: goes to its owning controller.
        case element
        /// A sendMessage action performed by the controller: routed by destination (§3.4).
        case action(SchemaObject)
    }

    var message: Message
    var owner: Int
    var sender: Sender
}

/// A loadSchema action found in the file.
struct SchemaLoad {
    var path: String
    var location: SourceLocation
    var performer: Int
    /// The tag of the controller the loaded root must be, when a `keyPath="schema"` proxy names one.
    var expectedTags: [(tag: String, location: SourceLocation)]
}

/// The controllers and messages of one file, for the routing checks.
struct SchemaGraph {
    var rootKey = ""
    var controllers: [ControllerNode] = []
    var sends: [MessageSend] = []
    var loads: [SchemaLoad] = []
    /// Every controller action (push, present, replaceRoot, pop) with its performer.
    var controllerActions: [(action: SchemaObject, performer: Int)] = []
}

/// Maps created objects to the model: screens for controllers, elements for views, actions, links.
///
/// Screen keys: the `name` attribute where given, else the path of controller tags (with a title
/// or a position where siblings share a tag, `ScreenIdentity`) and action segments from the root
/// (see `docs/WORKFLOWSCHEMA.md`); a repeated key gets `#2`, `#3`, ….
struct SchemaMapper {
    var screens: [Screen] = []
    var graph = SchemaGraph()
    /// Position of each key in `screens` and in `graph.controllers` (appended together, so the same).
    /// Keys are unique, so a controller just mapped is found by its position, not by its key:
    /// this table answers only for targets named by a path (a loaded file).
    /// It is also the set of keys given so far (`uniqueKey`).
    var positions: [String: Int] = [:]
    /// The counter a repeated key's search starts at, by base (see `uniqueKey`).
    private var nextCounters: [String: Int] = [:]
    /// The path of the loadSchema whose success action is being mapped: `keyPath="schema"` proxies refer to it.
    private var currentLoadPath: String?

    /// A mapper with room for that many controllers: the key tables then never grow (growing
    /// rehashes every key, and keys are paths).
    init(expectedControllers: Int) {
        screens.reserveCapacity(expectedControllers)
        graph.controllers.reserveCapacity(expectedControllers)
        positions.reserveCapacity(expectedControllers)
    }

    mutating func map(_ root: SchemaObject) -> SchemaGraph {
        if root.schemaClass.isController, root.mode == .ordinary {
            graph.rootKey = mapController(root, pathKey: { root.tag }, creator: nil, parentKey: nil) ?? ""
        }
        return graph
    }

    /// A key not given before, made of `base`, and entered in `positions` at `position`.
    private mutating func uniqueKey(_ base: String, position: Int) -> String {
        if Self.insert(base, position, into: &positions) { return base }
        // Keys are never removed, so every counter below the last one given for a base is
        // taken: the search starts after it (copies of a file repeat the same names).
        var counter = nextCounters[base] ?? 2
        while true {
            let key = Self.path(base, "", .counter(counter))
            counter += 1
            if Self.insert(key, position, into: &positions) {
                nextCounters[base] = counter
                return key
            }
        }
    }

    /// Enters a key that is not in the table yet, with one hash of the key; false (and the
    /// table unchanged) when it is there.
    private static func insert(_ key: String, _ position: Int, into table: inout [String: Int]) -> Bool {
        var inserted = false
        func fill(_ slot: inout Int) {
            if slot < 0 {
                slot = position
                inserted = true
            }
        }
        fill(&table[key, default: -1])
        return inserted
    }

    /// What follows a tag in a key path segment.
    enum PathSuffix {
        /// Nothing: `base/tag`.
        case none
        /// A position: `base/tag[index]`.
        case index(Int)
        /// A title: `base/tag["title"]`.
        case title(String)
        /// A name: `base/tag@name`.
        case name(String)
        /// A repeated key's counter: `base#counter` (the tag is not written, nor a slash).
        case counter(Int)
    }

    /// `base/tag` with its suffix.
    static func path(_ base: String, _ tag: String, _ suffix: PathSuffix) -> String {
        switch suffix {
        case .none: "\(base)/\(tag)"
        case .index(let index): "\(base)/\(tag)[\(index)]"
        case .title(let title): "\(base)/\(tag)[\"\(title)\"]"
        case .name(let name): "\(base)/\(tag)@\(name)"
        case .counter(let counter): "\(base)#\(counter)"
        }
    }

    static func containerType(_ schemaClass: SchemaClass) -> ContainerType {
        switch schemaClass {
        case .tabs: .tabBar
        case .navigation: .navigation
        case .form: .form
        case .table: .table
        default: .view
        }
    }

    /// Maps a controller and everything below it; returns its key.
    ///
    /// `pathKey` makes the key of an unnamed controller: paths are joined only when one is used,
    /// not for every action and slot passed on the way.
    mutating func mapController(_ object: SchemaObject, pathKey: () -> String, creator: Int?, parentKey: String?) -> String? {
        guard object.mode == .ordinary else { return nil }
        let nameAttribute = object.attribute("name")
        let key: String
        let screenIndex = screens.count
        // The key is entered in `positions` as it is made: one hash of it.
        if let given = nameAttribute?.value, !given.isEmpty {
            key = uniqueKey(given, position: screenIndex)
        } else {
            key = uniqueKey(pathKey(), position: screenIndex)
        }
        let controllerIndex = graph.controllers.count
        let node = ControllerNode(key: key, object: object, creator: creator)
        graph.controllers.append(node)
        let schemaClass = object.schemaClass
        screens.append(
            Screen(
                key: key, container: Self.containerType(schemaClass), parent: parentKey,
                locations: ScreenLocations(definition: object.location, key: nameAttribute?.valueLocation)))

        var elements: [Element] = []
        var properties: [String: String] = [:]
        var links: [Link] = []
        var title: String?
        var titleLocation: SourceLocation?
        var actionObjects: [SchemaObject] = []
        var sawTitle = false
        var sawActions = false
        var sawForward = false
        var forwardsAllMessages = false
        let asParent = ContentParent(definition: object.definition, position: object.node.definition.position, isOrdinary: true)
        // The parameters read from the storage in place: no parameter or value list per
        // parameter, and `title`, `actions` and `shouldForwardAllMessages` found in the same pass.
        let arena = object.arena
        let storage = arena.storage
        let parameters = storage.nodes[Int(object.index)].parameters
        for at in Int(parameters.lowerBound)..<Int(parameters.upperBound) {
            let name = storage.parameterName(at)
            let values = Int(storage.parameters[at].values.lowerBound)..<Int(storage.parameters[at].values.upperBound)
            switch name {
            case "title":
                // The first parameter of the name, as `parameter(_:)` and `text(_:)` find it.
                if !sawTitle {
                    sawTitle = true
                    titleLocation = storage.parameters[at].location
                    for value in values {
                        if case .text(let text, _) = storage.values[value] {
                            title = storage.text(text)
                            break
                        }
                    }
                }
                continue
            case "actions":
                if !sawActions {
                    sawActions = true
                    actionObjects.reserveCapacity(values.count)
                    for value in values {
                        if case .object(let child) = storage.values[value] { actionObjects.append(SchemaObject(arena, child)) }
                    }
                }
                continue
            case "viewControllers":
                // The ordinary controllers of the list, which tell each other apart (`ScreenIdentity`).
                var siblings = 0
                for value in values {
                    if case .object(let childIndex) = storage.values[value], Self.isSibling(SchemaObject(arena, childIndex)) {
                        siblings += 1
                    }
                }
                // A list of one (a navigation's root, mostly) needs no table of suffixes.
                let suffixes = siblings > 1 ? Self.siblingSuffixes(values, in: arena, count: siblings) : []
                var sibling = 0
                for value in values {
                    guard case .object(let childIndex) = storage.values[value] else { continue }
                    let child = SchemaObject(arena, childIndex)
                    let suffix: PathSuffix
                    if Self.isSibling(child) {
                        suffix = suffixes.isEmpty ? .none : suffixes[sibling]
                        sibling += 1
                    } else {
                        suffix = .index(value - values.lowerBound)
                    }
                    if let target = linkTarget(
                        child, pathKey: { Self.path(key, child.tag, suffix) }, creator: controllerIndex, parentKey: key,
                        loadPath: nil)
                    {
                        if case .index = suffix, let index = target.index, (child.workflowName ?? "").isEmpty {
                            graph.controllers[index].keyedByPosition = true
                        }
                        links.append(Link(schemaClass == .tabs ? .tab : .child, to: target.key, at: child.location))
                    }
                }
                continue
            case "shouldForwardAllMessages":
                if !sawForward {
                    sawForward = true
                    for value in values {
                        if case .text(let text, _) = storage.values[value] {
                            forwardsAllMessages = BooleanText.isTrue(storage.text(text))
                            break
                        }
                    }
                }
            default:
                break
            }
            for value in values {
                switch storage.values[value] {
                case .text(let text, _):
                    properties[name] = storage.text(text)
                case .object(let childIndex):
                    let child = SchemaObject(arena, childIndex)
                    mapContent(
                        child, owner: controllerIndex, screenKey: key, links: &links, parameter: name,
                        parameterName: storage.parameters[at].name,
                        parent: asParent, into: &elements)
                }
            }
        }
        var actionNames: [String] = []
        actionNames.reserveCapacity(actionObjects.count)
        for action in actionObjects { actionNames.append(action.workflowName ?? "") }
        node.finish(actions: actionObjects, names: actionNames, forwardsAllMessages: forwardsAllMessages)

        var actions: [NamedAction] = []
        actions.reserveCapacity(actionObjects.count)
        let savedLoadPath = currentLoadPath
        currentLoadPath = nil
        defer { currentLoadPath = savedLoadPath }
        for (index, action) in actionObjects.enumerated() {
            let nameAttribute = action.attribute("name")
            let name = actionNames[index]
            actions.append(
                NamedAction(
                    name: nameAttribute?.value,
                    action: mapAction(
                        action, performer: controllerIndex,
                        path: { Self.path(key, action.tag, name.isEmpty ? .index(index) : .name(name)) }, loadPath: nil),
                    nameLocation: nameAttribute?.valueLocation ?? action.location))
        }
        screens[screenIndex].title = title ?? ""
        screens[screenIndex].locations.title = titleLocation
        screens[screenIndex].elements = elements
        screens[screenIndex].properties = properties
        screens[screenIndex].links = links + screens[screenIndex].links
        screens[screenIndex].actions = actions
        return key
    }

    /// The parameter a bare child goes to in its parent (spec §1.7 step 3): its tag if that is a
    /// parameter accepting it, else the class default; nil for proxies and conditionals.
    static func bareRoute(_ definition: TagDefinition, _ child: SchemaObject) -> String? {
        if let index = definition.parameterIndex(child.tag), definition.parameter(at: index, accepts: child.schemaClass) {
            return child.tag
        }
        guard definition.admits(child.schemaClass) else { return nil }
        return definition.defaultParameter(for: child.schemaClass)
    }

    /// Whether a value of a `viewControllers` list is a controller that gets a key there.
    static func isSibling(_ child: SchemaObject) -> Bool {
        guard case .ordinary = child.node.mode else { return false }
        return child.schemaClass.isController
    }

    /// The key suffixes of the ordinary controllers among `values` (`count` of them), in order.
    static func siblingSuffixes(_ values: Range<Int>, in arena: SchemaArena, count: Int) -> [PathSuffix] {
        var tags: [String] = []
        var titles: [String] = []
        var positions: [Int] = []
        tags.reserveCapacity(count)
        titles.reserveCapacity(count)
        positions.reserveCapacity(count)
        for value in values {
            guard case .object(let childIndex) = arena.storage.values[value] else { continue }
            let child = SchemaObject(arena, childIndex)
            guard isSibling(child) else { continue }
            tags.append(child.tag)
            titles.append(identityTitle(child))
            positions.append(value - values.lowerBound)
        }
        return ScreenIdentity.suffixes(tags: tags, titles: titles, positions: positions)
    }

    /// The title that tells a controller from its siblings: its own, else its tab bar item's
    /// (what a tab shows), else "".
    static func identityTitle(_ controller: SchemaObject) -> String {
        if let title = controller.text("title"), !title.isEmpty { return title }
        var itemTitle = ""
        controller.forEachChild { _, child in
            if itemTitle.isEmpty, child.schemaClass == .tabBarItem, case .ordinary = child.node.mode {
                itemTitle = child.text("title") ?? ""
            }
        }
        return itemTitle
    }

    /// `base/` and an action's segment: `tag@name`, or `tag[index]` for an unnamed action.
    static func path(_ base: String, action: SchemaObject, index: Int) -> String {
        if let name = action.workflowName, !name.isEmpty { return path(base, action.tag, .name(name)) }
        return path(base, action.tag, .index(index))
    }

    /// The key a controller slot links to: an inline controller's key with its position, or the
    /// loaded file's path for `keyPath="schema"` (position nil).
    mutating func linkTarget(
        _ child: SchemaObject, pathKey: () -> String, creator: Int, parentKey: String, loadPath: String?
    ) -> (key: String, index: Int?)? {
        switch child.mode {
        case .ordinary:
            guard child.schemaClass.isController else { return nil }
            let index = graph.controllers.count
            guard let key = mapController(child, pathKey: pathKey, creator: creator, parentKey: parentKey) else { return nil }
            graph.controllers[creator].children.append(index)
            return (key, index)
        case .proxy(let keyPath):
            graph.controllers[creator].receivesUnknownMessages = true
            if keyPath == "schema", let loadPath = loadPath ?? currentLoadPath {
                if let loadIndex = graph.loads.lastIndex(where: { $0.path == loadPath }) {
                    graph.loads[loadIndex].expectedTags.append((child.tag, child.location))
                }
                return (loadPath, nil)
            }
            return nil
        case .conditional:
            return nil
        }
    }

    /// The parent of a value given to `mapContent`: its definition and whether it is ordinary,
    /// which decide whether an element made of the value records its parameter.
    struct ContentParent {
        var definition: TagDefinition
        /// The definition's position in the storage's definitions (the registry's first).
        var position: Int32
        var isOrdinary: Bool
    }

    /// Whether a bare child of an ordinary parent goes to the parameter whose name is at
    /// `parameter` among the storage's names (`bareRoute(_:_:) == names[parameter]`), found by
    /// positions where the parent is a registry definition and both names are known:
    /// `KnownNames` has each definition's parameter positions by name, so neither the child's
    /// tag nor the route is hashed or compared as text.
    static func routesBare(_ parent: ContentParent, _ child: SchemaObject, to parameter: Int32, names: [String]) -> Bool {
        let tag = child.node.tag
        // `KnownNames.workflowSchema` is read in place each time: a local copy counted its arrays.
        let knownCount = KnownNames.workflowSchema.count
        guard Int(parent.position) < TagRegistry.lookup.all.count, Int(tag) < knownCount, Int(parameter) < knownCount else {
            return bareRoute(parent.definition, child) == names[Int(parameter)]
        }
        let childClass = child.schemaClass
        if let index = KnownNames.workflowSchema.parameterIndex(ofDefinitionAt: parent.position, name: tag),
            parent.definition.parameter(at: index, accepts: childClass)
        {
            // Known names are unique: the same text is the same position.
            return tag == parameter
        }
        guard parent.definition.admits(childClass) else { return false }
        if let index = parent.definition.defaultParameterIndex(for: childClass) {
            let start = KnownNames.workflowSchema.parameterNameStart(ofDefinitionAt: Int(parent.position))
            let route = KnownNames.workflowSchema.parameterName(at: Int(start) + index)
            if route >= 0 { return route == parameter }
        }
        return parent.definition.defaultParameter(for: childClass) == names[Int(parameter)]
    }

    /// Maps a value of a controller or view parameter: views and items become elements (appended
    /// to `elements`), hosted controllers become child links.
    ///
    /// An element's table of properties and its arrays of triggers and elements are made at the
    /// size a first pass over its values counts, instead of growing (and rehashing) one entry
    /// at a time.
    mutating func mapContent(
        _ object: SchemaObject, owner: Int, screenKey: String, links: inout [Link], parameter: String,
        parameterName parameterPosition: Int32,
        parent: ContentParent, into elements: inout [Element]
    ) {
        let schemaClass = object.schemaClass
        if schemaClass.isController {
            let count = graph.controllers[owner].children.count
            if let target = linkTarget(
                object, pathKey: { Self.path(screenKey, object.tag, .index(count)) }, creator: owner, parentKey: screenKey, loadPath: nil)
            {
                links.append(Link(.child, to: target.key, at: object.location))
            }
            return
        }
        // The kind from the node: the definition is read only for an element.
        switch object.node.definition.kind {
        case .view, .item:
            break
        default:
            return
        }
        let definition = object.definition
        let mode = object.mode
        let arena = object.arena
        let storage = arena.storage
        let parameters = storage.nodes[Int(object.index)].parameters
        let textParameter = definition.hasTextParameter ? "text" : "title"
        // The first pass: how many properties, triggers and elements the values make (at most),
        // and which parameters hold messages (the first 64 remembered for the second pass).
        var propertyCount = 0
        var triggerCount = 0
        var elementCount = 0
        var messageParameters: UInt64 = 0
        switch mode {
        case .proxy: propertyCount += 2
        case .conditional: propertyCount += 1
        case .ordinary: break
        }
        let recordsParameter = !parent.isOrdinary || !Self.routesBare(parent, object, to: parameterPosition, names: storage.names)
        if recordsParameter { propertyCount += 1 }
        let knownFacts = ParameterNameFacts.known
        for at in Int(parameters.lowerBound)..<Int(parameters.upperBound) {
            let values = storage.parameters[at].values
            var isMessage: Bool?
            var texts = 0
            for value in Int(values.lowerBound)..<Int(values.upperBound) {
                switch storage.values[value] {
                case .text:
                    // By the name's position: its string is read only to compare it with the text parameter.
                    if isMessage == nil {
                        isMessage = ParameterNameFacts.of(storage.parameters[at].name, names: storage.names, known: knownFacts).contains(
                            .message)
                    }
                    if isMessage == true { triggerCount += 1 } else { texts += 1 }
                case .object(let childIndex):
                    // Read field by field: a copy of the node counted its references.
                    let childClass = storage.nodes[Int(childIndex)].schemaClass
                    if childClass == .message {
                        triggerCount += 1
                    } else if childClass == .string || childClass == .image {
                        propertyCount += 2
                    } else if !childClass.isController {
                        let kind = storage.nodes[Int(childIndex)].definition.kind
                        if kind == .view || kind == .item { elementCount += 1 }
                    }
                }
            }
            if texts > 0 { propertyCount += texts - (storage.parameterName(at) == textParameter ? 1 : 0) }
            if isMessage == true, at - Int(parameters.lowerBound) < 64 { messageParameters |= 1 << UInt64(at - Int(parameters.lowerBound)) }
        }

        // Appended first and filled in place: appending a finished element copied all its fields.
        // The `name` and `class` attributes are found in one pass over the attributes.
        let position = elements.count
        let (nameAttribute, classAttribute) = object.nameAndClassAttributes()
        let location = object.location
        // The table is made with room for its entries (`emptyProperties`): `reserveCapacity` of
        // an empty table went through a generic (unspecialized) path.
        // The lists are reserved in place (made in local variables and handed to the element,
        // they were counted on the way in and out). The append itself still copies the element
        // once and destroys the original (an outlined copy per element, about 200 instructions):
        // `consume`, a consuming helper and setting the fields after a bare append did not
        // remove it, or cost more.
        elements.append(
            Element(
                kind: ElementKind(rawValue: object.tag), reference: nameAttribute?.value, styleClass: classAttribute?.value,
                properties: Self.emptyProperties(room: propertyCount),
                locations: ElementLocations(definition: location, kind: location, reference: nameAttribute?.valueLocation)))
        if triggerCount > 0 { elements[position].triggers.reserveCapacity(triggerCount) }
        if elementCount > 0 { elements[position].elements.reserveCapacity(elementCount) }
        switch mode {
        case .proxy(let keyPath):
            elements[position].properties["keyPath"] = keyPath
            if let valueName = object.attribute("valueName")?.value { elements[position].properties["valueName"] = valueName }
        case .conditional:
            elements[position].properties["conditional"] = "yes"
        case .ordinary:
            break
        }
        let asParent = ContentParent(definition: definition, position: object.node.definition.position, isOrdinary: mode == .ordinary)
        for at in Int(parameters.lowerBound)..<Int(parameters.upperBound) {
            let parameterName = storage.parameterName(at)
            let values = storage.parameters[at].values
            let offset = at - Int(parameters.lowerBound)
            for value in Int(values.lowerBound)..<Int(values.upperBound) {
                switch storage.values[value] {
                case .text(let textAt, let textLocation):
                    let text = storage.text(textAt)
                    let isMessage = offset < 64 ? messageParameters & (1 << UInt64(offset)) != 0 : Self.isMessageParameter(parameterName)
                    if isMessage {
                        addTrigger(
                            text: text, location: textLocation, parameter: parameterName, event: nil, to: &elements[position], owner: owner)
                    } else if parameterName == textParameter, elements[position].text == nil {
                        elements[position].text = text
                    } else if let earlier = elements[position].properties.updateValue(text, forKey: parameterName) {
                        // A repeated parameter (`viewNames` and others): its texts joined by commas.
                        // The first text is stored with one lookup; only a repeat needs a second.
                        elements[position].properties[parameterName] = earlier + "," + text
                    }
                case .object(let childIndex):
                    let child = SchemaObject(arena, childIndex)
                    let childClass = child.schemaClass
                    if childClass == .message {
                        if let message = Self.message(child) {
                            addTrigger(message, parameter: parameterName, event: nil, to: &elements[position], owner: owner)
                        } else {
                            graph.controllers[owner].receivesUnknownMessages = true
                        }
                    } else if childClass == .string, case .proxy(let keyPath) = child.mode {
                        elements[position].properties[parameterName + ".keyPath"] = keyPath
                        if Self.isMessageParameter(parameterName) {
                            graph.controllers[owner].receivesUnknownMessages = true
                        }
                    } else if childClass == .image, child.mode == .ordinary {
                        elements[position].properties[parameterName] = child.text("name") ?? ""
                        if let label = child.text("accessibilityLabel") {
                            elements[position].properties[parameterName + ".accessibilityLabel"] = label
                        }
                    } else if childClass.isGesture {
                        for gestureParameter in child.parameters where gestureParameter.name.hasSuffix("essage") {
                            let suffix = gestureParameter.name == "message" ? "" : "." + gestureParameter.name.replacingSuffix("Message")
                            for gestureValue in gestureParameter.values {
                                if case .text(let text, let location) = gestureValue {
                                    addTrigger(
                                        text: text, location: location, parameter: "message", event: child.tag + suffix,
                                        to: &elements[position], owner: owner)
                                } else if case .object(let messageObject) = gestureValue, let message = Self.message(messageObject) {
                                    addTrigger(
                                        message, parameter: "message", event: child.tag + suffix, to: &elements[position], owner: owner)
                                }
                            }
                        }
                    } else {
                        mapContent(
                            child, owner: owner, screenKey: screenKey, links: &links, parameter: parameterName,
                            parameterName: storage.parameters[at].name, parent: asParent, into: &elements[position].elements)
                    }
                }
            }
        }
        if recordsParameter { elements[position].properties["parameter"] = parameter }
    }

    /// Empty tables of properties with room for 1 to 16 entries, made once: a new table is one
    /// of them, copied on its first insertion at its size (a copy allocates its storage from
    /// the original's type), where `init(minimumCapacity:)` went through the unspecialized,
    /// generic initializer and looked the storage's type up per table.
    private static let emptyPropertyTables: [[String: String]] = (0...16).map { [String: String](minimumCapacity: $0) }

    /// An empty table of properties with room for `room` entries without growing.
    @inline(__always)
    static func emptyProperties(room: Int) -> [String: String] {
        if room <= 0 { return [:] }
        return room < emptyPropertyTables.count ? emptyPropertyTables[room] : [String: String](minimumCapacity: room)
    }

    /// Whether a parameter holds a message: `message` or a name ending in `Message`. The bytes
    /// are compared first: `hasSuffix` compares characters, and most names end otherwise.
    static func isMessageParameter(_ name: String) -> Bool {
        let suffix = "Message".utf8
        let bytes = name.utf8
        guard bytes.count >= suffix.count, bytes.last == suffix.last else { return false }
        return name == "message" || (bytes.reversed().starts(with: suffix.reversed()) && name.hasSuffix("Message"))
    }

    mutating func addTrigger(
        text: String, location: SourceLocation, parameter: String, event: String?, to element: inout Element, owner: Int
    ) {
        addTrigger(
            Message(name: text, destination: .delegate, at: location), parameter: parameter, event: event, to: &element, owner: owner)
    }

    mutating func addTrigger(_ message: Message, parameter: String, event: String?, to element: inout Element, owner: Int) {
        let resolvedEvent = event ?? (parameter == "message" ? nil : parameter.replacingSuffix("Message"))
        element.triggers.append(Trigger(event: resolvedEvent, .message(message), at: message.location))
        graph.sends.append(MessageSend(message: message, owner: owner, sender: .element))
    }

    /// A message object or text as a model message; nil for proxies.
    static func message(_ object: SchemaObject) -> Message? {
        guard object.mode == .ordinary, let name = object.text("name") else { return nil }
        let destination: MessageDestination =
            switch object.text("destinationType") {
            case "self": .self
            case "descendant": .descendant
            case "rootDelegate": .rootDelegate
            default: .delegate
            }
        return Message(name: name, destination: destination, destinationName: object.text("destinationName"), at: object.location)
    }

    static func message(_ value: SchemaValue) -> Message? {
        switch value {
        case .text(let text, let location): Message(name: text, destination: .delegate, at: location)
        case .object(let object): message(object)
        }
    }

    /// Maps an action performed by controller `performer`; `path` is its key path segment chain.
    mutating func mapAction(_ action: SchemaObject, performer: Int, path: () -> String, loadPath: String?) -> Action {
        let performerKey = graph.controllers[performer].key
        /// The parameters with literal text, each one's texts joined by commas, read from the
        /// storage (no parameter or text list per parameter, a table of the right size).
        func literalProperties() -> [String: String] {
            let storage = action.arena.storage
            let parameters = storage.nodes[Int(action.index)].parameters
            var withText = 0
            for at in Int(parameters.lowerBound)..<Int(parameters.upperBound) {
                let values = storage.parameters[at].values
                for value in Int(values.lowerBound)..<Int(values.upperBound) {
                    if case .text = storage.values[value] {
                        withText += 1
                        break
                    }
                }
            }
            guard withText > 0 else { return [:] }
            var properties = SchemaMapper.emptyProperties(room: withText)
            for at in Int(parameters.lowerBound)..<Int(parameters.upperBound) {
                let values = storage.parameters[at].values
                var joined = ""
                var texts = 0
                for value in Int(values.lowerBound)..<Int(values.upperBound) {
                    guard case .text(let text, _) = storage.values[value] else { continue }
                    if texts > 0 { joined.append(",") }
                    joined.append(storage.text(text))
                    texts += 1
                }
                if texts > 0 { properties[storage.parameterName(at)] = joined }
            }
            return properties
        }
        switch action.schemaClass {
        case .pushController, .presentController, .replaceRootController:
            graph.controllerActions.append((action, performer))
            var target: String?
            // The screen the action shows: known by position when mapped here, else looked up by key.
            var targetIndex: Int?
            let controllerObject = action.firstObject("controller")
            if let controller = controllerObject {
                let linked = linkTarget(
                    controller, pathKey: { Self.path(path(), controller.tag, .none) }, creator: performer, parentKey: performerKey,
                    loadPath: loadPath)
                target = linked?.key
                targetIndex = linked?.index
                if controller.mode == .ordinary, let index = targetIndex {
                    graph.controllers[index].arrival =
                        action.schemaClass == .pushController
                        ? .pushed : action.schemaClass == .presentController ? .presented : .replacedRoot
                    graph.controllers[performer].shown.append(index)
                    graph.controllers[performer].children.removeAll { $0 == index }
                }
            } else if !action.hasParameter("controller") {
                target = loadPath
                graph.controllers[performer].receivesUnknownMessages = true
            }
            guard let target else { return Action(.other(kind: action.tag, properties: [:]), at: action.location) }
            if let screenIndex = targetIndex ?? positions[target] {
                screens[screenIndex].presentation =
                    action.schemaClass == .pushController ? .push : action.schemaClass == .presentController ? .present : nil
            }
            // The performer's screen has the performer's position (screens and controllers are appended together).
            screens[performer].links.append(
                Link(.subroute, to: target, isInline: loadPath == nil || target != loadPath, at: action.location))
            let kind: ActionKind =
                switch action.schemaClass {
                case .pushController: .push(target)
                case .presentController: .present(target)
                default: .replaceRoot(target)
                }
            return Action(kind, at: action.location, targetLocation: controllerObject?.location)
        case .popController:
            graph.controllerActions.append((action, performer))
            return Action(.pop, at: action.location)
        case .dismissController:
            return Action(.dismiss, at: action.location)
        case .showAlert:
            for name in ["cancelButtonItem", "otherButtonItems"] {
                action.forEachObject(name) { button in
                    if let value = button.values("message").first, let message = Self.message(value) {
                        graph.sends.append(MessageSend(message: message, owner: performer, sender: .element))
                    }
                }
            }
            return Action(.alert(action.text("message") ?? ""), at: action.location)
        case .showActionSheet:
            for name in ["cancelButtonItem", "destructiveButtonItem", "otherButtonItems"] {
                action.forEachObject(name) { button in
                    if let value = button.values("message").first, let message = Self.message(value) {
                        graph.sends.append(MessageSend(message: message, owner: performer, sender: .element))
                    }
                }
            }
            return Action(.other(kind: action.tag, properties: literalProperties()), at: action.location)
        case .sendMessage:
            guard let value = action.values("message").first, let message = Self.message(value) else {
                graph.controllers[performer].receivesUnknownMessages = true
                if let creator = graph.controllers[performer].creator { graph.controllers[creator].receivesUnknownMessages = true }
                return Action(.other(kind: action.tag, properties: [:]), at: action.location)
            }
            graph.sends.append(MessageSend(message: message, owner: performer, sender: .action(action)))
            var index = 0
            action.forEachObject("actions") { response in
                let position = index
                _ = mapAction(
                    response, performer: performer, path: { Self.path(path(), action: response, index: position) }, loadPath: loadPath)
                index += 1
            }
            return Action(.send(message), at: action.location, targetLocation: message.location)
        case .loadSchema:
            let loadedPath = action.text("path") ?? ""
            graph.loads.append(
                SchemaLoad(
                    path: loadedPath, location: action.parameter("path")?.location ?? action.location, performer: performer,
                    expectedTags: []))
            let savedLoadPath = currentLoadPath
            currentLoadPath = loadedPath
            let success = action.firstObject("successAction").map { next in
                mapAction(next, performer: performer, path: { Self.path(path(), action: next, index: 0) }, loadPath: loadedPath)
            }
            currentLoadPath = savedLoadPath
            let failure = action.firstObject("failureAction").map { next in
                mapAction(next, performer: performer, path: { Self.path(path(), action: next, index: 1) }, loadPath: loadPath)
            }
            return Action(
                .loadSchema(path: loadedPath, success: success, failure: failure), at: action.location,
                targetLocation: action.parameter("path")?.location)
        case .multipleActions:
            var actions: [Action] = []
            action.forEachObject("actions") { nested in
                let position = actions.count
                actions.append(
                    mapAction(
                        nested, performer: performer, path: { Self.path(path(), action: nested, index: position) }, loadPath: loadPath))
            }
            return Action(.sequence(actions), at: action.location)
        case .conditionalAction:
            let success = action.firstObject("successAction").map { next in
                mapAction(next, performer: performer, path: { Self.path(path(), action: next, index: 0) }, loadPath: loadPath)
            }
            let failure = action.firstObject("failureAction").map { next in
                mapAction(next, performer: performer, path: { Self.path(path(), action: next, index: 1) }, loadPath: loadPath)
            }
            let condition = action.firstObject("condition").map(Self.describeCondition) ?? ""
            return Action(.conditional(condition: condition, success: success, failure: failure), at: action.location)
        default:
            return Action(.other(kind: action.tag, properties: literalProperties()), at: action.location)
        }
    }

    /// A short text for a condition: its tag and its literal parameters, for example `doesMatchRegularExpression(pattern: .)`.
    static func describeCondition(_ condition: SchemaObject) -> String {
        let parts = condition.parameters.compactMap { parameter -> String? in
            switch parameter.values.first {
            case .text(let text, _): "\(parameter.name): \(text)"
            case .object(let object): "\(parameter.name): \(object.isProxy ? "keyPath" : object.tag)"
            case nil: nil
            }
        }
        return parts.isEmpty ? condition.tag : "\(condition.tag)(\(parts.joined(separator: ", ")))"
    }
}

extension SchemaObject {
    /// The first object value of the parameter of that name, read from the storage without
    /// making a list of its objects.
    func firstObject(_ name: String) -> SchemaObject? {
        var first: SchemaObject?
        forEachObject(name) { object in if first == nil { first = object } }
        return first
    }
}

extension String {
    /// The string without the given suffix, if it has it.
    func replacingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
