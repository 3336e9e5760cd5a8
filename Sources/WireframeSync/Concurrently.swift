import Dispatch
import Synchronization

/// Runs `side` on another thread while `main` runs on this one, and returns both results once
/// both are done (also when `main` throws: `side` never outlives the call).
///
/// The import uses it to validate a document and hash its source on one core while the other
/// brings it to canonical form, hashes it and diffs it against the head: the two halves share
/// nothing but the immutable wireframe and bytes they read.
func concurrently<Side: Sendable, Main>(
    _ side: @escaping @Sendable () -> Side, _ main: () throws -> Main
) rethrows -> (side: Side, main: Main) {
    let result = Mutex<Side?>(nil)
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global(qos: .userInitiated).async {
        let value = side()
        result.withLock { $0 = value }
        done.signal()
    }
    let mainResult: Main
    do {
        mainResult = try main()
    } catch {
        done.wait()
        throw error
    }
    done.wait()
    // The side has stored its value before signalling; running it here again is only a
    // fallback the type system asks for.
    let sideResult = result.withLock { $0.take() } ?? side()
    return (sideResult, mainResult)
}
