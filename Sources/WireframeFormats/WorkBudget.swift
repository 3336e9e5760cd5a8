import Synchronization
public import WireframeModel

/// What one import may cost, and whether it must stop: a cap on the work (screens and elements),
/// an optional wall-time limit, and a cancellation asked from outside (the daemon's SIGTERM).
///
/// The import that owns a budget binds it to ``current`` while it reads and validates its file
/// (never while it reads the head's screens to compare: those reads must not be cut short); the
/// readers and the rules ask it at coarse points (each top-level route, each thousand
/// WorkflowSchema nodes, each file of a `loadSchema` chain, each rule), so that no reader's
/// signature carries it, and the pipeline asks it after each stage. Once stopped, a budget stays stopped: what the stages made after that is dropped
/// by the pipeline, which writes nothing for a cancelled import and a rejected attempt for one
/// past its limits.
public final class WorkBudget: Sendable {
    /// Why an import stopped.
    public enum Stop: Sendable, Equatable {
        /// Cancelled from outside (the daemon is stopping).
        case cancelled
        /// More screens and elements than `limit`.
        case work(limit: Int)
        /// Longer than `limit`.
        case time(limit: Duration)
    }

    /// The budget of the import running in this task (or on this thread), if any.
    @TaskLocal public static var current: WorkBudget?

    /// The default cap of screens and elements in one import, far above the biggest app's.
    public static let defaultWorkLimit = 2_000_000

    /// At most this many screens and elements are processed in one import.
    public let workLimit: Int
    /// At most this long is one import, if set.
    public let timeLimit: Duration?

    private let clock = ContinuousClock()
    private let deadline: ContinuousClock.Instant?
    private let isCancelled: @Sendable () -> Bool
    private let spent = Atomic<Int>(0)
    private let stopped = Mutex<Stop?>(nil)
    /// Whether `stopped` holds a reason: read without the lock by each check, which the readers
    /// make once per route.
    private let hasStopped = Atomic<Bool>(false)

    /// Creates a budget that starts counting now.
    public init(
        workLimit: Int = WorkBudget.defaultWorkLimit, timeLimit: Duration? = nil, isCancelled: @escaping @Sendable () -> Bool = { false }
    ) {
        self.workLimit = workLimit
        self.timeLimit = timeLimit
        let now = ContinuousClock.now
        self.deadline = timeLimit.map { now.advanced(by: $0) }
        self.isCancelled = isCancelled
    }

    /// The screens and elements counted so far.
    public var spentUnits: Int { spent.load(ordering: .relaxed) }

    /// Why the import stopped, nil while it may go on.
    public var stop: Stop? { stopped.withLock { $0 } }

    /// Counts `units` of work (screens, elements) and tells whether the import must stop now.
    @discardableResult
    public func spend(_ units: Int) -> Bool {
        let total = units == 0 ? spent.load(ordering: .relaxed) : spent.add(units, ordering: .relaxed).newValue
        if hasStopped.load(ordering: .acquiring) { return true }
        let reason: Stop?
        if isCancelled() {
            reason = .cancelled
        } else if total > workLimit {
            reason = .work(limit: workLimit)
        } else if let deadline, let timeLimit, clock.now > deadline {
            reason = .time(limit: timeLimit)
        } else {
            reason = nil
        }
        guard let reason else { return false }
        // The first reason found is the one kept.
        stopped.withLock { stopped in
            if stopped == nil { stopped = reason }
        }
        hasStopped.store(true, ordering: .releasing)
        return true
    }

    /// Whether the import must stop now (cancelled, past its time, or past its work already).
    public func shouldStop() -> Bool { spend(0) }

    /// Whether the import bound to ``current`` must stop now; false without one.
    public static func shouldStop() -> Bool { current?.shouldStop() ?? false }

    /// Counts the screens and elements of `wireframe` against the budget bound to ``current``;
    /// whether the import must stop.
    @discardableResult
    public static func spend(screensAndElementsOf wireframe: Wireframe) -> Bool {
        guard let budget = current else { return false }
        return budget.spend(units(of: wireframe))
    }

    /// The units a wireframe costs: its screens and their elements, nested ones included.
    public static func units(of wireframe: Wireframe) -> Int {
        // Through the lists in place: a copy of each element (its fields retained and released)
        // made this count 1% of a git import's time.
        func count(_ elements: UnsafeBufferPointer<Element>) -> Int {
            var total = elements.count
            for index in elements.indices where !elements[index].elements.isEmpty {
                total += elements[index].elements.withUnsafeBufferPointer(count)
            }
            return total
        }
        var total = wireframe.screens.count
        for index in wireframe.screens.indices {
            total += wireframe.screens[index].elements.withUnsafeBufferPointer(count)
        }
        return total
    }

    /// The error an import past its limits is rejected with; nil while it may go on or when it
    /// was cancelled (nothing is recorded then).
    public var diagnostic: Diagnostic? {
        switch stop {
        case .work(let limit):
            Diagnostic(
                .error, FormatCodes.overBudget,
                "the document has more than \(limit) screens and elements; an import processes at most that many", at: .start)
        case .time(let limit):
            Diagnostic(
                .error, FormatCodes.overBudget,
                "the import took longer than \(Self.seconds(limit)) s and was stopped; an import may take at most that long",
                at: .start)
        case .cancelled, nil: nil
        }
    }

    private static func seconds(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        return milliseconds % 1000 == 0 ? String(milliseconds / 1000) : String(Double(milliseconds) / 1000)
    }
}
