import Foundation
import Testing
import WireframeFormats
import WireframeModel

/// Keys of unnamed controllers in `viewControllers`: from the tag, else the title, and by
/// position only when neither tells a controller from its siblings.
@Suite struct WorkflowSchemaScreenIdentityTests {
    /// The keys of the controllers of a tab bar holding these children.
    static func keys(_ children: String) throws -> [String] {
        let read = WorkflowSchemaFixtures.read("<workflow><tabs>\(children)</tabs></workflow>")
        return try #require(read.wireframe).screens.map(\.key)
    }

    static func screen(_ title: String) -> String { "<screen><title>\(title)</title></screen>" }

    @Test func aTagOfItsOwnIsTheKey() throws {
        #expect(
            try Self.keys("<navigation><screen/></navigation><screen/>") == [
                "tabs", "tabs/navigation", "tabs/navigation/screen", "tabs/screen",
            ])
    }

    @Test func aTitleOfItsOwnIsTheKeyWhenTagsRepeat() throws {
        let keys = try Self.keys(Self.screen("Home") + Self.screen("Search") + "<navigation><screen/></navigation>")
        #expect(keys == ["tabs", #"tabs/screen["Home"]"#, #"tabs/screen["Search"]"#, "tabs/navigation", "tabs/navigation/screen"])
    }

    @Test func theOnlyUntitledOneOfItsTagIsKeyedByTheTag() throws {
        let keys = try Self.keys("<screen/>" + Self.screen("Home") + Self.screen("Search"))
        #expect(keys == ["tabs", "tabs/screen", #"tabs/screen["Home"]"#, #"tabs/screen["Search"]"#])
    }

    @Test func aTabBarItemTitleTellsTabsApart() throws {
        let tab = { (title: String) in "<navigation><tabBarItem><title>\(title)</title><image>i</image></tabBarItem><screen/></navigation>"
        }
        let keys = try Self.keys(tab("Feed") + tab("Settings"))
        #expect(
            keys == [
                "tabs", #"tabs/navigation["Feed"]"#, #"tabs/navigation["Feed"]/screen"#, #"tabs/navigation["Settings"]"#,
                #"tabs/navigation["Settings"]/screen"#,
            ])
    }

    @Test func keysSurviveInsertingRemovingAndMovingASibling() throws {
        let titles = ["Home", "Search", "Inbox", "Profile"]
        let before = Set(try Self.keys(titles.map(Self.screen).joined()))
        let inserted = Set(try Self.keys((["News"] + titles).map(Self.screen).joined()))
        #expect(inserted.subtracting(before) == [#"tabs/screen["News"]"#])
        #expect(before.isSubset(of: inserted))
        let removed = Set(try Self.keys(titles.filter { $0 != "Search" }.map(Self.screen).joined()))
        #expect(before.subtracting(removed) == [#"tabs/screen["Search"]"#])
        let moved = Set(try Self.keys(titles.reversed().map(Self.screen).joined()))
        #expect(moved == before)
    }

    @Test func positionIsTheLastResortAndIsWarnedAbout() throws {
        let read = WorkflowSchemaFixtures.read(
            "<workflow><tabs>\(Self.screen("Same"))\(Self.screen("Same"))<screen/>\(Self.screen("Other"))<screen name=\"named\"/></tabs></workflow>"
        )
        let keys = try #require(read.wireframe).screens.map(\.key)
        #expect(keys == ["tabs", "tabs/screen[0]", "tabs/screen[1]", "tabs/screen[2]", #"tabs/screen["Other"]"#, "named"])
        let warnings = read.diagnostics.filter { $0.code == "WF1510" }
        #expect(warnings.count == 3)
        #expect(warnings.allSatisfy { $0.severity == .warning && $0.message.contains("name=") })
    }

    @Test func aRepeatedTitleKeyGetsACounter() throws {
        // A named sibling may take the key a title derives; the counter keeps keys unique.
        let keys = try Self.keys(#"<screen name="tabs/screen[&quot;Home&quot;]"/>"# + Self.screen("Home"))
        #expect(keys == ["tabs", #"tabs/screen["Home"]"#, #"tabs/screen["Home"]#2"#])
    }

    @Test func theWriterLeavesDerivedKeysToBeDerivedAgain() throws {
        let text =
            "<workflow><tabs>\(Self.screen("Home"))\(Self.screen("Search"))<navigation><screen/></navigation><screen/><screen/>"
            + "<form><tabBarItem><title>Sign in</title><image>i</image></tabBarItem><view/></form>"
            + "<form><tabBarItem><title>Sign up</title><image>i</image></tabBarItem><view/></form></tabs></workflow>"
        let wireframe = try #require(WorkflowSchemaFixtures.read(text).wireframe)
        let written = WorkflowSchemaWriter().write(wireframe)
        #expect(!written.contains("name="), "\(written)")
        let again = try #require(WorkflowSchemaFixtures.read(written).wireframe)
        #expect(again.screens.map(\.key) == wireframe.screens.map(\.key))
    }
}
