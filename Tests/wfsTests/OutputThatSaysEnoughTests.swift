import Foundation
import Testing

/// Output that says enough: an empty history says so, a screen no document has is an error with
/// the closest key, and `wfs status` gives each rejected file's first error where it is.
@Suite struct OutputThatSaysEnoughTests {
    @Test func anEmptyLogAndAnUnknownScreenSaySo() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        #expect(try cli.run("init").status == 0)
        // A person at a terminal is told; a script gets the empty answer alone.
        let onTerminal = try CommandRunner.runOnTerminal(["log"], in: URL(fileURLWithPath: cli.root))
        #expect(onTerminal.status == 0)
        #expect(onTerminal.terminal.contains("no revisions yet"), "\(onTerminal.terminal)")
        let piped = try cli.run("log")
        #expect(piped.status == 0 && piped.output.isEmpty && piped.error.isEmpty, "\(piped)")

        try cli.write("app.json", StoreCLI.wireframe([("home", "Home"), ("checkout", "Checkout")]))
        #expect(try cli.run("import", "app.json").status == 0)
        let typo = try cli.run("log", "--screen", "chekout")
        #expect(typo.status == 1)
        #expect(typo.error.contains("no document has a screen 'chekout'; did you mean 'checkout'?"), "\(typo.error)")
        let known = try cli.run("log", "--screen", "checkout")
        #expect(known.status == 0 && known.output.contains("added checkout, home"), "\(known)")
        // A screen that exists but no revision in the range changed: an empty answer, no error.
        let none = try cli.run("log", "--screen", "checkout", "--since", "2999-01-01")
        #expect(none.status == 0 && none.output.isEmpty && none.error.isEmpty, "\(none)")
    }

    @Test func statusGivesTheFirstErrorOfARejectedFileWithItsPlace() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        #expect(try cli.run("init").status == 0)
        try cli.write("app.json", StoreCLI.wireframe([("home", "Home")]))
        #expect(try cli.run("import", "app.json").status == 0)
        try cli.write("app.json", #"{"appName": "Demo", "root": "nowhere", "routes": [{"name": "home", "title": "Home"}]}"#)
        #expect(try cli.run("import", "app.json").status == 1)
        let status = try cli.run("status")
        #expect(status.status == 0)
        let lines = status.output.split(separator: "\n").map(String.init)
        let index = try #require(lines.firstIndex { $0.hasPrefix("  app.json  rejected") }, "\(status.output)")
        #expect(lines[index + 1].hasPrefix("    app.json:1:"), "\(status.output)")
        #expect(lines[index + 1].contains("error:") && lines[index + 1].contains("nowhere"), "\(status.output)")
    }
}

extension OutputThatSaysEnoughTests {
    @Test func showListsEveryWayOutOfAScreen() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        #expect(try cli.run("init").status == 0)
        try cli.write(
            "app.json",
            #"""
            {"appName": "Shop", "root": "shop", "routes": [
              {"name": "shop", "title": "Shop", "subroutes": ["about"],
               "elements": [{"kind": "list", "reference": "productId", "target": "product"}, {"kind": "button", "text": "Cart", "target": "cart"}]},
              {"name": "about", "title": "About"},
              {"name": "product", "title": "Product", "dependencies": ["productId"]},
              {"name": "cart", "title": "Cart"}
            ]}
            """#)
        #expect(try cli.run("import", "app.json").status == 0)
        let shown = try cli.run("show", "app.json")
        #expect(shown.status == 0, "\(shown.error)")
        let line = try #require(shown.output.split(separator: "\n").first { $0.hasPrefix("  shop ") }, "\(shown.output)")
        for target in ["about (", "product (list 'productId')", "cart (button 'Cart')"] {
            #expect(line.contains(target), "\(line)")
        }
    }
}
