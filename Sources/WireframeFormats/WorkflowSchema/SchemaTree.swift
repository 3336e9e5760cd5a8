public import WireframeModel

/// How a registered tag became an object (spec §1.3 step 3).
public enum ObjectMode: Hashable, Sendable {
    /// An ordinary object of the tag's class.
    case ordinary
    /// A parameter proxy: the value comes from the context at `keyPath` (§3.12).
    case proxy(keyPath: String)
    /// A conditional schema: a condition picks `successValue` or `failureValue` (§3.13).
    case conditional
}

/// The objects of one read in one place (spec §1.7): one array of nodes, and the attributes,
/// parameters and values of all of them in shared arrays, each node holding ranges into them.
///
/// Written by the builder while it reads; children are stored before their parents (an object
/// is stored when it ends), so the root comes after everything it holds.
///
/// Nodes, parameters and values hold no reference: tags and parameter names are positions in
/// `names` (the known names of `KnownNames` first), definitions positions in `definitions` (the
/// registry's first), texts and key paths positions in `texts`. Nothing is counted when a record
/// is written, copied or read, and the arrays of records are freed without visiting them.
struct SchemaStorage: Sendable {
    /// How an object was made, a key path by its position in `texts`.
    enum Mode: Equatable, Sendable {
        case ordinary
        case proxy(keyPath: Int32)
        case conditional
    }

    /// A definition by its position in `definitions`, with its kind (the checks ask for it).
    struct DefinitionRef: Sendable {
        var position: Int32
        var kind: TagKind
    }

    struct Node: Sendable {
        /// Its position in `names`.
        var tag: Int32
        var definition: DefinitionRef
        /// The definition's `schemaClass`, kept beside it: the checks ask for it on every object.
        var schemaClass: SchemaClass
        var mode: Mode
        var location: SourceLocation
        var attributes: Range<Int32>
        var parameters: Range<Int32>
    }

    struct Parameter: Sendable {
        /// Its position in `names`.
        var name: Int32
        /// The name's length in bytes: a search by name compares it before loading the name.
        var nameLength: Int32
        var location: SourceLocation
        var values: Range<Int32>
    }

    enum Value: Sendable {
        /// Literal text: its position in `texts`.
        case text(Int32, SourceLocation)
        /// A node of the same storage.
        case object(Int32)
    }

    /// What grouping needs to know of a value: where it is, whether it is a proxy or a
    /// conditional, and an object's tag (its position in `names`; -1 for text). Read from the
    /// nodes by the builder, so that the grouper is not handed the whole storage per value.
    struct ValueFacts {
        var location: SourceLocation
        var isDynamic: Bool
        var tag: Int32
    }

    /// The facts of a value of this storage.
    @inline(__always)
    func facts(of value: Value) -> ValueFacts {
        switch value {
        case .text(_, let location): ValueFacts(location: location, isDynamic: false, tag: -1)
        case .object(let index):
            ValueFacts(location: nodes[Int(index)].location, isDynamic: nodes[Int(index)].mode != .ordinary, tag: nodes[Int(index)].tag)
        }
    }

    /// Tag and parameter names: the known names first (a read uses no other), then those given to setters.
    var names: [String]
    /// Definitions: the registry's (`TagRegistry.Lookup.all`) first, then those given to setters.
    var definitions: [TagDefinition]
    /// Text values and key paths.
    var texts: [String] = []
    var nodes: [Node] = []
    var attributes: [SchemaAttribute] = []
    var parameters: [Parameter] = []
    var values: [Value] = []

    init() {
        names = KnownNames.workflowSchema.names
        definitions = TagRegistry.lookup.all
    }

    /// A parameter record, with its name's length.
    @inline(__always)
    func parameterRecord(name: Int32, location: SourceLocation, values: Range<Int32>) -> Parameter {
        Parameter(name: name, nameLength: Int32(truncatingIfNeeded: names[Int(name)].utf8.count), location: location, values: values)
    }

    /// The name at a position of `names`.
    @inline(__always)
    func name(_ position: Int32) -> String { names[Int(position)] }

    /// The text at a position of `texts`.
    @inline(__always)
    func text(_ position: Int32) -> String { texts[Int(position)] }

    /// The name of the parameter at that position of `parameters`.
    @inline(__always)
    func parameterName(_ position: Int) -> String { names[Int(parameters[position].name)] }

    /// The node's mode as the API gives it.
    func mode(of node: Node) -> ObjectMode {
        switch node.mode {
        case .ordinary: .ordinary
        case .proxy(let keyPath): .proxy(keyPath: texts[Int(keyPath)])
        case .conditional: .conditional
        }
    }

    /// A name given to a setter: its new position.
    mutating func addName(_ name: String) -> Int32 {
        names.append(name)
        return Int32(names.count - 1)
    }

    /// A text: its position.
    @inline(__always)
    mutating func addText(_ text: String) -> Int32 {
        texts.append(text)
        return Int32(texts.count - 1)
    }

    /// A definition given to a setter: its new position.
    mutating func addDefinition(_ definition: TagDefinition) -> Int32 {
        definitions.append(definition)
        return Int32(definitions.count - 1)
    }

    /// A mode given to a setter, its key path stored.
    mutating func storedMode(_ mode: ObjectMode) -> Mode {
        switch mode {
        case .ordinary: .ordinary
        case .proxy(let keyPath): .proxy(keyPath: addText(keyPath))
        case .conditional: .conditional
        }
    }

    /// Copies an object of a read, and its sub-tree, in (a setter's value); its new position.
    mutating func adopt(_ object: SchemaObject) -> Int32 {
        let node = object.node
        let attributeStart = Int32(attributes.count)
        attributes += object.arena.storage.attributes[Int(node.attributes.lowerBound)..<Int(node.attributes.upperBound)]
        let attributeRange = attributeStart..<Int32(attributes.count)
        let parameterRange = storeParameters(object.parameters)
        let tag = addName(object.tag)
        let definition = DefinitionRef(position: addDefinition(object.definition), kind: object.definition.kind)
        let mode = storedMode(object.mode)
        nodes.append(
            Node(
                tag: tag, definition: definition, schemaClass: node.schemaClass, mode: mode,
                location: node.location, attributes: attributeRange, parameters: parameterRange))
        return Int32(nodes.count - 1)
    }

    /// Stores parameters given to a setter, their objects copied in; the range of the parameters.
    mutating func storeParameters<Parameters: Collection<SchemaParameter>>(_ given: Parameters) -> Range<Int32> {
        var stored: [Parameter] = []
        for parameter in given {
            var kept: [Value] = []
            for value in parameter.values {
                switch value {
                case .text(let text, let location): kept.append(.text(addText(text), location))
                case .object(let object): kept.append(.object(adopt(object)))
                }
            }
            let start = Int32(values.count)
            values += kept
            let name = addName(parameter.name)
            stored.append(parameterRecord(name: name, location: parameter.location, values: start..<Int32(values.count)))
        }
        let start = Int32(parameters.count)
        parameters += stored
        return start..<Int32(parameters.count)
    }
}

/// A finished read's storage, shared by the views of its objects. Never changed: a setter of a
/// view makes a new one (reads of a `let` need no exclusivity check).
public final class SchemaArena: Sendable {
    let storage: SchemaStorage

    init(_ storage: SchemaStorage) { self.storage = storage }

    @inline(__always)
    func value(at position: Int) -> SchemaValue {
        switch storage.values[position] {
        case .text(let text, let location): .text(storage.text(text), location)
        case .object(let index): .object(SchemaObject(self, index))
        }
    }
}

/// A created object (spec §1.7): a tag whose children have been grouped into named parameters.
///
/// A view of one node of its read's storage: copying an object costs one reference count, and
/// the tree has no allocation of its own per object. Compared and hashed by its fields; a
/// change makes a storage of its own for the changed object.
public struct SchemaObject: Hashable, Sendable {
    private(set) var arena: SchemaArena
    private(set) var index: Int32

    init(_ arena: SchemaArena, _ index: Int32) {
        self.arena = arena
        self.index = index
    }

    /// The node in its storage.
    var node: SchemaStorage.Node {
        @inline(__always) _read { yield arena.storage.nodes[Int(index)] }
    }

    /// Changes the object: a new storage with the change, the rest kept.
    private mutating func change(_ body: (inout SchemaStorage, Int) -> Void) {
        var storage = arena.storage
        body(&storage, Int(index))
        arena = SchemaArena(storage)
    }

    /// The tag name.
    public var tag: String {
        get { arena.storage.name(node.tag) }
        set { change { $0.nodes[$1].tag = $0.addName(newValue) } }
    }
    /// The tag's registered definition.
    public var definition: TagDefinition {
        get { arena.storage.definitions[Int(node.definition.position)] }
        set {
            change {
                $0.nodes[$1].definition = SchemaStorage.DefinitionRef(position: $0.addDefinition(newValue), kind: newValue.kind)
                $0.nodes[$1].schemaClass = newValue.schemaClass
            }
        }
    }
    /// Ordinary, proxy or conditional.
    public var mode: ObjectMode {
        @inline(__always) get {
            switch node.mode {
            case .ordinary: .ordinary
            case .conditional: .conditional
            case .proxy(let keyPath): .proxy(keyPath: arena.storage.texts[Int(keyPath)])
            }
        }
        set { change { $0.nodes[$1].mode = $0.storedMode(newValue) } }
    }
    /// The tag's `<`.
    public var location: SourceLocation {
        get { node.location }
        set { change { $0.nodes[$1].location = newValue } }
    }
    /// The attributes, in source order.
    public var attributes: [SchemaAttribute] {
        get {
            let range = node.attributes
            return Array(arena.storage.attributes[Int(range.lowerBound)..<Int(range.upperBound)])
        }
        set {
            change {
                let start = Int32($0.attributes.count)
                $0.attributes += newValue
                $0.nodes[$1].attributes = start..<Int32($0.attributes.count)
            }
        }
    }
    /// The parameters, in the order they were first given.
    public var parameters: SchemaParameters {
        get { SchemaParameters(arena, node.parameters) }
        set {
            change { storage, position in
                let range = storage.storeParameters(newValue)
                storage.nodes[position].parameters = range
            }
        }
    }

    public static func == (lhs: SchemaObject, rhs: SchemaObject) -> Bool {
        if lhs.arena === rhs.arena, lhs.index == rhs.index { return true }
        return lhs.tag == rhs.tag && lhs.definition == rhs.definition && lhs.mode == rhs.mode
            && lhs.location == rhs.location && lhs.attributes == rhs.attributes && lhs.parameters == rhs.parameters
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(tag)
        hasher.combine(definition)
        hasher.combine(mode)
        hasher.combine(location)
        hasher.combine(attributes)
        hasher.combine(parameters)
    }

    /// The class the tag stands for.
    public var schemaClass: SchemaClass { node.schemaClass }

    /// An attribute by name.
    public func attribute(_ name: String) -> SchemaAttribute? {
        // Lengths first: most names differ in length, and counting a native string's bytes is free.
        let count = name.utf8.count
        let range = node.attributes
        let attributes = arena.storage.attributes
        for at in Int(range.lowerBound)..<Int(range.upperBound)
        where attributes[at].name.utf8.count == count && attributes[at].name == name {
            return attributes[at]
        }
        return nil
    }

    /// The workflow name (`name` attribute), read without copying the attribute.
    public var workflowName: String? {
        let range = node.attributes
        let attributes = arena.storage.attributes
        for at in Int(range.lowerBound)..<Int(range.upperBound)
        where attributes[at].name.utf8.count == 4 && attributes[at].name == "name" {
            return attributes[at].value
        }
        return nil
    }

    /// The `name` and `class` attributes (the first of each), found in one pass: the mapper
    /// reads both for every element.
    func nameAndClassAttributes() -> (name: SchemaAttribute?, styleClass: SchemaAttribute?) {
        let range = node.attributes
        let attributes = arena.storage.attributes
        var name: SchemaAttribute?
        var styleClass: SchemaAttribute?
        for at in Int(range.lowerBound)..<Int(range.upperBound) {
            let count = attributes[at].name.utf8.count
            if count == 4, name == nil, attributes[at].name == "name" {
                name = attributes[at]
            } else if count == 5, styleClass == nil, attributes[at].name == "class" {
                styleClass = attributes[at]
            }
        }
        return (name, styleClass)
    }

    /// The position in the storage of the parameter of that name.
    private func parameterPosition(_ name: String) -> Int? {
        let count = name.utf8.count
        let range = node.parameters
        let parameters = arena.storage.parameters
        let names = arena.storage.names
        for at in Int(range.lowerBound)..<Int(range.upperBound)
        where Int(parameters[at].nameLength) == count && names[Int(parameters[at].name)] == name {
            return at
        }
        return nil
    }

    /// The parameter of that name.
    public func parameter(_ name: String) -> SchemaParameter? {
        parameterPosition(name).map { SchemaParameter.stored(in: arena, at: $0) }
    }

    /// Whether a parameter of that name is given, found without copying it.
    func hasParameter(_ name: String) -> Bool { parameterPosition(name) != nil }

    /// The values of a parameter (empty when absent).
    public func values(_ name: String) -> SchemaValues {
        guard let at = parameterPosition(name) else { return SchemaValues() }
        return SchemaValues(arena, arena.storage.parameters[at].values)
    }

    /// The first value of a parameter that is literal text.
    public func text(_ name: String) -> String? {
        guard let at = parameterPosition(name) else { return nil }
        let range = arena.storage.parameters[at].values
        for value in Int(range.lowerBound)..<Int(range.upperBound) {
            if case .text(let text, _) = arena.storage.values[value] { return arena.storage.text(text) }
        }
        return nil
    }

    /// The object values of a parameter.
    public func objects(_ name: String) -> [SchemaObject] {
        values(name).compactMap { if case .object(let object) = $0 { object } else { nil } }
    }

    /// Calls `body` with each object value and the name of its parameter, in order, read from
    /// the storage without making a parameter or a value list.
    @inline(__always)
    func forEachChild(_ body: (_ parameter: String, _ child: SchemaObject) -> Void) {
        let parameters = arena.storage.parameters
        let stored = arena.storage.values
        let names = arena.storage.names
        let range = node.parameters
        for at in Int(range.lowerBound)..<Int(range.upperBound) {
            let values = parameters[at].values
            for value in Int(values.lowerBound)..<Int(values.upperBound) {
                if case .object(let child) = stored[value] { body(names[Int(parameters[at].name)], SchemaObject(arena, child)) }
            }
        }
    }

    /// Calls `body` with each value, in order, with its parameter's name and its position in
    /// the parameter, read from the storage without making a parameter or a value list.
    @inline(__always)
    func forEachValue(_ body: (_ parameter: String, _ position: Int, _ value: SchemaValue) -> Void) {
        let parameters = arena.storage.parameters
        let names = arena.storage.names
        let range = node.parameters
        for at in Int(range.lowerBound)..<Int(range.upperBound) {
            let values = parameters[at].values
            for value in Int(values.lowerBound)..<Int(values.upperBound) {
                body(names[Int(parameters[at].name)], value - Int(values.lowerBound), arena.value(at: value))
            }
        }
    }

    /// Calls `body` with each text value, its location and the name of its parameter, in order,
    /// for the parameters `wanted` accepts (asked once per parameter).
    @inline(__always)
    func forEachText(
        where wanted: (_ parameter: String) -> Bool, _ body: (_ parameter: String, _ text: String, _ location: SourceLocation) -> Void
    ) {
        let parameters = arena.storage.parameters
        let stored = arena.storage.values
        let names = arena.storage.names
        let texts = arena.storage.texts
        let range = node.parameters
        for at in Int(range.lowerBound)..<Int(range.upperBound) where wanted(names[Int(parameters[at].name)]) {
            let values = parameters[at].values
            for value in Int(values.lowerBound)..<Int(values.upperBound) {
                if case .text(let text, let location) = stored[value] { body(names[Int(parameters[at].name)], texts[Int(text)], location) }
            }
        }
    }

    /// Whether the object is a keyPath proxy.
    public var isProxy: Bool { if case .proxy = node.mode { true } else { false } }

    /// Whether the object is a proxy or a conditional (known only at run time), read without
    /// making its mode.
    var isDynamic: Bool { node.mode != .ordinary }
}

/// An element kept in a read's store: read back from the arena by its position.
public protocol SchemaStoredElement: Hashable, Sendable {
    static func stored(in arena: SchemaArena, at position: Int) -> Self
}

extension SchemaParameter: SchemaStoredElement {
    public static func stored(in arena: SchemaArena, at position: Int) -> SchemaParameter {
        let stored = arena.storage.parameters[position]
        return SchemaParameter(name: arena.storage.name(stored.name), values: SchemaValues(arena, stored.values), location: stored.location)
    }
}

extension SchemaValue: SchemaStoredElement {
    @inline(__always)
    public static func stored(in arena: SchemaArena, at position: Int) -> SchemaValue { arena.value(at: position) }
}

/// The parameters of an object: a view of the read's store, or an array once changed.
public typealias SchemaParameters = SchemaRun<SchemaParameter>

/// The values of a parameter: a view of the read's store, or an array when given or changed.
public typealias SchemaValues = SchemaRun<SchemaValue>

/// A run of consecutive elements of a read's store, or an array when given or changed.
public struct SchemaRun<Element: SchemaStoredElement>: RandomAccessCollection, RangeReplaceableCollection, ExpressibleByArrayLiteral,
    Hashable, Sendable
{
    private enum Backing {
        case stored(SchemaArena, Int)
        case given([Element])
    }

    private var backing: Backing
    public let startIndex = 0
    public private(set) var endIndex: Int

    init(_ arena: SchemaArena, _ range: Range<Int32>) {
        backing = .stored(arena, Int(range.lowerBound))
        endIndex = range.count
    }

    public init() {
        backing = .given([])
        endIndex = 0
    }

    public init(_ elements: [Element]) {
        backing = .given(elements)
        endIndex = elements.count
    }

    public init(arrayLiteral elements: Element...) { self.init(elements) }

    @inline(__always)
    public subscript(position: Int) -> Element {
        switch backing {
        case .stored(let arena, let start): Element.stored(in: arena, at: start + position)
        case .given(let elements): elements[position]
        }
    }

    public mutating func replaceSubrange<C: Collection<Element>>(_ subrange: Range<Int>, with newElements: C) {
        var elements = Array(self)
        elements.replaceSubrange(subrange, with: newElements)
        endIndex = elements.count
        backing = .given(elements)
    }

    public static func == (lhs: SchemaRun, rhs: SchemaRun) -> Bool { lhs.elementsEqual(rhs) }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for element in self { hasher.combine(element) }
    }
}

/// An attribute of an object tag.
public struct SchemaAttribute: Hashable, Sendable {
    /// The name.
    public var name: String
    /// The value.
    public var value: String
    /// The attribute name.
    public var location: SourceLocation
    /// The first character of the value.
    public var valueLocation: SourceLocation
}

/// A named parameter of an object with its values in order.
public struct SchemaParameter: Hashable, Sendable {
    /// The parameter name.
    public var name: String
    /// Its values; a non-array parameter has one.
    public var values: SchemaValues
    /// The first value, or the parameter tag.
    public var location: SourceLocation

    public init(name: String, values: SchemaValues, location: SourceLocation) {
        self.name = name
        self.values = values
        self.location = location
    }
}

/// A parameter value: text or an object (itself one reference, so the enum needs no box).
public enum SchemaValue: Hashable, Sendable {
    /// Literal text, trimmed.
    case text(String, SourceLocation)
    /// An object.
    case object(SchemaObject)

    /// Where it is.
    public var location: SourceLocation {
        switch self {
        case .text(_, let location): location
        case .object(let object): object.location
        }
    }
}

/// What an element below the document element is (spec §1.3): an object or a parameter tag.
enum SchemaRole {
    case object(TagDefinition, ObjectMode)
    case parameter
}

extension TagDefinition {
    /// The definition that groups an object's children: the pseudo-classes for proxies and conditionals.
    func effective(for mode: ObjectMode) -> TagDefinition {
        switch mode {
        case .ordinary:
            return self
        case .proxy:
            return TagDefinition(
                tag: tag, schemaClass: schemaClass, kind: kind, isAbstract: false,
                parameters: TagRegistry.proxyParameters, defaults: [])
        case .conditional:
            return TagDefinition(
                tag: tag, schemaClass: schemaClass, kind: kind, isAbstract: false,
                parameters: TagRegistry.conditionalParameters, defaults: TagRegistry.conditionalDefaults)
        }
    }
}

extension SchemaStorage {
    /// Whether the node at that position has a parameter of that name.
    func hasParameter(_ name: String, of node: Int) -> Bool {
        let count = name.utf8.count
        let range = nodes[node].parameters
        for at in Int(range.lowerBound)..<Int(range.upperBound)
        where Int(parameters[at].nameLength) == count && names[Int(parameters[at].name)] == name {
            return true
        }
        return false
    }
}

extension SchemaObject {
    /// Calls `body` with each parameter that `wanted` accepts, in order; `wanted` is asked with
    /// the storage and the positions of the parameter's values, so that a parameter (its name
    /// and a view of its values) is made only for those it accepts.
    @inline(__always)
    func forEachParameter(where wanted: (SchemaStorage, Range<Int>) -> Bool, _ body: (SchemaParameter) -> Void) {
        let range = node.parameters
        for at in Int(range.lowerBound)..<Int(range.upperBound) {
            let values = arena.storage.parameters[at].values
            if wanted(arena.storage, Int(values.lowerBound)..<Int(values.upperBound)) { body(SchemaParameter.stored(in: arena, at: at)) }
        }
    }

    /// Calls `body` with each object value of the parameter of that name, in order, read from the
    /// storage without making a value list.
    @inline(__always)
    func forEachObject(_ name: String, _ body: (SchemaObject) -> Void) {
        guard let at = parameterPosition(name) else { return }
        let stored = arena.storage.values
        let values = arena.storage.parameters[at].values
        for value in Int(values.lowerBound)..<Int(values.upperBound) {
            if case .object(let child) = stored[value] { body(SchemaObject(arena, child)) }
        }
    }

    /// Whether the parameter of that name holds an object, found without making a value list.
    func hasObject(in name: String) -> Bool {
        guard let at = parameterPosition(name) else { return false }
        let stored = arena.storage.values
        let values = arena.storage.parameters[at].values
        for value in Int(values.lowerBound)..<Int(values.upperBound) {
            if case .object = stored[value] { return true }
        }
        return false
    }

    /// Calls `body` with each object value and the name of its parameter, last first (the
    /// parameters from the last, and each one's values from the last): for walks that push
    /// children on a stack to visit them in order.
    @inline(__always)
    func forEachChildReversed(_ body: (_ parameter: String, _ child: SchemaObject) -> Void) {
        let parameters = arena.storage.parameters
        let stored = arena.storage.values
        let names = arena.storage.names
        let range = node.parameters
        for at in (Int(range.lowerBound)..<Int(range.upperBound)).reversed() {
            let values = parameters[at].values
            for value in (Int(values.lowerBound)..<Int(values.upperBound)).reversed() {
                if case .object(let child) = stored[value] { body(names[Int(parameters[at].name)], SchemaObject(arena, child)) }
            }
        }
    }
}
