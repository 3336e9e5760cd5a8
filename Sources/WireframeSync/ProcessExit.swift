import Dispatch
public import Foundation

/// The end of a child process, waited for through its termination handler.
///
/// `Process.waitUntilExit()` on Linux runs the calling thread's run loop in slices of 50 ms
/// until the child has ended, so each wait took 50 ms however short the child: the git commands
/// before a git import's first commit (3 ms of work each) took a quarter of its time.
public final class ProcessExit: Sendable {
    private let exited = DispatchSemaphore(value: 0)

    /// Watches `process`, which has not been started yet (its termination handler is this one's).
    public init(of process: Process) {
        process.terminationHandler = { [exited] _ in exited.signal() }
    }

    /// Waits until the process has ended; at once when it has.
    public func wait() {
        exited.wait()
        // For the next wait, if any.
        exited.signal()
    }
}
