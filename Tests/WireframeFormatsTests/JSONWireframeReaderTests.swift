import Foundation
import Testing
import WireframeFormats
import WireframeModel
import WireframeTestSupport

/// Reads a marked input and annotates what the reader reports.
private func read(_ marked: String) -> (source: MarkedSource, wireframe: Wireframe?, annotated: [String]) {
    let source = MarkedSource(marked)
    let (wireframe, diagnostics) = JSONWireframeReader().read(source.bytes)
    return (source, wireframe, source.annotate(diagnostics))
}

/// A wireframe whose only route is the given route text, marked or not.
private func oneRoute(_ route: String) -> String {
    """
    {
      "appName": "App",
      "root": "home",
      "routes": [
        \(route)
      ]
    }
    """
}

/// A reader input with its expected diagnostics, places marked in the input.
typealias ReaderCase = MarkedCase

extension MarkedCase {
    /// A case whose input is one route in an otherwise valid wireframe.
    init(_ name: String, route: String, _ expected: String...) {
        self.init(name, input: oneRoute(route), expected: expected)
    }

    /// A case whose input is a whole document.
    init(_ name: String, document: String, _ expected: String...) {
        self.init(name, input: document, expected: expected)
    }
}

@Suite("JSON wireframe reader")
struct JSONWireframeReaderTests {
    // MARK: Base keys (seed 000)

    @Test func baseKeysAreReadWithTheirLocations() throws {
        let (source, parsed, annotated) = read(
            """
            {
              "appName": 1️⃣"application",
              "root": 2️⃣"home",
              "routes": 3️⃣[
                4️⃣{
                  "type": 5️⃣"navigation",
                  "name": 6️⃣"home",
                  "title": 7️⃣"Home",
                  "presentationStyle": 8️⃣"present",
                  "subroutes": [9️⃣"settings"]
                },
                { "name": "settings", "title": "Settings" }
              ]
            }
            """)
        #expect(annotated.isEmpty)
        let wireframe = try #require(parsed)
        #expect(wireframe.appName == "application")
        #expect(wireframe.root == "home")
        #expect(wireframe.formatVersion == 1)
        #expect(wireframe.sourceFormat == .json)
        #expect(wireframe.locale == nil)
        #expect(wireframe.navigationBars.isEmpty)
        #expect(wireframe.locations.document == SourceLocation.start)
        #expect(wireframe.locations.appName == source.location("1️⃣"))
        #expect(wireframe.locations.root == source.location("2️⃣"))
        #expect(wireframe.locations.screens == source.location("3️⃣"))
        #expect(wireframe.screens.map(\.key) == ["home", "settings"])

        let home = wireframe.screens[0]
        #expect(home.title == "Home")
        #expect(home.container == .navigation)
        #expect(home.presentation == .present)
        #expect(home.links == [Link(.subroute, to: "settings", at: try #require(source.location("9️⃣")))])
        #expect(home.parent == nil)
        #expect(home.locations.definition == source.location("4️⃣"))
        #expect(home.locations.container == source.location("5️⃣"))
        #expect(home.locations.key == source.location("6️⃣"))
        #expect(home.locations.title == source.location("7️⃣"))
        #expect(home.locations.presentation == source.location("8️⃣"))
    }

    @Test func defaultsAreViewAndNoExplicitPresentation() throws {
        let (_, wireframe, annotated) = read(oneRoute(#"{ "name": "home", "title": "Home" }"#))
        #expect(annotated.isEmpty)
        let home = try #require(wireframe?.screens.first)
        #expect(home.container == .view)
        #expect(home.presentation == nil)
        #expect(home.effectivePresentation == .push)
        #expect(home.links.isEmpty)
        #expect(home.dependencies.isEmpty)
        #expect(home.items.isEmpty)
        #expect(home.elements.isEmpty)
        #expect(home.actions.isEmpty)
        #expect(home.navigationBar == nil)
        #expect(home.locations.container == nil)
        #expect(home.locations.presentation == nil)
    }

    @Test func navigationRoutesArePresentedByDefault() throws {
        let (_, wireframe, annotated) = read(oneRoute(#"{ "name": "home", "title": "Home", "type": "navigation" }"#))
        #expect(annotated.isEmpty)
        let home = try #require(wireframe?.screens.first)
        #expect(home.presentation == nil)
        #expect(home.effectivePresentation == .present)
    }

    @Test(arguments: ["presentationStyle", "presentationType"])
    func presentationAliasesAreOneField(_ key: String) throws {
        let (source, wireframe, annotated) = read(oneRoute(#"{ "name": "home", "title": "Home", "\#(key)": 1️⃣"present" }"#))
        #expect(annotated.isEmpty)
        let home = try #require(wireframe?.screens.first)
        #expect(home.presentation == .present)
        #expect(home.locations.presentation == source.location("1️⃣"))
    }

    @Test func bothAliasesWithTheSameValueAreFine() throws {
        let (_, wireframe, annotated) = read(
            oneRoute(
                #"{ "name": "home", "title": "Home", "presentationType": "push", "presentationStyle": "push" }"#))
        #expect(annotated.isEmpty)
        #expect(wireframe?.screens.first?.presentation == .push)
    }

    @Test(arguments: ["view", "navigation", "tabbar", "list"])
    func everyTypeOfTheSeedIsAccepted(_ type: String) throws {
        let (_, wireframe, annotated) = read(
            oneRoute(
                #"{ "name": "home", "title": "Home", "type": "\#(type)", "tabItems": ["other"] }"#))
        #expect(annotated.isEmpty)
        #expect(wireframe?.screens.first?.container.rawValue == type)
    }

    @Test func formatVersionAndLocaleAreRead() throws {
        let (_, wireframe, annotated) = read(
            #"{ "appName": "A", "root": "r", "formatVersion": 1, "locale": "fr", "routes": [] }"#)
        #expect(annotated.isEmpty)
        #expect(wireframe?.formatVersion == 1)
        #expect(wireframe?.locale == "fr")
    }

    // MARK: The original app's keys

    @Test func navigationsAreReadWithButtons() throws {
        let (source, parsed, annotated) = read(
            """
            {
              "appName": "A", "root": "home",
              "navigations": [
                1️⃣{ "name": 2️⃣"main", "buttons": [
                  3️⃣{ "title": "Add", "target": 4️⃣"add" },
                  { "icon": "gear", "target": "settings" }
                ] }
              ],
              "routes": [
                { "name": "home", "title": "Home", "navigation": 5️⃣"main" }
              ]
            }
            """)
        #expect(annotated.isEmpty)
        let wireframe = try #require(parsed)
        let bar = try #require(wireframe.navigationBars.first)
        #expect(wireframe.navigationBars.count == 1)
        #expect(bar.name == "main")
        #expect(bar.location == source.location("1️⃣"))
        #expect(bar.nameLocation == source.location("2️⃣"))
        #expect(bar.buttons.map(\.title) == ["Add", nil])
        #expect(bar.buttons.map(\.icon) == [nil, "gear"])
        #expect(bar.buttons.map(\.target) == ["add", "settings"])
        #expect(bar.buttons.first?.location == source.location("3️⃣"))
        #expect(bar.buttons.first?.targetLocation == source.location("4️⃣"))
        let home = try #require(wireframe.screens.first)
        #expect(home.navigationBar == "main")
        #expect(home.locations.navigationBar == source.location("5️⃣"))
    }

    @Test func tabItemsBecomeTabLinksInOrder() throws {
        let (source, wireframe, annotated) = read(
            oneRoute(
                #"{ "name": "home", "title": "Home", "type": "tabbar", "tabItems": [1️⃣"b", 2️⃣"a", 3️⃣"c"] }"#))
        #expect(annotated.isEmpty)
        let home = try #require(wireframe?.screens.first)
        #expect(
            home.links == [
                Link(.tab, to: "b", at: try #require(source.location("1️⃣"))),
                Link(.tab, to: "a", at: try #require(source.location("2️⃣"))),
                Link(.tab, to: "c", at: try #require(source.location("3️⃣"))),
            ])
    }

    // MARK: Extensions

    @Test func inlineSubroutesAreLiftedWithParentAndInlineLinks() throws {
        let (source, parsed, annotated) = read(
            """
            {
              "appName": "A", "root": "home",
              "routes": [
                { "name": "home", "title": "Home", "subroutes": [
                  1️⃣"about",
                  2️⃣{ "name": "todo", "title": "To Do", "subroutes": [
                    3️⃣{ "name": "detail", "title": "Detail", "dependencies": ["toDoId"] }
                  ] },
                  4️⃣{ "name": "help", "title": "Help" }
                ] },
                { "name": "about", "title": "About" }
              ]
            }
            """)
        #expect(annotated.isEmpty)
        let wireframe = try #require(parsed)
        // In the order definitions begin: a route comes before the routes defined inside it.
        #expect(wireframe.screens.map(\.key) == ["home", "todo", "detail", "help", "about"])
        #expect(wireframe.screens.map(\.parent) == [nil, "home", "todo", "home", nil])
        let home = try #require(wireframe.screen("home"))
        #expect(
            home.links == [
                Link(.subroute, to: "about", isInline: false, at: try #require(source.location("1️⃣"))),
                Link(.subroute, to: "todo", isInline: true, at: try #require(source.location("2️⃣"))),
                Link(.subroute, to: "help", isInline: true, at: try #require(source.location("4️⃣"))),
            ])
        let todo = try #require(wireframe.screen("todo"))
        #expect(todo.links == [Link(.subroute, to: "detail", isInline: true, at: try #require(source.location("3️⃣")))])
        #expect(todo.locations.definition == source.location("2️⃣"))
        #expect(wireframe.screen("detail")?.dependencies == ["toDoId"])
    }

    @Test func deeplyNestedInlineRoutesAreAllLifted() throws {
        var route = #"{ "name": "r100", "title": "T" }"#
        for level in stride(from: 99, through: 0, by: -1) {
            route = #"{ "name": "r\#(level)", "title": "T", "subroutes": [\#(route)] }"#
        }
        let text = #"{ "appName": "A", "root": "r0", "routes": [\#(route)] }"#
        let (wireframe, diagnostics) = JSONWireframeReader().read(Array(text.utf8))
        #expect(diagnostics.isEmpty)
        let screens = try #require(wireframe?.screens)
        #expect(screens.map(\.key) == (0...100).map { "r\($0)" })
        #expect(screens.map(\.parent) == [nil] + (0..<100).map { "r\($0)" })
    }

    @Test func dependenciesAndItemsKeepTheirOrderAndLocations() throws {
        let (source, wireframe, annotated) = read(
            oneRoute(
                #"{ "name": "home", "title": "Home", "type": "list", "dependencies": [1️⃣"userId", 2️⃣"accountId"], "items": ["Milk", "Eggs", "Bread"] }"#
            ))
        #expect(annotated.isEmpty)
        let home = try #require(wireframe?.screens.first)
        #expect(home.dependencies == ["userId", "accountId"])
        #expect(home.locations.dependencies == [try #require(source.location("1️⃣")), try #require(source.location("2️⃣"))])
        #expect(home.items == ["Milk", "Eggs", "Bread"])
    }

    @Test func elementsAreReadInOrderWithTheirTriggers() throws {
        let (source, wireframe, annotated) = read(
            oneRoute(
                """
                { "name": "home", "title": "Home", "elements": [
                      1️⃣{ "kind": 2️⃣"label", "text": "Hello" },
                      { "kind": "textField", "reference": 3️⃣"email", "properties": { "placeholder": "you@example.com" } },
                      { "kind": "button", "title": "Next", "target": 4️⃣"next" },
                      { "kind": "button", "text": "Save", "action": 5️⃣"save" },
                      { "kind": "button", "text": "Web", "task": 6️⃣"url", "param": 8️⃣"https://example.com" },
                      { "kind": "container", "class": "card", "elements": [
                        { "kind": "image", "reference": "logo" },
                        { "kind": "switch", "reference": "on" }
                      ] }
                    ], "actions": { "save": { "pop": true } } }
                """))
        #expect(annotated.isEmpty)
        let elements = try #require(wireframe?.screens.first?.elements)
        #expect(elements.map(\.kind) == [.label, .textField, .button, .button, .button, .container])
        #expect(elements[0].text == "Hello")
        #expect(elements[0].locations.definition == source.location("1️⃣"))
        #expect(elements[0].locations.kind == source.location("2️⃣"))
        #expect(elements[1].reference == "email")
        #expect(elements[1].locations.reference == source.location("3️⃣"))
        #expect(elements[1].properties == ["placeholder": "you@example.com"])
        #expect(elements[2].text == "Next")  // `title` is an alias of `text`
        #expect(elements[2].triggers == [Trigger(.target("next"), at: try #require(source.location("4️⃣")))])
        #expect(elements[3].triggers == [Trigger(.action("save"), at: try #require(source.location("5️⃣")))])
        #expect(
            elements[4].triggers == [
                Trigger(
                    .task(name: "url", parameter: "https://example.com"), at: try #require(source.location("6️⃣")),
                    parameterLocation: source.location("8️⃣"))
            ])
        #expect(elements[5].styleClass == "card")
        #expect(elements[5].elements.map(\.kind) == [.image, .switch])
        #expect(elements[5].elements.map(\.reference) == ["logo", "on"])
    }

    @Test func anyElementMayHoldElementsSoThatExportsKeepNesting() throws {
        // WorkflowSchema nests views in views (a search bar's results); the JSON export keeps them.
        let (_, wireframe, annotated) = read(
            oneRoute(
                #"{ "name": "home", "title": "Home", "elements": [{ "kind": "searchBar", "elements": [{ "kind": "list", "reference": "results" }] }] }"#
            ))
        #expect(annotated.isEmpty)
        let element = try #require(wireframe?.screens.first?.elements.first)
        #expect(element.kind == .searchBar)
        #expect(element.elements.map(\.reference) == ["results"])
    }

    @Test func actionsInObjectFormAreSortedByName() throws {
        let (source, wireframe, annotated) = read(
            oneRoute(
                """
                { "name": "home", "title": "Home", "actions": {
                      1️⃣"zeta": 2️⃣{ "push": 3️⃣"other" },
                      "alpha": { "alert": "Hi" },
                      "mid": { "sequence": [ { "present": "other" }, { "dismiss": true } ] },
                      "viewDidLoad": { "task": "load", "param": "x" },
                      "beta": { "send": "refresh", "destination": "root" }
                    } }
                """))
        #expect(annotated.isEmpty)
        let actions = try #require(wireframe?.screens.first?.actions)
        #expect(actions.map(\.name) == ["alpha", "beta", "mid", "viewDidLoad", "zeta"])
        #expect(actions[0].action.kind == .alert("Hi"))
        guard case .send(let message) = actions[1].action.kind else {
            Issue.record("expected a send action, found \(actions[1].action.kind)")
            return
        }
        #expect(message.name == "refresh")
        #expect(message.destination == .root)
        guard case .sequence(let steps) = actions[2].action.kind else {
            Issue.record("expected a sequence, found \(actions[2].action.kind)")
            return
        }
        #expect(steps.map(\.kind) == [.present("other"), .dismiss])
        #expect(actions[3].action.kind == .task(name: "load", parameter: "x"))
        #expect(actions[4].action.kind == .push("other"))
        let zeta = try #require(actions.last)
        #expect(zeta.nameLocation == source.location("1️⃣"))
        #expect(zeta.action.location == source.location("2️⃣"))
        #expect(zeta.action.targetLocation == source.location("3️⃣"))
    }

    @Test func actionsInArrayFormKeepTheirOrder() throws {
        let (source, wireframe, annotated) = read(
            oneRoute(
                """
                { "name": "home", "title": "Home", "actions": [
                      { "name": 1️⃣"zeta", "popToRoot": true },
                      { "name": "alpha", "url": "https://example.com" },
                      { "replaceRoot": "home" }
                    ] }
                """))
        #expect(annotated.isEmpty)
        let actions = try #require(wireframe?.screens.first?.actions)
        #expect(actions.map(\.name) == ["zeta", "alpha", nil])
        #expect(actions.map(\.action.kind) == [.popToRoot, .url("https://example.com"), .replaceRoot("home")])
        #expect(actions[0].nameLocation == source.location("1️⃣"))
    }

    @Test func everyActionKindIsRead() throws {
        let (_, wireframe, annotated) = read(
            oneRoute(
                """
                { "name": "home", "title": "Home", "actions": {
                      "a": { "push": "x" }, "b": { "present": "x" }, "c": { "branch": "x" }, "d": { "replaceRoot": "x" },
                      "e": { "pop": true }, "f": { "dismiss": true }, "g": { "popToRoot": true }, "h": { "popToView": "x" },
                      "i": { "alert": "t" }, "j": { "url": "u" }, "k": { "task": "pop" }, "l": { "send": "m" }
                    } }
                """))
        #expect(annotated.isEmpty)
        let kinds = try #require(wireframe?.screens.first?.actions).map(\.action.kind)
        #expect(kinds.count == 12)
        #expect(
            Array(kinds.prefix(11)) == [
                .push("x"), .present("x"), .branch("x"), .replaceRoot("x"), .pop, .dismiss, .popToRoot, .popToView("x"),
                .alert("t"), .url("u"), .task(name: "pop", parameter: nil),
            ])
        guard case .send(let message) = kinds[11] else {
            Issue.record("expected a send action, found \(kinds[11])")
            return
        }
        #expect(message.name == "m")
        #expect(message.destination == .parent)  // the default
    }

    // MARK: Diagnostics

    static let diagnosticCases: [ReaderCase] = [
        // WF0010: wrong types, at the value
        ReaderCase(
            "title is a number", route: #"{ "name": "home", "title": 1️⃣5 }"#,
            "1️⃣ error: 'title' must be a string, found number [WF0010]"),
        ReaderCase(
            "name is null", route: #"{ "name": 1️⃣null, "title": "Home" }"#,
            "1️⃣ error: 'name' must be a string, found null [WF0010]"),
        ReaderCase(
            "type is a boolean", route: #"{ "name": "home", "title": "Home", "type": 1️⃣true }"#,
            "1️⃣ error: 'type' must be a string, found boolean [WF0010]"),
        ReaderCase(
            "subroutes is a string", route: #"{ "name": "home", "title": "Home", "subroutes": 1️⃣"settings" }"#,
            "1️⃣ error: 'subroutes' must be an array, found string [WF0010]"),
        ReaderCase(
            "subroute entry is a number", route: #"{ "name": "home", "title": "Home", "subroutes": ["a", 1️⃣7] }"#,
            "1️⃣ error: entries of 'subroutes' must be route names or route objects, found number [WF0010]"),
        ReaderCase(
            "dependency is a number", route: #"{ "name": "home", "title": "Home", "dependencies": ["a", 1️⃣1] }"#,
            "1️⃣ error: entries of 'dependencies' must be strings, found number [WF0010]"),
        ReaderCase(
            "items is an object", route: #"{ "name": "home", "title": "Home", "items": 1️⃣{} }"#,
            "1️⃣ error: 'items' must be an array, found object [WF0010]"),
        ReaderCase(
            "tab item is an object", route: #"{ "name": "home", "title": "Home", "type": "tabbar", "tabItems": ["a", 1️⃣{}] }"#,
            "1️⃣ error: entries of 'tabItems' must be strings, found object [WF0010]"),
        ReaderCase(
            "elements is a string", route: #"{ "name": "home", "title": "Home", "elements": 1️⃣"label" }"#,
            "1️⃣ error: 'elements' must be an array, found string [WF0010]"),
        ReaderCase(
            "element is a string", route: #"{ "name": "home", "title": "Home", "elements": [1️⃣"label"] }"#,
            "1️⃣ error: an element must be an object, found string [WF0010]"),
        ReaderCase(
            "actions is an array of strings", route: #"{ "name": "home", "title": "Home", "actions": [1️⃣"go"] }"#,
            "1️⃣ error: an action must be an object, found string [WF0010]"),
        ReaderCase(
            "actions is a string", route: #"{ "name": "home", "title": "Home", "actions": 1️⃣"go" }"#,
            "1️⃣ error: 'actions' must be an object of named actions, found string [WF0010]"),
        ReaderCase(
            "push names a number", route: #"{ "name": "home", "title": "Home", "actions": { "go": { "push": 1️⃣1 } } }"#,
            "1️⃣ error: 'push' must be a route name, found number [WF0010]"),
        ReaderCase(
            "pop is false", route: #"{ "name": "home", "title": "Home", "actions": { "back": { "pop": 1️⃣false } } }"#,
            "1️⃣ error: 'pop' must be true, found boolean [WF0010]"),
        ReaderCase(
            "route is a string", document: #"{ "appName": "A", "root": "home", "routes": [1️⃣"home"] }"#,
            "1️⃣ error: a route must be an object, found string [WF0010]"),
        ReaderCase(
            "routes is an object", document: #"{ "appName": "A", "root": "home", "routes": 1️⃣{} }"#,
            "1️⃣ error: 'routes' must be an array of routes, found object [WF0010]"),
        ReaderCase(
            "appName is a number", document: #"{ "appName": 1️⃣1, "root": "home", "routes": [] }"#,
            "1️⃣ error: 'appName' must be a string, found number [WF0010]"),
        ReaderCase(
            "formatVersion is a string", document: #"{ "appName": "A", "root": "r", "formatVersion": 1️⃣"1", "routes": [] }"#,
            "1️⃣ error: 'formatVersion' must be an integer, found string [WF0010]"),
        ReaderCase(
            "formatVersion is a fraction", document: #"{ "appName": "A", "root": "r", "formatVersion": 1️⃣1.5, "routes": [] }"#,
            "1️⃣ error: 'formatVersion' must be an integer, found number [WF0010]"),
        ReaderCase(
            "navigations is an object", document: #"{ "appName": "A", "root": "r", "routes": [], "navigations": 1️⃣{} }"#,
            "1️⃣ error: 'navigations' must be an array, found object [WF0010]"),
        ReaderCase(
            "document is an array", document: #"1️⃣[]"#,
            "1️⃣ error: a wireframe must be a JSON object, found array [WF0010]"),
        // WF0016
        ReaderCase(
            "formatVersion 2", document: #"{ "appName": "A", "root": "r", "formatVersion": 1️⃣2, "routes": [] }"#,
            "1️⃣ error: formatVersion 2 is not supported; this reader knows version 1 [WF0016]"),
        // WF0011: missing keys, at the object that lacks them
        ReaderCase(
            "empty document", document: #"1️⃣{}"#,
            "1️⃣ error: the wireframe is missing required key 'appName' [WF0011]",
            "1️⃣ error: the wireframe is missing required key 'root' [WF0011]",
            "1️⃣ error: the wireframe is missing required key 'routes' [WF0011]"),
        ReaderCase(
            "route without title", route: #"1️⃣{ "name": "home" }"#,
            "1️⃣ error: route 'home' is missing required key 'title' [WF0011]"),
        ReaderCase(
            "route without name", route: #"1️⃣{ "title": "Home" }"#,
            "1️⃣ error: a route is missing required key 'name' [WF0011]"),
        ReaderCase(
            "inline route without title",
            route: #"{ "name": "home", "title": "Home", "subroutes": [1️⃣{ "name": "x" }] }"#,
            "1️⃣ error: route 'x' is missing required key 'title' [WF0011]"),
        ReaderCase(
            "element without kind",
            route: #"{ "name": "home", "title": "Home", "elements": [1️⃣{ "text": "Hi" }] }"#,
            "1️⃣ error: an element is missing required key 'kind' [WF0011]"),
        // WF0012: unknown keys, warnings, with "did you mean"
        ReaderCase(
            "misspelt title", route: #"{ "name": "home", "title": "Home", 1️⃣"tilte": "x" }"#,
            "1️⃣ warning: unknown key 'tilte' in route 'home'; did you mean 'title'? [WF0012]"),
        ReaderCase(
            "singular subroute", route: #"{ "name": "home", "title": "Home", 1️⃣"subroute": [] }"#,
            "1️⃣ warning: unknown key 'subroute' in route 'home'; did you mean 'subroutes'? [WF0012]"),
        ReaderCase(
            "unrelated key", route: #"{ "name": "home", "title": "Home", 1️⃣"colour": "red" }"#,
            "1️⃣ warning: unknown key 'colour' in route 'home' [WF0012]"),
        ReaderCase(
            "misspelt top-level key",
            document: #"{ "appName": "A", "root": "home", "routes": [], 1️⃣"navigation": [] }"#,
            "1️⃣ warning: unknown key 'navigation' in the wireframe; did you mean 'navigations'? [WF0012]"),
        ReaderCase(
            "wrongly cased appName", document: #"2️⃣{ 1️⃣"appname": "A", "root": "home", "routes": [] }"#,
            "2️⃣ error: the wireframe is missing required key 'appName' [WF0011]",
            "1️⃣ warning: unknown key 'appname' in the wireframe; did you mean 'appName'? [WF0012]"),
        ReaderCase(
            "misspelt element key",
            route: #"{ "name": "home", "title": "Home", "elements": [{ "kind": "label", 1️⃣"txt": "Hi" }] }"#,
            "1️⃣ warning: unknown key 'txt' in an element; did you mean 'text'? [WF0012]"),
        ReaderCase(
            "param without task",
            route: #"{ "name": "home", "title": "Home", "elements": [{ "kind": "button", 1️⃣"param": "x" }] }"#,
            "1️⃣ warning: 'param' has no effect without 'task' [WF0012]"),
        ReaderCase(
            "misspelt action key",
            route: #"{ "name": "home", "title": "Home", "actions": { "go": { "push": "home", 1️⃣"parm": "x" } } }"#,
            "1️⃣ warning: unknown key 'parm' in an action; did you mean 'param'? [WF0012]"),
        // WF0013: values outside their sets
        ReaderCase(
            "misspelt type", route: #"{ "name": "home", "title": "Home", "type": 1️⃣"navgation" }"#,
            "1️⃣ error: 'navgation' is not a valid 'type'; did you mean 'navigation'? [WF0013]"),
        ReaderCase(
            "unknown type", route: #"{ "name": "home", "title": "Home", "type": 1️⃣"grid" }"#,
            "1️⃣ error: 'grid' is not a valid 'type'; expected one of 'view', 'navigation', 'tabbar', 'list', 'form', 'table' [WF0013]"),
        ReaderCase(
            "unknown presentation", route: #"{ "name": "home", "title": "Home", "presentationStyle": 1️⃣"modal" }"#,
            "1️⃣ error: 'modal' is not a valid 'presentationStyle'; expected one of 'push', 'present' [WF0013]"),
        ReaderCase(
            "capitalised presentation", route: #"{ "name": "home", "title": "Home", "presentationType": 1️⃣"Push" }"#,
            "1️⃣ error: 'Push' is not a valid 'presentationType'; did you mean 'push'? [WF0013]"),
        ReaderCase(
            "misspelt element kind",
            route: #"{ "name": "home", "title": "Home", "elements": [{ "kind": 1️⃣"buton" }] }"#,
            "1️⃣ error: 'buton' is not a valid 'kind'; did you mean 'button'? [WF0013]"),
        // WF0014: conflicting aliases, at the second with a note at the first
        ReaderCase(
            "conflicting presentation aliases",
            route: #"{ "name": "home", "title": "Home", "presentationType": 1️⃣"push", "presentationStyle": 2️⃣"present" }"#,
            "2️⃣ error: 'presentationStyle' is 'present' but 'presentationType' is 'push'; they are one field, give one of them [WF0014]",
            "  1️⃣ note: 'presentationType' is given here"),
        ReaderCase(
            "conflicting presentation aliases, other order",
            route: #"{ "name": "home", "title": "Home", "presentationStyle": 1️⃣"push", "presentationType": 2️⃣"present" }"#,
            "2️⃣ error: 'presentationType' is 'present' but 'presentationStyle' is 'push'; they are one field, give one of them [WF0014]",
            "  1️⃣ note: 'presentationStyle' is given here"),
        ReaderCase(
            "conflicting text aliases",
            route: #"{ "name": "home", "title": "Home", "elements": [{ "kind": "label", "text": "a", "title": 1️⃣"b" }] }"#,
            "1️⃣ error: 'title' and 'text' are one field with different values; give one of them [WF0014]"),
        // WF0015: malformed actions
        ReaderCase(
            "empty action",
            route: #"{ "name": "home", "title": "Home", "actions": { "go": 1️⃣{} } }"#,
            "1️⃣ error: an action needs one of 'push', 'present', 'branch', 'replaceRoot', 'pop', 'dismiss', 'popToRoot', 'popToView', 'alert', 'url', 'task', 'send', 'sequence', 'loadSchema', 'conditional', 'other' [WF0015]"
        ),
        ReaderCase(
            "action doing two things",
            route: #"{ "name": "home", "title": "Home", "actions": { "go": { "push": "home", 1️⃣"alert": "x" } } }"#,
            "1️⃣ error: an action does one thing; it has 'push' and 'alert' (use 'sequence' for several) [WF0015]"),
        ReaderCase(
            "element with two triggers",
            route:
                #"{ "name": "home", "title": "Home", "elements": [{ "kind": "button", "target": "home", 1️⃣"action": "go" }], "actions": { "go": { "pop": true } } }"#,
            "1️⃣ error: an element triggers one thing; it has 'target' and 'action' [WF0015]"),
        ReaderCase(
            "trigger on a label",
            route: #"{ "name": "home", "title": "Home", "elements": [{ "kind": "label", "target": 1️⃣"home" }] }"#,
            "1️⃣ warning: a 'label' is not interactive; what it triggers never happens [WF0015]"),
    ]

    @Test(arguments: diagnosticCases)
    func diagnostic(_ testCase: ReaderCase) {
        let (_, _, annotated) = read(testCase.input)
        #expect(annotated == testCase.expected)
    }

    @Test func everyProblemIsReportedNotOnlyTheFirst() throws {
        let (_, wireframe, annotated) = read(
            """
            {
              "appName": "A", "root": "home", 1️⃣"rooot": "x",
              "routes": [
                { "name": "home", "title": 2️⃣5, "type": 3️⃣"grid", 4️⃣"tilte": "x" },
                5️⃣{ "name": "other" }
              ]
            }
            """)
        #expect(
            annotated == [
                "1️⃣ warning: unknown key 'rooot' in the wireframe; did you mean 'root'? [WF0012]",
                "2️⃣ error: 'title' must be a string, found number [WF0010]",
                "3️⃣ error: 'grid' is not a valid 'type'; expected one of 'view', 'navigation', 'tabbar', 'list', 'form', 'table' [WF0013]",
                "4️⃣ warning: unknown key 'tilte' in route 'home'; did you mean 'title'? [WF0012]",
                "5️⃣ error: route 'other' is missing required key 'title' [WF0011]",
            ])
        // The wireframe is still read, so that rules can run on what is there.
        #expect(wireframe?.screens.map(\.key) == ["home", "other"])
    }

    @Test func syntaxErrorsGiveNoWireframe() {
        let (_, wireframe, annotated) = read(#"{ "appName": "A" 1️⃣"root": "r" }"#)
        #expect(wireframe == nil)
        #expect(annotated == [#"1️⃣ error: expected ',' or '}' after a member, found '"' [WF0001]"#])
    }

    @Test func duplicateKeysReachTheReaderDiagnostics() {
        let (_, wireframe, annotated) = read(oneRoute(#"{ 1️⃣"name": "home", "title": "Home", 2️⃣"name": "again" }"#))
        #expect(wireframe?.screens.map(\.key) == ["home"])
        #expect(annotated == ["2️⃣ error: duplicate key 'name' [WF0005]", "  1️⃣ note: 'name' first appears here"])
    }

    // MARK: Seed 000's examples

    static let seedFixtures = [
        "mandatory-as-written", "mandatory", "route-as-written", "route", "navigation-as-written", "navigation",
        "presentation-type-as-written", "presentation-type", "presentation-style-as-written", "presentation-style",
        "crash-as-written", "crash", "no-crash-as-written", "no-crash",
    ]

    /// The seed 000 fixture folder in the test bundle.
    static func seedFolder() throws -> URL {
        try #require(Bundle.module.resourceURL?.appending(path: "Fixtures/seed000"))
    }

    @Test(arguments: seedFixtures)
    func seedExampleReadsAsExpected(_ name: String) throws {
        let folder = try Self.seedFolder()
        let bytes = try [UInt8](Data(contentsOf: folder.appending(path: "\(name).json")))
        let expectedText = try String(contentsOf: folder.appending(path: "\(name).expected"), encoding: .utf8)
        // The reader's part of the verdict: syntax and shape (WF00xx); rules (WF01xx, WF02xx) run later.
        let expected = expectedText.split(separator: "\n").map(String.init).filter { $0.contains("[WF00") }
        let (parsed, diagnostics) = JSONWireframeReader().read(bytes)
        #expect(diagnostics.map { $0.rendered(path: "\(name).json") } == expected)
        if name.hasSuffix("-as-written") {
            #expect(parsed == nil)
        } else {
            let wireframe = try #require(parsed)
            #expect(wireframe.appName == "application")
            #expect(wireframe.root == "home")
        }
    }

    @Test func seedCrashExampleReadsTheDanglingSubroute() throws {
        let bytes = try [UInt8](Data(contentsOf: try Self.seedFolder().appending(path: "crash.json")))
        let (wireframe, diagnostics) = JSONWireframeReader().read(bytes)
        #expect(diagnostics.isEmpty)
        let home = try #require(wireframe?.screen("home"))
        #expect(home.container == .navigation)
        #expect(home.presentation == .present)
        #expect(home.links == [Link(.subroute, to: "settings", at: SourceLocation(line: 11, column: 17, offset: 259))])
    }
}
