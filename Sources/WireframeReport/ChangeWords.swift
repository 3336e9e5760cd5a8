public import WireframeAnalysis
public import WireframeModel

/// Puts changes into words a person reads: "Title: Cart → Basket", "the button 'Check out' now
/// opens Checkout"; elements and actions are described, never shown as JSON.
public struct ChangeWords: Sendable {
    /// The titles of screens by key, to name the screens that links open.
    public var titles: [String: String]

    /// Creates the wording, naming screens by these titles.
    public init(titles: [String: String] = [:]) {
        self.titles = titles
    }

    /// A changed field of the document itself, given the wireframes before and after: navigation
    /// bars are said by their buttons.
    public func sentence(_ change: FieldChange, old: Wireframe?, new: Wireframe?) -> String {
        guard change.field.hasPrefix("navigations.") else { return sentence(change, old: nil as Screen?, new: nil) }
        let name = String(change.field.dropFirst("navigations.".count))
        func buttons(_ wireframe: Wireframe?) -> String? {
            guard let bar = wireframe?.navigationBars.first(where: { $0.name == name }) else { return nil }
            if bar.buttons.isEmpty { return "no buttons" }
            return bar.buttons.map { "'\($0.title ?? $0.icon ?? "?")' opens \(screenName($0.target))" }.joined(separator: ", ")
        }
        return "Navigation bar '\(name)': \(buttons(old) ?? "none") → \(buttons(new) ?? "none")"
    }

    /// One sentence for a changed field of a screen, given the screen before and after.
    public func sentence(_ change: FieldChange, old: Screen?, new: Screen?) -> String {
        let field = change.field
        if field.hasPrefix("elements.") || field.hasPrefix("elements[") {
            if field == "elements.order" { return "The elements are in a new order." }
            let before = old.flatMap { element(field, in: $0) }
            let after = new.flatMap { element(field, in: $0) }
            switch (before, after) {
            case (nil, let after?): return "Added \(describe(after.element)) (\(place(after)))."
            case (let before?, nil): return "Removed \(describe(before.element)) (\(place(before)))."
            case (let before?, let after?):
                let beforeEffect = effects(before.element)
                let afterEffect = effects(after.element)
                if before.element.text == after.element.text, before.element.kind == after.element.kind, beforeEffect != afterEffect {
                    return afterEffect.isEmpty
                        ? "\(capitalized(describe(after.element))) (\(place(after))) no longer does anything."
                        : "\(capitalized(describe(after.element))) (\(place(after))) now \(afterEffect)."
                }
                return "\(capitalized(describe(before.element))) (\(place(after))) is now \(describe(after.element))."
            case (nil, nil): return "\(name(field)): changed."
            }
        }
        if field.hasPrefix("actions.") || field.hasPrefix("actions[") {
            if field == "actions.order" { return "The actions are in a new order." }
            let before = old.flatMap { action(field, in: $0) }
            let after = new.flatMap { action(field, in: $0) }
            let label = field.hasPrefix("actions.") ? "the action '\(field.dropFirst("actions.".count))'" : "an action"
            switch (before, after) {
            case (nil, let after?): return "Added \(label), which \(describe(after.action))."
            case (let before?, nil): return "Removed \(label), which \(describe(before.action))."
            case (let before?, let after?):
                return "\(capitalized(label)) now \(describe(after.action)) (it \(describe(before.action)))."
            case (nil, nil): return "\(name(field)): changed."
            }
        }
        return "\(name(field)): \(change.old ?? "none") → \(change.new ?? "none")"
    }

    /// The name a person reads for a field.
    public func name(_ field: String) -> String {
        switch field {
        case "title": "Title"
        case "type": "Kind of screen"
        case "presentationStyle": "Presentation"
        case "navigation": "Navigation bar"
        case "subroutes": "Opens"
        case "tabItems": "Tabs"
        case "children": "Contains"
        case "dependencies": "Needs"
        case "items": "Items"
        case "name": "Key"
        case "appName": "App name"
        case "root": "First screen"
        case "locale": "Locale"
        case "formatVersion": "Format version"
        default:
            if field.hasPrefix("properties.") {
                "Property '\(field.dropFirst("properties.".count))'"
            } else if field.hasPrefix("navigations.") {
                "Navigation bar '\(field.dropFirst("navigations.".count))'"
            } else {
                field
            }
        }
    }

    /// A screen as a person names it: its title, or its key when it has none.
    public func screenName(_ key: String) -> String {
        guard let title = titles[key], !title.isEmpty else { return key }
        return title
    }

    /// An element in words: "the button 'Check out'".
    public func describe(_ element: Element) -> String {
        let kind = kindName(element.kind)
        if let text = element.text, !text.isEmpty { return "the \(kind) '\(text)'" }
        if let reference = element.reference { return "the \(kind) '\(reference)'" }
        return "a \(kind)"
    }

    /// What an element does, in words ("opens Checkout"); empty when it does nothing.
    public func effects(_ element: Element) -> String {
        element.triggers.map { trigger in
            let effect: String
            switch trigger.effect {
            case .action(let name): effect = "runs the action '\(name)'"
            case .target(let target): effect = "opens \(screenName(target))"
            case .task(let name, let parameter):
                effect = parameter.map { "runs the task '\(name)' with '\($0)'" } ?? "runs the task '\(name)'"
            case .message(let message): effect = "sends the message '\(message.name)'"
            }
            return trigger.event.map { "\(effect) on \($0)" } ?? effect
        }.joined(separator: " and ")
    }

    /// An action in words: "opens Checkout", "shows the alert 'Saved'".
    public func describe(_ action: Action) -> String {
        switch action.kind {
        case .push(let target): "opens \(screenName(target))"
        case .present(let target): "presents \(screenName(target))"
        case .branch(let target): "presents \(screenName(target)) with a close button"
        case .replaceRoot(let target): "starts over at \(screenName(target))"
        case .pop: "goes back"
        case .dismiss: "closes the screen"
        case .popToRoot: "goes back to the first screen"
        case .popToView(let target): "goes back to \(screenName(target))"
        case .alert(let text): "shows the alert '\(text)'"
        case .url(let address): "opens \(address)"
        case .task(let name, let parameter): parameter.map { "runs the task '\(name)' with '\($0)'" } ?? "runs the task '\(name)'"
        case .send(let message): "sends the message '\(message.name)'"
        case .sequence(let actions): actions.map(describe).joined(separator: ", then ")
        case .loadSchema(let path, _, _): "loads \(path)"
        case .conditional(let condition, _, _): "depends on '\(condition)'"
        case .other(let kind, _): "does '\(kind)'"
        }
    }

    private func kindName(_ kind: ElementKind) -> String {
        switch kind {
        case .textField: "text field"
        case .textView: "text view"
        case .segmentedControl: "segmented control"
        case .pageControl: "page control"
        case .activityIndicator: "activity indicator"
        case .webView: "web view"
        case .datePicker: "date picker"
        case .searchBar: "search bar"
        case .progress: "progress bar"
        default: kind.rawValue
        }
    }

    private func capitalized(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }

    /// Where an element is on its screen as a person counts: "element 5 of 6". The diff names
    /// an unnamed element by its place among the unnamed ones (`elements[0]` may be the fifth).
    private func place(_ found: (element: Element, position: Int, count: Int)) -> String {
        "element \(found.position + 1) of \(found.count)"
    }

    /// The element a field names (`elements.REFERENCE`, or `elements[N]`: the N-th unnamed one),
    /// its position among the screen's elements and their count.
    private func element(_ field: String, in screen: Screen) -> (element: Element, position: Int, count: Int)? {
        item(field, prefix: "elements", in: screen.elements, name: \.reference).map {
            (screen.elements[$0], $0, screen.elements.count)
        }
    }

    private func action(_ field: String, in screen: Screen) -> NamedAction? {
        item(field, prefix: "actions", in: screen.actions, name: \.name).map { screen.actions[$0] }
    }

    /// The index in `items` of the item a field names.
    private func item<Item>(_ field: String, prefix: String, in items: [Item], name: (Item) -> String?) -> Int? {
        if field.hasPrefix("\(prefix).") {
            let wanted = String(field.dropFirst(prefix.count + 1))
            return items.firstIndex { name($0) == wanted }
        }
        guard field.hasPrefix("\(prefix)["), field.hasSuffix("]"),
            let index = Int(field.dropFirst(prefix.count + 1).dropLast())
        else { return nil }
        var unnamed = 0
        for position in items.indices where name(items[position]) == nil {
            if unnamed == index { return position }
            unnamed += 1
        }
        return nil
    }
}
