/// An action with the name that messages, elements and lifecycle events use to reach it.
public struct NamedAction: Hashable, Sendable {
    /// The name; nil for an unnamed WorkflowSchema action, which catches every message.
    public var name: String?
    /// What it does.
    public var action: Action
    /// The string (JSON key) or attribute that names it, else the action itself.
    public var nameLocation: SourceLocation

    /// Creates a named action.
    public init(name: String?, action: Action, nameLocation: SourceLocation = .start) {
        self.name = name
        self.action = action
        self.nameLocation = nameLocation
    }

    /// The view-lifecycle names that fire actions automatically.
    public static let lifecycleNames: [String] = [
        "viewDidLoad", "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear",
    ]
}

/// Something that happens: a transition, an alert, a message, or several of them.
public struct Action: Hashable, Sendable {
    /// What it does.
    public var kind: ActionKind
    /// The action's object or tag.
    public var location: SourceLocation
    /// The value that names its target (route, view, path), or the task, if it has one.
    public var targetLocation: SourceLocation?
    /// The task's parameter (`param`), where a task has one: the route a `push` task names.
    public var parameterLocation: SourceLocation?

    /// Creates an action.
    public init(
        _ kind: ActionKind, at location: SourceLocation = .start, targetLocation: SourceLocation? = nil,
        parameterLocation: SourceLocation? = nil
    ) {
        self.kind = kind
        self.location = location
        self.targetLocation = targetLocation
        self.parameterLocation = parameterLocation
    }

    /// This action and every action nested in it, depth first.
    public var flattened: [Action] {
        var result = [self]
        switch kind {
        case .sequence(let actions):
            for action in actions { result += action.flattened }
        case .loadSchema(_, let success, let failure), .conditional(_, let success, let failure):
            if let success { result += success.flattened }
            if let failure { result += failure.flattened }
        default:
            break
        }
        return result
    }
}

/// The kinds of action.
public indirect enum ActionKind: Hashable, Sendable {
    /// Pushes a screen onto the navigation stack.
    case push(String)
    /// Presents a screen modally.
    case present(String)
    /// Presents a screen inside a new navigation controller with a close button.
    case branch(String)
    /// Replaces the root of the navigation stack (or the window) with a screen.
    case replaceRoot(String)
    /// Goes back one screen in the navigation stack.
    case pop
    /// Closes the modally presented screen.
    case dismiss
    /// Goes back to the first screen of the navigation stack.
    case popToRoot
    /// Goes back to a given screen of the navigation stack.
    case popToView(String)
    /// Shows an alert with a text.
    case alert(String)
    /// Opens an address in the browser.
    case url(String)
    /// Runs a task by name with an optional parameter.
    case task(name: String, parameter: String?)
    /// Sends a message to another controller.
    case send(Message)
    /// Runs several actions in order.
    case sequence([Action])
    /// Loads another file's root screen (WorkflowSchema `loadSchema`), then runs one of two branches.
    case loadSchema(path: String, success: Action?, failure: Action?)
    /// Runs one of two branches depending on a condition.
    case conditional(condition: String, success: Action?, failure: Action?)
    /// An action the model has no case for, kept by its tag and parameters (for example `storeValue`).
    case other(kind: String, properties: [String: String])

    /// The screen this action opens or returns to, if any.
    public var target: String? {
        switch self {
        case .push(let target), .present(let target), .branch(let target), .replaceRoot(let target),
            .popToView(let target):
            target
        default:
            nil
        }
    }
}

/// A message sent up or down the controller hierarchy, which the receiver routes to an action of that name.
public struct Message: Hashable, Sendable {
    /// The message name, matched against action names.
    public var name: String
    /// Where it goes.
    public var destination: MessageDestination
    /// The controller name, for `descendant` destinations.
    public var destinationName: String?
    /// The message's value or tag.
    public var location: SourceLocation

    /// Creates a message.
    public init(name: String, destination: MessageDestination, destinationName: String? = nil, at location: SourceLocation = .start) {
        self.name = name
        self.destination = destination
        self.destinationName = destinationName
        self.location = location
    }
}

/// Where a message goes.
public enum MessageDestination: String, Hashable, Sendable, Codable, CaseIterable {
    /// The controller itself.
    case `self`
    /// The controller that opened this one (JSON `parent`).
    case parent
    /// The root screen of the wireframe (JSON `root`).
    case root
    /// The creator of the controller (WorkflowSchema `delegate`).
    case delegate
    /// A named controller below this one (WorkflowSchema `descendant`).
    case descendant
    /// The app itself (WorkflowSchema `rootDelegate`).
    case rootDelegate
}
