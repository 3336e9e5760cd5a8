import Foundation
import Testing
import WireframeFormats
import WireframeModel

/// Fixture access and helpers shared by the WorkflowSchema tests.
enum WorkflowSchemaFixtures {
    static var root: URL? { Bundle.module.url(forResource: "Fixtures", withExtension: nil)?.appendingPathComponent("WorkflowSchema") }

    static var corpus: URL? { root?.appendingPathComponent("corpus") }

    static let corpusNames = [
        "conditional_tests", "form_tests_1", "form_tests_2", "form_tests_3", "form_triggers_tests",
        "gesture_recognizer_tests", "load_tests_main", "load_tests_screen1", "load_tests_screen2",
        "navigation_item_tests", "navigation_stack_tests", "searching_tests", "stored_value_tests",
        "style_tests", "tab_tests", "table_tests", "updating_views_tests",
    ]

    static func bytes(_ url: URL) -> [UInt8] { (try? Data(contentsOf: url)).map { [UInt8]($0) } ?? [] }

    static func read(_ text: String, path: String = "test.xml") -> (wireframe: Wireframe?, diagnostics: [Diagnostic]) {
        WorkflowSchemaReader().read(Array(text.utf8), path: path)
    }

    static func describe(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map { "\($0.location) \($0.severity) \($0.code): \($0.message)" }.joined(separator: "\n")
    }
}

/// Text with a `1️⃣` marker: the marker is removed and its line and column kept.
struct Marked {
    var text: String
    var location: WireframeModel.SourceLocation?

    init(_ source: String, marker: Character = "1️⃣") {
        var line = 1
        var column = 1
        var offset = 0
        var result = ""
        var found: WireframeModel.SourceLocation?
        for character in source {
            if character == marker {
                found = WireframeModel.SourceLocation(line: line, column: column, offset: offset)
                continue
            }
            result.append(character)
            offset += character.utf8.count
            if character == "\n" {
                line += 1
                column = 1
            } else {
                column += character.unicodeScalars.count
            }
        }
        text = result
        location = found
    }
}

/// Drops source locations so that models read from different texts compare equal.
enum LocationFree {
    static let zero = WireframeModel.SourceLocation.start

    static func wireframe(_ wireframe: Wireframe) -> Wireframe {
        var copy = wireframe
        copy.locations = WireframeLocations()
        copy.screens = copy.screens.map(screen)
        copy.navigationBars = []
        return copy
    }

    static func screen(_ screen: Screen) -> Screen {
        var copy = screen
        copy.locations = ScreenLocations()
        copy.links = copy.links.map {
            var link = $0
            link.location = zero
            return link
        }
        copy.elements = copy.elements.map(element)
        copy.actions = copy.actions.map { NamedAction(name: $0.name, action: action($0.action)) }
        return copy
    }

    static func element(_ element: Element) -> Element {
        var copy = element
        copy.locations = ElementLocations()
        copy.triggers = copy.triggers.map { trigger in
            var result = trigger
            result.location = zero
            if case .message(var message) = result.effect {
                message.location = zero
                result.effect = .message(message)
            }
            return result
        }
        copy.elements = copy.elements.map(self.element)
        return copy
    }

    static func action(_ action: Action) -> Action {
        var kind = action.kind
        switch kind {
        case .send(var message):
            message.location = zero
            kind = .send(message)
        case .sequence(let actions):
            kind = .sequence(actions.map(self.action))
        case .loadSchema(let path, let success, let failure):
            kind = .loadSchema(path: path, success: success.map(self.action), failure: failure.map(self.action))
        case .conditional(let condition, let success, let failure):
            kind = .conditional(condition: condition, success: success.map(self.action), failure: failure.map(self.action))
        default:
            break
        }
        return Action(kind)
    }
}
