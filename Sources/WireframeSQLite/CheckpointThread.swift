import Dispatch
import Foundation
import Synchronization

/// Runs the store's WAL checkpoints on a thread of its own, after the saves (see
/// ``WALCheckpoints``): a save never waits for one unless the WAL has passed its hard limit.
///
/// ``saveReported()`` is called once a save is stored and reported (its log line written). When
/// the WAL has grown past the threshold it wakes the thread, which checkpoints while the daemon
/// waits for the next save; past the hard limit (a burst of saves faster than the checkpoints
/// could finish between two of them) the calling thread checkpoints before it imports again.
/// The thread starts at the first checkpoint and sleeps on a semaphore otherwise: no timer.
public final class CheckpointThread: Sendable {
    private struct State {
        var started = false
        var requested = false
        var finishing = false
    }

    private let checkpoints: WALCheckpoints
    private let report: @Sendable (Result<(walFrames: Int, checkpointed: Int), any Error>) -> Void
    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    /// - Parameters:
    ///   - checkpoints: The store's checkpoints (``SQLiteStore/takeOverCheckpoints(threshold:hardLimit:)``).
    ///   - report: Told of each checkpoint's outcome, on the thread that ran it. One that failed
    ///     (another connection checkpointing, an I/O error) is tried again after the next save.
    public init(
        checkpoints: WALCheckpoints, report: @escaping @Sendable (Result<(walFrames: Int, checkpointed: Int), any Error>) -> Void = { _ in }
    ) {
        self.checkpoints = checkpoints
        self.report = report
    }

    /// Checkpoints if the WAL is due: beside the next save, or before it past the hard limit.
    public func saveReported() {
        if checkpoints.isPastHardLimit {
            run()
            return
        }
        guard checkpoints.isDue else { return }
        let start = state.withLock { state -> Bool? in
            if state.finishing || state.requested { return nil }
            state.requested = true
            defer { state.started = true }
            return !state.started
        }
        guard let start else { return }
        if start {
            let thread = Thread { [self] in loop() }
            thread.name = "wfsd.checkpoint"
            thread.start()
        }
        wake.signal()
    }

    /// Stops the thread after the checkpoint it is running, if any (graceful shutdown).
    public func finish() {
        let started = state.withLock { state -> Bool in
            let started = state.started && !state.finishing
            state.finishing = true
            return started
        }
        guard started else { return }
        wake.signal()
        finished.wait()
    }

    private func loop() {
        while true {
            wake.wait()
            let (requested, finishing) = state.withLock { state in
                defer { state.requested = false }
                return (state.requested, state.finishing)
            }
            if finishing { break }
            if requested { run() }
        }
        finished.signal()
    }

    private func run() {
        // A failed checkpoint leaves the store as it was (SQLite's checkpoint is crash-safe).
        report(Result { try checkpoints.checkpoint() })
    }
}
