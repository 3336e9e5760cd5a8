import WireframeModel

/// What the Swift scaffold of one wireframe holds, decided before a line is written: a factory
/// per screen, the controller stubs with their dependencies and reactions, and what the app's
/// dependency module supplies. Names are made here, once, so that the writer only spells them.
struct ScaffoldPlan {
    /// How a reaction moves.
    enum Move: Equatable {
        case push, present, branch, replaceRoot
        case pop, dismiss, popToRoot
        /// Back to the screen of this key on the stack.
        case popTo(String)
    }

    /// One closure of a controller's `Reactions`.
    struct Reaction {
        var name: String
        var move: Move
        /// The screen it opens (nil for the moves back).
        var target: Int?
        /// The inputs the source screen supplies (element references of the same name): the
        /// closure's parameters, in the target's dependency order.
        var parameters: [String]
        /// What triggers it, for the comment: "subroute", "button 'Add'", "list 'productId'".
        var triggers: [String]
    }

    /// A screen of the wireframe as the scaffold makes it.
    struct Screen {
        var screen: WireframeModel.Screen
        /// The factory method's name: `productController`.
        var factory: String
        /// The controller stub's type (nil for a tab bar or a navigation stack with no content of
        /// its own, made of UIKit's containers).
        var controller: String?
        /// The dependencies the factory takes as parameters (those the root does not have).
        var inputs: [String]
        var reactions: [Reaction] = []
        /// The screens a tab bar or navigation stack holds, in order.
        var contained: [Int] = []
        /// Whether it is a navigation stack with content of its own, to be wrapped in a
        /// `UINavigationController` where it is shown on its own.
        var wrapsInNavigation: Bool
    }

    var wireframe: Wireframe
    var screens: [Screen] = []
    var positions: [String: Int] = [:]
    /// Every dependency name's member and type names.
    var members: [String: String] = [:]
    var types: [String: String] = [:]
    /// The dependencies the app supplies through the dependency module, in first-use order.
    var moduleDependencies: [String] = []
    var rootPosition: Int?
    /// The wireframe class's name.
    var wireframeType: String
    var moduleType: String

    /// The plan of `wireframe`, its types named after `baseName` (the document's file name).
    init(_ wireframe: Wireframe, baseName: String) {
        self.wireframe = wireframe
        var typeScope = SwiftNames.Scope(reserved: Self.reservedTypes)
        wireframeType = typeScope.unique(Self.wireframeTypeName(baseName: baseName))
        moduleType = typeScope.unique(SwiftNames.typeName(baseName, suffix: "DependencyModule", fallback: "App"))
        for (position, screen) in wireframe.screens.enumerated() where positions[screen.key] == nil {
            positions[screen.key] = position
        }
        let root = positions[wireframe.root].map { wireframe.screens[$0] }
        rootPosition = positions[wireframe.root]
        let appInputs = Set(root?.dependencies ?? [])

        // Dependency names: one member and one placeholder type each, across the wireframe,
        // none of them a name the factories use for their own values.
        var memberScope = SwiftNames.Scope(reserved: ["provider", "dependencies", "reactions", "tabs", "navigation", "self", "super"])
        for screen in wireframe.screens {
            for dependency in screen.dependencies where members[dependency] == nil {
                members[dependency] = memberScope.unique(SwiftNames.memberName(dependency))
                types[dependency] = typeScope.unique(SwiftNames.typeName(dependency, fallback: "Dependency"))
            }
        }
        for dependency in root?.dependencies ?? [] where !moduleDependencies.contains(dependency) {
            moduleDependencies.append(dependency)
        }

        var factoryScope = SwiftNames.Scope(reserved: ["entrypoint", "init", "create", "dependencyModule", "branchNavigation"])
        for screen in wireframe.screens {
            let container = Self.isContainer(screen)
            screens.append(
                Screen(
                    screen: screen,
                    factory: factoryScope.unique(SwiftNames.memberName(screen.key, suffix: "Controller", fallback: "screen")),
                    controller: container ? nil : typeScope.unique(SwiftNames.typeName(screen.key, suffix: "ViewController")),
                    inputs: screen.dependencies.filter { !appInputs.contains($0) },
                    wrapsInNavigation: screen.container == .navigation && !container))
        }
        for index in screens.indices {
            screens[index].contained = screens[index].screen.links.compactMap { link in
                link.kind == .tab || link.kind == .child ? positions[link.target] : nil
            }
            screens[index].reactions = reactions(of: screens[index].screen)
        }
        // A factory's input that a caller neither supplies nor has comes from the module.
        for screen in screens {
            for reaction in screen.reactions {
                guard let target = reaction.target else { continue }
                noteModuleInputs(of: target, from: screen.screen, supplied: reaction.parameters)
            }
            for child in screen.contained { noteModuleInputs(of: child, from: screen.screen, supplied: []) }
        }
    }

    /// The wireframe class's name for a document's file name: `shop` → `ShopWireframe`.
    static func wireframeTypeName(baseName: String) -> String {
        SwiftNames.typeName(baseName, suffix: "Wireframe", fallback: "App")
    }

    /// Types the file declares or uses besides its own.
    static let reservedTypes: Set<String> = [
        "UIViewController", "UINavigationController", "UITabBarController", "UIView", "ControllerBase", "Wireframe",
        "NavigationProvider", "Void", "String", "Int",
    ]

    /// A tab bar, or a navigation stack whose screens are its children: made of UIKit's
    /// containers, with no controller stub.
    static func isContainer(_ screen: WireframeModel.Screen) -> Bool {
        let holds = screen.links.contains { $0.kind == .tab || $0.kind == .child }
        return screen.container == .tabBar || (screen.container == .navigation && holds)
    }

    private mutating func noteModuleInputs(of target: Int, from source: WireframeModel.Screen, supplied: [String]) {
        for input in screens[target].inputs where !supplied.contains(input) && !source.dependencies.contains(input) {
            if !moduleDependencies.contains(input) { moduleDependencies.append(input) }
        }
    }

    /// The reactions of a screen: one per distinct move and target, in the order of the links,
    /// navigation-bar buttons, elements and actions that make them.
    private func reactions(of screen: WireframeModel.Screen) -> [Reaction] {
        var result: [Reaction] = []
        var scope = SwiftNames.Scope()
        let produced = Set(Self.references(in: screen.elements))
        func add(_ move: Move, _ targetKey: String?, trigger: String) {
            let target = targetKey.flatMap { positions[$0] }
            if targetKey != nil, target == nil { return }
            if let index = result.firstIndex(where: { $0.move == move && $0.target == target }) {
                if !result[index].triggers.contains(trigger) { result[index].triggers.append(trigger) }
                return
            }
            let name: String
            switch move {
            case .push, .present: name = SwiftNames.memberName(targetKey ?? "", prefix: "open", fallback: "screen")
            case .branch: name = SwiftNames.memberName(targetKey ?? "", prefix: "branch", fallback: "screen")
            case .replaceRoot: name = SwiftNames.memberName(targetKey ?? "", prefix: "replaceRootWith", fallback: "screen")
            case .pop: name = "pop"
            case .dismiss: name = "dismiss"
            case .popToRoot: name = "popToRoot"
            case .popTo(let key): name = SwiftNames.memberName(key, prefix: "popTo", fallback: "screen")
            }
            let parameters = target.map { screens[$0].inputs.filter { produced.contains($0) } } ?? []
            result.append(Reaction(name: scope.unique(name), move: move, target: target, parameters: parameters, triggers: [trigger]))
        }
        func open(_ target: String, trigger: String, move: Move? = nil) {
            switch target {
            case "pop": add(.pop, nil, trigger: trigger)
            case "dismiss": add(.dismiss, nil, trigger: trigger)
            case "popToRoot": add(.popToRoot, nil, trigger: trigger)
            default:
                guard let position = positions[target] else { return }
                let presentation = wireframe.screens[position].effectivePresentation
                add(move ?? (presentation == .present ? .present : .push), target, trigger: trigger)
            }
        }
        // A task moves like the built-in route of its name (`pop`), or pushes its parameter
        // (`push`); other tasks (`url`, an app's own) move nowhere.
        func task(_ name: String, _ parameter: String?, trigger: String) {
            if name == "push" {
                if let parameter { open(parameter, trigger: trigger, move: .push) }
            } else if BuiltIns.isRoute(name) {
                open(name, trigger: trigger)
            }
        }
        for link in screen.links where link.kind == .subroute { open(link.target, trigger: "subroute") }
        if let barName = screen.navigationBar, let bar = wireframe.navigationBars.first(where: { $0.name == barName }) {
            for button in bar.buttons {
                open(button.target, trigger: "button '\(button.title ?? button.icon ?? button.target)'")
            }
        }
        func walk(_ elements: [Element]) {
            for element in elements {
                let described = element.kind.rawValue + (element.reference.map { " '\($0)'" } ?? element.text.map { " '\($0)'" } ?? "")
                for trigger in element.triggers {
                    switch trigger.effect {
                    case .target(let target): open(target, trigger: described)
                    case .task(let name, let parameter): task(name, parameter, trigger: described)
                    default: break
                    }
                }
                walk(element.elements)
            }
        }
        walk(screen.elements)
        func walk(_ action: Action, named name: String) {
            let trigger = "action '\(name)'"
            switch action.kind {
            case .push(let target): open(target, trigger: trigger, move: .push)
            case .present(let target): open(target, trigger: trigger, move: .present)
            case .branch(let target): add(.branch, target, trigger: trigger)
            case .replaceRoot(let target): add(.replaceRoot, target, trigger: trigger)
            case .task(let name, let parameter): task(name, parameter, trigger: trigger)
            case .pop: add(.pop, nil, trigger: trigger)
            case .dismiss: add(.dismiss, nil, trigger: trigger)
            case .popToRoot: add(.popToRoot, nil, trigger: trigger)
            case .popToView(let target): add(.popTo(target), nil, trigger: trigger)
            case .sequence(let actions): for inner in actions { walk(inner, named: name) }
            case .loadSchema(_, let success, let failure), .conditional(_, let success, let failure):
                for inner in [success, failure].compactMap({ $0 }) { walk(inner, named: name) }
            default: break
            }
        }
        for named in screen.actions { walk(named.action, named: named.name ?? "any message") }
        return result
    }

    /// The element references of a screen, nested ones included: the inputs it produces.
    static func references(in elements: [Element]) -> [String] {
        elements.flatMap { element in (element.reference.map { [$0] } ?? []) + references(in: element.elements) }
    }
}
