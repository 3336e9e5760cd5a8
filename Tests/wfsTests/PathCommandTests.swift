import Foundation
import Testing

/// `wfs path`, end to end on the example wireframes.
@Suite("wfs path")
struct PathCommandTests {
    @Test func pushesWithNeeds() throws {
        let result = try CommandRunner.run(["path", "Examples/todo.json", "root", "toDoDetail"])
        #expect(result.status == 0, "\(result)")
        #expect(result.standardError == "")
        #expect(
            result.standardOutput == """
                root → toDoDetail: 2 steps
                  1. push 'toDo' from 'root' via subroute
                  2. push 'toDoDetail' from 'toDo' via subroute (needs 'toDoId')

                """)
    }

    @Test func popThenBranch() throws {
        let result = try CommandRunner.run(["path", "Examples/todo.json", "toDoDetail", "compose"])
        #expect(result.status == 0)
        #expect(
            result.standardOutput == """
                toDoDetail → compose: 2 steps
                  1. pop 'toDo' from 'toDoDetail' via back
                  2. branch 'compose' from 'toDo' via action 'compose'

                """)
    }

    @Test func dismissThenPop() throws {
        let result = try CommandRunner.run(["path", "Examples/todo.json", "compose", "root"])
        #expect(result.status == 0)
        #expect(
            result.standardOutput == """
                compose → root: 2 steps
                  1. dismiss 'toDo' from 'compose' via close
                  2. pop 'root' from 'toDo' via back (needs 'taskStore')

                """)
    }

    @Test func acrossTabs() throws {
        let result = try CommandRunner.run(["path", "Examples/tabs.json", "feed", "settings"])
        #expect(result.status == 0)
        #expect(
            result.standardOutput == """
                feed → settings: 2 steps
                  1. selectTab 'profile' from 'feed' via tab
                  2. push 'settings' from 'profile' via subroute

                """)
    }

    @Test func jsonOutput() throws {
        let result = try CommandRunner.run(["path", "--format", "json", "Examples/todo.json", "root", "toDoDetail"])
        #expect(result.status == 0)
        #expect(result.standardError == "")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["from", "to", "steps"])
        #expect(object["from"] as? String == "root")
        #expect(object["to"] as? String == "toDoDetail")
        let steps = try #require(object["steps"] as? [[String: Any]])
        #expect(steps.count == 2)
        #expect(steps.map { Set($0.keys) } == Array(repeating: ["from", "to", "kind", "via", "needs"], count: 2))
        #expect(steps.map { $0["kind"] as? String } == ["push", "push"])
        #expect(steps.map { $0["to"] as? String } == ["toDo", "toDoDetail"])
        #expect(steps.map { $0["needs"] as? [String] } == [[], ["toDoId"]])
    }

    @Test func sameScreen() throws {
        let result = try CommandRunner.run(["path", "Examples/todo.json", "compose", "compose"])
        #expect(result.status == 0)
        #expect(result.standardOutput == "'compose' is already 'compose'\n")
    }

    @Test func undefinedScreenWithSuggestion() throws {
        let result = try CommandRunner.run(["path", "Examples/todo.json", "root", "toDoDetial"])
        #expect(result.status == 1)
        #expect(result.standardOutput == "")
        #expect(result.standardError == "Examples/todo.json: error: route 'toDoDetial' is not defined; did you mean 'toDoDetail'?\n")
    }

    @Test func noPath() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CommandRunner.write(
            #"{ "appName": "A", "root": "home", "routes": [{ "name": "home", "title": "Home", "subroutes": ["a"] }, { "name": "a", "title": "A" }, { "name": "island", "title": "I" }] }"#,
            to: "app.json", in: folder)
        let result = try CommandRunner.run(["path", "app.json", "home", "island"], in: folder)
        #expect(result.status == 1)
        #expect(result.standardOutput == "")
        #expect(result.standardError == "app.json: error: no path from 'home' to 'island'\n")
    }

    @Test func missingDocumentExitsTwo() throws {
        let result = try CommandRunner.run(["path", "no-such.json", "a", "b"])
        #expect(result.status == 2)
        #expect(result.standardOutput == "")
        #expect(result.standardError == "no-such.json:1:1: error: cannot open the file: No such file or directory [WF0007]\n")
    }

    @Test func malformedDocumentExitsOne() throws {
        let result = try CommandRunner.run(
            ["path", "mandatory-as-written.json", "home", "home"],
            in: CommandRunner.packageRoot.appending(path: "Tests/WireframeFormatsTests/Fixtures/seed000"))
        #expect(result.status == 1)
        #expect(result.standardError == "mandatory-as-written.json:3:12: error: expected ':' after key 'root', found ',' [WF0001]\n")
    }

    @Test(arguments: [
        ["path"], ["path", "Examples/todo.json"], ["path", "Examples/todo.json", "root"],
        ["path", "--format", "yaml", "Examples/todo.json", "a", "b"],
    ])
    func usageErrorsExitSixtyFour(_ arguments: [String]) throws {
        let result = try CommandRunner.run(arguments)
        #expect(result.status == 64, "\(result)")
        #expect(result.standardError.hasPrefix("Error: "))
    }
}
