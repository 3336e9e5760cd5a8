import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Hears every commit to an SQLite store by any process: a commit writes the store's WAL (or, at
/// a checkpoint, the store file), which inotify reports on the store's folder. The daemon then
/// asks the store what is new instead of asking it on a timer, so an idle daemon is never woken.
///
/// `changed` is called on a thread of its own for each batch of events; the thread blocks in
/// `poll` on the inotify descriptor and on a pipe that ``stop()`` writes to.
final class StoreFileWatch: Sendable {
    private let inotify: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let changed: @Sendable () -> Void

    /// A watch of the folder `folder`; nil when inotify refuses it (the caller then asks on a timer).
    init?(folder: String, changed: @escaping @Sendable () -> Void) {
        let descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE)
        var pipes: [Int32] = [0, 0]
        guard inotify_add_watch(descriptor, folder, mask) >= 0, pipe(&pipes) == 0 else {
            close(descriptor)
            return nil
        }
        // Not passed on to what the daemon runs.
        _ = fcntl(pipes[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(pipes[1], F_SETFD, FD_CLOEXEC)
        inotify = descriptor
        wakeRead = pipes[0]
        wakeWrite = pipes[1]
        self.changed = changed
    }

    /// Starts watching on a thread of its own.
    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "wfsd-store-watch"
        thread.start()
    }

    /// Stops the thread (at once) and closes the watch.
    func stop() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    private func run() {
        defer {
            close(inotify)
            close(wakeRead)
            close(wakeWrite)
        }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var descriptors = [
                pollfd(fd: inotify, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
            ]
            guard poll(&descriptors, 2, -1) >= 0 || errno == EINTR else { return }
            if descriptors[1].revents != 0 { return }
            guard descriptors[0].revents != 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
            if count < 0 && errno != EINTR && errno != EAGAIN { return }
            if count > 0 { changed() }
        }
    }
}
