import Foundation
import Synchronization
import Testing
@testable import WireframeSync

/// The import validates on one thread while it canonicalizes on another (`concurrently`).
struct ConcurrentlyTests {
    struct Refused: Error {}

    @Test func bothHalvesRunAtTheSameTimeAndBothResultsComeBack() {
        // Each half waits for the other to have started: only halves that overlap both see it
        // (run one after the other, the first would wait in vain for ten seconds and say false).
        let sideStarted = DispatchSemaphore(value: 0)
        let mainStarted = DispatchSemaphore(value: 0)
        let (side, main) = concurrently({ () -> (met: Bool, value: Int) in
            sideStarted.signal()
            return (mainStarted.wait(timeout: .now() + 10) == .success, 21)
        }) { () -> (met: Bool, value: String) in
            mainStarted.signal()
            return (sideStarted.wait(timeout: .now() + 10) == .success, "main")
        }
        #expect(side.met)
        #expect(main.met)
        #expect(side.value == 21)
        #expect(main.value == "main")
    }

    @Test func aThrowingMainWaitsForTheSideBeforeThrowing() {
        let sideFinished = Mutex(false)
        #expect(throws: Refused.self) {
            _ = try concurrently({ () -> Int in
                usleep(50_000)
                sideFinished.withLock { $0 = true }
                return 1
            }) { () throws -> Int in
                throw Refused()
            }
        }
        // The call returned (by throwing) only after the side was done.
        #expect(sideFinished.withLock { $0 })
    }

    @Test func theSideRunsExactlyOnceWhoeverTakesItAndGetsWhatTheMainHandsOver() {
        // Many rounds, so that some sides start on another thread and some are taken by the
        // calling thread (its main half is short): each runs once and sees the value handed over.
        for round in 0..<500 {
            let runs = Mutex(0)
            let handoff = Handoff<Int>()
            let (side, main) = concurrently({ () -> Int in
                runs.withLock { $0 += 1 }
                return handoff.take() * 2
            }) { () -> Int in
                handoff.give(round)
                return round
            }
            #expect(runs.withLock { $0 } == 1)
            #expect(side == round * 2)
            #expect(main == round)
        }
    }
}
