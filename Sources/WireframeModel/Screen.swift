/// The kind of view controller a screen is.
public enum ContainerType: String, Sendable, Codable, Hashable, CaseIterable {
    /// A plain view (JSON `view`, WorkflowSchema `screen`).
    case view
    /// A view wrapped in a navigation controller (JSON `navigation`, WorkflowSchema `navigation`).
    case navigation
    /// A tab bar controller (JSON `tabbar`, WorkflowSchema `tabs`).
    case tabBar = "tabbar"
    /// A list of items (JSON `list`).
    case list
    /// A form with inputs that are submitted together (WorkflowSchema `form`).
    case form
    /// A table with sections and cells (WorkflowSchema `table`).
    case table
}

/// How a screen is shown when another screen opens it.
public enum Presentation: String, Sendable, Codable, Hashable, CaseIterable {
    /// Pushed onto the navigation stack.
    case push
    /// Presented modally.
    case present
}

/// One screen (a route) of a wireframe.
///
/// A value type whose fields live in one shared, copy-on-write box: copying a screen costs one
/// reference count, which matters because rules, graphs and writers pass thousands of them around.
public struct Screen: Hashable, Sendable {
    // Internal but usable from inlinable code, so that the getters below are inlined into other
    // modules: rules, graphs and writers read these fields for every screen.
    //
    // The fields' accesses are not checked for exclusivity at run time: a box is reached only
    // through a screen's accessors, and one is written only once the screen holds it alone
    // (`makeUnique`), so the compile-time checks of the screen value cover every access. The
    // run-time checks (a thread-local access set per read) were a fifth of building the
    // navigation graph, and 6% of a git import's time.
    @usableFromInline
    final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) @usableFromInline var key: String
        @exclusivity(unchecked) @usableFromInline var title: String
        @exclusivity(unchecked) @usableFromInline var container: ContainerType
        @exclusivity(unchecked) @usableFromInline var presentation: Presentation?
        @exclusivity(unchecked) @usableFromInline var links: [Link]
        @exclusivity(unchecked) @usableFromInline var navigationBar: String?
        @exclusivity(unchecked) @usableFromInline var dependencies: [String]
        @exclusivity(unchecked) @usableFromInline var items: [String]
        @exclusivity(unchecked) @usableFromInline var elements: [Element]
        @exclusivity(unchecked) @usableFromInline var actions: [NamedAction]
        @exclusivity(unchecked) @usableFromInline var properties: [String: String]
        @exclusivity(unchecked) @usableFromInline var parent: String?
        @exclusivity(unchecked) @usableFromInline var locations: ScreenLocations

        init(
            key: String,
            title: String,
            container: ContainerType,
            presentation: Presentation?,
            links: [Link],
            navigationBar: String?,
            dependencies: [String],
            items: [String],
            elements: [Element],
            actions: [NamedAction],
            properties: [String: String],
            parent: String?,
            locations: ScreenLocations
        ) {
            self.key = key
            self.title = title
            self.container = container
            self.presentation = presentation
            self.links = links
            self.navigationBar = navigationBar
            self.dependencies = dependencies
            self.items = items
            self.elements = elements
            self.actions = actions
            self.properties = properties
            self.parent = parent
            self.locations = locations
        }

        func copy() -> Storage {
            Storage(
                key: key,
                title: title,
                container: container,
                presentation: presentation,
                links: links,
                navigationBar: navigationBar,
                dependencies: dependencies,
                items: items,
                elements: elements,
                actions: actions,
                properties: properties,
                parent: parent,
                locations: locations)
        }
    }

    @usableFromInline var storage: Storage

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }

    /// The screen's identity: its `name` in JSON, its name or derived key in WorkflowSchema.
    public var key: String {
        @inlinable get { storage.key }
        set {
            makeUnique()
            storage.key = newValue
        }
        _modify {
            makeUnique()
            yield &storage.key
        }
    }

    /// The title shown in the navigation bar.
    public var title: String {
        @inlinable get { storage.title }
        set {
            makeUnique()
            storage.title = newValue
        }
        _modify {
            makeUnique()
            yield &storage.title
        }
    }

    /// The kind of controller.
    public var container: ContainerType {
        @inlinable get { storage.container }
        set {
            makeUnique()
            storage.container = newValue
        }
        _modify {
            makeUnique()
            yield &storage.container
        }
    }

    /// How the screen is shown when opened; nil when the file leaves it to the default.
    public var presentation: Presentation? {
        @inlinable get { storage.presentation }
        set {
            makeUnique()
            storage.presentation = newValue
        }
        _modify {
            makeUnique()
            yield &storage.presentation
        }
    }

    /// Links to other screens, in the order they show: subroutes, tabs, contained screens.
    public var links: [Link] {
        @inlinable get { storage.links }
        set {
            makeUnique()
            storage.links = newValue
        }
        _modify {
            makeUnique()
            yield &storage.links
        }
    }

    /// The name of the navigation bar (`navigation`) whose buttons this screen shows.
    public var navigationBar: String? {
        @inlinable get { storage.navigationBar }
        set {
            makeUnique()
            storage.navigationBar = newValue
        }
        _modify {
            makeUnique()
            yield &storage.navigationBar
        }
    }

    /// Inputs the screen needs; a set.
    public var dependencies: [String] {
        @inlinable get { storage.dependencies }
        set {
            makeUnique()
            storage.dependencies = newValue
        }
        _modify {
            makeUnique()
            yield &storage.dependencies
        }
    }

    /// Quick list data shown by a `list` screen, in order.
    public var items: [String] {
        @inlinable get { storage.items }
        set {
            makeUnique()
            storage.items = newValue
        }
        _modify {
            makeUnique()
            yield &storage.items
        }
    }

    /// The screen's content, in order.
    public var elements: [Element] {
        @inlinable get { storage.elements }
        set {
            makeUnique()
            storage.elements = newValue
        }
        _modify {
            makeUnique()
            yield &storage.elements
        }
    }

    /// Named handlers that elements and lifecycle events trigger, in order.
    public var actions: [NamedAction] {
        @inlinable get { storage.actions }
        set {
            makeUnique()
            storage.actions = newValue
        }
        _modify {
            makeUnique()
            yield &storage.actions
        }
    }

    /// Properties that the model has no field for (WorkflowSchema parameters), by name.
    public var properties: [String: String] {
        @inlinable get { storage.properties }
        set {
            makeUnique()
            storage.properties = newValue
        }
        _modify {
            makeUnique()
            yield &storage.properties
        }
    }

    /// The key of the screen whose definition contains this one (an inline route or a nested controller).
    public var parent: String? {
        @inlinable get { storage.parent }
        set {
            makeUnique()
            storage.parent = newValue
        }
        _modify {
            makeUnique()
            yield &storage.parent
        }
    }

    /// Where the screen and its values are.
    public var locations: ScreenLocations {
        @inlinable get { storage.locations }
        set {
            makeUnique()
            storage.locations = newValue
        }
        _modify {
            makeUnique()
            yield &storage.locations
        }
    }

    /// Creates a screen.
    public init(
        key: String, title: String = "", container: ContainerType = .view,
        presentation: Presentation? = nil, links: [Link] = [], navigationBar: String? = nil,
        dependencies: [String] = [], items: [String] = [], elements: [Element] = [],
        actions: [NamedAction] = [], properties: [String: String] = [:], parent: String? = nil,
        locations: ScreenLocations = ScreenLocations()
    ) {
        storage = Storage(
            key: key,
            title: title,
            container: container,
            presentation: presentation,
            links: links,
            navigationBar: navigationBar,
            dependencies: dependencies,
            items: items,
            elements: elements,
            actions: actions,
            properties: properties,
            parent: parent,
            locations: locations)
    }

    public static func == (lhs: Screen, rhs: Screen) -> Bool {
        if lhs.storage === rhs.storage { return true }
        return lhs.key == rhs.key
            && lhs.title == rhs.title
            && lhs.container == rhs.container
            && lhs.presentation == rhs.presentation
            && lhs.links == rhs.links
            && lhs.navigationBar == rhs.navigationBar
            && lhs.dependencies == rhs.dependencies
            && lhs.items == rhs.items
            && lhs.elements == rhs.elements
            && lhs.actions == rhs.actions
            && lhs.properties == rhs.properties
            && lhs.parent == rhs.parent
            && lhs.locations == rhs.locations
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(title)
        hasher.combine(container)
        hasher.combine(presentation)
        hasher.combine(links)
        hasher.combine(navigationBar)
        hasher.combine(dependencies)
        hasher.combine(items)
        hasher.combine(elements)
        hasher.combine(actions)
        hasher.combine(properties)
        hasher.combine(parent)
        hasher.combine(locations)
    }

    /// The presentation in effect: the explicit one, else `present` for navigation screens, else `push`.
    public var effectivePresentation: Presentation {
        presentation ?? (container == .navigation ? .present : .push)
    }

    /// The first action with the given name.
    public func action(named name: String) -> NamedAction? { actions.first { $0.name == name } }

    /// Every element of the screen, depth first, containers before their content.
    public var allElements: [Element] {
        var result: [Element] = []
        func visit(_ elements: [Element]) {
            for element in elements {
                result.append(element)
                visit(element.elements)
            }
        }
        visit(elements)
        return result
    }
}

/// Source locations of a screen's values.
public struct ScreenLocations: Hashable, Sendable {
    /// The screen's defining object or element.
    public var definition: SourceLocation
    /// The string that gives the screen its name.
    public var key: SourceLocation?
    /// The `title` value.
    public var title: SourceLocation?
    /// The `type` value.
    public var container: SourceLocation?
    /// The presentation value that is in effect.
    public var presentation: SourceLocation?
    /// The `navigation` value.
    public var navigationBar: SourceLocation?
    /// Each dependency string, in the order of `dependencies`.
    public var dependencies: [SourceLocation]

    /// Creates locations; unknown ones are nil.
    public init(
        definition: SourceLocation = .start, key: SourceLocation? = nil, title: SourceLocation? = nil,
        container: SourceLocation? = nil, presentation: SourceLocation? = nil,
        navigationBar: SourceLocation? = nil, dependencies: [SourceLocation] = []
    ) {
        self.definition = definition
        self.key = key
        self.title = title
        self.container = container
        self.presentation = presentation
        self.navigationBar = navigationBar
        self.dependencies = dependencies
    }
}

/// How a link relates two screens.
public enum LinkKind: String, Sendable, Codable, Hashable, CaseIterable {
    /// A subroute: the screen shows a button that opens the target with the target's presentation.
    case subroute
    /// A tab of a tab bar.
    case tab
    /// A screen held by a container (the screens of a navigation stack, a controller hosted in a view).
    case child
}

/// A link from one screen to another.
public struct Link: Hashable, Sendable {
    /// How the screens relate.
    public var kind: LinkKind
    /// The key of the screen (or built-in route) the link opens.
    public var target: String
    /// Whether the target was defined inline, at the link (a route plan).
    public var isInline: Bool
    /// The string or object that names the target.
    public var location: SourceLocation

    /// Creates a link.
    public init(_ kind: LinkKind, to target: String, isInline: Bool = false, at location: SourceLocation = .start) {
        self.kind = kind
        self.target = target
        self.isInline = isInline
        self.location = location
    }
}

/// A named navigation bar (`navigations` entry) whose buttons screens show.
public struct NavigationBar: Hashable, Sendable {
    /// The name screens use to refer to it.
    public var name: String
    /// Its buttons, in order.
    public var buttons: [BarButton]
    /// The bar's defining object.
    public var location: SourceLocation
    /// The string that gives the bar its name.
    public var nameLocation: SourceLocation?

    /// Creates a navigation bar.
    public init(name: String, buttons: [BarButton] = [], at location: SourceLocation = .start, nameLocation: SourceLocation? = nil) {
        self.name = name
        self.buttons = buttons
        self.location = location
        self.nameLocation = nameLocation
    }
}

/// A navigation-bar button: a title or an icon, and the route it opens.
public struct BarButton: Hashable, Sendable {
    /// The visible title, if any.
    public var title: String?
    /// The icon name, if any.
    public var icon: String?
    /// The route (or built-in route) the button opens.
    public var target: String
    /// The button's object.
    public var location: SourceLocation
    /// The string that names the target.
    public var targetLocation: SourceLocation?

    /// Creates a bar button.
    public init(
        title: String? = nil, icon: String? = nil, target: String, at location: SourceLocation = .start,
        targetLocation: SourceLocation? = nil
    ) {
        self.title = title
        self.icon = icon
        self.target = target
        self.location = location
        self.targetLocation = targetLocation
    }
}
