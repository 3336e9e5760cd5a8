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
public struct SchemaObject: Hashable, Sendable {
    /// The tag name.
    public var tag: String
    /// The tag's registered definition.
    public var definition: TagDefinition
    /// Ordinary, proxy or conditional.
    public var mode: ObjectMode
    /// The tag's `<`.
    public var location: SourceLocation
    /// The attributes, in source order.
    public var attributes: [SchemaAttribute]
    /// The parameters, in the order they were first given.
    public var parameters: [SchemaParameter]

    /// The class the tag stands for.
    public var schemaClass: SchemaClass { definition.schemaClass }

    /// An attribute by name.
    public func attribute(_ name: String) -> SchemaAttribute? { attributes.first { $0.name == name } }

    /// The workflow name (`name` attribute).
    public var workflowName: String? { attribute("name")?.value }

    /// The parameter of that name.
    public func parameter(_ name: String) -> SchemaParameter? { parameters.first { $0.name == name } }

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
    public var isProxy: Bool { if case .proxy = mode { true } else { false } }
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

/// A parameter value: text or an object.
public indirect enum SchemaValue: Hashable, Sendable {
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
