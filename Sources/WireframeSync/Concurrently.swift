import Dispatch
import Foundation
import Synchronization

/// Runs `side` on another thread while `main` runs on this one, and returns both results once
/// both are done (also when `main` throws: `side` never outlives the call).
///
/// When `main` is done before another thread has started `side` (the other cores are busy, or
/// the thread is still waking up), this thread runs `side` itself instead of waiting for one:
/// two halves never take longer than one after the other, whatever the load.
///
/// The import uses it to read the head and hash the source while it parses, then to validate a
/// document on one core while the other brings it to canonical form, hashes it and diffs it
/// against the head: the halves share nothing but the immutable values they read.
func concurrently<Side: Sendable, Main>(
    _ side: @escaping @Sendable () -> Side, _ main: () throws -> Main
) rethrows -> (side: Side, main: Main) {
    let job = SideJob(side)
    SideThread.shared.run { job.runUnlessTaken() }
    let mainResult: Main
    do {
        mainResult = try main()
    } catch {
        _ = job.result()
        throw error
    }
    return (job.result(), mainResult)
}

/// Starts `side` on the side thread and returns at once, for a caller whose next steps do not
/// need its result: ``SideResult/value()`` gives it when they do (running it on the calling
/// thread if no thread has started it), and ``SideResult/settle()`` ends it on a path that does
/// not need it. Every path must call one of them, so that `side` never outlives the caller.
///
/// The import hashes a saved file's source and makes its delta this way while it reads,
/// brings to canonical form and diffs the document: only the store's write needs them, and the
/// side thread goes on to validate without waiting for the reading thread in between.
func onSide<Side: Sendable>(_ side: @escaping @Sendable () -> Side) -> SideResult<Side> {
    let job = SideJob(side)
    SideThread.shared.run { job.runUnlessTaken() }
    return .started(job)
}

/// The result of a half started by ``onSide(_:)``, or one known at once.
enum SideResult<Side: Sendable>: Sendable {
    case started(SideJob<Side>)
    /// A result that is already known: no thread is involved.
    case ready(Side)

    /// The side's result: running it here if no thread has started it, else waiting for it.
    func value() -> Side {
        switch self {
        case .started(let job): job.result()
        case .ready(let value): value
        }
    }

    /// Ends the side without its result: dropped if no thread has started it, else waited for.
    /// Calling ``value()`` afterwards is an error (it waits for a side that never runs).
    func settle() {
        if case .started(let job) = self { job.settle() }
    }
}

/// The side half of ``concurrently(_:_:)`` and ``onSide(_:)``: run once, by whichever thread
/// takes it first (or dropped by ``settle()`` before any did).
final class SideJob<Side: Sendable>: Sendable {
    private enum State {
        case waiting
        case running
        case done(Side)
        case dropped
    }

    private let work: @Sendable () -> Side
    private let state = Mutex<State>(.waiting)
    private let finished = DispatchSemaphore(value: 0)

    init(_ work: @escaping @Sendable () -> Side) { self.work = work }

    /// Takes the work if no thread has: true when this thread is to run it.
    private func take() -> Bool {
        state.withLock { state in
            guard case .waiting = state else { return false }
            state = .running
            return true
        }
    }

    /// On the other thread: runs the work unless the calling thread took it already.
    func runUnlessTaken() {
        guard take() else { return }
        let value = work()
        state.withLock { $0 = .done(value) }
        finished.signal()
    }

    /// On the calling thread: drops the work if no thread has started it, else waits until it
    /// is done. A result already taken is left as it is.
    func settle() {
        let started = state.withLock { state -> Bool in
            switch state {
            case .waiting:
                state = .dropped
                return false
            case .running: return true
            case .done, .dropped: return false
            }
        }
        guard started else { return }
        while true {
            if case .done = state.withLock({ $0 }) { return }
            finished.wait()
            finished.signal()  // a later look finds it done without waiting
        }
    }

    /// On the calling thread: the work's result, running it here if no thread has started it,
    /// else waiting for it.
    func result() -> Side {
        if take() {
            let value = work()
            state.withLock { $0 = .done(value) }
            return value
        }
        while true {
            if case .done(let value) = state.withLock({ $0 }) { return value }
            finished.wait()
            finished.signal()  // a later look finds it done without waiting
        }
    }
}

/// A value that one thread gives and another waits for: within ``concurrently(_:_:)``, what one
/// half makes midway and the other needs. The giver must give on every path before it waits for
/// the taker (``concurrently(_:_:)`` returns only once both halves are done).
final class Handoff<Value: Sendable>: Sendable {
    private let value = Mutex<Value?>(nil)
    private let given = DispatchSemaphore(value: 0)

    /// Gives the value, once.
    func give(_ newValue: Value) {
        value.withLock { $0 = newValue }
        given.signal()
    }

    /// The value, waiting until it is given.
    func take() -> Value {
        while true {
            if let current = value.withLock({ $0 }) { return current }
            given.wait()
            given.signal()  // for a later take
        }
    }
}

/// The thread that takes the side halves of ``concurrently(_:_:)``: one of the process's own,
/// asleep on a semaphore between imports, rather than one of Dispatch's global queues, whose
/// pool ends idle threads after a few seconds (and has to start one again at the next save
/// after a pause) and, once it has a thread, keeps a timer that wakes the process every second.
/// A caller whose side half this thread has not started when its own half is done runs it
/// itself, so one thread serves any number of callers.
final class SideThread: Sendable {
    static let shared = SideThread()

    private let jobs = Mutex<[@Sendable () -> Void]>([])
    private let wake = DispatchSemaphore(value: 0)

    private init() {
        let thread = Thread { [self] in loop() }
        // The side halves read and hash a document: the usual 8 MiB of stack.
        thread.stackSize = 8 << 20
        thread.name = "wfs.side"
        thread.start()
    }

    /// Hands `job` to the thread.
    func run(_ job: @escaping @Sendable () -> Void) {
        jobs.withLock { $0.append(job) }
        wake.signal()
    }

    private func loop() {
        while true {
            wake.wait()
            let taken = jobs.withLock { jobs -> [@Sendable () -> Void] in
                defer { jobs = [] }
                return jobs
            }
            for job in taken { job() }
        }
    }
}
