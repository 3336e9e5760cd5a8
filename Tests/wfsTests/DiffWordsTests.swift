import Foundation
import Testing

/// `wfs diff` says what changed in the report's words, end to end: an added element by its kind,
/// text and real place on the screen (never its JSON, never its place among the unnamed ones
/// alone), a title as "Title: old → new"; `--format html` says the same beside the picture.
@Suite(.serialized) struct DiffWordsTests {
    static func shop(wishList: Bool, title: String = "Cart") -> String {
        """
        {"appName": "Shop", "root": "cart", "routes": [
          {"name": "cart", "title": "\(title)", "elements": [
            {"kind": "label", "reference": "total", "text": "Total"},
            {"kind": "button", "reference": "pay", "text": "Pay", "target": "checkout"},
            {"kind": "label", "reference": "note", "text": "Note"},
            {"kind": "image", "reference": "banner"}\(wishList ? #", {"kind": "button", "text": "Wish list", "target": "wishes"}"# : "")]},
          {"name": "checkout", "title": "Checkout"}, {"name": "wishes", "title": "Wishes"}
        ]}

        """
    }

    @Test func anAddedElementIsSaidInWordsAtItsPlace() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        #expect(try cli.run("init").status == 0)
        try cli.write("app.json", Self.shop(wishList: false))
        #expect(try cli.run("import", "app.json").status == 0)
        try cli.write("app.json", Self.shop(wishList: true, title: "Basket"))
        #expect(try cli.run("import", "app.json").status == 0)

        let diff = try cli.run("diff", "app.json@1", "app.json@2")
        #expect(diff.status == 0, "\(diff.error)")
        #expect(
            diff.output.contains("~ cart\n    Title: Cart → Basket\n    Added the button 'Wish list' (element 5 of 5).\n"),
            "\(diff.output)")
        #expect(!diff.output.contains("{\"kind\""), "\(diff.output)")
        #expect(!diff.output.contains("elements[0]"), "\(diff.output)")
        #expect(diff.output.contains("  … 2 unchanged screens\n"), "\(diff.output)")

        let html = try cli.run("diff", "app.json@1", "app.json@2", "--format", "html")
        if ReportCommandTests.dot != nil || ReportCommandTests.isCI {
            #expect(html.status == 0, "\(html.error)")
            #expect(html.output.contains("<h2>Modified: Basket (cart)</h2>"), "\(html.output)")
            #expect(html.output.contains("<li>Added the button &#39;Wish list&#39; (element 5 of 5).</li>"), "\(html.output)")
            #expect(html.output.contains("<li>Title: Cart → Basket</li>"), "\(html.output)")
            #expect(html.output.contains("2 unchanged screens."), "\(html.output)")
            #expect(html.output.contains("<svg"), "\(html.output)")
        }
    }
}
