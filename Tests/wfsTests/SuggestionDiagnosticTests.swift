import Foundation
import Testing

/// What `wfs validate` says about a misspelling, end to end: one finding with the name that was
/// meant, and no second finding that only follows from the first.
@Suite("wfs validate: suggestions")
struct SuggestionDiagnosticTests {
    /// Validates one file written into a fresh folder.
    func validate(_ text: String, as name: String) throws -> CommandResult {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CommandRunner.write(text, to: name, in: folder)
        return try CommandRunner.run(["validate", name], in: folder)
    }

    @Test func misspeltRouteTypeIsOneErrorWithItsSuggestion() throws {
        let result = try validate(
            """
            {
              "appName": "A",
              "root": "home",
              "routes": [
                { "name": "home", "title": "Home", "type": "tabBar", "tabItems": ["feed"] },
                { "name": "feed", "title": "Feed" }
              ]
            }
            """, as: "app.json")
        #expect(result.status == 1)
        #expect(
            result.standardError == """
                app.json:5:48: error: 'tabBar' is not a valid 'type'; did you mean 'tabbar'? [WF0013]
                1 file checked: 1 error, 0 warnings

                """)
    }

    @Test func unsuppliedDependencyNotePointsAtTheRoot() throws {
        let result = try validate(
            """
            {
              "appName": "A",
              "root": "home",
              "routes": [
                { "name": "home", "title": "Home", "subroutes": ["detail"] },
                { "name": "detail", "title": "Detail", "dependencies": ["itemId"] }
              ]
            }
            """, as: "app.json")
        #expect(result.status == 0)
        #expect(
            result.standardError == """
                app.json:6:61: warning: dependency 'itemId' of route 'detail' is supplied by no path from root 'home' [WF0202]
                app.json:5:15: note: give an element on the way the reference 'itemId', or list it in the dependencies of 'home' if the app supplies it
                1 file checked: 0 errors, 1 warning

                """)
    }

    /// A screen whose button sends `showDetial`, and an action tag that pushes `showDetail`.
    static func screen(actionTag: String) -> String {
        """
        <workflow>
          <navigation>
            <screen>
              <title>Home</title>
              <button><title>Open</title><message>showDetial</message></button>
              <actions>
                <\(actionTag) name="showDetail"><screen><title>Detail</title></screen></\(actionTag)>
              </actions>
            </screen>
          </navigation>
        </workflow>
        """
    }

    @Test func misspeltActionTagAndMessageGetTheNamesMeant() throws {
        let result = try validate(Self.screen(actionTag: "pushControler"), as: "app.xml")
        #expect(result.status == 1)
        // The action is dropped with its misspelt tag, so the message has no near name yet.
        #expect(
            result.standardError == """
                app.xml:5:43: warning: message 'showDetial' has no action in its controller 'navigation/screen' and is dropped [WF1401]
                app.xml:7:9: error: parameter tag 'pushControler' cannot appear directly inside parameter tag 'actions'; did you mean 'pushController'? [WF1103]
                1 file checked: 1 error, 1 warning

                """)
        let fixed = try validate(Self.screen(actionTag: "pushController"), as: "app.xml")
        #expect(
            fixed.standardError.contains(
                "app.xml:5:43: warning: message 'showDetial' has no action in its controller 'navigation/screen' and is dropped; did you mean 'showDetail'? [WF1401]"
            ), "\(fixed)")
    }
}
