import Dispatch
import Foundation
#if canImport(Glibc)
    import Glibc
#endif
import Synchronization
import WireframeFormats

/// One inotify event: the watch it came from, what happened and the name inside the watched folder.
public struct WatchEvent: Sendable, Equatable {
    /// The watch descriptor.
    public var watch: Int32
    /// The inotify mask bits.
    public var mask: UInt32
    /// Pairs the two halves of a rename.
    public var cookie: UInt32
    /// The name of the file or folder inside the watched folder (empty for events on the folder itself).
    public var name: String
    /// For a name that is not UTF-8 (`name` then names no file), the name as
    /// ``ProjectFiles/shownName(_:)`` shows it.
    public var undecodableName: String? = nil

    /// Whether any of `bits` is set.
    public func has(_ bits: UInt32) -> Bool { mask & bits != 0 }
}

/// The inotify mask bits the daemon uses (values of `<sys/inotify.h>`).
public enum InotifyMask {
    /// A file's attributes changed (mode, owner, times, links).
    public static let attrib: UInt32 = 0x0000_0004
    /// A file opened for writing was closed.
    public static let closeWrite: UInt32 = 0x0000_0008
    /// A file or folder was renamed away from the watched folder.
    public static let movedFrom: UInt32 = 0x0000_0040
    /// A file or folder was renamed into the watched folder.
    public static let movedTo: UInt32 = 0x0000_0080
    /// A file or folder was created.
    public static let create: UInt32 = 0x0000_0100
    /// A file or folder was deleted.
    public static let delete: UInt32 = 0x0000_0200
    /// The watched folder itself was deleted.
    public static let deleteSelf: UInt32 = 0x0000_0400
    /// The watched folder itself was moved.
    public static let moveSelf: UInt32 = 0x0000_0800
    /// The file system was unmounted.
    public static let unmount: UInt32 = 0x0000_2000
    /// The kernel's event queue overflowed: events were lost.
    public static let queueOverflow: UInt32 = 0x0000_4000
    /// The watch was removed.
    public static let ignored: UInt32 = 0x0000_8000
    /// Watch only if the path is a folder.
    public static let onlyDirectory: UInt32 = 0x0100_0000
    /// Do not follow a symbolic link.
    public static let dontFollow: UInt32 = 0x0200_0000
    /// No events for children after they were unlinked.
    public static let excludeUnlinked: UInt32 = 0x0400_0000
    /// The subject of the event is a folder.
    public static let isDirectory: UInt32 = 0x4000_0000

    /// What the daemon watches on every folder.
    public static let folderWatch: UInt32 =
        closeWrite | attrib | movedFrom | movedTo | create | delete | deleteSelf | moveSelf | onlyDirectory | dontFollow | excludeUnlinked

    /// The events on a file after which its content (or its presence) has changed.
    public static let contentChanges: UInt32 = closeWrite | movedTo | movedFrom | delete

    /// The events on a file after which it may have to be imported although its content did not
    /// change: a link or FIFO made (no `IN_CLOSE_WRITE` follows), a file made readable.
    public static let kindOrAccessChanges: UInt32 = create | attrib
}

/// Why a folder could not be watched.
public enum WatchError: Error, Equatable, CustomStringConvertible {
    /// inotify itself cannot be set up.
    case cannotInitialize(reason: String)
    /// The user's inotify watches are used up.
    case outOfWatches(path: String)
    /// Another failure of `inotify_add_watch`.
    case cannotWatch(path: String, reason: String)

    /// The message printed when the daemon cannot go on.
    public var description: String {
        switch self {
        case .cannotInitialize(let reason):
            "cannot start inotify: \(reason)"
        case .outOfWatches(let path):
            "cannot watch '\(path)': no inotify watches left; raise the sysctl fs.inotify.max_user_watches (for example 'sysctl fs.inotify.max_user_watches=524288')"
        case .cannotWatch(let path, let reason):
            "cannot watch '\(path)': \(reason)"
        }
    }
}

/// An inotify instance with one watch per folder, each remembered by its path relative to the root.
///
/// Events arrive through ``start(_:)``, read by the watcher's thread when the kernel has some:
/// it sleeps in `poll(2)` until then, nothing is polled on a timer.
public final class InotifyWatcher: Sendable {
    /// The absolute project root.
    public let root: String
    private let descriptor: Int32
    private let folders = Mutex<[Int32: String]>([:])

    /// Opens an inotify instance for a tree rooted at `root`.
    public init(root: String) throws {
        self.root = root
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { throw WatchError.cannotInitialize(reason: String(cString: strerror(errno))) }
        var wake: [Int32] = [-1, -1]
        guard pipe(&wake) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw WatchError.cannotInitialize(reason: reason)
        }
        for end in wake {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
        }
        self.descriptor = descriptor
        self.wakeDescriptor = wake[0]
        self.wakeWriteDescriptor = wake[1]
    }

    // The thread holds the watcher until it returns, so this runs only once it has.
    deinit {
        close(descriptor)
        close(wakeDescriptor)
        close(wakeWriteDescriptor)
    }

    /// How many folders are watched.
    public var watchedFolderCount: Int { folders.withLock { $0.count } }

    /// The folder (relative to the root, "" for the root) that a watch belongs to.
    public func folder(of watch: Int32) -> String? { folders.withLock { $0[watch] } }

    /// Forgets a watch the kernel removed (`IN_IGNORED`).
    public func forget(_ watch: Int32) { _ = folders.withLock { $0.removeValue(forKey: watch) } }

    /// Watches `relative` and every folder below it that `descend` admits (by relative path and name).
    ///
    /// - Returns: The relative paths of the folders now watched, and the failures met on the way.
    public func watchTree(_ relative: String, descend: (String, String) -> Bool) -> (folders: [String], failures: [WatchError]) {
        var watched: [String] = []
        var failures: [WatchError] = []
        var pending = [relative]
        while let current = pending.popLast() {
            let absolute = current.isEmpty ? root : root + "/" + current
            let watch = inotify_add_watch(descriptor, absolute, InotifyMask.folderWatch)
            if watch < 0 {
                let code = errno
                if code == ENOENT || code == ENOTDIR { continue }  // gone meanwhile
                failures.append(
                    code == ENOSPC ? .outOfWatches(path: absolute) : .cannotWatch(path: absolute, reason: String(cString: strerror(code))))
                continue
            }
            folders.withLock { table in
                // A folder moved within the tree keeps its watch descriptor: the new path wins.
                table[watch] = current
            }
            watched.append(current)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: absolute) else { continue }
            for name in names {
                let child = current.isEmpty ? name : current + "/" + name
                var isFolder: ObjCBool = false
                let path = absolute + "/" + name
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { continue }
                // Symbolic links to folders are not followed, as in ProjectFiles.
                if let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType,
                    type == .typeSymbolicLink
                {
                    continue
                }
                if descend(child, name) { pending.append(child) }
            }
        }
        return (watched, failures)
    }

    /// Removes the watches of `relative` and every folder below it (a folder moved away).
    public func unwatchTree(_ relative: String) {
        let prefix = relative + "/"
        let removed = folders.withLock { table in
            let matching = table.filter { $0.value == relative || $0.value.hasPrefix(prefix) }.map(\.key)
            for watch in matching { table.removeValue(forKey: watch) }
            return matching
        }
        for watch in removed { _ = inotify_rm_watch(descriptor, watch) }
    }

    /// Calls `handler` with the events, in batches as the kernel hands them out, on the watcher's
    /// own thread (one batch at a time, in order), until ``finish()``. The thread sleeps in
    /// `poll(2)` on the inotify descriptor, so the kernel's wake-up for a save lands on the thread
    /// that handles it, with no hand-over: the daemon imports a file due at once (a settle time of
    /// zero) right there. Call it once.
    public func start(_ handler: @escaping @Sendable ([WatchEvent]) -> Void) {
        let started = running.withLock { state -> Bool in
            guard !state.started, !state.finished else { return false }
            state.started = true
            return true
        }
        guard started else { return }
        let thread = Thread { [self] in
            run(handler)
            stopped.signal()
        }
        // The handler imports on this thread: 8 MiB of stack, what threads get under the usual
        // stack limit, whatever the limit of this process.
        thread.stackSize = 8 << 20
        thread.name = "wfsd.inotify"
        thread.start()
    }

    /// Polls until ``finish()``: inotify's descriptor for events, the wake-up descriptor for the end.
    private func run(_ handler: @Sendable ([WatchEvent]) -> Void) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var descriptors = [
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        while !isFinished {
            descriptors[0].revents = 0
            descriptors[1].revents = 0
            let ready = poll(&descriptors, nfds_t(descriptors.count), -1)
            if ready < 0 {
                let code = errno
                if code == EINTR { continue }
                // Out of memory for the moment: try again shortly rather than stop watching.
                if code == ENOMEM || code == EAGAIN {
                    usleep(10_000)
                    continue
                }
                return
            }
            if descriptors[1].revents != 0 { return }
            guard descriptors[0].revents != 0 else { continue }
            let batch = Self.readAvailable(descriptor, buffer: &buffer)
            if !batch.isEmpty { handler(batch) }
        }
    }

    private struct Running {
        var started = false
        var finished = false
    }

    private let running = Mutex(Running())
    /// Signalled once the thread has returned.
    private let stopped = DispatchSemaphore(value: 0)
    /// A pipe that becomes readable (and stays so) at ``finish()``, ending the thread's `poll`.
    private let wakeDescriptor: Int32
    private let wakeWriteDescriptor: Int32

    private var isFinished: Bool { running.withLock { $0.finished } }

    /// Stops handing out events (graceful shutdown); returns at once. A batch being handled
    /// completes (``waitUntilFinished()`` waits for it).
    public func finish() {
        let wake = running.withLock { state -> Bool in
            defer { state.finished = true }
            return !state.finished
        }
        guard wake else { return }
        var one: UInt8 = 1
        _ = write(wakeWriteDescriptor, &one, 1)
    }

    /// Waits until the thread of ``start(_:)`` has handled its last batch (at once if it never started).
    public func waitUntilFinished() {
        guard running.withLock({ $0.started }) else { return }
        stopped.wait()
        stopped.signal()  // for any later caller
    }

    /// Reads every event the kernel has queued.
    static func readAvailable(_ descriptor: Int32, buffer: inout [UInt8]) -> [WatchEvent] {
        var events: [WatchEvent] = []
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            events += parse(buffer[0..<count])
        }
        return events
    }

    /// Decodes `struct inotify_event` records: wd, mask, cookie, len, then `len` bytes of name.
    static func parse(_ bytes: ArraySlice<UInt8>) -> [WatchEvent] {
        var events: [WatchEvent] = []
        var offset = bytes.startIndex
        func word(_ at: Int) -> UInt32 {
            UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
        }
        while offset + 16 <= bytes.endIndex {
            let watch = Int32(bitPattern: word(offset))
            let mask = word(offset + 4)
            let cookie = word(offset + 8)
            let length = Int(word(offset + 12))
            let nameStart = offset + 16
            let nameEnd = min(nameStart + length, bytes.endIndex)
            var name = bytes[nameStart..<nameEnd]
            if let zero = name.firstIndex(of: 0) { name = name[..<zero] }
            events.append(
                WatchEvent(
                    watch: watch, mask: mask, cookie: cookie, name: String(decoding: name, as: UTF8.self),
                    undecodableName: ProjectFiles.shownName(name)))
            offset = nameEnd
        }
        return events
    }
}
