import Dispatch
import Foundation
import Synchronization

/// The daemon's own thread for its asynchronous work (the service group, the import loop, the
/// reload and watchdog loops), which keeps the settle times too, instead of Swift's global
/// executor.
///
/// On Linux the global executor runs tasks on Dispatch's global queues, and once Dispatch's
/// thread pool has started a thread for them it keeps a timer that wakes the process every
/// second for the rest of its life (it looks whether the pool needs more threads): a daemon that
/// had ever run a task was never idle. Tasks started with ``run(_:)`` run on this executor, as
/// do their child tasks and the actors they call; ``sleep(until:)`` waits on its thread's clock.
/// The thread sleeps on a semaphore while there is nothing to run: no timer, no poll.
public final class DaemonExecutor: TaskExecutor, @unchecked Sendable {
    private struct Timer {
        var deadline: ContinuousClock.Instant
        var fire: @Sendable () -> Void
    }

    private struct State {
        var jobs: [UnownedJob] = []
        var timers: [Timer] = []
    }

    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)
    private let clock = ContinuousClock()

    /// The executor of the running daemon, if ``run(_:)`` started one.
    private static let current = Mutex<DaemonExecutor?>(nil)

    private init() {}

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        state.withLock { $0.jobs.append(job) }
        wake.signal()
    }

    /// Runs `operation` as a task on a new executor's thread and blocks the calling thread until
    /// it returns.
    public static func run<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) throws -> T {
        let executor = DaemonExecutor()
        current.withLock { $0 = executor }
        let thread = Thread { executor.loop() }
        // The catch-up pass imports on this thread: 8 MiB of stack, as the watcher's.
        thread.stackSize = 8 << 20
        thread.name = "wfsd.tasks"
        thread.start()
        let done = DispatchSemaphore(value: 0)
        let outcome = Mutex<Result<T, any Error>?>(nil)
        Task(executorPreference: executor) {
            let result: Result<T, any Error>
            do { result = .success(try await operation()) } catch { result = .failure(error) }
            outcome.withLock { $0 = result }
            done.signal()
        }
        while true {
            done.wait()
            if let result = outcome.withLock({ $0 }) { return try result.get() }
        }
    }

    /// Sleeps until `deadline`, or until the task is cancelled. On the daemon's executor its
    /// thread keeps the time; elsewhere (tests that drive a scheduler alone) this is `Task.sleep`.
    static func sleep(until deadline: ContinuousClock.Instant) async {
        guard let executor = current.withLock({ $0 }) else {
            try? await Task.sleep(until: deadline, tolerance: .microseconds(100), clock: ContinuousClock())
            return
        }
        let wakeUp = WakeUp()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                guard wakeUp.hold(continuation) else { return }
                executor.schedule(at: deadline) { wakeUp.fire() }
            }
        } onCancel: {
            wakeUp.fire()
        }
    }

    private func schedule(at deadline: ContinuousClock.Instant, _ fire: @escaping @Sendable () -> Void) {
        state.withLock { $0.timers.append(Timer(deadline: deadline, fire: fire)) }
        wake.signal()
    }

    private func loop() {
        while true {
            let now = clock.now
            let (jobs, due, next) = state.withLock { state -> ([UnownedJob], [@Sendable () -> Void], ContinuousClock.Instant?) in
                var due: [@Sendable () -> Void] = []
                var next: ContinuousClock.Instant?
                state.timers.removeAll { timer in
                    if timer.deadline <= now {
                        due.append(timer.fire)
                        return true
                    }
                    next = next.map { min($0, timer.deadline) } ?? timer.deadline
                    return false
                }
                defer { state.jobs = [] }
                return (state.jobs, due, next)
            }
            for fire in due { fire() }
            for job in jobs { job.runSynchronously(on: asUnownedTaskExecutor()) }
            // What ran may have added work: look again before sleeping.
            if !due.isEmpty || !jobs.isEmpty { continue }
            if let next {
                let nanoseconds = max(0, (next - clock.now) / .nanoseconds(1))
                _ = wake.wait(timeout: .now() + .nanoseconds(Int(nanoseconds.rounded(.up))))
            } else {
                wake.wait()
            }
        }
    }
}

/// One sleeper's continuation, resumed once: by its timer or by its cancellation.
private final class WakeUp: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Void, Never>?
        var fired = false
    }

    private let state = Mutex(State())

    /// Keeps the continuation; false (and resumed at once) when it has fired already.
    func hold(_ continuation: CheckedContinuation<Void, Never>) -> Bool {
        let fired = state.withLock { state -> Bool in
            if !state.fired { state.continuation = continuation }
            return state.fired
        }
        if fired { continuation.resume() }
        return !fired
    }

    func fire() {
        let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.fired = true
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume()
    }
}
