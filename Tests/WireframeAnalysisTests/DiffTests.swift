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

    private static let giftCardRoutes = #"""
        { "name": "home", "title": "Home", "subroutes": ["giftCards"] },
        { "name": "giftCards", "title": "Gift cards", "elements": [
            { "kind": "textField", "reference": "code", "text": "Code" },
            { "kind": "button", "reference": "redeem", "text": "Redeem", "action": "redeem" }
          ], "actions": { "redeem": { "pop": true } } }
        """#

    @Test func aRenamedAndRetitledScreenIsARenameWithItsChanges() throws {
        let old = try canonical(app(Self.giftCardRoutes))
        let edited = Self.giftCardRoutes.replacingOccurrences(of: "giftCards", with: "vouchers")
            .replacingOccurrences(of: "Gift cards", with: "Vouchers")
        let diff = WireframeDiff.between(old, try canonical(app(edited)))
        #expect(diff.screens.map(\.key) == ["home", "vouchers"])
        #expect(diff.screens.map(\.kind) == [.modified, .renamed])
        let rename = try #require(diff.screens.last)
        #expect(rename.previousKey == "giftCards")
        #expect(
            rename.fields == [
                FieldChange(field: "name", old: "giftCards", new: "vouchers"),
                FieldChange(field: "title", old: "Gift cards", new: "Vouchers"),
            ])
        #expect(diff.keys(.added).isEmpty)
        #expect(diff.keys(.removed).isEmpty)
    }

    @Test func halfTheFieldsEqualIsTheThreshold() throws {
        // Title, two elements and an action: four fields (the presentation style is none). A new title and one new element keep
        // two of four (a rename); a new title and both elements new keep one of four (not).
        let old = try canonical(app(Self.giftCardRoutes))
        let half = Self.giftCardRoutes.replacingOccurrences(of: "giftCards", with: "vouchers")
            .replacingOccurrences(of: "Gift cards", with: "Vouchers").replacingOccurrences(of: #""Code""#, with: #""Voucher code""#)
        let halfDiff = WireframeDiff.between(old, try canonical(app(half)))
        #expect(halfDiff.keys(.renamed) == ["vouchers"])
        let giftCards = try #require(old.screens.first { $0.key == "giftCards" })
        let vouchers = try #require(try canonical(app(half)).screens.first { $0.key == "vouchers" })
        #expect(RenameMatching.similarity(giftCards, vouchers) == (equal: 2, fields: 4))

        let less = half.replacingOccurrences(of: #""Redeem""#, with: #""Use""#)
        let lessDiff = WireframeDiff.between(old, try canonical(app(less)))
        #expect(lessDiff.keys(.renamed).isEmpty)
        #expect(lessDiff.keys(.added) == ["vouchers"])
        #expect(lessDiff.keys(.removed) == ["giftCards"])
    }

    @Test func screensOfAnotherTypeAreNoRename() throws {
        let old = try canonical(app(Self.giftCardRoutes))
        let edited = Self.giftCardRoutes.replacingOccurrences(of: "giftCards", with: "vouchers")
            .replacingOccurrences(of: #""title": "Gift cards""#, with: #""title": "Gift cards", "type": "list""#)
        let diff = WireframeDiff.between(old, try canonical(app(edited)))
        #expect(diff.keys(.renamed).isEmpty)
        #expect(diff.keys(.added) == ["vouchers"])
        #expect(diff.keys(.removed) == ["giftCards"])
    }

    @Test func theMostSimilarPairIsTakenFirstThenKeyOrder() throws {
        // "b" keeps three of four fields in "y" and two of four in "x"; "a" keeps two of four in
        // "x" and none in "y". "b" takes "y" (the most similar), "a" then takes "x".
        func screen(_ key: String, _ title: String, _ one: String, _ two: String, _ three: String) -> String {
            #"{ "name": "\#(key)", "title": "\#(title)", "items": ["\#(one)"], "dependencies": ["\#(two)"], "properties": { "p": "\#(three)" } }"#
        }
        let old = try canonical(
            app(#"{ "name": "home", "title": "H" }, "# + screen("a", "A", "1", "2", "3") + ", " + screen("b", "B", "4", "5", "6")))
        let new = try canonical(
            app(#"{ "name": "home", "title": "H" }, "# + screen("x", "A", "1", "5", "6") + ", " + screen("y", "B", "4", "5", "9")))
        let diff = WireframeDiff.between(old, new)
        #expect(diff.screens.map(\.key) == ["x", "y"])
        #expect(diff.screens.map(\.kind) == [.renamed, .renamed])
        #expect(diff.screens.map(\.previousKey) == ["a", "b"])
        // Equal similarities: the first removed key takes the first added key.
        let tied = try canonical(
            app(#"{ "name": "home", "title": "H" }, "# + screen("x", "A", "1", "2", "0") + ", " + screen("y", "A", "1", "2", "0")))
        let tiedOld = try canonical(
            app(#"{ "name": "home", "title": "H" }, "# + screen("a", "A", "1", "2", "3") + ", " + screen("b", "A", "1", "2", "4")))
        #expect(WireframeDiff.between(tiedOld, tied).screens.map(\.previousKey) == ["a", "b"])
    }

    @Test func pastTheComparisonBudgetOnlyEqualContentIsARename() throws {
        // 101 × 101 screens of one type are more pairs than one diff compares: each stays added
        // or removed, but for the one whose content is equal.
        let count = 101
        #expect(count * count > RenameMatching.maximumComparisons)
        func routes(_ prefix: String, title: String) -> String {
            (0..<count).map { #"{ "name": "\#(prefix)\#($0)", "title": "\#(title)", "items": ["\#($0)", "i"] }"# }.joined(separator: ", ")
        }
        let old = try canonical(
            app(#"{ "name": "home", "title": "H" }, "# + routes("old", title: "Old") + #", { "name": "same", "title": "S" }"#))
        let new = try canonical(
            app(#"{ "name": "home", "title": "H" }, "# + routes("new", title: "New") + #", { "name": "kept", "title": "S" }"#))
        let diff = WireframeDiff.between(old, new)
        #expect(diff.keys(.renamed) == ["kept"])
        #expect(diff.keys(.added).count == count)
        #expect(diff.keys(.removed).count == count)
        // Fewer screens fit: the same edit (a new title, same items) is a rename each.
        let few = try canonical(app(#"{ "name": "home", "title": "H" }, { "name": "old1", "title": "Old", "items": ["1", "i"] }"#))
        let fewNew = try canonical(app(#"{ "name": "home", "title": "H" }, { "name": "new1", "title": "New", "items": ["1", "i"] }"#))
        #expect(WireframeDiff.between(few, fewNew).keys(.renamed) == ["new1"])
    }
}
