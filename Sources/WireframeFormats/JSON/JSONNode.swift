public import WireframeModel

/// A JSON value with the location of its first character, and of every value inside it.
public struct JSONNode: Sendable, Hashable {
    /// The value.
    public var value: JSONValue
    /// The first character of the value.
    public var location: SourceLocation

    /// Creates a node.
    public init(_ value: JSONValue, at location: SourceLocation) {
        self.value = value
        self.location = location
    }

    /// The members of an object, or nil for any other value.
    public var members: [JSONMember]? {
        if case .object(let members) = value { return members }
        return nil
    }

    /// The elements of an array, or nil for any other value.
    public var elements: [JSONNode]? {
        if case .array(let elements) = value { return elements }
        return nil
    }

    /// The string, or nil for any other value.
    public var string: String? {
        if case .string(let string) = value { return string }
        return nil
    }

    /// The first member with the given key.
    public subscript(key: String) -> JSONMember? {
        members?.first { $0.key == key }
    }
}

/// A JSON value whose children are located nodes.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A number, kept as its exact text so that nothing is lost to rounding.
    case number(String)
    case string(String)
    case array([JSONNode])
    /// An object's members in source order (duplicates are reported, the first one is kept).
    case object([JSONMember])

    /// The name of the value's type as messages say it: `string`, `array`, ….
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

/// One member of a JSON object: its key with the key's location, and its value.
public struct JSONMember: Sendable, Hashable {
    /// The key.
    public var key: String
    /// The first character of the key (its opening quote).
    public var keyLocation: SourceLocation
    /// The value.
    public var value: JSONNode

    /// Creates a member.
    public init(key: String, keyLocation: SourceLocation, value: JSONNode) {
        self.key = key
        self.keyLocation = keyLocation
        self.value = value
    }
}
