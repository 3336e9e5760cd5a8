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

/// A created object (spec §1.7): a tag whose children have been grouped into named parameters.
///
/// The fields live in one copy-on-write box, so copying an object (into a check's stack, a
/// controller node, a parameter's values) costs one reference count instead of one per field.
public struct SchemaObject: Hashable, Sendable {
    /// The fields; replaced by a copy before a write when it is shared.
    private final class Storage: @unchecked Sendable {
        // Written only through `SchemaObject`'s setters, after `makeUnique()`.
        var tag: String
        var definition: TagDefinition {
            didSet { schemaClass = definition.schemaClass }
        }
        /// `definition.schemaClass`, kept beside it: the checks ask for it on every object.
        private(set) var schemaClass: SchemaClass
        var mode: ObjectMode
        var location: SourceLocation
        var attributes: [SchemaAttribute]
        var parameters: [SchemaParameter]

        init(
            tag: String, definition: TagDefinition, mode: ObjectMode, location: SourceLocation,
            attributes: [SchemaAttribute], parameters: [SchemaParameter]
        ) {
            self.tag = tag
            self.definition = definition
            self.schemaClass = definition.schemaClass
            self.mode = mode
            self.location = location
            self.attributes = attributes
            self.parameters = parameters
        }

        func copy() -> Storage {
            Storage(
                tag: tag, definition: definition, mode: mode, location: location, attributes: attributes,
                parameters: parameters)
        }
    }

    private var storage: Storage

    init(
        tag: String, definition: TagDefinition, mode: ObjectMode, location: SourceLocation,
        attributes: [SchemaAttribute], parameters: [SchemaParameter]
    ) {
        storage = Storage(
            tag: tag, definition: definition, mode: mode, location: location, attributes: attributes,
            parameters: parameters)
    }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }

    /// The tag name.
    public var tag: String {
        get { storage.tag }
        set { makeUnique(); storage.tag = newValue }
    }
    /// The tag's registered definition.
    public var definition: TagDefinition {
        get { storage.definition }
        set { makeUnique(); storage.definition = newValue }
    }
    /// Ordinary, proxy or conditional.
    public var mode: ObjectMode {
        get { storage.mode }
        set { makeUnique(); storage.mode = newValue }
    }
    /// The tag's `<`.
    public var location: SourceLocation {
        get { storage.location }
        set { makeUnique(); storage.location = newValue }
    }
    /// The attributes, in source order.
    public var attributes: [SchemaAttribute] {
        get { storage.attributes }
        _modify {
            makeUnique()
            yield &storage.attributes
        }
    }
    /// The parameters, in the order they were first given.
    public var parameters: [SchemaParameter] {
        get { storage.parameters }
        _modify {
            makeUnique()
            yield &storage.parameters
        }
    }

    public static func == (lhs: SchemaObject, rhs: SchemaObject) -> Bool {
        if lhs.storage === rhs.storage { return true }
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
    public var schemaClass: SchemaClass { storage.schemaClass }

    /// An attribute by name.
    public func attribute(_ name: String) -> SchemaAttribute? {
        // Lengths first: most names differ in length, and counting a native string's bytes is free.
        let count = name.utf8.count
        for attribute in storage.attributes where attribute.name.utf8.count == count && attribute.name == name {
            return attribute
        }
        return nil
    }

    /// The workflow name (`name` attribute), read without copying the attribute.
    public var workflowName: String? {
        for attribute in storage.attributes where attribute.name.utf8.count == 4 && attribute.name == "name" {
            return attribute.value
        }
        return nil
    }

    /// The parameter of that name.
    public func parameter(_ name: String) -> SchemaParameter? {
        let count = name.utf8.count
        for parameter in storage.parameters where parameter.name.utf8.count == count && parameter.name == name {
            return parameter
        }
        return nil
    }

    /// Whether a parameter of that name is given, found without copying it.
    func hasParameter(_ name: String) -> Bool {
        let count = name.utf8.count
        return storage.parameters.contains { $0.name.utf8.count == count && $0.name == name }
    }

    /// The values of a parameter (empty when absent).
    public func values(_ name: String) -> [SchemaValue] { parameter(name)?.values ?? [] }

    /// The first value of a parameter that is literal text.
    public func text(_ name: String) -> String? {
        for value in values(name) { if case .text(let text, _) = value { return text } }
        return nil
    }

    /// The object values of a parameter.
    public func objects(_ name: String) -> [SchemaObject] {
        values(name).compactMap { if case .object(let object) = $0 { object } else { nil } }
    }

    /// Whether the object is a keyPath proxy.
    public var isProxy: Bool { if case .proxy = storage.mode { true } else { false } }
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
    public var values: [SchemaValue]
    /// The first value, or the parameter tag.
    public var location: SourceLocation
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
