import Foundation

/// A changed field in `audit` and `diff` JSON: `old` and `new` as JSON values. An element, an
/// action or a navigation bar is an object, as the wireframe format writes it; every other value
/// (titles, types, lists joined with ", ") is a string.
public struct FieldJSON: Encodable {
    public var field: String
    public var old: JSONValue?
    public var new: JSONValue?

    public init(field: String, old: String?, new: String?) {
        self.field = field
        self.old = old.map { Self.value(field: field, $0) }
        self.new = new.map { Self.value(field: field, $0) }
    }

    /// The fields whose values are the canonical JSON of an element, an action or a navigation bar.
    /// The prefix alone does not say it (an element whose reference is `order` is the field
    /// `elements.order`, as is the order of the elements, which is text): the value must be an object too.
    private static let structuredPrefixes = ["elements.", "elements[", "actions.", "actions[", "navigations."]

    public static func value(field: String, _ text: String) -> JSONValue {
        guard structuredPrefixes.contains(where: field.hasPrefix), text.hasPrefix("{"),
            let value = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        else { return .string(text) }
        return value
    }
}

/// Any JSON value, read and written as it is: booleans stay booleans, whole numbers stay whole.
public enum JSONValue: Codable, Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}
