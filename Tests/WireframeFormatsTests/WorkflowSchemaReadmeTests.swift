import Foundation
import Testing
import WireframeFormats
import WireframeModel

/// The 16 `xml` code blocks of the original README, with the verdicts of spec §4.2.
@Suite struct WorkflowSchemaReadmeTests {
    /// Expected diagnostics per block, as `line:column severity code: message`; empty means valid.
    static let verdicts: [(block: Int, expected: [String])] = [
        (1, []), (2, []), (3, []), (4, []), (5, []),
        (6, ["21:9 error WF1001: XML is not well-formed: end tag does not match the open element"]),
        (7, ["24:9 error WF1001: XML is not well-formed: end tag does not match the open element"]),
        (8, []),
        (9, ["18:13 error WF1001: XML is not well-formed: end tag does not match the open element"]),
        (
            10,
            [
                "1:1 warning WF1002: document element is 'sendMessage'; WorkflowSchema documents use 'workflow'",
                "1:14 note WF1003: attribute 'name' of the document element is ignored; only 'lang' is used",
                "2:5 error WF1007: root object 'message' is not a controller; use 'tabs', 'navigation', 'screen', 'form' or 'table'",
            ]
        ),
        (11, []), (12, []),
        (
            13,
            [
                // With the tab bar items unread, nothing but position tells the two tabs apart.
                "3:9 warning WF1510: 'navigation' is keyed by its position ('tabs/navigation[0]'): a sibling has the same tag, and its title is missing or shared; add name=\"…\" to keep its key when a sibling is inserted, removed or moved",
                "4:13 error WF1101: unknown tag 'tabItem'; did you mean 'tabBarItem'?",
                "24:9 warning WF1510: 'navigation' is keyed by its position ('tabs/navigation[1]'): a sibling has the same tag, and its title is missing or shared; add name=\"…\" to keep its key when a sibling is inserted, removed or moved",
                "25:13 error WF1101: unknown tag 'tabItem'; did you mean 'tabBarItem'?",
            ]
        ),
        (14, ["2:1 error WF1001: XML is not well-formed: extra content or premature end of the document"]),
        (15, ["2:1 error WF1001: XML is not well-formed: extra content or premature end of the document"]),
        (16, ["2:1 error WF1001: XML is not well-formed: extra content or premature end of the document"]),
    ]

    static func text(_ block: Int) -> String? {
        guard let url = WorkflowSchemaFixtures.root?.appendingPathComponent(String(format: "readme/readme_%02d.xml", block)) else {
            return nil
        }
        return try? String(contentsOf: url, encoding: .utf8)
    }

    @Test(arguments: verdicts.map(\.block))
    func blockHasItsVerdict(block: Int) throws {
        let text = try #require(Self.text(block))
        let expected = try #require(Self.verdicts.first { $0.block == block }).expected
        let result = WorkflowSchemaFixtures.read(text, path: "readme.xml")
        #expect(WorkflowSchemaFixtures.describe(result.diagnostics) == expected.joined(separator: "\n"))
        if expected.isEmpty { #expect(result.wireframe != nil) }
    }

    /// Blocks 14 and 15 are fragments of sibling views; wrapped in a screen, 14 is valid and 15
    /// shows the README's point that `class="big cancel"` is one class with a space.
    @Test func styleFragmentsWhenWrapped() throws {
        let fourteen = try #require(Self.text(14))
        let wrapped14 = WorkflowSchemaFixtures.read("<workflow><screen><container>\n" + fourteen + "</container></screen></workflow>")
        #expect(wrapped14.diagnostics.isEmpty)
        let fifteen = try #require(Self.text(15))
        let wrapped15 = WorkflowSchemaFixtures.read("<workflow><screen><container>\n" + fifteen + "</container></screen></workflow>")
        #expect(
            WorkflowSchemaFixtures.describe(wrapped15.diagnostics)
                == [
                    "2:16 warning WF1110: class 'big cancel' is a single style name; only letters, digits, '_' and '-' make a usable name",
                    "3:16 warning WF1110: class 'big submit' is a single style name; only letters, digits, '_' and '-' make a usable name",
                ].joined(separator: "\n"))
    }

    /// Block 13 with the registered tag reads without errors.
    @Test func lifecycleBlockWithTabBarItem() throws {
        let text = try #require(Self.text(13)).replacingOccurrences(of: "tabItem", with: "tabBarItem")
        let result = WorkflowSchemaFixtures.read(text)
        #expect(!result.diagnostics.hasErrors, "\(WorkflowSchemaFixtures.describe(result.diagnostics))")
    }
}
