public import WireframeModel

/// Writes a wireframe read from WorkflowSchema back as WorkflowSchema XML.
///
/// Reading the output gives an equal model (locations aside) for wireframes that came from
/// WorkflowSchema: screens are written where the reader found them (navigation and tab
/// children, hosted controllers, controllers inside actions), keys that the reader derived are
/// left to be derived again, and other keys are written as `name` attributes. What the model does
/// not keep (conditions of conditional schemas, alert buttons, sendMessage response actions,
/// gesture parameters) is not written.
public struct WorkflowSchemaWriter: Sendable {
    /// Creates a writer.
    public init() {}

    /// The XML text, indented by four spaces, ending with a newline.
    public func write(_ wireframe: Wireframe) -> String {
        var output = Output()
        output.open("workflow", attributes: wireframe.locale.map { [("lang", $0)] } ?? [])
        if let root = wireframe.screen(wireframe.root) {
            var state = State(wireframe: wireframe)
            state.writeController(root, derivedKey: Self.tag(for: root.container), loadPath: nil, into: &output)
        }
        output.close("workflow")
        return output.text
    }

    static func tag(for container: ContainerType) -> String {
        switch container {
        case .tabBar: "tabs"
        case .navigation: "navigation"
        case .form: "form"
        case .table: "table"
        case .view, .list: "screen"
        }
    }

    private struct Output {
        var text = ""
        var depth = 0

        mutating func line(_ content: String) { text += String(repeating: "    ", count: depth) + content + "\n" }

        mutating func open(_ tag: String, attributes: [(String, String)] = []) {
            line("<\(tag)\(Self.attributes(attributes))>")
            depth += 1
        }

        mutating func close(_ tag: String) {
            depth -= 1
            line("</\(tag)>")
        }

        mutating func empty(_ tag: String, attributes: [(String, String)] = []) { line("<\(tag)\(Self.attributes(attributes)) />") }

        mutating func value(_ tag: String, _ text: String) {
            text.isEmpty ? line("<\(tag) />") : line("<\(tag)>\(Self.escape(text))</\(tag)>")
        }

        static func attributes(_ attributes: [(String, String)]) -> String {
            attributes.map { " \($0.0)=\"\(escape($0.1))\"" }.joined()
        }

        static func escape(_ text: String) -> String {
            var result = ""
            for character in text {
                switch character {
                case "&": result += "&amp;"
                case "<": result += "&lt;"
                case ">": result += "&gt;"
                case "\"": result += "&quot;"
                default: result.append(character)
                }
            }
            return result
        }
    }

    private struct State {
        let wireframe: Wireframe
        var written: Set<String> = []

        init(wireframe: Wireframe) { self.wireframe = wireframe }

        mutating func writeController(_ screen: Screen, derivedKey: String, loadPath: String?, into output: inout Output) {
            written.insert(screen.key)
            let tag = WorkflowSchemaWriter.tag(for: screen.container)
            output.open(tag, attributes: screen.key == derivedKey ? [] : [("name", screen.key)])
            if !screen.title.isEmpty { output.value("title", screen.title) }
            for (name, value) in screen.properties.sorted(by: { $0.key < $1.key }) { output.value(name, value) }
            // The children are written as the controller's `viewControllers` list in tabs and
            // navigations, whose keys the reader derives from tags and titles (`ScreenIdentity`);
            // hosted controllers elsewhere are keyed by position.
            var children: [(screen: Screen, position: Int)] = []
            var childKeys: Set<String> = []
            var childIndex = 0
            for link in screen.links where link.kind == .tab || link.kind == .child {
                if let loadPath, link.target == loadPath {
                    childIndex += 1
                    continue
                }
                guard let child = wireframe.screen(link.target), !written.contains(child.key), childKeys.insert(child.key).inserted
                else { continue }
                children.append((child, childIndex))
                childIndex += 1
            }
            let suffixes: [SchemaMapper.PathSuffix] =
                screen.container == .tabBar || screen.container == .navigation
                ? ScreenIdentity.suffixes(
                    tags: children.map { WorkflowSchemaWriter.tag(for: $0.screen.container) },
                    titles: children.map { $0.screen.title.isEmpty ? Self.tabBarItemTitle($0.screen) : $0.screen.title },
                    positions: children.map(\.position))
                : children.map { .index($0.position) }
            var nextChild = 0
            for link in screen.links where link.kind == .tab || link.kind == .child {
                if let loadPath, link.target == loadPath {
                    output.empty("screen", attributes: [("keyPath", "schema")])
                    continue
                }
                guard nextChild < children.count, children[nextChild].screen.key == link.target else { continue }
                let child = children[nextChild].screen
                let suffix = suffixes[nextChild]
                nextChild += 1
                guard !written.contains(child.key) else { continue }
                writeController(
                    child, derivedKey: SchemaMapper.path(screen.key, WorkflowSchemaWriter.tag(for: child.container), suffix),
                    loadPath: loadPath, into: &output)
            }
            for element in screen.elements { writeElement(element, into: &output) }
            if !screen.actions.isEmpty {
                output.open("actions")
                for (index, named) in screen.actions.enumerated() {
                    let segment = Self.segment(named.action, name: named.name, index: index)
                    writeAction(
                        named.action, name: named.name, performer: screen, path: "\(screen.key)/\(segment)", loadPath: nil, into: &output)
                }
                output.close("actions")
            }
            output.close(tag)
        }

        /// The title of a screen's tab bar item, as the reader finds it (`SchemaMapper.identityTitle`).
        static func tabBarItemTitle(_ screen: Screen) -> String {
            screen.elements.first { $0.kind.rawValue == "tabBarItem" }?.text ?? ""
        }

        static func actionTag(_ action: Action) -> String {
            switch action.kind {
            case .push: "pushController"
            case .present: "presentController"
            case .replaceRoot, .branch: "replaceRootController"
            case .pop, .popToRoot, .popToView: "popController"
            case .dismiss: "dismissController"
            case .alert, .url, .task: "showAlert"
            case .send: "sendMessage"
            case .sequence: "multipleActions"
            case .loadSchema: "loadSchema"
            case .conditional: "conditionalAction"
            case .other(let kind, _): kind
            }
        }

        static func segment(_ action: Action, name: String?, index: Int) -> String {
            if let name, !name.isEmpty { return "\(actionTag(action))@\(name)" }
            return "\(actionTag(action))[\(index)]"
        }

        /// The `successAction` and `failureAction` of a `loadSchema` or a conditional action.
        mutating func writeBranches(
            _ success: Action?, _ failure: Action?, performer: Screen, path: String,
            successLoadPath: String?, failureLoadPath: String?, into output: inout Output
        ) {
            for (tag, branch, index, loadPath) in [
                ("successAction", success, 0, successLoadPath), ("failureAction", failure, 1, failureLoadPath),
            ] {
                guard let branch else { continue }
                output.open(tag)
                writeAction(
                    branch, name: nil, performer: performer, path: "\(path)/\(Self.segment(branch, name: nil, index: index))",
                    loadPath: loadPath, into: &output)
                output.close(tag)
            }
        }

        mutating func writeAction(
            _ action: Action, name: String?, performer: Screen, path: String, loadPath: String?, into output: inout Output
        ) {
            let tag = Self.actionTag(action)
            let attributes = name.map { [("name", $0)] } ?? []
            switch action.kind {
            case .push(let target), .present(let target), .replaceRoot(let target), .branch(let target):
                if let loadPath, target == loadPath {
                    output.empty(tag, attributes: attributes)
                } else if let screen = wireframe.screen(target), !written.contains(target) {
                    output.open(tag, attributes: attributes)
                    writeController(
                        screen, derivedKey: "\(path)/\(WorkflowSchemaWriter.tag(for: screen.container))", loadPath: loadPath, into: &output)
                    output.close(tag)
                } else {
                    output.empty(tag, attributes: attributes)
                }
            case .alert(let text), .url(let text):
                output.open(tag, attributes: attributes)
                output.value("message", text)
                output.close(tag)
            case .task(let taskName, _):
                output.open(tag, attributes: attributes)
                output.value("message", taskName)
                output.close(tag)
            case .send(let message):
                output.open(tag, attributes: attributes)
                writeMessage(message, parameter: "message", parent: tag, into: &output)
                output.close(tag)
            case .sequence(let actions):
                output.open(tag, attributes: attributes)
                for (index, nested) in actions.enumerated() {
                    writeAction(
                        nested, name: nil, performer: performer, path: "\(path)/\(Self.segment(nested, name: nil, index: index))",
                        loadPath: loadPath, into: &output)
                }
                output.close(tag)
            case .loadSchema(let loadedPath, let success, let failure):
                output.open(tag, attributes: attributes)
                output.value("path", loadedPath)
                // The success branch runs with the loaded file's root in its context; the failure branch does not.
                writeBranches(
                    success, failure, performer: performer, path: path, successLoadPath: loadedPath, failureLoadPath: loadPath,
                    into: &output)
                output.close(tag)
            case .conditional(let condition, let success, let failure):
                output.open(tag, attributes: attributes)
                output.empty(condition.isEmpty ? "isTrue" : String(condition.prefix { $0 != "(" }))
                writeBranches(
                    success, failure, performer: performer, path: path, successLoadPath: loadPath, failureLoadPath: loadPath, into: &output)
                output.close(tag)
            case .other(_, let properties):
                if properties.isEmpty {
                    output.empty(tag, attributes: attributes)
                } else {
                    output.open(tag, attributes: attributes)
                    for (key, value) in properties.sorted(by: { $0.key < $1.key }) {
                        if key == "viewNames" {
                            for part in value.split(separator: ",", omittingEmptySubsequences: false) { output.value(key, String(part)) }
                        } else {
                            output.value(key, value)
                        }
                    }
                    output.close(tag)
                }
            case .pop, .popToRoot, .popToView, .dismiss:
                output.empty(tag, attributes: attributes)
            }
        }

        /// Writes a message as text, or as a `message` object: bare where the parent admits one, else in its parameter tag.
        func writeMessage(_ message: Message, parameter: String, parent: String, into output: inout Output) {
            if message.destination == .delegate, message.destinationName == nil {
                output.value(parameter, message.name)
                return
            }
            let bare = parameter == "message" && (TagRegistry.definition(of: parent)?.admits(.message) ?? false)
            if !bare { output.open(parameter) }
            output.open("message")
            output.value("name", message.name)
            output.value("destinationType", message.destination.rawValue)
            if let destinationName = message.destinationName { output.value("destinationName", destinationName) }
            output.close("message")
            if !bare { output.close(parameter) }
        }

        mutating func writeElement(_ element: Element, into output: inout Output) {
            var properties = element.properties
            let wrapper = properties.removeValue(forKey: "parameter")
            if let wrapper { output.open(wrapper) }
            var attributes: [(String, String)] = []
            if let reference = element.reference { attributes.append(("name", reference)) }
            if let styleClass = element.styleClass { attributes.append(("class", styleClass)) }
            if let keyPath = properties.removeValue(forKey: "keyPath") { attributes.append(("keyPath", keyPath)) }
            if let valueName = properties.removeValue(forKey: "valueName") { attributes.append(("valueName", valueName)) }
            if let conditional = properties.removeValue(forKey: "conditional") { attributes.append(("conditional", conditional)) }
            let tag = element.kind.rawValue
            output.open(tag, attributes: attributes)
            if let text = element.text {
                let textParameter = TagRegistry.definition(of: tag)?.parameter("text") != nil ? "text" : "title"
                output.value(textParameter, text)
            }
            for (key, value) in properties.sorted(by: { $0.key < $1.key }) {
                if key.hasSuffix(".keyPath") {
                    output.open(String(key.dropLast(".keyPath".count)))
                    output.empty("string", attributes: [("keyPath", value)])
                    output.close(String(key.dropLast(".keyPath".count)))
                } else if key.hasSuffix(".accessibilityLabel") {
                    continue
                } else if TagRegistry.definition(of: tag)?.parameter(key)?.accepts == [.image] {
                    let definition = TagRegistry.definition(of: tag)
                    let bare = definition.map { $0.admits(.image) && $0.defaultParameter(for: .image) == key } ?? false
                    if !bare { output.open(key) }
                    output.open("image")
                    output.value("name", value)
                    if let label = properties["\(key).accessibilityLabel"] { output.value("accessibilityLabel", label) }
                    output.close("image")
                    if !bare { output.close(key) }
                } else {
                    output.value(key, value)
                }
            }
            for trigger in element.triggers {
                guard case .message(let message) = trigger.effect else { continue }
                switch trigger.event {
                case nil:
                    writeMessage(message, parameter: "message", parent: tag, into: &output)
                case let event? where event.contains("Gesture"):
                    let parts = event.split(separator: ".", maxSplits: 1).map(String.init)
                    output.open(parts[0])
                    writeMessage(message, parameter: parts.count > 1 ? parts[1] + "Message" : "message", parent: parts[0], into: &output)
                    output.close(parts[0])
                case let event?:
                    writeMessage(message, parameter: event + "Message", parent: tag, into: &output)
                }
            }
            for child in element.elements { writeElement(child, into: &output) }
            output.close(tag)
            if let wrapper { output.close(wrapper) }
        }
    }
}
