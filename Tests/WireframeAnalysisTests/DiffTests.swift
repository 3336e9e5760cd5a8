import Testing
import WireframeAnalysis
import WireframeFormats
import WireframeModel

/// The canonical wireframe of JSON text that reads cleanly.
private func canonical(_ text: String) throws -> Wireframe {
    let (wireframe, diagnostics) = JSONWireframeReader().read(Array(text.utf8))
    #expect(diagnostics.isEmpty)
    return CanonicalForm.canonicalize(try #require(wireframe))
}

private func app(_ routes: String, appName: String = "App", root: String = "home") -> String {
    #"{ "appName": "\#(appName)", "root": "\#(root)", "routes": [\#(routes)] }"#
}

private let baseRoutes = #"""
    { "name": "home", "title": "Home", "subroutes": ["a", "b"] },
    { "name": "a", "title": "A", "items": ["x", "y"], "elements": [
        { "kind": "textField", "reference": "email", "text": "Email" },
        { "kind": "label", "text": "Hello" },
        { "kind": "button", "reference": "save", "text": "Save", "action": "save" }
      ], "actions": { "save": { "pop": true } } },
    { "name": "b", "title": "B" }
    """#

@Suite("Screen diff")
struct DiffTests {
    @Test func unchangedIsEmpty() throws {
        let old = try canonical(app(baseRoutes))
        let new = try canonical(app(baseRoutes.replacingOccurrences(of: "\n", with: " ")))
        let diff = WireframeDiff.between(old, new)
        #expect(diff.isEmpty)
        #expect(diff == WireframeDiff())
    }

    @Test func sameMeaningWrittenDifferentlyIsEmpty() throws {
        let old = try canonical(app(#"{ "name": "home", "title": "H", "type": "view", "dependencies": ["b", "a"] }"#))
        let new = try canonical(app(#"{ "dependencies": ["a", "b", "a"], "title": "H", "name": "home", "presentationStyle": "push" }"#))
        #expect(WireframeDiff.between(old, new).isEmpty)
    }

    @Test func addedAndRemoved() throws {
        let old = try canonical(app(baseRoutes))
        let new = try canonical(
            app(
                baseRoutes.replacingOccurrences(of: #"{ "name": "b", "title": "B" }"#, with: #"{ "name": "c", "title": "C" }"#)
                    .replacingOccurrences(of: #"["a", "b"]"#, with: #"["a", "c"]"#)))
        let diff = WireframeDiff.between(old, new)
        #expect(diff.keys(.added) == ["c"])
        #expect(diff.keys(.removed) == ["b"])
        #expect(diff.keys(.modified) == ["home"])
        #expect(diff.screens.first { $0.key == "home" }?.fields == [FieldChange(field: "subroutes", old: "a, b", new: "a, c")])
        #expect(diff.documentFields.isEmpty)
    }

    @Test func modifiedListsTheChangedFields() throws {
        let old = try canonical(app(baseRoutes))
        let edited =
            baseRoutes
            .replacingOccurrences(of: #""title": "A""#, with: #""title": "A2", "type": "list""#)
            .replacingOccurrences(of: #"["x", "y"]"#, with: #"["y", "x"]"#)
            .replacingOccurrences(of: #""text": "Email""#, with: #""text": "E-mail""#)
        let new = try canonical(app(edited))
        let diff = WireframeDiff.between(old, new)
        #expect(diff.screens.map(\.key) == ["a"])
        let change = try #require(diff.screens.first)
        #expect(change.kind == .modified)
        #expect(change.previousKey == nil)
        #expect(change.fields.map(\.field) == ["title", "type", "items", "elements.email"])
        #expect(change.fields[0] == FieldChange(field: "title", old: "A", new: "A2"))
        #expect(change.fields[1] == FieldChange(field: "type", old: "view", new: "list"))
        #expect(change.fields[2] == FieldChange(field: "items", old: "x, y", new: "y, x"))
        #expect(change.fields[3].old == #"{"kind":"textField","reference":"email","text":"Email"}"#)
        #expect(change.fields[3].new == #"{"kind":"textField","reference":"email","text":"E-mail"}"#)
    }

    @Test func elementOrderIsAChange() throws {
        let old = try canonical(app(baseRoutes))
        let email = #"{ "kind": "textField", "reference": "email", "text": "Email" },"#
        let hello = #"{ "kind": "label", "text": "Hello" },"#
        try #require(baseRoutes.contains(email) && baseRoutes.contains(hello))
        let swapped =
            baseRoutes
            .replacingOccurrences(of: email, with: "EMAIL").replacingOccurrences(of: hello, with: email)
            .replacingOccurrences(of: "EMAIL", with: hello)
        let new = try canonical(app(swapped))
        let diff = WireframeDiff.between(old, new)
        let change = try #require(diff.screens.first)
        #expect(diff.screens.count == 1)
        #expect(change.key == "a")
        #expect(
            change.fields == [
                FieldChange(
                    field: "elements.order", old: "elements.email, elements[0], elements.save",
                    new: "elements[0], elements.email, elements.save")
            ])
    }

    @Test func actionChange() throws {
        let old = try canonical(app(baseRoutes))
        let new = try canonical(app(baseRoutes.replacingOccurrences(of: #"{ "pop": true }"#, with: #"{ "push": "b" }"#)))
        let change = try #require(WireframeDiff.between(old, new).screens.first)
        #expect(change.fields == [FieldChange(field: "actions.save", old: #"{"pop":true}"#, new: #"{"push":"b"}"#)])
    }

    @Test func renamedScreen() throws {
        let old = try canonical(
            app(#"{ "name": "home", "title": "H", "subroutes": ["b"] }, { "name": "b", "title": "Same", "items": ["1"] }"#))
        let new = try canonical(
            app(#"{ "name": "home", "title": "H", "subroutes": ["c"] }, { "name": "c", "title": "Same", "items": ["1"] }"#))
        let diff = WireframeDiff.between(old, new)
        #expect(diff.screens.map(\.kind) == [.renamed, .modified])
        let rename = try #require(diff.screens.first)
        #expect(rename.key == "c")
        #expect(rename.previousKey == "b")
        #expect(rename.fields == [FieldChange(field: "name", old: "b", new: "c")])
        #expect(diff.screens.last?.key == "home")
        #expect(diff.keys(.added).isEmpty)
        #expect(diff.keys(.removed).isEmpty)
    }

    @Test func renamesPairRemovedAndAddedScreensInKeyOrder() throws {
        // "b" and "d" have one content, "e" another; of the added screens "a" and "c" take "b"
        // and "d" (each the first unused in key order), "f" finds none left, "g" takes "e".
        let same = #""title": "Same", "items": ["1"]"#
        let other = #""title": "Other""#
        let old = try canonical(
            app(
                #"""
                { "name": "home", "title": "H" }, { "name": "b", \#(same) }, { "name": "d", \#(same) }, { "name": "e", \#(other) }
                """#))
        let new = try canonical(
            app(
                #"""
                { "name": "home", "title": "H" }, { "name": "a", \#(same) }, { "name": "c", \#(same) },
                { "name": "f", \#(same) }, { "name": "g", \#(other) }
                """#))
        let diff = WireframeDiff.between(old, new)
        #expect(diff.screens.map(\.key) == ["a", "c", "f", "g"])
        #expect(diff.screens.map(\.kind) == [.renamed, .renamed, .added, .renamed])
        #expect(diff.screens.map(\.previousKey) == ["b", "d", nil, "e"])
        #expect(diff.keys(.removed).isEmpty)
        // With no added screen of its content, a removed screen stays removed.
        let fewer = try canonical(app(#"{ "name": "home", "title": "H" }, { "name": "c", \#(same) }"#))
        let shrunk = WireframeDiff.between(old, fewer)
        #expect(shrunk.screens.map(\.key) == ["c", "d", "e"])
        #expect(shrunk.screens.map(\.kind) == [.renamed, .removed, .removed])
        #expect(shrunk.screens.first?.previousKey == "b")
    }

    @Test func screensOutOfKeyOrderGiveTheSameDiff() throws {
        // Canonical wireframes list their screens in key order; others (and a key written twice,
        // of which the first counts) are matched by key all the same.
        let old = try canonical(app(baseRoutes))
        let edited = baseRoutes.replacingOccurrences(of: #""title": "B""#, with: #""title": "B2""#)
        let new = try canonical(app(edited + #", { "name": "c", "title": "C" }"#))
        let expected = WireframeDiff.between(old, new)
        #expect(expected.screens.map(\.key) == ["b", "c"])
        #expect(expected.screens.map(\.kind) == [.modified, .added])
        var reversedOld = old
        var reversedNew = new
        reversedOld.screens.reverse()
        reversedNew.screens.reverse()
        #expect(WireframeDiff.between(reversedOld, reversedNew) == expected)
        #expect(WireframeDiff.between(old, reversedNew) == expected)
        var twice = new
        twice.screens.append(try #require(old.screens.first { $0.key == "b" }))
        #expect(WireframeDiff.between(old, twice) == expected)
    }

    @Test func documentFields() throws {
        let old = try canonical(app(#"{ "name": "home", "title": "H" }, { "name": "a", "title": "A" }"#))
        let new = try canonical(app(#"{ "name": "home", "title": "H" }, { "name": "a", "title": "A" }"#, appName: "Other", root: "a"))
        let diff = WireframeDiff.between(old, new)
        #expect(diff.screens.isEmpty)
        #expect(
            diff.documentFields == [
                FieldChange(field: "appName", old: "App", new: "Other"),
                FieldChange(field: "root", old: "home", new: "a"),
            ])
    }

    @Test func everyFieldOfAScreenIsComparedInOrder() throws {
        let old = try canonical(
            app(
                #"""
                { "name": "home", "title": "H", "type": "tabbar", "tabItems": ["a"], "children": ["b"], "navigation": "main",
                  "dependencies": ["user"], "items": ["1"], "properties": { "color": "red", "size": "big" },
                  "actions": [{ "name": "go", "pop": true }, { "name": "hi", "alert": "Hi" }] },
                { "name": "a", "title": "A" }, { "name": "b", "title": "B" }
                """#))
        let new = try canonical(
            app(
                #"""
                { "name": "home", "title": "H2", "type": "list", "presentationStyle": "present", "tabItems": ["b", "a"], "children": [],
                  "dependencies": ["user", "cart"], "items": ["1"], "properties": { "color": "blue", "shape": "round" },
                  "actions": [{ "name": "hi", "alert": "Hello" }, { "name": "go", "pop": true }] },
                { "name": "a", "title": "A" }, { "name": "b", "title": "B" }
                """#))
        let change = try #require(WireframeDiff.between(old, new).screens.first)
        #expect(change.key == "home")
        #expect(
            change.fields == [
                FieldChange(field: "title", old: "H", new: "H2"),
                FieldChange(field: "type", old: "tabbar", new: "list"),
                FieldChange(field: "presentationStyle", old: "push", new: "present"),
                FieldChange(field: "navigation", old: "main", new: nil),
                FieldChange(field: "tabItems", old: "a", new: "b, a"),
                FieldChange(field: "children", old: "b", new: nil),
                FieldChange(field: "dependencies", old: "user", new: "cart, user"),
                FieldChange(field: "actions.hi", old: #"{"alert":"Hi"}"#, new: #"{"alert":"Hello"}"#),
                FieldChange(field: "actions.order", old: "actions.go, actions.hi", new: "actions.hi, actions.go"),
                FieldChange(field: "properties.color", old: "red", new: "blue"),
                FieldChange(field: "properties.shape", old: nil, new: "round"),
                FieldChange(field: "properties.size", old: "big", new: nil),
            ])
    }

    @Test func listsThatReadTheSameOnceJoinedAreNoChange() throws {
        // Lists are compared as the text the diff shows: a change that shows as nothing is none.
        let old = try canonical(app(#"{ "name": "home", "title": "H", "items": ["a, b"] }"#))
        let new = try canonical(app(#"{ "name": "home", "title": "H", "items": ["a", "b"] }"#))
        #expect(old != new)
        #expect(WireframeDiff.between(old, new).isEmpty)
    }

    @Test func navigationBarsAreDocumentFields() throws {
        func bars(_ title: String) -> String {
            #"{ "appName": "App", "root": "home", "navigations": [{ "name": "main", "buttons": [{ "title": "\#(title)", "target": "home" }] }], "routes": [{ "name": "home", "title": "H", "navigation": "main" }] }"#
        }
        let diff = WireframeDiff.between(try canonical(bars("Gear")), try canonical(bars("Settings")))
        #expect(diff.screens.isEmpty)
        #expect(diff.documentFields.map(\.field) == ["navigations.main"])
        #expect(diff.documentFields.first?.old?.contains("Gear") == true)
        #expect(diff.documentFields.first?.new?.contains("Settings") == true)
    }

    @Test func creationAndDeletion() throws {
        let wireframe = try canonical(app(baseRoutes))
        let created = WireframeDiff.between(nil, wireframe)
        #expect(created.screens.map(\.key) == ["a", "b", "home"])
        #expect(created.screens.allSatisfy { $0.kind == .added })
        let deleted = WireframeDiff.between(wireframe, nil)
        #expect(deleted.screens.map(\.key) == ["a", "b", "home"])
        #expect(deleted.screens.allSatisfy { $0.kind == .removed })
        #expect(WireframeDiff.between(nil, nil).isEmpty)
    }
}
