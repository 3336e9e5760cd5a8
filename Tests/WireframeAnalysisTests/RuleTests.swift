import Foundation
import Testing
import WireframeAnalysis
import WireframeFormats
import WireframeModel
import WireframeTestSupport

/// Reads and validates a marked input; every diagnostic, reader's and rules', annotated.
func validate(_ marked: String) -> [String] {
    let source = MarkedSource(marked)
    let report = FileValidation().validate(bytes: source.bytes, path: "test.json")
    return source.annotate(report.diagnostics)
}

/// A wireframe with root `home` and the given routes (and navigations, when given).
func wireframe(_ routes: String, navigations: String? = nil) -> String {
    var text = "{\n  \"appName\": \"App\",\n  \"root\": \"home\",\n"
    if let navigations { text += "  \"navigations\": [\n    \(navigations)\n  ],\n" }
    text += "  \"routes\": [\n    \(routes)\n  ]\n}\n"
    return text
}

/// A rule input (a whole file) with every diagnostic it must give, places marked in the input.
typealias RuleCase = MarkedCase

@Suite("Validation rules")
struct RuleTests {
    static let cases: [RuleCase] = [
        // WF0101 duplicate route names
        RuleCase(
            "WF0101 positive: two routes with one name",
            wireframe(
                #"""
                { "name": 1️⃣"home", "title": "Home" },
                    { "name": 2️⃣"home", "title": "Home again" }
                """#),
            "2️⃣ error: duplicate route name 'home' [WF0101]",
            "  1️⃣ note: 'home' is first defined here"),
        RuleCase(
            "WF0101 positive: an inline route repeats a name",
            wireframe(
                #"""
                { "name": "home", "title": "Home", "subroutes": ["about", { "name": 1️⃣"about", "title": "About 2" }] },
                    { "name": 2️⃣"about", "title": "About" }
                """#),
            "2️⃣ error: duplicate route name 'about' [WF0101]",
            "  1️⃣ note: 'about' is first defined here"),
        RuleCase(
            "WF0101 negative: distinct names",
            wireframe(
                #"""
                { "name": "home", "title": "Home", "subroutes": ["about"] },
                    { "name": "about", "title": "Home" }
                """#)),
        // WF0102 root defined
        RuleCase(
            "WF0102 positive: root names no route",
            #"{ "appName": "A", "root": 1️⃣"hom", "routes": [{ "name": "home", "title": "Home" }] }"#,
            "1️⃣ error: root route 'hom' is not defined in 'routes'; did you mean 'home'? [WF0102]"),
        RuleCase(
            "WF0102 positive: no routes at all",
            #"{ "appName": "A", "root": 1️⃣"home", "routes": [] }"#,
            "1️⃣ error: root route 'home' is not defined in 'routes' [WF0102]"),
        RuleCase(
            "WF0102 negative: root is an inline route",
            #"{ "appName": "A", "root": "inner", "routes": [{ "name": "outer", "title": "O", "subroutes": [{ "name": "inner", "title": "I", "subroutes": ["outer"] }] }] }"#
        ),
        // WF0103 subroutes defined
        RuleCase(
            "WF0103 positive: undefined subroute with a suggestion",
            wireframe(
                #"""
                { "name": "home", "title": "Home", "subroutes": [1️⃣"setings"] },
                    { "name": 2️⃣"settings", "title": "Settings" }
                """#),
            "1️⃣ error: subroute 'setings' is not defined; did you mean 'settings'? [WF0103]",
            "2️⃣ warning: route 'settings' cannot be reached from root 'home' [WF0201]"),
        RuleCase(
            "WF0103 negative: built-in routes need no definition",
            wireframe(#"{ "name": "home", "title": "Home", "subroutes": ["dismiss", "pop", "popToRoot", "popToView"] }"#)),
        // WF0104 tab items defined
        RuleCase(
            "WF0104 positive: undefined tab item",
            wireframe(
                #"""
                { "name": "home", "title": "Home", "type": "tabbar", "tabItems": ["feed", 1️⃣"serch"] },
                    { "name": "feed", "title": "Feed" },
                    { "name": 2️⃣"search", "title": "Search" }
                """#),
            "1️⃣ error: tab item 'serch' is not defined; did you mean 'search'? [WF0104]",
            "2️⃣ warning: route 'search' cannot be reached from root 'home' [WF0201]"),
        RuleCase(
            "WF0104 positive: a built-in route is no tab",
            wireframe(
                #"""
                { "name": "home", "title": "Home", "type": "tabbar", "tabItems": ["feed", 1️⃣"dismiss"] },
                    { "name": "feed", "title": "Feed" }
                """#),
            "1️⃣ error: tab item 'dismiss' is not defined [WF0104]"),
        RuleCase(
            "WF0104 negative: every tab defined",
            wireframe(
                #"""
                { "name": "home", "title": "Home", "type": "tabbar", "tabItems": ["feed", "search"] },
                    { "name": "feed", "title": "Feed" },
                    { "name": "search", "title": "Search" }
                """#)),
        // WF0105 navigation button targets
        RuleCase(
            "WF0105 positive: a button targets no route",
            wireframe(
                #"{ "name": "home", "title": "Home", "navigation": "main" }, { "name": "add", "title": "Add" }"#,
                navigations: #"{ "name": "main", "buttons": [{ "title": "Add", "target": 1️⃣"ad" }, { "icon": "x", "target": "add" }] }"#),
            "1️⃣ error: navigation button target 'ad' in navigation 'main' is not defined; did you mean 'add'? [WF0105]"),
        RuleCase(
            "WF0105 negative: routes and built-ins",
            wireframe(
                #"{ "name": "home", "title": "Home", "navigation": "main" }, { "name": "add", "title": "Add" }"#,
                navigations:
                    #"{ "name": "main", "buttons": [{ "title": "Add", "target": "add" }, { "title": "Close", "target": "dismiss" }] }"#)),
        // WF0106 navigation bars defined
        RuleCase(
            "WF0106 positive: a route names no navigation",
            wireframe(
                #"{ "name": "home", "title": "Home", "navigation": 1️⃣"mian" }"#,
                navigations: #"{ "name": "main", "buttons": [] }"#),
            "1️⃣ error: navigation 'mian' is not defined in 'navigations'; did you mean 'main'? [WF0106]"),
        RuleCase(
            "WF0106 positive: no navigations at all",
            wireframe(#"{ "name": "home", "title": "Home", "navigation": 1️⃣"main" }"#),
            "1️⃣ error: navigation 'main' is not defined in 'navigations' [WF0106]"),
        RuleCase(
            "WF0106 negative: defined",
            wireframe(#"{ "name": "home", "title": "Home", "navigation": "main" }"#, navigations: #"{ "name": "main", "buttons": [] }"#)),
        // WF0107 element actions defined
        RuleCase(
            "WF0107 positive: an element triggers an undefined action",
            wireframe(
                #"""
                { "name": "home", "title": "Home", "elements": [
                      { "kind": "container", "elements": [{ "kind": "button", "text": "Save", "action": 1️⃣"sve" }] }
                    ], "actions": { "save": { "alert": "Saved" } } }
                """#),
            "1️⃣ error: action 'sve' is not defined in the actions of route 'home'; did you mean 'save'? [WF0107]"),
        RuleCase(
            "WF0107 positive: the action belongs to another route",
            wireframe(
                #"""
                { "name": "home", "title": "Home", "subroutes": ["other"], "elements": [{ "kind": "button", "action": 1️⃣"save" }] },
                    { "name": "other", "title": "Other", "actions": { "save": { "pop": true } } }
                """#),
            "1️⃣ error: action 'save' is not defined in the actions of route 'home' [WF0107]"),
        RuleCase(
            "WF0107 negative: array-form action with a name",
            wireframe(
                #"""
                { "name": "home", "title": "Home", "elements": [{ "kind": "button", "action": "save" }], "actions": [{ "name": "save", "alert": "Saved" }] }
                """#)),
        // WF0108 targets defined
        RuleCase(
            "WF0108 positive: element target, push task, actions",
            wireframe(
                #"""
                { "name": "home", "title": "Home", "subroutes": ["detail"], "elements": [
                      { "kind": "button", "target": 1️⃣"detial" }
                    ], "actions": {
                      "a": { "push": 3️⃣"gone" },
                      "b": { "sequence": [{ "alert": "x" }, { "present": 4️⃣"lost" }] },
                      "c": { "popToView": 5️⃣"missing" },
                      "d": { "push": 6️⃣"dismiss" }
                    } },
                    { "name": "detail", "title": "Detail" }
                """#),
            "1️⃣ error: target 'detial' is not defined; did you mean 'detail'? [WF0108]",
            "3️⃣ error: 'push' target 'gone' is not defined [WF0108]",
            "4️⃣ error: 'present' target 'lost' is not defined [WF0108]",
            "5️⃣ error: 'popToView' target 'missing' is not defined [WF0108]",
            "6️⃣ error: 'push' target 'dismiss' is not defined [WF0108]"),
        RuleCase(
            "WF0108 negative: every target defined",
            wireframe(
                #"""
                { "name": "home", "title": "Home", "elements": [
                      { "kind": "button", "target": "detail" },
                      { "kind": "button", "target": "dismiss" },
                      { "kind": "button", "task": "push", "param": "detail" }
                    ], "actions": { "a": { "branch": "detail" }, "b": { "replaceRoot": "home" }, "c": { "popToView": "home" } } },
                    { "name": "detail", "title": "Detail" }
                """#)),
        // WF0109 known tasks
        RuleCase(
            "WF0109 positive: unknown tasks and missing parameters",
            wireframe(
                #"""
                { "name": "home", "title": "Home", "elements": [
                      { "kind": "button", "task": 1️⃣"pup" },
                      { "kind": "button", "task": 2️⃣"download" },
                      { "kind": "button", "task": 3️⃣"push" },
                      { "kind": "button", "task": 4️⃣"url", "param": "" }
                    ], "actions": { "viewDidLoad": { "task": 5️⃣"load" } } }
                """#),
            "1️⃣ error: unknown task 'pup'; the tasks are 'pop', 'push' and 'url'; did you mean 'pop'? [WF0109]",
            "2️⃣ error: unknown task 'download'; the tasks are 'pop', 'push' and 'url' [WF0109]",
            "3️⃣ error: task 'push' needs a route name in 'param' [WF0109]",
            "4️⃣ error: task 'url' needs an address in 'param' [WF0109]",
            "5️⃣ error: unknown task 'load'; the tasks are 'pop', 'push' and 'url' [WF0109]"),
        RuleCase(
            "WF0109 negative: built-in tasks with their parameters",
            wireframe(
                #"""
                { "name": "home", "title": "Home", "elements": [
                      { "kind": "button", "task": "pop" },
                      { "kind": "button", "task": "push", "param": "home" },
                      { "kind": "button", "task": "url", "param": "https://example.com" }
                    ] }
                """#)),
        // WF0110 unique references
        RuleCase(
            "WF0110 positive: a reference used twice, once in a container",
            wireframe(
                #"""
                { "name": "home", "title": "Home", "elements": [
                      { "kind": "textField", "reference": 1️⃣"email" },
                      { "kind": "container", "elements": [{ "kind": "label", "reference": 2️⃣"email" }] }
                    ] }
                """#),
            "2️⃣ error: duplicate reference 'email' in route 'home' [WF0110]",
            "  1️⃣ note: 'email' is first used here"),
        RuleCase(
            "WF0110 negative: the same reference in two routes",
            wireframe(
                #"""
                { "name": "home", "title": "Home", "subroutes": ["other"], "elements": [{ "kind": "label", "reference": "email" }] },
                    { "name": "other", "title": "Other", "elements": [{ "kind": "label", "reference": "email" }] }
                """#)),
        // WF0111 tab bars
        RuleCase(
            "WF0111 positive: a tab bar without tabs",
            wireframe(#"{ "name": "home", "title": "Home", "type": 1️⃣"tabbar" }"#),
            "1️⃣ error: tab bar 'home' has no tabs; list them in 'tabItems' [WF0111]"),
        RuleCase(
            "WF0111 positive: a tab bar that lists itself",
            wireframe(
                #"""
                { "name": "home", "title": "Home", "type": "tabbar", "tabItems": ["feed", 1️⃣"home"] },
                    { "name": "feed", "title": "Feed" }
                """#),
            "1️⃣ error: tab bar 'home' lists itself as a tab [WF0111]"),
        RuleCase(
            "WF0111 positive: tab items on a route that is no tab bar",
            wireframe(
                #"""
                { "name": "home", "title": "Home", "tabItems": [1️⃣"feed"] },
                    { "name": "feed", "title": "Feed" }
                """#),
            "1️⃣ warning: route 'home' has 'tabItems' but is not of type 'tabbar'; its tabs are never shown [WF0111]"),
        RuleCase(
            "WF0111 negative: a misspelt type is one error with a suggestion, and its tabs are not reported again",
            wireframe(
                #"""
                { "name": "home", "title": "Home", "type": 1️⃣"tabBar", "tabItems": ["feed", "search"] },
                    { "name": "feed", "title": "Feed" }, { "name": "search", "title": "Search" }
                """#),
            "1️⃣ error: 'tabBar' is not a valid 'type'; did you mean 'tabbar'? [WF0013]"),
        RuleCase(
            "WF0111 negative: a tab bar with tabs",
            wireframe(
                #"""
                { "name": "home", "title": "Home", "type": "tabbar", "tabItems": ["a", "b"] },
                    { "name": "a", "title": "A" }, { "name": "b", "title": "B" }
                """#)),
        // WF0112 built-in shadows
        RuleCase(
            "WF0112 positive: a route named like a built-in",
            wireframe(
                #"""
                { "name": "home", "title": "Home", "subroutes": ["pop"] },
                    { "name": 1️⃣"pop", "title": "Pop" }
                """#),
            "1️⃣ warning: route 'pop' replaces the built-in route 'pop' [WF0112]"),
        RuleCase(
            "WF0112 negative: a name that only resembles a built-in",
            wireframe(
                #"""
                { "name": "home", "title": "Home", "subroutes": ["popup"] },
                    { "name": "popup", "title": "Pop" }
                """#)),
        // WF0113 duplicate navigation names
        RuleCase(
            "WF0113 positive: two navigations with one name",
            wireframe(
                #"{ "name": "home", "title": "Home", "navigation": "main" }"#,
                navigations: #"{ "name": 1️⃣"main", "buttons": [] }, { "name": 2️⃣"main", "buttons": [] }"#),
            "2️⃣ error: duplicate navigation name 'main' [WF0113]",
            "  1️⃣ note: 'main' is first defined here"),
        RuleCase(
            "WF0113 negative: distinct names",
            wireframe(
                #"{ "name": "home", "title": "Home", "navigation": "main" }"#,
                navigations: #"{ "name": "main", "buttons": [] }, { "name": "other", "buttons": [] }"#)),
        // WF0114 control characters in names and titles
        RuleCase(
            "WF0114 positive: a NUL in a title, an escape in an element's text, a bell in a bar button's title",
            wireframe(
                #"""
                { "name": "home", "title": 2️⃣"Ho\u0000me", "navigation": "main",
                      "elements": [3️⃣{ "kind": "label", "text": "Sale \u001b[31m" }] }
                """#,
                navigations: #"{ "name": "main", "buttons": [1️⃣{ "title": "Ring\u0007", "target": "home" }] }"#),
            "1️⃣ error: the title of a button of the navigation bar 'main' holds the control character U+0007; names and titles may hold tab and newline but no other control character [WF0114]",
            "2️⃣ error: the title of route 'home' holds a NUL character; names and titles may hold tab and newline but no other control character [WF0114]",
            "3️⃣ error: the text of an element of route 'home' holds the control character U+001B; names and titles may hold tab and newline but no other control character [WF0114]"
        ),
        RuleCase(
            "WF0114 negative: tab and newline, and characters beyond ASCII, are text",
            wireframe(
                #"{ "name": "home", "title": "Two\nlines\tand a tab, ünïcødé ✓ and a very long title that pictures shorten but nobody refuses" }"#
            )),
        // WF0201 reachability
        RuleCase(
            "WF0201 positive: a route nothing links to",
            wireframe(
                #"""
                { "name": "home", "title": "Home", "subroutes": ["a"] },
                    { "name": "a", "title": "A" },
                    { "name": 1️⃣"orphan", "title": "Orphan", "subroutes": ["a", { "name": 2️⃣"child", "title": "C" }] }
                """#),
            "1️⃣ warning: route 'orphan' cannot be reached from root 'home' [WF0201]",
            "2️⃣ warning: route 'child' cannot be reached from root 'home' [WF0201]"),
        RuleCase(
            "WF0201 negative: reached through tabs, bars, targets, tasks and actions",
            wireframe(
                #"""
                { "name": "home", "title": "Home", "type": "tabbar", "tabItems": ["t1", "t2"] },
                    { "name": "t1", "title": "T1", "navigation": "main" },
                    { "name": "t2", "title": "T2", "elements": [{ "kind": "button", "target": "e" }, { "kind": "button", "task": "push", "param": "f" }] },
                    { "name": "b", "title": "B", "actions": { "go": { "sequence": [{ "alert": "x" }, { "branch": "g" }] } } },
                    { "name": "e", "title": "E" }, { "name": "f", "title": "F" }, { "name": "g", "title": "G" }
                """#,
                navigations: #"{ "name": "main", "buttons": [{ "title": "B", "target": "b" }] }"#)),
        // WF0202 dependencies supplied
        RuleCase(
            "WF0202 positive: nothing on the way supplies a dependency",
            wireframe(
                #"""
                { "name": 2️⃣"home", "title": "Home", "subroutes": ["detail"], "elements": [{ "kind": "textField", "reference": "title" }] },
                    { "name": "detail", "title": "Detail", "dependencies": ["title", 1️⃣"itemId"], "elements": [{ "kind": "label", "reference": "itemId" }] }
                """#),
            "1️⃣ warning: dependency 'itemId' of route 'detail' is supplied by no path from root 'home' [WF0202]",
            "  2️⃣ note: give an element on the way the reference 'itemId', or list it in the dependencies of 'home' if the app supplies it"),
        RuleCase(
            "WF0202 positive: the note points at the root's dependencies, where an app-supplied value goes",
            wireframe(
                #"""
                { "name": "home", "title": "Home", "dependencies": ["userId", 2️⃣"session"], "subroutes": ["detail"] },
                    { "name": "detail", "title": "Detail", "dependencies": ["userId", 1️⃣"itemId"] }
                """#),
            "1️⃣ warning: dependency 'itemId' of route 'detail' is supplied by no path from root 'home' [WF0202]",
            "  2️⃣ note: give an element on the way the reference 'itemId', or list it in the dependencies of 'home' if the app supplies it"),
        RuleCase(
            "WF0202 negative: supplied by an element on the way, or by the app",
            wireframe(
                #"""
                { "name": "home", "title": "Home", "dependencies": ["userId"], "elements": [{ "kind": "list", "reference": "itemId", "target": "detail" }] },
                    { "name": "detail", "title": "Detail", "dependencies": ["userId", "itemId"], "subroutes": ["more"] },
                    { "name": "more", "title": "More", "dependencies": ["itemId"] }
                """#)),
    ]

    @Test(arguments: cases)
    func rule(_ testCase: RuleCase) {
        #expect(validate(testCase.input) == testCase.expected)
    }

    @Test func everyRuleHasACaseOfEachKind() {
        let codes = Validator.allRules.map(\.code.rawValue)
        #expect(
            codes.sorted() == [
                "WF0101", "WF0102", "WF0103", "WF0104", "WF0105", "WF0106", "WF0107", "WF0108", "WF0109", "WF0110",
                "WF0111", "WF0112", "WF0113", "WF0114", "WF0201", "WF0202",
            ])
        for code in codes {
            #expect(Self.cases.contains { $0.name.hasPrefix("\(code) positive") }, "no positive case for \(code)")
            #expect(Self.cases.contains { $0.name.hasPrefix("\(code) negative") }, "no negative case for \(code)")
        }
    }

    @Test func pushTaskRouteIsReportedAtTheRouteName() {
        let input = wireframe(
            #"""
            { "name": "home", "title": "Home", "elements": [{ "kind": "button", "task": "push", "param": 1️⃣"nowhere" }],
                  "actions": { "go": { "task": "push", "param": 2️⃣"lost" } } }
            """#)
        #expect(
            validate(input) == [
                "1️⃣ error: 'push' task route 'nowhere' is not defined [WF0108]",
                "2️⃣ error: 'push' task route 'lost' is not defined [WF0108]",
            ])
    }

    // MARK: Seed 000

    /// The seed 000 fixtures, shared with the reader tests.
    static let seedFolder = URL(filePath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "WireframeFormatsTests/Fixtures/seed000")

    @Test func seedCrashExampleIsWF0103AtTheSettingsString() throws {
        let url = Self.seedFolder.appending(path: "crash.json")
        let report = FileValidation().validate(path: url.path)
        #expect(
            report.diagnostics.map { $0.rendered(path: "crash.json") } == [
                "crash.json:11:17: error: subroute 'settings' is not defined [WF0103]"
            ])
        let text = try String(contentsOf: url, encoding: .utf8)
        let line = text.split(separator: "\n", omittingEmptySubsequences: false)[10]
        #expect(line.unicodeScalars.dropFirst(16).starts(with: "\"settings\"".unicodeScalars))
    }

    @Test(arguments: ["mandatory", "route", "navigation", "presentation-type", "presentation-style", "crash", "no-crash"])
    func seedExampleVerdicts(_ name: String) throws {
        for variant in [name, "\(name)-as-written"] {
            let report = FileValidation().validate(path: Self.seedFolder.appending(path: "\(variant).json").path)
            let expected = try String(contentsOf: Self.seedFolder.appending(path: "\(variant).expected"), encoding: .utf8)
                .split(separator: "\n").map(String.init)
            #expect(report.diagnostics.map { $0.rendered(path: "\(variant).json") } == expected, "\(variant)")
        }
    }
}
