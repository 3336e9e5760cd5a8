public import WireframeModel

/// Which screens of a wireframe have what the rules check, found in one pass over the screens.
///
/// Most rules look at one part of a screen (its tabs, its elements, its navigation bar, …) that
/// most screens do not have. Each screen keeps its fields in its own box, and walking all of
/// them once per rule goes to memory again and again on a large wireframe: with these lists a
/// rule visits only the screens that have what it checks. Positions are in the wireframe's
/// `screens`, in increasing order.
public struct ScreenContents: Sendable {
    /// Screens that have elements.
    public private(set) var withElements: [Int] = []
    /// Screens that have elements or actions (or both).
    public private(set) var withElementsOrActions: [Int] = []
    /// Screens that name a navigation bar.
    public private(set) var withNavigationBar: [Int] = []
    /// Screens that have dependencies.
    public private(set) var withDependencies: [Int] = []
    /// Tab bars, and screens of other types that have tab links.
    public private(set) var withTabs: [Int] = []
    /// The paths that the screens' `loadSchema` actions load.
    public private(set) var loadedFiles: Set<String> = []

    /// Looks at every screen of a wireframe once.
    public init(_ screens: [Screen]) {
        for position in screens.indices { add(screens, at: position) }
    }

    /// Lists that are empty, for ``add(_:at:)`` to fill.
    init() {}

    /// Records what the screen at `position` has; positions come in increasing order.
    /// Each field is read where it is (`screens[position]`), not through a copy of the screen.
    mutating func add(_ screens: [Screen], at position: Int) {
        let hasElements = !screens[position].elements.isEmpty
        let hasActions = !screens[position].actions.isEmpty
        if hasElements { withElements.append(position) }
        if hasElements || hasActions { withElementsOrActions.append(position) }
        if screens[position].navigationBar != nil { withNavigationBar.append(position) }
        if !screens[position].dependencies.isEmpty { withDependencies.append(position) }
        if screens[position].container == .tabBar || screens[position].links.contains(where: { $0.kind == .tab }) {
            withTabs.append(position)
        }
        guard hasActions else { return }
        screens[position].forEachNamedAction { named in
            named.pointee.action.forEachAction { action in
                if case .loadSchema(let path, _, _) = action.kind { loadedFiles.insert(path) }
            }
        }
    }
}

extension Screen {
    /// Visits every element of the screen, nested ones included, depth first in document order
    /// (the order of `allElements`), without copying them into a new array: a WorkflowSchema
    /// screen nests its elements, and the copies of `allElements` were half of validation.
    ///
    /// A loop over the screen's list, and under an element with children a loop over a stack
    /// of lists, rather than a recursive function: a rule's closure is then called from one
    /// frame, and what it captures is not passed down (and copied) at every level (a recursive
    /// version copied `ValidationContext` per call). The closure gets
    /// a pointer to each element where it is stored, valid during the call only: an element
    /// passed by value was copied whole (its strings, arrays and table retained and released)
    /// for rules that read one field.
    func forEachElement(_ body: (UnsafePointer<Element>) -> Void) {
        guard !elements.isEmpty else { return }
        // The screen's own list is read in place; a stack of lists is made only under an
        // element with children (most screens have none, and the stack was an allocation per
        // screen and per walk).
        elements.withUnsafeBufferPointer { top in
            guard let base = top.baseAddress else { return }
            for position in top.indices {
                let element = base + position
                body(element)
                let children = element.pointee.elements
                guard !children.isEmpty else { continue }
                // Its descendants, depth first, before its next sibling.
                var stack: [(elements: [Element], next: Int)] = [(children, 0)]
                while let last = stack.indices.last {
                    let index = stack[last].next
                    let list = stack[last].elements
                    guard index < list.count else {
                        stack.removeLast()
                        continue
                    }
                    stack[last].next = index + 1
                    let grandchildren = list.withUnsafeBufferPointer { buffer -> [Element] in
                        guard let base = buffer.baseAddress else { return [] }
                        let element = base + index
                        body(element)
                        return element.pointee.elements
                    }
                    if !grandchildren.isEmpty { stack.append((grandchildren, 0)) }
                }
            }
        }
    }
}

extension Screen {
    /// Visits the screen's actions in order, each by a pointer to where it is stored (valid
    /// during the call only): `for named in actions` copied each one (its name, kind and
    /// nested actions counted) for walks that read a field or two.
    func forEachNamedAction(_ body: (UnsafePointer<NamedAction>) -> Void) {
        actions.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for position in buffer.indices { body(base + position) }
        }
    }
}

extension Action {
    /// Visits this action and every action nested in it, depth first (the order of
    /// `flattened`), without making an array per level.
    func forEachAction(_ body: (Action) -> Void) {
        body(self)
        switch kind {
        case .sequence(let actions):
            for action in actions { action.forEachAction(body) }
        case .loadSchema(_, let success, let failure), .conditional(_, let success, let failure):
            if let success { success.forEachAction(body) }
            if let failure { failure.forEachAction(body) }
        default:
            break
        }
    }
}
