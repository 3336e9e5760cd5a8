import Foundation
import Testing

@testable import wfs

/// `Terminal.variable` and `Terminal.environment` read single variables as `ProcessInfo` gives them.
@Suite("Terminal environment")
struct TerminalEnvironmentTests {
    @Test func readsSetVariablesAndLeavesOutUnsetOnes() {
        let set = "WFS_TEST_SET_\(UUID().uuidString.prefix(8))"
        let empty = "WFS_TEST_EMPTY_\(UUID().uuidString.prefix(8))"
        let unset = "WFS_TEST_UNSET_\(UUID().uuidString.prefix(8))"
        setenv(set, "välue with spaces = and ü", 1)
        setenv(empty, "", 1)
        defer {
            unsetenv(set)
            unsetenv(empty)
        }
        #expect(Terminal.variable(set) == "välue with spaces = and ü")
        #expect(Terminal.variable(empty) == "")
        #expect(Terminal.variable(unset) == nil)
        let environment = Terminal.environment([set, empty, unset])
        #expect(environment == [set: "välue with spaces = and ü", empty: ""])
        let everything = ProcessInfo.processInfo.environment
        #expect(environment[set] == everything[set])
        #expect(environment[empty] == everything[empty])
        #expect(everything[unset] == nil)
    }
}
