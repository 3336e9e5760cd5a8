import Testing
@testable import WireframeAnalysis

/// WF0201's messages, written into one string of their size, read as the interpolated ones.
@Suite("Unreachable route messages")
struct UnreachableMessageTests {
    @Test(arguments: ["", "a", "screen12", "a route named at length, past the inline size", "écran", "ページ🚀", "quote's"])
    func theMessageWrittenAtOnceIsTheInterpolatedOne(name: String) {
        for root in ["home", "", "racine é", String(repeating: "r", count: 40)] {
            let message = UnreachableRouteRule.message(name, end: UnreachableRouteRule.messageEnd(root: root))
            #expect(message == "route '\(name)' cannot be reached from root '\(root)'")
            #expect(Array(message.utf8) == Array("route '\(name)' cannot be reached from root '\(root)'".utf8))
            #expect(message == UnreachableRouteRule.message(name, root: root))
        }
    }
}
