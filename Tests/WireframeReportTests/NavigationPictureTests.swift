import Testing
import WireframeAnalysis
import WireframeFormats
import WireframeModel
import WireframeReport

/// Reads a JSON wireframe from text.
func wireframe(_ json: String) throws -> Wireframe {
    let result = DocumentReader().read(bytes: Array(json.utf8), path: "app.json")
    return try #require(result.wireframe)
}

let shopBefore = """
    {"appName": "Shop", "root": "home", "routes": [
      {"name": "home", "title": "Home", "type": "tabbar", "tabItems": ["browse", "cart"]},
      {"name": "browse", "title": "Browse", "subroutes": ["detail"]},
      {"name": "detail", "title": "Detail \\"new\\""},
      {"name": "cart", "title": "Cart", "elements": [
        {"kind": "button", "reference": "checkoutButton", "text": "Check out", "target": "detail"}]},
      {"name": "orphan", "title": "Orphan"}
    ]}
    """

let shopAfter = """
    {"appName": "Shop", "root": "home", "routes": [
      {"name": "home", "title": "Home", "type": "tabbar", "tabItems": ["browse", "cart"]},
      {"name": "browse", "title": "Browse", "subroutes": ["detail"]},
      {"name": "detail", "title": "Detail \\"new\\""},
      {"name": "cart", "title": "Basket", "elements": [
        {"kind": "button", "reference": "checkoutButton", "text": "Check out", "target": "checkout"}]},
      {"name": "checkout", "title": "Checkout", "presentationStyle": "present"}
    ]}
    """

@Test func graphOfOneWireframeIsDeterministicDOT() throws {
    let dot = NavigationPicture().dot(try wireframe(shopBefore))
    #expect(dot == NavigationPicture().dot(try wireframe(shopBefore)))
    try GoldenFile.expect(dot, is: "shop-show.dot")
}

@Test func comparisonColoursChangesAndHasALegend() throws {
    let old = try wireframe(shopBefore)
    let new = try wireframe(shopAfter)
    let dot = NavigationPicture().dot(old: old, new: new, diff: WireframeDiff.between(old, new))
    try GoldenFile.expect(dot, is: "shop-comparison.dot")
}

@Test func largeComparisonKeepsToTheChangedScreensAndSaysSo() throws {
    let old = try wireframe(shopBefore)
    let new = try wireframe(shopAfter)
    let dot = NavigationPicture(screenLimit: 3).dot(old: old, new: new, diff: WireframeDiff.between(old, new))
    #expect(dot.contains("Only the 3 changed screens and their neighbours of 6 screens are drawn."))
    #expect(!dot.contains("\"screen-browse\""))
    #expect(dot.contains("\"screen-cart\""))
}

@Test func largeGraphIsLaidOutByAShortestWayTreeAndSaysSo() throws {
    let dot = NavigationPicture(screenLimit: 3).dot(try wireframe(shopAfter))
    #expect(dot.contains("5 screens: columns follow the shortest way from the first screen; other links are straight lines."))
    #expect(dot.contains("nslimit=1, nslimit1=1, splines=line"))
    // home reaches browse, cart, then detail and checkout: every link is on the tree but none.
    #expect(dot.contains("\"home\" -> \"browse\" [style=bold, label=\"tab\"];"))
    #expect(dot.contains("\"cart\" -> \"checkout\" [color=\"#8250df\", style=dashed, label=\"taps 'Check out'\"];"))
    #expect(!dot.contains("constraint=false"))
    let extraLink = shopAfter.replacingOccurrences(of: #""title": "Checkout","#, with: #""title": "Checkout", "subroutes": ["home"],"#)
    let withCycle = NavigationPicture(screenLimit: 3).dot(try wireframe(extraLink))
    #expect(withCycle.contains("\"checkout\" -> \"home\" [xlabel=\"opens\", constraint=false];"))
    #expect(NavigationPicture(screenLimit: 5).dot(try wireframe(shopAfter)).contains("constraint") == false)
}

@Test func changedButtonTargetIsSaidInWords() throws {
    let old = try wireframe(shopBefore)
    let new = try wireframe(shopAfter)
    let diff = WireframeDiff.between(old, new)
    let cart = try #require(diff.screens.first { $0.key == "cart" })
    let words = ChangeWords(titles: Dictionary(uniqueKeysWithValues: new.screens.map { ($0.key, $0.title) }))
    let oldCart = old.screens.first { $0.key == "cart" }
    let newCart = new.screens.first { $0.key == "cart" }
    let sentences = cart.fields.map { words.sentence($0, old: oldCart, new: newCart) }
    #expect(sentences == ["Title: Cart → Basket", "The button 'Check out' (element 1 of 1) now opens Checkout."])
}

@Test func htmlEscapesEverything() {
    #expect(HTMLReport.escaped("<a href=\"x\">'&'</a>") == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
}

/// Each way is labelled with what a person does, and coloured by what they tap: a navigation-bar
/// button blue (by its title, or its icon), an element purple, a list's rows as rows.
@Test func linksSayWhatAPersonDoes() throws {
    let dot = NavigationPicture().dot(
        try wireframe(
            """
            {"appName": "Shop", "root": "home", "navigations": [
              {"name": "main", "buttons": [{"title": "Pay", "target": "pay"}, {"icon": "cart", "target": "cart"}]}],
             "routes": [
              {"name": "home", "title": "Home", "type": "list", "navigation": "main", "subroutes": ["cart"],
               "elements": [{"kind": "button", "text": "Help", "target": "help"}, {"kind": "image", "reference": "banner", "target": "pay"}]},
              {"name": "cart", "title": "Cart"}, {"name": "pay", "title": "Pay"}, {"name": "help", "title": "Help"}]}
            """))
    #expect(dot.contains(##""home" -> "cart" [label="list row"];"##), "\(dot)")
    #expect(dot.contains(##""home" -> "pay" [color="#0969da", label="taps 'Pay'"];"##), "\(dot)")
    #expect(dot.contains(##""home" -> "cart" [color="#0969da", label="taps the cart icon"];"##), "\(dot)")
    #expect(dot.contains(##""home" -> "help" [color="#8250df", label="taps 'Help'"];"##), "\(dot)")
    #expect(dot.contains(##""home" -> "pay" [color="#8250df", label="taps the image 'banner'"];"##), "\(dot)")
}

/// Labels are cut to 80 characters with an ellipsis, and a control character stored before
/// they were refused is left out rather than passed to Graphviz.
@Test func longAndControlCharacterLabelsAreDrawable() throws {
    var wireframe = try wireframe(shopAfter)
    wireframe.screens[0].title = String(repeating: "x", count: 200) + "\u{0}\u{1B}"
    let dot = NavigationPicture().dot(wireframe)
    #expect(dot.contains("label=\"" + String(repeating: "x", count: 79) + "…\\n" + wireframe.screens[0].key + "\""), "\(dot)")
    #expect(!dot.contains("\u{0}") && !dot.contains("\u{1B}"))
}
