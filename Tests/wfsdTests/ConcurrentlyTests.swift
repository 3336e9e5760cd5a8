import Foundation
import Synchronization
import Testing
@testable import WireframeSync

/// The import validates on one thread while it canonicalizes on another (`concurrently`), and
/// hashes a file's source on the other thread while it goes on (`onSide`). One at a time: the
/// `onSide` tests hold the side thread for a moment.
@Suite(.serialized) struct ConcurrentlyTests {
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

    @Test func aSideStartedAheadGivesItsResultOnceWhoeverRunsIt() {
        // Some sides start on the side thread before the caller asks, some are taken by the
        // caller (it asks at once): each runs once and its value comes back.
        for round in 0..<500 {
            let runs = Mutex(0)
            let side = onSide { () -> Int in
                runs.withLock { $0 += 1 }
                return round * 3
            }
            if round % 2 == 0 { usleep(20) }
            #expect(side.value() == round * 3)
            #expect(side.value() == round * 3)
            side.settle()
            #expect(runs.withLock { $0 } == 1)
        }
        #expect(SideResult.ready("known").value() == "known")
    }

    @Test func aSideSettledBeforeAnyThreadStartedItNeverRuns() {
        // The side thread is held by a first side until the second is settled.
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let first = onSide { () -> Bool in
            holding.signal()
            return release.wait(timeout: .now() + 10) == .success
        }
        #expect(holding.wait(timeout: .now() + 10) == .success)
        let runs = Mutex(0)
        let second = onSide { () -> Int in
            runs.withLock { $0 += 1 }
            return 1
        }
        second.settle()
        release.signal()
        #expect(first.value())
        // The side thread takes its jobs in order: once it has run a later one, it has gone past
        // the dropped one.
        let thirdRan = DispatchSemaphore(value: 0)
        let third = onSide { () -> Int in
            thirdRan.signal()
            return 3
        }
        #expect(thirdRan.wait(timeout: .now() + 10) == .success)
        #expect(third.value() == 3)
        #expect(runs.withLock { $0 } == 0)
    }

    @Test func settlingASideThatRunsWaitsUntilItIsDone() {
        let started = DispatchSemaphore(value: 0)
        let finished = Mutex(false)
        let side = onSide { () -> Int in
            started.signal()
            usleep(50_000)
            finished.withLock { $0 = true }
            return 1
        }
        #expect(started.wait(timeout: .now() + 10) == .success)
        side.settle()
        #expect(finished.withLock { $0 })
    }
}
