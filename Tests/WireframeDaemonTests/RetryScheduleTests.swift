import Testing
import WireframeStore

@testable import WireframeDaemon

/// When the daemon tries a save again that the store refused: soon for a refusal that passes by
/// itself, later for one that needs a person.
struct RetryScheduleTests {
    @Test func aBusyOrUnreachableStoreIsRetriedSoonAndAtLeastEveryFiveSeconds() {
        let busy = StoreError.busy(path: "store.sqlite", seconds: 10)
        let unreachable = StoreError.unavailable(location: "postgresql://db/shop", reason: "connection refused")
        #expect(SyncDaemon.isTransient(busy) && SyncDaemon.isTransient(unreachable))
        let delays = (1...9).map { SyncDaemon.retryDelay(afterFailures: $0, transient: true) }
        #expect(delays == [100, 200, 400, 800, 1_600, 3_200, 5_000, 5_000, 5_000].map { .milliseconds($0) })
        #expect(SyncDaemon.retryDelay(afterFailures: 1_000, transient: true) == .seconds(5))
    }

    @Test func aFullOrReadOnlyStoreIsRetriedLessOften() {
        #expect(!SyncDaemon.isTransient(StoreError.diskFull(path: "store.sqlite")))
        #expect(!SyncDaemon.isTransient(StoreError.readOnly(path: "store.sqlite")))
        let delays = (1...9).map { SyncDaemon.retryDelay(afterFailures: $0) }
        #expect(delays == [500, 1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000].map { .milliseconds($0) })
    }
}
