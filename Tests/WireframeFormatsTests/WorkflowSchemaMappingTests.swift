import Foundation
import Testing
import WireframeFormats
import WireframeModel

/// The registry, screen keys and the model mapping.
@Suite struct WorkflowSchemaMappingTests {
    @Test func registryHasTheSixtyEightCoreTags() {
        #expect(TagRegistry.tagNames.count == 68)
        #expect(TagRegistry.tagNames.filter { TagRegistry.tags[$0]?.isAbstract == true } == ["object", "view", "viewController"])
        #expect(
            TagRegistry.definition(of: "screen")?.defaults.map(\.parameter)
                == ["toolbar", "view", "view", "navigationItem", "tabBarItem", "actions"])
        #expect(TagRegistry.definition(of: "tableCell")?.defaults.map(\.parameter) == ["text", "image"])
        #expect(TagRegistry.definition(of: "datePicker")?.defaults.map(\.parameter) == ["gestures", "date", "message"])
        let form = TagRegistry.definition(of: "form")?.parameter("view")
        #expect(form?.isMandatory == true && form?.isLazy == true && form?.isArray == false)
        #expect(TagRegistry.definition(of: "textView")?.parameter("dataDetectorTypes")?.isBitmask == true)
    }

    static let base = """
        <workflow lang="fr"><navigation><screen><title>One</title>
        <container><label>Hello</label><button><title>Go</title><message>go</message></button></container>
        <pushController name="go"><screen><title>Two</title></screen></pushController>
        </screen></navigation></workflow>
        """

    @Test func keysSurviveEditsOfTitlesAndContent() throws {
        let edited = Self.base.replacingOccurrences(of: "<title>One</title>", with: "<title>Uno</title>")
            .replacingOccurrences(of: "<label>Hello</label>", with: "<label>Bonjour</label><label>Encore</label>")
            .replacingOccurrences(of: "<title>Two</title>", with: "")
        let before = try #require(WorkflowSchemaFixtures.read(Self.base).wireframe)
        let after = try #require(WorkflowSchemaFixtures.read(edited).wireframe)
        #expect(before.screens.map(\.key) == ["navigation", "navigation/screen", "navigation/screen/pushController@go/screen"])
        #expect(after.screens.map(\.key) == before.screens.map(\.key))
        #expect(before.locale == "fr")
        #expect(before.sourceFormat == .workflowSchema)
        #expect(before.appName == "test")
    }

    @Test func screenElementsActionsAndChain() throws {
        let wireframe = try #require(WorkflowSchemaFixtures.read(Self.base).wireframe)
        let screen = try #require(wireframe.screen("navigation/screen"))
        #expect(screen.title == "One")
        #expect(screen.parent == "navigation")
        let button = try #require(screen.allElements.first { $0.kind == .button })
        #expect(button.text == "Go")
        #expect(button.triggers.map(\.effect) == [.message(Message(name: "go", destination: .delegate, at: button.triggers[0].location))])
        #expect(screen.actions.map(\.name) == ["go"])
        #expect(screen.actions.first?.action.kind == .push("navigation/screen/pushController@go/screen"))
        #expect(wireframe.screen("navigation/screen/pushController@go/screen")?.presentation == .push)
        let transitions = WorkflowSchemaTransitions.list(wireframe)
        #expect(transitions.map(\.chain) == [["button \"Go\"", "message 'go'", "action 'go' in 'navigation/screen'"]])
        #expect(transitions.map(\.target) == ["navigation/screen/pushController@go/screen"])
    }

    @Test func gesturesSegmentsAndStructuredMessages() throws {
        let source = """
            <workflow><screen><container>
            <label>L<tapGesture><message>tap</message></tapGesture><longPressGesture><endMessage>held</endMessage></longPressGesture></label>
            <segmentedControl><segment><title>A</title><message><name>a</name><destinationType>self</destinationType></message></segment></segmentedControl>
            </container><showAlert name="tap">t</showAlert><showAlert name="held">h</showAlert><showAlert name="a">a</showAlert></screen></workflow>
            """
        let result = WorkflowSchemaFixtures.read(source)
        #expect(result.diagnostics.isEmpty, "\(WorkflowSchemaFixtures.describe(result.diagnostics))")
        let screen = try #require(result.wireframe?.screen("screen"))
        let label = try #require(screen.allElements.first { $0.kind == .label })
        #expect(label.triggers.map(\.event) == ["tapGesture", "longPressGesture.end"])
        let segment = try #require(screen.allElements.first { $0.kind == "segment" })
        guard case .message(let message) = segment.triggers.first?.effect else {
            Issue.record("segment has no message")
            return
        }
        #expect(message.name == "a")
        #expect(message.destination == .self)
    }
}
