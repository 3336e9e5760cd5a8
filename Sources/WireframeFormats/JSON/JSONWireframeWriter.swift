public import WireframeModel

/// Writes a wireframe in the JSON format: the export form (indented) and the canonical bytes (compact).
///
/// The writer writes the model as it is; `CanonicalForm` (in WireframeAnalysis) first brings it to
/// canonical form. Keys come in one fixed order, routes are always written lifted (inline routes
/// become entries of `routes` linked by name), and source locations are never written.
public struct JSONWireframeWriter: Sendable {
    /// Creates a writer.
    public init() {}

    /// Compact bytes, no whitespace: what the content hash is computed over.
    public func canonicalBytes(_ wireframe: Wireframe) -> [UInt8] {
        var emitter = JSONEmitter(pretty: false, capacity: wireframe.screens.count * 160 + 256)
        write(wireframe, includeScreens: true, into: &emitter)
        return emitter.bytes
    }

    /// The bytes of ``canonicalBytes(_:)``, handed to `body` in pieces of about `chunkSize` bytes
    /// (a piece ends after a screen) instead of gathered: a hash reads them while they are
    /// still in the processor's cache, and the whole text (1.6 MB at 10,000 screens) is never
    /// held, copied or freed. The pieces put together are the canonical bytes; a piece is valid
    /// only during the call.
    public func canonicalBytes(_ wireframe: Wireframe, chunkSize: Int, _ body: (UnsafeRawBufferPointer) -> Void) {
        let chunkSize = max(chunkSize, 1)
        var emitter = JSONEmitter(pretty: false, capacity: chunkSize + 1024)
        write(wireframe, includeScreens: true, into: &emitter) { emitter in
            if emitter.count >= chunkSize { emitter.drain(body) }
        }
        emitter.drain(body)
    }

    /// The export form: two-space indentation and a final newline.
    public func prettyText(_ wireframe: Wireframe) -> String {
        String(decoding: prettyBytes(wireframe), as: UTF8.self)
    }

    /// The export form with `indent` for each level of indentation (a tab, four spaces), as a
    /// file written for a person who indents so: its bytes, with a final newline.
    public func prettyBytes(_ wireframe: Wireframe, indent: String = "  ") -> [UInt8] {
        var emitter = JSONEmitter(pretty: true, indent: Array(indent.utf8), capacity: wireframe.screens.count * 320 + 256)
        write(wireframe, includeScreens: true, into: &emitter)
        return emitter.bytes + [UInt8(ascii: "\n")]
    }

    /// How a JSON text is indented: the white space that starts its first indented line (nil for
    /// text on one line, which is written compact again; two spaces when no line is indented).
    public static func indentation(of text: [UInt8]) -> String? {
        guard let newline = text.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        var index = newline
        while index < text.count {
            guard text[index] == UInt8(ascii: "\n") else {
                index += 1
                continue
            }
            var end = index + 1
            while end < text.count, text[end] == UInt8(ascii: " ") || text[end] == UInt8(ascii: "\t") { end += 1 }
            if end > index + 1, end < text.count, text[end] != UInt8(ascii: "\n") {
                return String(decoding: text[(index + 1)..<end], as: UTF8.self)
            }
            index = end
        }
        return "  "
    }

    /// Compact bytes of everything but the screens (app name, root, navigation bars, version, locale).
    public func canonicalHeaderBytes(_ wireframe: Wireframe) -> [UInt8] {
        var emitter = JSONEmitter(pretty: false, capacity: 256)
        write(wireframe, includeScreens: false, into: &emitter)
        return emitter.bytes
    }

    /// The bytes of ``canonicalBytes(_:)`` put together from the wireframe's
    /// ``canonicalHeaderBytes(_:)`` and the ``canonicalBytes(screen:)`` of its screens, in order,
    /// without writing the screens a second time. Nil when `header` is not a compact object with
    /// at least one member (it always is when it comes from ``canonicalHeaderBytes(_:)``).
    public func canonicalBytes(header: [UInt8], screens: [[UInt8]]) -> [UInt8]? {
        guard canJoin(header: header) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(header.count + 16 + screens.reduce(0) { $0 + $1.count + 1 })
        canonicalPieces(
            header: header,
            screens: { each in
                for screen in screens { screen.withUnsafeBytes(each) }
            },
            { bytes.append(contentsOf: $0) })
        return bytes
    }

    /// Whether ``canonicalBytes(header:screens:)`` can join screens to this header.
    public func canJoin(header: [UInt8]) -> Bool {
        header.count > 2 && header.first == UInt8(ascii: "{") && header.last == UInt8(ascii: "}")
    }

    /// Calls `body` with the pieces of ``canonicalBytes(header:screens:)`` in order, without
    /// putting them together (for a hash); the header must be one that ``canJoin(header:)``.
    /// `screens` calls the function it is given with each screen's bytes, in order (so that the
    /// caller walks its own list, whatever its elements, without copying them).
    public func canonicalPieces(
        header: [UInt8], screens: (_ each: (UnsafeRawBufferPointer) -> Void) -> Void, _ body: (UnsafeRawBufferPointer) -> Void
    ) {
        header.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0.dropLast())) }
        Self.routesOpening.withUnsafeBytes { body($0) }
        var first = true
        // `body` is only called while `screens` runs (which the compiler cannot tell).
        withoutActuallyEscaping(body) { body in
            screens { screen in
                if !first { Self.comma.withUnsafeBytes { body($0) } }
                first = false
                body(screen)
            }
        }
        Self.routesClosing.withUnsafeBytes { body($0) }
    }

    /// Where the first screen begins in ``canonicalBytes(header:screens:)``.
    public func screensOffset(header: [UInt8]) -> Int {
        header.count - 1 + Self.routesOpening.count
    }

    private static let routesOpening = Array(#","routes":["#.utf8)
    private static let comma: [UInt8] = [UInt8(ascii: ",")]
    private static let routesClosing = Array("]}".utf8)

    /// Compact bytes of one screen, as it appears in `routes`.
    public func canonicalBytes(screen: Screen) -> [UInt8] {
        var emitter = JSONEmitter(pretty: false, capacity: 256)
        emitter.objectValue { write(screen, into: &$0) }
        return emitter.bytes
    }

    /// Compact bytes of one element.
    public func canonicalBytes(element: Element) -> [UInt8] {
        var emitter = JSONEmitter(pretty: false, capacity: 128)
        emitter.objectValue { write(element, into: &$0) }
        return emitter.bytes
    }

    /// Compact bytes of one action.
    public func canonicalBytes(action: Action) -> [UInt8] {
        var emitter = JSONEmitter(pretty: false, capacity: 128)
        emitter.objectValue { write(action, into: &$0) }
        return emitter.bytes
    }

    /// Compact bytes of one navigation bar.
    public func canonicalBytes(navigationBar: NavigationBar) -> [UInt8] {
        var emitter = JSONEmitter(pretty: false, capacity: 128)
        emitter.objectValue { write(navigationBar, into: &$0) }
        return emitter.bytes
    }

    // MARK: Writing

    /// Writes a wireframe; `afterEachScreen` is called after each screen is written.
    private func write(
        _ wireframe: Wireframe, includeScreens: Bool, into emitter: inout JSONEmitter,
        afterEachScreen: (inout JSONEmitter) -> Void = { _ in }
    ) {
        emitter.objectValue { emitter in
            emitter.member("appName", wireframe.appName)
            emitter.key("formatVersion")
            emitter.integer(wireframe.formatVersion)
            if let locale = wireframe.locale { emitter.member("locale", locale) }
            emitter.member("root", wireframe.root)
            if !wireframe.navigationBars.isEmpty {
                emitter.key("navigations")
                emitter.arrayValue { emitter in
                    for bar in wireframe.navigationBars {
                        emitter.objectValue { write(bar, into: &$0) }
                    }
                }
            }
            if includeScreens {
                emitter.key("routes")
                emitter.arrayValue { emitter in
                    for screen in wireframe.screens {
                        emitter.objectValue { write(screen, into: &$0) }
                        afterEachScreen(&emitter)
                    }
                }
            }
        }
    }

    private func write(_ bar: NavigationBar, into emitter: inout JSONEmitter) {
        emitter.member("name", bar.name)
        emitter.key("buttons")
        emitter.arrayValue { emitter in
            for button in bar.buttons {
                emitter.objectValue { emitter in
                    if let title = button.title { emitter.member("title", title) }
                    if let icon = button.icon { emitter.member("icon", icon) }
                    emitter.member("target", button.target)
                }
            }
        }
    }

    private func write(_ screen: Screen, into emitter: inout JSONEmitter) {
        emitter.member("name", screen.key)
        emitter.member("title", screen.title)
        emitter.member("type", screen.container.rawValue)
        if let presentation = screen.presentation { emitter.member("presentationStyle", presentation.rawValue) }
        if let bar = screen.navigationBar { emitter.member("navigation", bar) }
        write(screen.links, .subroute, as: "subroutes", into: &emitter)
        write(screen.links, .tab, as: "tabItems", into: &emitter)
        write(screen.links, .child, as: "children", into: &emitter)
        if !screen.dependencies.isEmpty { emitter.member("dependencies", strings: screen.dependencies) }
        if !screen.items.isEmpty { emitter.member("items", strings: screen.items) }
        if !screen.elements.isEmpty {
            emitter.key("elements")
            emitter.arrayValue { emitter in
                for element in screen.elements {
                    emitter.objectValue { write(element, into: &$0) }
                }
            }
        }
        if !screen.actions.isEmpty { write(screen.actions, into: &emitter) }
        if !screen.properties.isEmpty { emitter.member("properties", properties: screen.properties) }
    }

    /// The targets of the links of one kind as an array of names, in order; nothing when there is none.
    private func write(_ links: [Link], _ kind: LinkKind, as key: StaticString, into emitter: inout JSONEmitter) {
        guard links.contains(where: { $0.kind == kind }) else { return }
        emitter.key(key)
        emitter.arrayValue { emitter in
            for link in links where link.kind == kind { emitter.string(link.target) }
        }
    }

    /// Named actions as an object when the names are unique and sorted (order then carries no
    /// meaning), else as an ordered array of actions with a `name` each.
    private func write(_ actions: [NamedAction], into emitter: inout JSONEmitter) {
        let names = actions.compactMap(\.name)
        let asObject = names.count == actions.count && zip(names, names.dropFirst()).allSatisfy { $0 < $1 }
        emitter.key("actions")
        if asObject {
            emitter.objectValue { emitter in
                for action in actions {
                    emitter.key(text: action.name ?? "")
                    emitter.objectValue { write(action.action, into: &$0) }
                }
            }
        } else {
            emitter.arrayValue { emitter in
                for action in actions {
                    emitter.objectValue { emitter in
                        if let name = action.name { emitter.member("name", name) }
                        write(action.action, into: &emitter)
                    }
                }
            }
        }
    }

    private func write(_ element: Element, into emitter: inout JSONEmitter) {
        emitter.member("kind", element.kind.rawValue)
        if let reference = element.reference { emitter.member("reference", reference) }
        if let styleClass = element.styleClass { emitter.member("class", styleClass) }
        if let text = element.text { emitter.member("text", text) }
        if element.triggers.count == 1, element.triggers[0].event == nil, !element.triggers[0].isMessage {
            write(element.triggers[0].effect, into: &emitter)
        } else if !element.triggers.isEmpty {
            emitter.key("triggers")
            emitter.arrayValue { emitter in
                for trigger in element.triggers {
                    emitter.objectValue { emitter in
                        if let event = trigger.event { emitter.member("event", event) }
                        write(trigger.effect, into: &emitter)
                    }
                }
            }
        }
        if !element.properties.isEmpty { emitter.member("properties", properties: element.properties) }
        if !element.elements.isEmpty {
            emitter.key("elements")
            emitter.arrayValue { emitter in
                for child in element.elements {
                    emitter.objectValue { write(child, into: &$0) }
                }
            }
        }
    }

    private func write(_ effect: TriggerEffect, into emitter: inout JSONEmitter) {
        switch effect {
        case .action(let name): emitter.member("action", name)
        case .target(let target): emitter.member("target", target)
        case .task(let name, let parameter):
            emitter.member("task", name)
            if let parameter { emitter.member("param", parameter) }
        case .message(let message): write(message, into: &emitter)
        }
    }

    private func write(_ message: Message, into emitter: inout JSONEmitter) {
        emitter.member("send", message.name)
        emitter.member("destination", message.destination.rawValue)
        if let name = message.destinationName { emitter.member("destinationName", name) }
    }

    private func write(_ action: Action, into emitter: inout JSONEmitter) {
        switch action.kind {
        case .push(let target): emitter.member("push", target)
        case .present(let target): emitter.member("present", target)
        case .branch(let target): emitter.member("branch", target)
        case .replaceRoot(let target): emitter.member("replaceRoot", target)
        case .popToView(let target): emitter.member("popToView", target)
        case .pop:
            emitter.key("pop")
            emitter.bool(true)
        case .dismiss:
            emitter.key("dismiss")
            emitter.bool(true)
        case .popToRoot:
            emitter.key("popToRoot")
            emitter.bool(true)
        case .alert(let text): emitter.member("alert", text)
        case .url(let address): emitter.member("url", address)
        case .task(let name, let parameter):
            emitter.member("task", name)
            if let parameter { emitter.member("param", parameter) }
        case .send(let message): write(message, into: &emitter)
        case .sequence(let actions):
            emitter.key("sequence")
            emitter.arrayValue { emitter in
                for action in actions { emitter.objectValue { write(action, into: &$0) } }
            }
        case .loadSchema(let path, let success, let failure):
            emitter.member("loadSchema", path)
            write(branches: success, failure, into: &emitter)
        case .conditional(let condition, let success, let failure):
            emitter.member("conditional", condition)
            write(branches: success, failure, into: &emitter)
        case .other(let kind, let properties):
            emitter.member("other", kind)
            if !properties.isEmpty { emitter.member("properties", properties: properties) }
        }
    }

    private func write(branches success: Action?, _ failure: Action?, into emitter: inout JSONEmitter) {
        if let success {
            emitter.key("success")
            emitter.objectValue { write(success, into: &$0) }
        }
        if let failure {
            emitter.key("failure")
            emitter.objectValue { write(failure, into: &$0) }
        }
    }
}

extension Trigger {
    var isMessage: Bool {
        if case .message = effect { return true }
        return false
    }
}
