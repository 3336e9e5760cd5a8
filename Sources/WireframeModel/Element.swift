/// The kind of a screen element: `label`, `button`, … (JSON), or the WorkflowSchema view tag.
public struct ElementKind: RawRepresentable, Hashable, Sendable, Codable, Comparable,
    ExpressibleByStringLiteral, CustomStringConvertible
{
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }
    public static func < (lhs: ElementKind, rhs: ElementKind) -> Bool { lhs.rawValue < rhs.rawValue }

    public static let label: ElementKind = "label"
    public static let button: ElementKind = "button"
    public static let textField: ElementKind = "textField"
    public static let textView: ElementKind = "textView"
    public static let image: ElementKind = "image"
    public static let `switch`: ElementKind = "switch"
    public static let slider: ElementKind = "slider"
    public static let stepper: ElementKind = "stepper"
    public static let segmentedControl: ElementKind = "segmentedControl"
    public static let pageControl: ElementKind = "pageControl"
    public static let progress: ElementKind = "progress"
    public static let activityIndicator: ElementKind = "activityIndicator"
    public static let webView: ElementKind = "webView"
    public static let list: ElementKind = "list"
    public static let datePicker: ElementKind = "datePicker"
    public static let searchBar: ElementKind = "searchBar"
    public static let container: ElementKind = "container"

    /// The kinds the JSON format defines.
    public static let jsonKinds: [ElementKind] = [
        .label, .button, .textField, .textView, .image, .switch, .slider, .stepper,
        .segmentedControl, .pageControl, .progress, .activityIndicator, .webView, .list,
        .datePicker, .searchBar, .container,
    ]

    /// Kinds a person can interact with; only these may trigger something in JSON.
    public static let controls: Set<ElementKind> = [
        .button, .textField, .switch, .slider, .stepper, .segmentedControl, .pageControl,
        .list, .datePicker, .searchBar,
    ]
}

/// One piece of a screen's content.
public struct Element: Hashable, Sendable {
    /// What it is.
    public var kind: ElementKind
    /// Its reference (JSON) or workflow name (WorkflowSchema), unique within the screen.
    public var reference: String?
    /// Its style class (WorkflowSchema `class`).
    public var styleClass: String?
    /// The visible text (`text` or `title`).
    public var text: String?
    /// What it triggers, in order; the first with no event is the primary interaction.
    public var triggers: [Trigger]
    /// Content of a container, in order.
    public var elements: [Element]
    /// Properties the model has no field for (placeholder, accessibility label, …), by name.
    public var properties: [String: String]
    /// Where the element and its values are.
    public var locations: ElementLocations

    /// Creates an element.
    public init(
        kind: ElementKind, reference: String? = nil, styleClass: String? = nil, text: String? = nil,
        triggers: [Trigger] = [], elements: [Element] = [], properties: [String: String] = [:],
        locations: ElementLocations = ElementLocations()
    ) {
        self.kind = kind
        self.reference = reference
        self.styleClass = styleClass
        self.text = text
        self.triggers = triggers
        self.elements = elements
        self.properties = properties
        self.locations = locations
    }
}

/// Source locations of an element's values.
public struct ElementLocations: Hashable, Sendable {
    /// The element's object or tag.
    public var definition: SourceLocation
    /// The `kind` value.
    public var kind: SourceLocation?
    /// The `reference` value.
    public var reference: SourceLocation?

    /// Creates locations; unknown ones are nil.
    public init(definition: SourceLocation = .start, kind: SourceLocation? = nil, reference: SourceLocation? = nil) {
        self.definition = definition
        self.kind = kind
        self.reference = reference
    }
}

/// What an element does when a person uses it.
public struct Trigger: Hashable, Sendable {
    /// The event, for controls with several (`on`/`off` of a switch, `begin`/`end` of a long press);
    /// nil for the primary interaction.
    public var event: String?
    /// What happens.
    public var effect: TriggerEffect
    /// The value that names the effect (the action name, target, task or message).
    public var location: SourceLocation
    /// The task's parameter (`param`), where a task has one: the route a `push` task names.
    public var parameterLocation: SourceLocation?

    /// Creates a trigger.
    public init(
        event: String? = nil, _ effect: TriggerEffect, at location: SourceLocation = .start,
        parameterLocation: SourceLocation? = nil
    ) {
        self.event = event
        self.effect = effect
        self.location = location
        self.parameterLocation = parameterLocation
    }
}

/// The effect of a trigger.
public enum TriggerEffect: Hashable, Sendable {
    /// Runs the screen's action of this name (JSON `action`).
    case action(String)
    /// Opens a screen or built-in route with the target's presentation (JSON `target`).
    case target(String)
    /// Runs a task (`pop`, `push` with a route name, `url` with an address, or an app task).
    case task(name: String, parameter: String?)
    /// Sends a message that the owning controller routes to an action (WorkflowSchema).
    case message(Message)
}
