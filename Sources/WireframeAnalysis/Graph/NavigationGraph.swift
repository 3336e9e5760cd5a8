public import WireframeModel

/// How one step moves between screens.
public enum StepKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// Push onto the navigation stack.
    case push
    /// Present modally.
    case present
    /// Present inside a new navigation controller with a close button.
    case branch
    /// Replace the root of the stack.
    case replaceRoot
    /// Select a tab of a tab bar.
    case selectTab
    /// Show a screen that a container holds.
    case show
    /// Go back from a pushed screen.
    case pop
    /// Close a presented screen.
    case dismiss
}

/// A directed edge of the navigation graph: one way to get from a screen to another.
public struct NavigationEdge: Sendable, Hashable {
    /// The screen the step starts on.
    public var from: String
    /// The screen the step ends on.
    public var to: String
    /// How the step moves.
    public var kind: StepKind
    /// What a person does: "subroute", "tab", "button 'Add'", "action 'save'", ….
    public var via: String
    /// Where the link is written.
    public var location: SourceLocation

    /// Creates an edge.
    public init(from: String, to: String, kind: StepKind, via: String, location: SourceLocation) {
        self.from = from
        self.to = to
        self.kind = kind
        self.via = via
        self.location = location
    }
}

/// The screens of a wireframe and every way to move between them.
///
/// Forward edges come from subroutes, tabs, contained screens, navigation-bar buttons, element
/// targets and tasks, and the targets of every action of a screen. Edges to names that are not
/// screens (built-in routes, undefined names) are left out; rules report the undefined ones.
public struct NavigationGraph: Sendable {
    /// The root screen's key.
    public let root: String
    /// Screens by key (the first definition of each key).
    public let screens: [String: Screen]
    /// Forward edges by the screen they start from, in definition order.
    public let edges: [String: [NavigationEdge]]

    /// Builds the graph of a wireframe.
    public init(_ wireframe: Wireframe) {
        var screens: [String: Screen] = [:]
        for screen in wireframe.screens where screens[screen.key] == nil { screens[screen.key] = screen }
        var edges: [String: [NavigationEdge]] = [:]
        for screen in wireframe.screens where edges[screen.key] == nil {
            edges[screen.key] = Self.edges(from: screen, in: wireframe, screens: screens)
        }
        self.root = wireframe.root
        self.screens = screens
        self.edges = edges
    }

    private static func edges(from screen: Screen, in wireframe: Wireframe, screens: [String: Screen]) -> [NavigationEdge] {
        var result: [NavigationEdge] = []
        func add(_ target: String, _ kind: StepKind?, via: String, at location: SourceLocation) {
            guard let targetScreen = screens[target] else { return }
            let step: StepKind = kind ?? (targetScreen.effectivePresentation == .present ? .present : .push)
            result.append(NavigationEdge(from: screen.key, to: target, kind: step, via: via, location: location))
        }
        for link in screen.links {
            switch link.kind {
            case .subroute: add(link.target, nil, via: "subroute", at: link.location)
            case .tab: add(link.target, .selectTab, via: "tab", at: link.location)
            case .child: add(link.target, .show, via: "contained screen", at: link.location)
            }
        }
        if let barName = screen.navigationBar, let bar = wireframe.navigationBar(barName) {
            for button in bar.buttons {
                let label = button.title ?? button.icon ?? button.target
                add(button.target, nil, via: "navigation button '\(label)'", at: button.targetLocation ?? button.location)
            }
        }
        for element in screen.allElements {
            let label = element.reference ?? element.text ?? element.kind.rawValue
            for trigger in element.triggers {
                switch trigger.effect {
                case .target(let target):
                    add(target, nil, via: "\(element.kind.rawValue) '\(label)'", at: trigger.location)
                case .task(let name, let parameter) where name == "push":
                    if let parameter { add(parameter, .push, via: "\(element.kind.rawValue) '\(label)'", at: trigger.location) }
                default:
                    break
                }
            }
        }
        for named in screen.actions {
            let via = named.name.map { "action '\($0)'" } ?? "unnamed action"
            for action in named.action.flattened {
                let location = action.targetLocation ?? action.location
                switch action.kind {
                case .push(let target): add(target, .push, via: via, at: location)
                case .present(let target): add(target, .present, via: via, at: location)
                case .branch(let target): add(target, .branch, via: via, at: location)
                case .replaceRoot(let target): add(target, .replaceRoot, via: via, at: location)
                case .task(let name, let parameter) where name == "push":
                    if let parameter { add(parameter, .push, via: via, at: location) }
                default: break
                }
            }
        }
        return result
    }

    /// Keys of the screens reachable from `start` (itself included) over forward edges.
    public func reachable(from start: String) -> Set<String> {
        guard screens[start] != nil else { return [] }
        var seen: Set<String> = [start]
        var queue = [start]
        var index = 0
        while index < queue.count {
            let current = queue[index]
            index += 1
            for edge in edges[current] ?? [] where seen.insert(edge.to).inserted {
                queue.append(edge.to)
            }
        }
        return seen
    }

    /// Keys reachable from any of `starts` in one step or more (the starts themselves only if a cycle returns to them).
    public func reachable(after starts: some Sequence<String>) -> Set<String> {
        var seen: Set<String> = []
        var queue: [String] = []
        for start in starts {
            for edge in edges[start] ?? [] where seen.insert(edge.to).inserted { queue.append(edge.to) }
        }
        var index = 0
        while index < queue.count {
            let current = queue[index]
            index += 1
            for edge in edges[current] ?? [] where seen.insert(edge.to).inserted { queue.append(edge.to) }
        }
        return seen
    }
}
