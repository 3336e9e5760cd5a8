import Testing
import WireframeFormats
import WireframeModel
import WireframeTestSupport

@testable import WireframeAnalysis

/// The canonical wireframe of JSON text that reads cleanly.
private func canonical(_ text: String) throws -> Wireframe {
    let (wireframe, diagnostics) = JSONWireframeReader().read(Array(text.utf8))
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    return CanonicalForm.canonicalize(try #require(wireframe))
}

private func text(_ wireframe: Wireframe) -> String { String(decoding: JSONWireframeWriter().canonicalBytes(wireframe), as: UTF8.self) }

private let shop = #"""
    { "appName": "Shop", "root": "home", "routes": [
      { "name": "home", "title": "Home", "subroutes": ["cart", "product"], "elements": [
          { "kind": "button", "reference": "open", "text": "Open", "target": "product" },
          { "kind": "button", "reference": "cart", "text": "Cart", "target": "cart" } ] },
      { "name": "product", "title": "Product", "dependencies": ["catalog"] },
      { "name": "cart", "title": "Cart", "elements": [
          { "kind": "button", "reference": "pay", "text": "Pay" } ] } ] }
    """#

@Suite("Three-way merge")
struct MergeTests {
    let merge = WireframeMerge()

    @Test func editsOfDifferentScreensAreBothKept() throws {
        let base = try canonical(shop)
        let theirs = try canonical(shop.replacingOccurrences(of: #""title": "Cart""#, with: #""title": "Basket""#))
        let ours = try canonical(shop.replacingOccurrences(of: #""title": "Product""#, with: #""title": "Item""#))
        let result = merge.merge(base: base, theirs: theirs, ours: ours)
        #expect(result.conflicts.isEmpty)
        #expect(result.keptTheirs == ["cart"])
        let titles = Dictionary(uniqueKeysWithValues: result.merged.screens.map { ($0.key, $0.title) })
        #expect(titles == ["home": "Home", "product": "Item", "cart": "Basket"])
    }

    @Test func editsOfDifferentFieldsOfOneScreenAreBothKept() throws {
        let base = try canonical(shop)
        let theirs = try canonical(shop.replacingOccurrences(of: #""title": "Cart""#, with: #""title": "Basket""#))
        let ours = try canonical(shop.replacingOccurrences(of: #""text": "Pay""#, with: #""text": "Pay now""#))
        let result = merge.merge(base: base, theirs: theirs, ours: ours)
        #expect(result.conflicts.isEmpty)
        let cart = try #require(result.merged.screens.first { $0.key == "cart" })
        #expect(cart.title == "Basket")
        #expect(cart.elements.map(\.text) == ["Pay now"])
    }

    @Test func theSameFieldChangedOnBothSidesTakesTheSaveAndSaysWhatItOverwrote() throws {
        let base = try canonical(shop)
        let theirs = try canonical(shop.replacingOccurrences(of: #""title": "Cart""#, with: #""title": "Basket""#))
        let ours = try canonical(shop.replacingOccurrences(of: #""title": "Cart""#, with: #""title": "Trolley""#))
        let result = merge.merge(base: base, theirs: theirs, ours: ours)
        #expect(
            result.conflicts == [
                WireframeMerge.Conflict(screenKey: "cart", field: "title", theirs: "Basket", merged: "Trolley", resolution: .saveWins)
            ])
        #expect(result.merged.screens.first { $0.key == "cart" }?.title == "Trolley")
    }

    @Test func elementsAddedOnBothSidesAreAllKeptInTheirPlaces() throws {
        let base = try canonical(shop)
        let theirs = try canonical(
            shop.replacingOccurrences(
                of: #"{ "kind": "button", "reference": "pay", "text": "Pay" }"#,
                with:
                    #"{ "kind": "button", "reference": "coupon", "text": "Coupon" }, { "kind": "button", "reference": "pay", "text": "Pay" }"#
            ))
        let ours = try canonical(
            shop.replacingOccurrences(
                of: #"{ "kind": "button", "reference": "pay", "text": "Pay" }"#,
                with:
                    #"{ "kind": "button", "reference": "pay", "text": "Pay" }, { "kind": "label", "reference": "total", "text": "Total" }"#
            ))
        let result = merge.merge(base: base, theirs: theirs, ours: ours)
        #expect(result.conflicts.isEmpty)
        #expect(result.merged.screens.first { $0.key == "cart" }?.elements.compactMap(\.reference) == ["coupon", "pay", "total"])
    }

    @Test func aScreenRemovedOnOneSideAndEditedOnTheOtherIsKeptAsEdited() throws {
        let base = try canonical(shop)
        // They removed the product screen (and what led to it); we retitled it.
        let theirs = try canonical(
            shop.replacingOccurrences(of: #"["cart", "product"]"#, with: #"["cart"]"#)
                .replacingOccurrences(of: #"{ "kind": "button", "reference": "open", "text": "Open", "target": "product" },"#, with: "")
                .replacingOccurrences(of: #"{ "name": "product", "title": "Product", "dependencies": ["catalog"] },"#, with: ""))
        let ours = try canonical(shop.replacingOccurrences(of: #""title": "Product""#, with: #""title": "Item""#))
        let result = merge.merge(base: base, theirs: theirs, ours: ours)
        #expect(result.merged.screens.first { $0.key == "product" }?.title == "Item")
        #expect(result.conflicts.map(\.screenKey) == ["product"])
        #expect(result.conflicts.first?.resolution == .editKept)
        // Their other changes (the home screen's) are kept.
        #expect(result.merged.screens.first { $0.key == "home" }?.elements.compactMap(\.reference) == ["cart"])
    }

    @Test func dependenciesMergeAsASet() throws {
        let base = try canonical(shop)
        let theirs = try canonical(shop.replacingOccurrences(of: #"["catalog"]"#, with: #"["catalog", "prices"]"#))
        let ours = try canonical(shop.replacingOccurrences(of: #"["catalog"]"#, with: #"["stock"]"#))
        let result = merge.merge(base: base, theirs: theirs, ours: ours)
        #expect(result.merged.screens.first { $0.key == "product" }?.dependencies == ["prices", "stock"])
        #expect(result.conflicts.isEmpty)
    }

    @Test func theDocumentsOwnFieldsMergeLikeAScreens() throws {
        let base = try canonical(shop)
        let theirs = try canonical(shop.replacingOccurrences(of: #""appName": "Shop""#, with: #""appName": "Greengrocer""#))
        let ours = try canonical(shop.replacingOccurrences(of: #""title": "Home""#, with: #""title": "Start""#))
        let result = merge.merge(base: base, theirs: theirs, ours: ours)
        #expect(result.merged.appName == "Greengrocer")
        #expect(result.keptTheirs == [""])
    }

    // MARK: The property

    /// A generated document of `count` screens, each with a few referenced buttons.
    struct Document {
        var screens: [(key: String, title: String, buttons: [(reference: String, text: String)])]

        var json: String {
            let routes = screens.map { screen in
                let buttons = screen.buttons.map { #"{ "kind": "button", "reference": "\#($0.reference)", "text": "\#($0.text)" }"# }
                return #"{ "name": "\#(screen.key)", "title": "\#(screen.title)", "elements": [\#(buttons.joined(separator: ", "))] }"#
            }
            let subroutes = screens.dropFirst().map { #""\#($0.key)""# }.joined(separator: ", ")
            var first = routes[0]
            first.removeLast()
            first += #", "subroutes": [\#(subroutes)] }"#
            return
                #"{ "appName": "Gen", "root": "\#(screens[0].key)", "routes": [\#(([first] + routes.dropFirst()).joined(separator: ", "))] }"#
        }

        /// One random edit by `side` (a prefix that keeps its new names apart from the other side's).
        mutating func edit(_ side: String, _ random: inout SplitMix64, serial: Int) {
            let index = Int.random(in: 1..<screens.count, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0: screens[index].title = "\(side) title \(serial)"
            case 1 where !screens[index].buttons.isEmpty:
                let button = Int.random(in: 0..<screens[index].buttons.count, using: &random)
                screens[index].buttons[button].text = "\(side) text \(serial)"
            case 2: screens[index].buttons.append(("\(side)b\(serial)", "new \(serial)"))
            case 3 where !screens[index].buttons.isEmpty:
                screens[index].buttons.remove(at: Int.random(in: 0..<screens[index].buttons.count, using: &random))
            case 4: screens.append(("\(side)s\(serial)", "New \(serial)", []))
            default:
                if screens.count > 3 { screens.remove(at: index) }
            }
        }
    }

    /// Each screen and field that differs between two versions: `key` for a screen one has and
    /// the other has not, `key/field` for a field of a screen both have.
    static func changed(_ old: Wireframe, _ new: Wireframe) -> Set<String> {
        let writer = JSONWireframeWriter()
        let oldScreens = Dictionary(old.screens.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let newScreens = Dictionary(new.screens.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        var result: Set<String> = []
        for key in Set(oldScreens.keys).union(newScreens.keys) {
            guard let before = oldScreens[key], let after = newScreens[key] else {
                result.insert(key)
                continue
            }
            for field in WireframeDiff.screenChanges(before, after, writer: writer) where !field.field.hasSuffix(".order") {
                result.insert("\(key)/\(field.field)")
            }
        }
        return result
    }

    /// Whether every change in `changes` lies where `allowed` has a change: a change of a whole
    /// screen meets every change of its fields.
    static func covered(_ changes: Set<String>, by allowed: Set<String>) -> Bool {
        func screen(_ change: String) -> String { String(change.prefix { $0 != "/" }) }
        return changes.allSatisfy { change in
            allowed.contains(change)
                || allowed.contains { screen($0) == screen(change) && (!$0.contains("/") || !change.contains("/")) }
        }
    }

    /// The merged wireframe with each screen's elements in reference order: two sides that add
    /// elements after the same one have no order between them that either side chose.
    static func unordered(_ wireframe: Wireframe) -> String {
        var copy = wireframe
        copy.screens = copy.screens.map { screen in
            var sorted = screen
            sorted.elements.sort { ($0.reference ?? "") < ($1.reference ?? "") }
            return sorted
        }
        return text(copy)
    }

    @Test(arguments: 0..<200)
    func keepsEveryChangeTheOtherSideDidNotTouch(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var base = Document(screens: [])
        for index in 0..<Int.random(in: 4...12, using: &random) {
            let buttons = (0..<Int.random(in: 0...4, using: &random)).map { ("b\(index)x\($0)", "Button \($0)") }
            base.screens.append(("s\(index)", "Screen \(index)", buttons))
        }
        var left = base
        var right = base
        for serial in 0..<Int.random(in: 1...5, using: &random) { left.edit("l", &random, serial: serial) }
        for serial in 0..<Int.random(in: 1...5, using: &random) { right.edit("r", &random, serial: serial) }
        let b = try canonical(base.json)
        let l = try canonical(left.json)
        let r = try canonical(right.json)
        let leftChanges = Self.changed(b, l)
        let rightChanges = Self.changed(b, r)

        let result = merge.merge(base: b, theirs: r, ours: l)
        // What the merge has that the save has not is the other side's work, and what it has
        // that theirs has not is the save's.
        #expect(Self.covered(Self.changed(l, result.merged), by: rightChanges), "seed \(seed)")
        #expect(Self.covered(Self.changed(r, result.merged), by: leftChanges), "seed \(seed)")
        // A change the other side did not touch is in the merge.
        for change in rightChanges where !Self.covered([change], by: leftChanges) {
            #expect(!Self.changed(r, result.merged).contains(change), "seed \(seed): \(change)")
        }
        // Where the sides do not conflict, the order of the two saves does not matter.
        let swapped = merge.merge(base: b, theirs: l, ours: r)
        if result.conflicts.isEmpty {
            #expect(swapped.conflicts.isEmpty, "seed \(seed)")
            #expect(Self.unordered(result.merged) == Self.unordered(swapped.merged), "seed \(seed)")
        }
        // A merge with itself and a merge with an unchanged side are no merge at all.
        #expect(text(merge.merge(base: b, theirs: b, ours: l).merged) == text(l))
        #expect(text(merge.merge(base: b, theirs: r, ours: b).merged) == text(r))
        #expect(text(merge.merge(base: b, theirs: l, ours: l).merged) == text(l))
    }
}
