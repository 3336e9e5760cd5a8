public import WireframeModel

/// What a person does to take a step of the navigation graph, as the model says it: the one
/// source of an edge's description (`wfs path`, `wfs show`) and of its words in pictures.
public enum NavigationWay: Sendable, Hashable {
    /// A subroute of a list screen: one of its rows.
    case listRow
    /// A subroute of a screen that is not a list.
    case subroute
    /// A tab of a tab bar.
    case tab
    /// A screen that a container shows inside it.
    case containedScreen
    /// A button of the screen's navigation bar, with its title or icon.
    case barButton(title: String?, icon: String?, target: String)
    /// An element that opens a screen: its kind, text and reference.
    case element(kind: ElementKind, text: String?, reference: String?)
    /// One of the screen's actions, by its name.
    case action(name: String?)
    /// Back from a pushed screen.
    case back
    /// Closing a presented screen.
    case close

    /// The link's source as `wfs path` and `wfs show` name it: "subroute", "navigation button
    /// 'Add'", "button 'save'", "action 'open'", ….
    public var text: String {
        switch self {
        case .listRow, .subroute: "subroute"
        case .tab: "tab"
        case .containedScreen: "contained screen"
        case .barButton(let title, let icon, let target): "navigation button '\(title ?? icon ?? target)'"
        case .element(let kind, let text, let reference): "\(kind.rawValue) '\(reference ?? text ?? kind.rawValue)'"
        case .action(let name): name.map { "action '\($0)'" } ?? "unnamed action"
        case .back: "back"
        case .close: "close"
        }
    }

    /// What a person does, as a picture labels the way: "taps 'Pay'", "taps the cart icon",
    /// "list row", "tab".
    public var gesture: String {
        switch self {
        case .listRow: "list row"
        case .subroute: "opens"
        case .tab: "tab"
        case .containedScreen: "shown inside"
        case .barButton(let title, let icon, let target):
            if let title, !title.isEmpty {
                "taps '\(title)'"
            } else if let icon, !icon.isEmpty {
                "taps the \(icon) icon"
            } else {
                "taps '\(target)'"
            }
        case .element(let kind, let text, let reference):
            if let text, !text.isEmpty {
                "taps '\(text)'"
            } else if let reference {
                "taps the \(kind.rawValue) '\(reference)'"
            } else {
                "taps the \(kind.rawValue)"
            }
        case .action(let name): name.map { "runs '\($0)'" } ?? "runs an action"
        case .back: "taps back"
        case .close: "taps close"
        }
    }
}
