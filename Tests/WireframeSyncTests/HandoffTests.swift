import Foundation
import Synchronization
import Testing
@testable import WireframeSync

/// The handoff between the git import's two threads: items in order, the giver's error after
/// its items, and a taker that stops early never leaves the giver waiting.
@Suite struct HandoffTests {
    struct Broken: Error, Equatable {}

    /// How many items the giver has given.
    final class Given: Sendable {
        let count = Mutex(0)
    }

    /// Starts a giver of `count` items (then `error`, if any) on its own thread.
    static func give(_ count: Int, then error: (any Error)? = nil, into handoff: Handoff<Int>) -> Given {
        let given = Given()
        Thread {
            defer { handoff.finish() }
            for item in 0..<count {
                guard handoff.put(item) else { return }
                given.count.withLock { $0 += 1 }
            }
            if let error { handoff.fail(error) }
        }.start()
        return given
    }

    @Test func itemsComeInOrderThenTheEnd() throws {
        let handoff = Handoff<Int>(capacity: 2)
        _ = Self.give(100, into: handoff)
        var taken: [Int] = []
        while let item = try handoff.take() { taken.append(item) }
        #expect(taken == Array(0..<100))
        #expect(try handoff.take() == nil)
        handoff.stop()
    }

    @Test func theGiversErrorComesAfterItsItems() throws {
        let handoff = Handoff<Int>(capacity: 3)
        _ = Self.give(5, then: Broken(), into: handoff)
        var taken: [Int] = []
        #expect(throws: Broken.self) {
            while let item = try handoff.take() { taken.append(item) }
        }
        #expect(taken == Array(0..<5))
        handoff.stop()
    }

    @Test func aTakerThatStopsEarlyEndsTheGiver() throws {
        let handoff = Handoff<Int>(capacity: 2)
        let given = Self.give(1_000, into: handoff)
        #expect(try handoff.take() == 0)
        // Returns only once the giver has finished, told by the put it waits in.
        handoff.stop()
        #expect(given.count.withLock { $0 } < 1_000)
    }
}
