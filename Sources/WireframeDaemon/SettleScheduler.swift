import Synchronization

/// Folds bursts of events into one import per file: each event moves the file's due time to
/// `now + settle`, and ``next()`` hands out a file only once it has been quiet that long.
///
/// One consumer takes the work, one item at a time, so imports never overlap; an event that
/// arrives while its file is being imported makes it due again, so a burst always ends with an
/// import of the last content.
public final class SettleScheduler: Sendable {
    /// What the consumer should do next.
    public enum Work: Sendable, Equatable {
        /// Import (or record the deletion of) one file, by its path relative to the root.
        case file(String)
        /// Compare every file with its head: after a queue overflow, a failed watch or a reload.
        case rescan(reason: String)
    }

    private struct State {
        var due: [String: ContinuousClock.Instant] = [:]
        var rescan: String?
        /// When the rescan asked for is due; nil means now.
        var rescanDue: ContinuousClock.Instant?
        var closed = false
        /// Counts every change (touch, rescan, close), so a waiter knows whether it missed one.
        var generation: UInt64 = 0
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())
    private let clock = ContinuousClock()

    /// Creates an empty scheduler.
    public init() {}

    /// How many files wait for their settle time.
    public var pendingCount: Int { state.withLock { $0.due.count } }

    /// Notes an event on `path`: it becomes due `settle` from now.
    public func touch(_ path: String, settle: Duration) {
        let due = clock.now.advanced(by: settle)
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.due[path] = due
            state.generation &+= 1
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Forgets an event on `path`: its file is being imported by someone else now, so it is no
    /// longer due. Nothing changes for a waiter (no work was added).
    public func withdraw(_ path: String) {
        _ = state.withLock { $0.due.removeValue(forKey: path) }
    }

    /// Asks for a full rescan before any further file, or, with a delay, once the delay has
    /// passed (files due meanwhile are handed out). A rescan asked for sooner wins.
    public func requestRescan(reason: String, after delay: Duration = .zero) {
        let due = delay > .zero ? clock.now.advanced(by: delay) : nil
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if state.rescan == nil {
                state.rescan = reason
                state.rescanDue = due
            } else if let pending = state.rescanDue, due.map({ $0 < pending }) ?? true {
                state.rescan = reason
                state.rescanDue = due
            }
            state.generation &+= 1
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Stops waiting: files still settling are handed out at once, then ``next()`` returns nil.
    public func close() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.closed = true
            state.generation &+= 1
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    private enum Decision {
        case work(Work)
        case sleep(until: ContinuousClock.Instant, generation: UInt64)
        case wait(generation: UInt64)
        case finished
    }

    /// The next piece of work, waiting as long as needed; nil once closed and drained (or cancelled).
    public func next() async -> Work? {
        while true {
            if Task.isCancelled { close() }
            let now = clock.now
            let decision = state.withLock { state -> Decision in
                if state.closed {
                    // Shutting down: what is still settling is imported now; no rescans.
                    guard let path = state.due.min(by: { $0.value < $1.value })?.key else { return .finished }
                    state.due[path] = nil
                    return .work(.file(path))
                }
                if let reason = state.rescan, state.rescanDue.map({ $0 <= now }) ?? true {
                    state.rescan = nil
                    state.rescanDue = nil
                    return .work(.rescan(reason: reason))
                }
                let file = state.due.min(by: { $0.value < $1.value })
                if let (path, due) = file, due <= now {
                    state.due[path] = nil
                    return .work(.file(path))
                }
                // Asleep until the earliest of the next file's due time and a delayed rescan's.
                let wake = [file?.value, state.rescan == nil ? nil : state.rescanDue].compactMap { $0 }.min()
                guard let wake else { return .wait(generation: state.generation) }
                return .sleep(until: wake, generation: state.generation)
            }
            switch decision {
            case .work(let work):
                return work
            case .finished:
                return nil
            case .wait(let generation):
                await waitForChange(since: generation)
            case .sleep(let until, let generation):
                // Until the earliest due time, or until something changes (a close must not wait
                // for a long settle time to pass).
                await withTaskGroup(of: Void.self) { group in
                    group.addTask { await DaemonExecutor.sleep(until: until) }
                    group.addTask { await self.waitForChange(since: generation) }
                    await group.next()
                    group.cancelAll()
                }
            }
        }
    }

    /// Returns once the state changed after `generation`, or the task is cancelled.
    private func waitForChange(since generation: UInt64) async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.generation != generation || Task.isCancelled { return true }
                    state.waiter = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }
    }
}
