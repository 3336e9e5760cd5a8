import Synchronization
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
    /// What a person does to take the step.
    public var way: NavigationWay
    /// The step's source in words: "subroute", "tab", "button 'Add'", "action 'save'", ….
    public var via: String { way.text }
    /// Where the link is written.
    public var location: SourceLocation
    /// The position in the wireframe's screens of the first definition of `from`.
    public var fromPosition: Int
    /// The position in the wireframe's screens of the first definition of `to`.
    public var toPosition: Int

    /// Creates an edge.
    public init(
        from: String, to: String, kind: StepKind, way: NavigationWay, location: SourceLocation,
        fromPosition: Int, toPosition: Int
    ) {
        self.from = from
        self.to = to
        self.kind = kind
        self.way = way
        self.location = location
        self.fromPosition = fromPosition
        self.toPosition = toPosition
    }
}

/// One link of a wireframe: the position of its screen and its place in that screen's `links`.
public struct LinkPosition: Sendable, Hashable {
    /// The screen's position in the wireframe's screens.
    public var position: Int
    /// The link's index in the screen's `links`.
    public var link: Int

    /// Creates a link position.
    public init(position: Int, link: Int) {
        self.position = position
        self.link = link
    }
}

/// The screens of a wireframe and every way to move between them.
///
/// Forward edges come from subroutes, tabs, contained screens, navigation-bar buttons, element
/// targets and tasks, and the targets of every action of a screen. Edges to names that are not
/// screens (built-in routes, undefined names) are left out; rules report the undefined ones.
/// Internally screens are numbered by their position in the wireframe (a later definition of a
/// duplicate key counts as its first), so that walks need no hashing. The graph keeps only the
/// positions each screen leads to, in one flat array; the edges with their descriptions are
/// built when asked for (``edges(at:)``), which only path finding does.
public struct NavigationGraph: Sendable {
    /// The root screen's key.
    public let root: String
    /// The wireframe's screens, as read.
    public let screens: [Screen]
    /// The position in `screens` of the first definition of each key.
    ///
    /// Built on first use when the keys are all ASCII (the graph itself looks keys up in an
    /// ``ASCIIKeyTable`` then, and validation does not need the dictionary); use
    /// ``position(of:)`` to look one key up.
    public var index: [String: Int] {
        keyIndex.dictionary(screens: screens, canonicalPosition: canonicalPosition)
    }
    /// The number of distinct keys.
    public let distinctKeyCount: Int
    /// The table of the keys when they are all ASCII, and the dictionary of them.
    private let table: ASCIIKeyTable?
    private let keyIndex: KeyIndex
    /// For each position, the position of the first definition of that screen's key.
    public let canonicalPosition: [Int]
    /// The wireframe's navigation bars, the first of each name by name.
    private let navigationBars: [String: NavigationBar]
    /// The positions each screen leads to: those of the screen at position `p` are
    /// `successors[successorStart[p]..<successorStart[p + 1]]`, in the order of its edges.
    private let successorStart: [Int]
    private let successors: [Int]
    /// The position of the screen each link names, -1 when it names none: the links of the
    /// screen at position `p` start at `linkStart[p]`, in the order of its `links`.
    private let linkStart: [Int]
    private let linkTargets: [Int]
    /// The links that name no screen, in the order of the screens and of their links: what the
    /// rules on undefined targets look at, without going through every screen.
    public let unresolvedLinks: [LinkPosition]
    /// What the graph's pass over each screen's steps found, by position, for the rules that
    /// would otherwise walk every screen's elements or actions again (see `StepFacts`).
    private let stepFacts: [StepFacts]

    /// What the pass over a screen's steps (navigation bar, elements, actions) found.
    struct StepFacts: OptionSet {
        let rawValue: UInt8

        /// Every step named a screen when the graph looked it up, and none of its actions
        /// (nested ones included) is a `popToView`, whose target the graph does not look up:
        /// WF0108 goes through the other screens only.
        static let resolved = StepFacts(rawValue: 1)
        /// An element triggers an action (`.action`): WF0107 goes through these screens only.
        static let elementActions = StepFacts(rawValue: 2)
        /// At least two elements have a reference: WF0110 goes through these screens only.
        static let references = StepFacts(rawValue: 4)

        /// What a screen whose steps the graph does not take (a later definition of a
        /// duplicate key) may have: every rule goes through it.
        static let unknown: StepFacts = [.elementActions, .references]
    }

    /// Builds the graph of a wireframe.
    public init(_ wireframe: Wireframe) {
        var contents = ScreenContents()
        self.init(wireframe, recording: &contents)
    }

    /// Builds the graph of a wireframe and records what its screens have in `contents`, in the
    /// same pass over the screens.
    init(_ wireframe: Wireframe, recording contents: inout ScreenContents) {
        let screens = wireframe.screens
        var bars: [String: NavigationBar] = [:]
        for bar in wireframe.navigationBars where bars[bar.name] == nil { bars[bar.name] = bar }
        let keys = Self.keys(of: screens)
        let (table, keyIndex, canonicalPosition, distinctKeyCount) = (
            keys.table, KeyIndex(keys.dictionary), keys.canonicalPosition, keys.distinctCount
        )
        let lookup = { (name: String) -> Int? in
            switch table?.position(of: name) ?? .unknown {
            case .position(let position): position
            case .absent: nil
            case .unknown: keyIndex.dictionary(screens: screens, canonicalPosition: canonicalPosition)[name]
            }
        }
        var successorStart: [Int] = []
        successorStart.reserveCapacity(screens.count + 1)
        var successors: [Int] = []
        successors.reserveCapacity(screens.count * 3)
        var linkStart: [Int] = []
        linkStart.reserveCapacity(screens.count)
        var linkTargets: [Int] = []
        linkTargets.reserveCapacity(screens.count * 3)
        var unresolvedLinks: [LinkPosition] = []
        var stepFacts: [StepFacts] = []
        stepFacts.reserveCapacity(screens.count)
        for position in screens.indices {
            contents.add(screens, at: position)
            let screen = screens[position]
            let isCanonical = canonicalPosition[position] == position
            successorStart.append(successors.count)
            linkStart.append(linkTargets.count)
            // Links are the first steps out of a screen; each name is looked up once, for both.
            for (number, link) in screen.links.enumerated() {
                let target = lookup(link.target)
                linkTargets.append(target ?? -1)
                if let target {
                    if isCanonical { successors.append(target) }
                } else {
                    unresolvedLinks.append(LinkPosition(position: position, link: number))
                }
            }
            guard isCanonical else {
                stepFacts.append(.unknown)
                continue
            }
            var facts: StepFacts = .resolved
            var references = 0
            Self.forEachStep(
                from: screen, screens: screens, lookup: lookup, bars: bars, links: false,
                noted: { note in
                    switch note {
                    case .unresolved: facts.remove(.resolved)
                    case .elementAction: facts.insert(.elementActions)
                    case .reference:
                        references += 1
                        if references == 2 { facts.insert(.references) }
                    }
                },
                { _, target, _, _, _ in successors.append(target) }
            )
            stepFacts.append(facts)
        }
        successorStart.append(successors.count)
        self.linkStart = linkStart
        self.linkTargets = linkTargets
        self.unresolvedLinks = unresolvedLinks
        self.stepFacts = stepFacts
        self.root = wireframe.root
        self.screens = screens
        self.table = table
        self.keyIndex = keyIndex
        self.distinctKeyCount = distinctKeyCount
        self.canonicalPosition = canonicalPosition
        self.navigationBars = bars
        self.successorStart = successorStart
        self.successors = successors
    }

    /// The keys of screens: the first position of each screen's key, and the table or the
    /// dictionary that finds it.
    private static func keys(of screens: [Screen]) -> (
        table: ASCIIKeyTable?, dictionary: [String: Int]?, canonicalPosition: [Int], distinctCount: Int
    ) {
        var canonicalPosition: [Int] = []
        canonicalPosition.reserveCapacity(screens.count)
        // When every key is ASCII, a table of their bytes answers for ASCII names as the
        // dictionary would, for less: it finds each key's first position, and the link targets;
        // the dictionary is then built only if someone asks for it.
        if let table = ASCIIKeyTable(screens.lazy.map(\.key), firstPositions: &canonicalPosition) {
            return (table, nil, canonicalPosition, table.distinctCount)
        }
        canonicalPosition.removeAll(keepingCapacity: true)
        var index: [String: Int] = [:]
        index.reserveCapacity(screens.count)
        for position in screens.indices {
            let key = screens[position].key
            let first = index[key] ?? position
            if first == position { index[key] = position }
            canonicalPosition.append(first)
        }
        return (nil, index, canonicalPosition, index.count)
    }

    /// The position in `screens` of the first definition of a key.
    public func position(of key: String) -> Int? {
        switch table?.position(of: key) ?? .unknown {
        case .position(let position): position
        case .absent: nil
        case .unknown: index[key]
        }
    }

    /// The first screen defined with a key.
    public func screen(_ key: String) -> Screen? { position(of: key).map { screens[$0] } }

    /// The position of the screen that a link names (`link` counts in the `links` of the screen
    /// at `position`); nil when no screen has that name. Looked up once, when the graph is built.
    public func target(ofLink link: Int, at position: Int) -> Int? {
        let target = linkTargets[linkStart[position] + link]
        return target < 0 ? nil : target
    }

    /// Whether every step of the screen at `position` (not its links) named a screen, and it
    /// has no `popToView` action (see `StepFacts.resolved`).
    func stepsResolved(at position: Int) -> Bool { stepFacts[position].contains(.resolved) }

    /// Whether an element of the screen at `position` may trigger an action (see `StepFacts`).
    func mayHaveElementActions(at position: Int) -> Bool { stepFacts[position].contains(.elementActions) }

    /// Whether two elements of the screen at `position` may have references (see `StepFacts`).
    func mayRepeatReferences(at position: Int) -> Bool { stepFacts[position].contains(.references) }

    /// What `forEachStep` tells besides the steps it takes.
    private enum StepNote {
        /// A step whose target names no screen, or a `popToView` action.
        case unresolved
        /// An element trigger that runs an action of the screen.
        case elementAction
        /// An element with a reference.
        case reference
    }

    /// The positions the screen at `position` leads to, in the order of its edges.
    func successors(at position: Int) -> ArraySlice<Int> { successors[successorStart[position]..<successorStart[position + 1]] }

    /// Whether a screen with this key is defined.
    public func contains(_ key: String) -> Bool { position(of: key) != nil }

    /// The forward edges from the screen with this key.
    public func edges(from key: String) -> [NavigationEdge] { position(of: key).map { edges(at: $0) } ?? [] }

    /// Forward edges from the screen at a position, in definition order (none for later
    /// definitions of a duplicate key). Built on each call.
    public func edges(at position: Int) -> [NavigationEdge] {
        guard canonicalPosition[position] == position else { return [] }
        let screen = screens[position]
        let key = screen.key
        var result: [NavigationEdge] = []
        result.reserveCapacity(successorStart[position + 1] - successorStart[position])
        Self.forEachStep(from: screen, screens: screens, lookup: position(of:), bars: navigationBars) {
            target, targetPosition, kind, via, location in
            let step: StepKind = kind ?? (screens[targetPosition].effectivePresentation == .present ? .present : .push)
            result.append(
                NavigationEdge(
                    from: key, to: target, kind: step, way: via.way(inList: screen.container == .list), location: location,
                    fromPosition: position, toPosition: targetPosition))
        }
        return result
    }

    /// Forward edges by the position of the screen they start from, in definition order (empty
    /// for later definitions of a duplicate key). Built on each call.
    public var adjacency: [[NavigationEdge]] { screens.indices.map { edges(at: $0) } }

    /// What a person does to take a step, put into words only when an edge is built.
    private enum Via {
        case subroute
        case tab
        case containedScreen
        case button(BarButton)
        /// An element, by a pointer to where it is stored: its kind and label are read only when
        /// an edge is built, during the walk that gave the pointer (building the graph made
        /// both strings for every element and used neither).
        case element(UnsafePointer<Element>)
        /// A screen's action, by a pointer to where it is stored (read as the element's).
        case action(UnsafePointer<NamedAction>)

        /// The way, its element's and action's fields read now.
        func way(inList: Bool) -> NavigationWay {
            switch self {
            case .subroute: inList ? .listRow : .subroute
            case .tab: .tab
            case .containedScreen: .containedScreen
            case .button(let button): .barButton(title: button.title, icon: button.icon, target: button.target)
            case .element(let element):
                .element(kind: element.pointee.kind, text: element.pointee.text, reference: element.pointee.reference)
            case .action(let named): .action(name: named.pointee.name)
            }
        }
    }

    /// Calls `visit` with each step out of `screen` to a defined screen, in definition order: the
    /// target's name and position, the kind of step (nil: a push or a present, as the target is
    /// shown), what a person does and where the link is written. Without `links`, the steps of
    /// the screen's links are left out. `noted` is told of each step whose target names no
    /// screen, each `popToView` action (its target is not looked up), each element with a
    /// reference and each element trigger that runs an action.
    private static func forEachStep(
        from screen: Screen, screens: [Screen], lookup: (String) -> Int?, bars: [String: NavigationBar], links: Bool = true,
        noted: (StepNote) -> Void = { _ in },
        _ visit: (_ target: String, _ position: Int, _ kind: StepKind?, _ via: Via, _ location: SourceLocation) -> Void
    ) {
        func add(_ target: String, _ kind: StepKind?, via: Via, at location: SourceLocation) {
            guard let targetPosition = lookup(target) else {
                noted(.unresolved)
                return
            }
            visit(target, targetPosition, kind, via, location)
        }
        for link in screen.links where links {
            switch link.kind {
            case .subroute: add(link.target, nil, via: .subroute, at: link.location)
            case .tab: add(link.target, .selectTab, via: .tab, at: link.location)
            case .child: add(link.target, .show, via: .containedScreen, at: link.location)
            }
        }
        if let barName = screen.navigationBar, let bar = bars[barName] {
            for button in bar.buttons {
                add(button.target, nil, via: .button(button), at: button.targetLocation ?? button.location)
            }
        }
        if !screen.elements.isEmpty {
            screen.forEachElement { element in
                let via = Via.element(element)
                if element.pointee.reference != nil { noted(.reference) }
                for trigger in element.pointee.triggers {
                    switch trigger.effect {
                    case .target(let target):
                        add(target, nil, via: via, at: trigger.location)
                    case .task(let name, let parameter) where name == "push":
                        if let parameter { add(parameter, .push, via: via, at: trigger.location) }
                    case .action:
                        noted(.elementAction)
                    default:
                        break
                    }
                }
            }
        }
        screen.forEachNamedAction { named in
            let via = Via.action(named)
            named.pointee.action.forEachAction { action in
                let location = action.targetLocation ?? action.location
                switch action.kind {
                case .push(let target): add(target, .push, via: via, at: location)
                case .present(let target): add(target, .present, via: via, at: location)
                case .branch(let target): add(target, .branch, via: via, at: location)
                case .replaceRoot(let target): add(target, .replaceRoot, via: via, at: location)
                case .task(let name, let parameter) where name == "push":
                    if let parameter { add(parameter, .push, via: via, at: location) }
                case .popToView: noted(.unresolved)
                default: break
                }
            }
        }
    }

    /// For each position, whether that screen can be reached from `start` (itself included).
    public func reachable(from start: String) -> [Bool] {
        guard let first = position(of: start) else { return Array(repeating: false, count: screens.count) }
        return walk(from: [first], includingStarts: true)
    }

    /// For each position, whether that screen is reachable from any of `starts` in one step or more.
    public func reachable(after starts: some Sequence<Int>) -> [Bool] {
        walk(from: starts.map { canonicalPosition[$0] }, includingStarts: false)
    }

    /// ``reachable(after:)`` for up to 64 sets of positions in one walk: bit `i` of the result
    /// at a position says whether it is reachable after the positions `starts[i]`. Sets past
    /// the 64th are left out.
    public func reachable(afterEach starts: [[Int]]) -> [UInt64] {
        var masks = Array(repeating: UInt64(0), count: screens.count)
        var queued = Array(repeating: false, count: screens.count)
        var queue: [Int] = []
        for (bit, group) in starts.prefix(64).enumerated() {
            let flag = UInt64(1) << UInt64(bit)
            for start in group {
                let start = canonicalPosition[start]
                for next in successors[successorStart[start]..<successorStart[start + 1]] where masks[next] & flag == 0 {
                    masks[next] |= flag
                    if !queued[next] {
                        queued[next] = true
                        queue.append(next)
                    }
                }
            }
        }
        // A screen goes back on the queue whenever it gains a bit, so it is walked at most 64 times.
        var head = 0
        while head < queue.count {
            let current = queue[head]
            head += 1
            queued[current] = false
            let mask = masks[current]
            for next in successors[successorStart[current]..<successorStart[current + 1]] {
                let added = mask & ~masks[next]
                guard added != 0 else { continue }
                masks[next] |= added
                if !queued[next] {
                    queued[next] = true
                    queue.append(next)
                }
            }
        }
        for position in masks.indices where canonicalPosition[position] != position {
            masks[position] = masks[canonicalPosition[position]]
        }
        return masks
    }

    private func walk(from starts: [Int], includingStarts: Bool) -> [Bool] {
        var seen = Array(repeating: false, count: screens.count)
        var queue: [Int] = []
        queue.reserveCapacity(screens.count)
        if includingStarts {
            for start in starts where !seen[start] {
                seen[start] = true
                queue.append(start)
            }
        } else {
            for start in starts {
                for next in successors[successorStart[start]..<successorStart[start + 1]] where !seen[next] {
                    seen[next] = true
                    queue.append(next)
                }
            }
        }
        var head = 0
        while head < queue.count {
            let current = queue[head]
            head += 1
            for next in successors[successorStart[current]..<successorStart[current + 1]] where !seen[next] {
                seen[next] = true
                queue.append(next)
            }
        }
        // Later definitions of a duplicate key share the first definition's answer.
        for position in seen.indices where canonicalPosition[position] != position {
            seen[position] = seen[canonicalPosition[position]]
        }
        return seen
    }
}

/// The dictionary of a graph's keys: given when the graph was built with one, else built on first
/// use, once, from the graph's screens.
private final class KeyIndex: Sendable {
    /// The dictionary the graph was built with (keys that are not all ASCII), read without a lock.
    private let given: [String: Int]?
    private let built = Mutex<[String: Int]?>(nil)

    init(_ dictionary: [String: Int]?) {
        given = dictionary
    }

    func dictionary(screens: [Screen], canonicalPosition: [Int]) -> [String: Int] {
        if let given { return given }
        return built.withLock { built in
            if let built { return built }
            var dictionary: [String: Int] = [:]
            dictionary.reserveCapacity(screens.count)
            for position in screens.indices where canonicalPosition[position] == position {
                dictionary[screens[position].key] = position
            }
            built = dictionary
            return dictionary
        }
    }
}
