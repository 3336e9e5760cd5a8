import Foundation
import Testing

/// Unnamed XML screens keep their keys when a sibling is inserted, removed or moved, so `wfs diff`
/// reports the one screen that changed, not every screen after it.
@Suite struct ScreenIdentityTests {
    /// A tab bar of unnamed screens with these titles, each with a label of its own.
    static func tabs(_ titles: [String]) -> String {
        var text = "<workflow>\n    <tabs>\n"
        for title in titles {
            text += "        <screen>\n            <title>\(title)</title>\n"
            text += "            <container><label>\(title) contents</label></container>\n        </screen>\n"
        }
        return text + "    </tabs>\n</workflow>\n"
    }

    /// The screen changes `wfs diff --format json` reports between the first and the second
    /// revision of `flow.xml`, as (kind, key) pairs.
    static func changes(from old: String, to new: String) throws -> [(kind: String, key: String)] {
        let cli = try StoreCLI()
        defer { cli.remove() }
        #expect(try cli.run("init").status == 0)
        try cli.write("flow.xml", old)
        let first = try cli.run("import", "flow.xml")
        #expect(first.status == 0, "\(first.error)")
        try cli.write("flow.xml", new)
        let second = try cli.run("import", "flow.xml")
        #expect(second.status == 0, "\(second.error)")
        let diff = try cli.run("diff", "--format", "json", "flow.xml@1", "flow.xml@2")
        #expect(diff.status == 0, "\(diff.error)")
        let json = try #require(try StoreCLI.json(diff.output) as? [String: Any])
        let screens = try #require(json["screens"] as? [[String: Any]])
        return screens.map { (kind: $0["kind"] as? String ?? "", key: $0["key"] as? String ?? "") }
    }

    /// The changes to tabs: the tab bar's own screen changes too (the list of its tabs), and is
    /// checked to be the only modified screen.
    static func tabChanges(_ changes: [(kind: String, key: String)]) -> [(kind: String, key: String)] {
        #expect(changes.filter { $0.kind == "modified" }.map(\.key) == ["tabs"], "\(changes)")
        return changes.filter { $0.key != "tabs" }
    }

    @Test func insertingATabAtTheFrontAddsOneScreen() throws {
        let changes = try Self.changes(
            from: Self.tabs(["Home", "Search", "Inbox", "Profile"]), to: Self.tabs(["News", "Home", "Search", "Inbox", "Profile"]))
        let tabs = Self.tabChanges(changes)
        #expect(tabs.count == 1, "\(changes)")
        #expect(tabs.first?.kind == "added", "\(changes)")
        #expect(tabs.first?.key == #"tabs/screen["News"]"#, "\(changes)")
        #expect(!changes.contains { $0.kind == "removed" || $0.kind == "renamed" }, "\(changes)")
    }

    @Test func removingATabRemovesOneScreen() throws {
        let changes = try Self.changes(
            from: Self.tabs(["Home", "Search", "Inbox", "Profile"]), to: Self.tabs(["Home", "Inbox", "Profile"]))
        let tabs = Self.tabChanges(changes)
        #expect(tabs.count == 1, "\(changes)")
        #expect(tabs.first?.kind == "removed", "\(changes)")
        #expect(tabs.first?.key == #"tabs/screen["Search"]"#, "\(changes)")
    }

    @Test func movingATabChangesNoTab() throws {
        let changes = try Self.changes(
            from: Self.tabs(["Home", "Search", "Inbox", "Profile"]), to: Self.tabs(["Profile", "Home", "Search", "Inbox"]))
        #expect(Self.tabChanges(changes).isEmpty, "\(changes)")
    }

    @Test func onlyScreensKeyedByPositionAreWarnedAbout() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        try cli.write(
            "flow.xml",
            """
            <workflow>
                <tabs>
                    <navigation><screen><title>Home</title></screen></navigation>
                    <screen><title>Search</title></screen>
                    <screen><title>Search</title></screen>
                    <screen name="profile" />
                </tabs>
            </workflow>

            """)
        let result = try cli.run("validate", "flow.xml")
        let warnings = result.error.split(separator: "\n").filter { $0.contains("[WF1510]") }
        // The navigation is the only one of its tag, the named screen keeps its name; the two
        // screens titled alike have nothing but their positions.
        #expect(warnings.count == 2, "\(result.error)")
        #expect(warnings.first?.hasPrefix("flow.xml:4:9: warning: ") == true, "\(result.error)")
        #expect(warnings.first?.contains("name=") == true, "\(result.error)")
        #expect(warnings.last?.hasPrefix("flow.xml:5:9: warning: ") == true, "\(result.error)")
        #expect(result.status == 0, "\(result.error)")
        let strict = try cli.run("validate", "--strict", "flow.xml")
        #expect(strict.status == 1, "\(strict.error)")
    }
}
