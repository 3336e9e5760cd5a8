import Dispatch
import Synchronization

/// Items handed from one thread to another in order, at most `capacity` waiting: the giver
/// waits for room, the taker for an item. The giver ends with ``finish()`` (after an error,
/// ``fail(_:)`` first); the taker, when it stops early, with ``stop()``, which makes the giver's
/// next ``put(_:)`` (or the one waiting) return false.
final class Handoff<Item: Sendable>: Sendable {
    private struct State {
        var items: [Item] = []
        var failure: (any Error)?
        var stopped = false
    }

    private let state = Mutex(State())
    /// Room for the giver's next item.
    private let room: DispatchSemaphore
    /// Signalled once for each item given and once at the end.
    private let ready = DispatchSemaphore(value: 0)
    /// Signalled once the giver has finished.
    private let done = DispatchSemaphore(value: 0)

    /// A handoff of at most `capacity` waiting items.
    init(capacity: Int) {
        // Made empty and then given its room: libdispatch stops the process when a semaphore is
        // released below the value it was made with, as this one is when the taker stops early.
        room = DispatchSemaphore(value: 0)
        for _ in 0..<max(1, capacity) { room.signal() }
    }

    /// Gives the next item, waiting for room; false when the taker has stopped.
    func put(_ item: Item) -> Bool {
        room.wait()
        let accepted = state.withLock { state -> Bool in
            guard !state.stopped else { return false }
            state.items.append(item)
            return true
        }
        if accepted { ready.signal() }
        return accepted
    }

    /// Ends the items with an error: what the taker's ``take()`` throws after the items given.
    func fail(_ error: any Error) {
        state.withLock { $0.failure = error }
    }

    /// Ends the items (called once, last, by the giver).
    func finish() {
        ready.signal()
        done.signal()
    }

    /// The next item, waiting for it; nil after the last.
    ///
    /// - Throws: the error the giver failed with, once its items are taken.
    func take() throws -> Item? {
        ready.wait()
        let (item, failure) = state.withLock { state -> (Item?, (any Error)?) in
            state.items.isEmpty ? (nil, state.failure) : (state.items.removeFirst(), nil)
        }
        guard let item else {
            // The end, for every later call too.
            ready.signal()
            if let failure { throw failure }
            return nil
        }
        room.signal()
        return item
    }

    /// Stops taking (the taker's last call, also after the end): the giver is told at its next
    /// ``put(_:)``, and waited for.
    func stop() {
        state.withLock { $0.stopped = true }
        room.signal()
        done.wait()
        done.signal()
    }
}
