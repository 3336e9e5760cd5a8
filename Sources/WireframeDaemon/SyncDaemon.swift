import Dispatch
import Foundation
#if canImport(Glibc)
    import Glibc
#endif
public import Logging
public import ServiceLifecycle
import Synchronization
import UnixSignals
import WireframeAnalysis
import WireframeFormats
import WireframeModel
public import WireframeStore
import WireframeSync
import WireframePostgreSQL

/// The sync daemon as one service: catch up, then watch and import until graceful shutdown.
///
/// ``prepare(configuration:logger:)`` does what must succeed before the service group starts:
/// find the store, take the one-daemon-per-store lock, open (and so migrate) the store, find the
/// root. ``run()`` installs the watches, runs the catch-up pass, tells systemd it is ready, and
/// then runs the watcher's thread (inotify events → settle scheduler, or, with a settle time of
/// zero, straight to the import pipeline on that thread) and three loops in one task group:
/// scheduler → import pipeline, SIGHUP → configuration reload, and the systemd watchdog. Imports
/// never overlap: the two that import take turns (`importTurn`), one file at a time.
/// On graceful shutdown (SIGTERM, SIGINT) it stops watching, stops the import or catch-up pass in
/// flight without writing anything of the file it was reading (the next start imports that file
/// again), imports the files still settling, and returns.
public final class SyncDaemon: Service, Sendable {
    /// What ``prepare(configuration:logger:)`` found.
    public struct Prepared: Sendable {
        /// The open store.
        public var store: any Store
        /// The store's location (for a URL, without its password).
        public var storePath: String
        /// The path the daemon's lock and state files sit beside (``StoreLocation/daemonFilesAnchor(location:root:)``).
        public var filesAnchor: String
        /// The absolute project root.
        public var root: String
        /// The lock held while the daemon runs.
        public var lock: DaemonLock
    }

    /// Finds and opens the store and takes its lock.
    ///
    /// - Throws: ``DaemonLockError`` when another daemon serves the store, ``StoreError`` and
    ///   ``SyncError`` when the store or root cannot be used.
    public static func prepare(configuration: DaemonConfiguration, logger: Logger) throws -> Prepared {
        let storePath = try StoreLocation.find(
            explicit: configuration.store, environment: [:], from: configuration.root ?? FileManager.default.currentDirectoryPath)
        // The root is known before the store opens: a store on a server records none (it is per
        // machine), and the lock beside which the daemon runs may lie in it.
        let root: String
        if let configured = configuration.root {
            root = StoreLocation.absolute(configured)
        } else if StoreLocation.isURL(storePath) {
            root = StoreLocation.absolute(FileManager.default.currentDirectoryPath)
        } else {
            root = try recordedRoot(of: storePath)
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue else {
            throw SyncError.noSuchPath(path: root)
        }
        let anchor = StoreLocation.daemonFilesAnchor(location: storePath, root: root)
        if StoreLocation.isURL(storePath) {
            try FileManager.default.createDirectory(
                atPath: URL(fileURLWithPath: anchor).deletingLastPathComponent().path, withIntermediateDirectories: true)
        }
        let lock = try DaemonLock(store: anchor)
        let store = try StoreLocation.open(location: storePath, for: .daemon)
        return Prepared(store: store, storePath: StoreLocation.shown(storePath), filesAnchor: anchor, root: root, lock: lock)
    }

    /// The root an SQLite store recorded, read without holding the store open.
    private static func recordedRoot(of storePath: String) throws -> String {
        let store = try StoreLocation.open(location: storePath)
        defer { try? store.close() }
        guard let recorded = try StoreLocation.projectRoot(of: store) else { throw SyncError.noProjectRoot }
        return recorded
    }

    private struct Runtime {
        var configuration: DaemonConfiguration
        var knownFiles: Set<String> = []
        /// What each WorkflowSchema document loads (see ``ImportResult/loadTargets``), once known.
        var loadTargets: [String: Set<String>] = [:]
        /// Whether every known WorkflowSchema document has its entry in `loadTargets` (imports
        /// keep them current; a catch-up pass may add documents it did not import).
        var loadTargetsComplete = false
        var status: DaemonStatus
        /// Whether `status` holds an event that the state file does not show yet.
        var statusNoted = false
        var importStartedAt: ContinuousClock.Instant?
        var stopping = false
        /// Files whose import failed on the store (busy, unreachable, disk full, read-only), by
        /// consecutive failures.
        var failures: [String: Int] = [:]
        /// When the last retry of a file was logged as a warning.
        var retryWarnings: [String: ContinuousClock.Instant] = [:]
        /// Consecutive catch-up passes that failed on the store.
        var reconcileFailures = 0
        /// Documents whose file was larger than ``largeInput`` when last imported: its deletion
        /// frees much memory too.
        var largeDocuments: Set<String> = []
        /// Whether an import of a large file (or its deletion) was reported since the C heap was
        /// last trimmed.
        var trimDue = false
        /// Files moved within the root and not imported yet: new path → the path they were moved
        /// from (`IN_MOVED_FROM` and `IN_MOVED_TO` with one cookie).
        var moves: [String: String] = [:]
        /// Files this daemon wrote into the clone (a sync, a merge) and not read since: path →
        /// the SHA-256 of the stored source written. The watcher's event for such a write is
        /// the daemon's own, not a save: a file that still holds those bytes is not imported.
        var ownWrites: [String: String] = [:]
    }

    private let prepared: Prepared
    private let configurationFile: String?
    private let flags: DaemonConfiguration.Flags
    private let logger: Logger
    private let notifier: SystemdNotifier
    private let onReload: @Sendable (DaemonConfiguration) -> Void
    private let scheduler = SettleScheduler()
    /// What the daemon keeps of each document between saves.
    private let memory = SaveMemory()
    private let watcher: InotifyWatcher
    /// What each file of the clone is based on, shared with `wfs import` in the clone.
    private let cloneBases: CloneBases
    private let runtime: Mutex<Runtime>
    private let clock = ContinuousClock()
    /// Folders relative to the root that are never watched: the store's folder when it lies inside the root.
    private let storeFolders: Set<String>
    /// Set as soon as SIGTERM or SIGINT arrives (or graceful shutdown begins): the import in
    /// flight stops at its next check (see ``WorkBudget``), whichever thread runs it. The service
    /// group hears the signal on the daemon's executor thread, which a catch-up pass keeps busy,
    /// so the signal is also caught apart from it (``watchStopSignals()``).
    private let stopRequested = Atomic<Bool>(false)

    /// Creates the daemon.
    ///
    /// - Parameters:
    ///   - prepared: The store, root and lock from ``prepare(configuration:logger:)``.
    ///   - configuration: The configuration in force.
    ///   - configurationFile: The file that SIGHUP reads again, if any.
    ///   - flags: The command-line values that keep overriding the file on reload.
    ///   - notifier: The systemd notifier.
    ///   - logger: Where the daemon logs.
    ///   - onReload: Called with each configuration that a reload puts in force.
    public init(
        prepared: Prepared, configuration: DaemonConfiguration, configurationFile: String?, flags: DaemonConfiguration.Flags,
        notifier: SystemdNotifier = SystemdNotifier(), logger: Logger,
        onReload: @escaping @Sendable (DaemonConfiguration) -> Void = { _ in }
    ) throws {
        self.prepared = prepared
        self.configurationFile = configurationFile
        self.flags = flags
        self.notifier = notifier
        self.logger = logger
        self.onReload = onReload
        self.watcher = try InotifyWatcher(root: prepared.root)
        self.cloneBases = CloneBases(root: prepared.root)
        let status = DaemonStatus(pid: getpid(), since: Timestamp.now().text)
        self.runtime = Mutex(Runtime(configuration: configuration, status: status))
        let storeFolder = URL(fileURLWithPath: prepared.filesAnchor).deletingLastPathComponent().path
        let prefix = prepared.root.hasSuffix("/") ? prepared.root : prepared.root + "/"
        self.storeFolders = storeFolder.hasPrefix(prefix) ? [String(storeFolder.dropFirst(prefix.count))] : []
    }

    private var configuration: DaemonConfiguration { runtime.withLock { $0.configuration } }

    /// A pipeline; `files`: the WorkflowSchema files already read in the same pass.
    private func pipeline(origin: RevisionOrigin, files: WorkflowSchemaFiles? = nil) -> ImportPipeline {
        let configuration = configuration
        var pipeline = ImportPipeline(
            store: prepared.store, root: prepared.root, author: configuration.author ?? Times.processUser(), origin: origin, memory: memory)
        // Without a configured author, a save is its file's owner's (a deletion, with no file
        // left, stays the daemon's user's).
        pipeline.authorFromFileOwner = configuration.author == nil
        // Upload only: saves are stored as they are, and nothing is written into the clone.
        pipeline.cloneBases = configuration.sync == .both ? cloneBases : nil
        pipeline.schemaFiles = files
        pipeline.workLimit = configuration.importWorkLimit
        pipeline.timeLimit = configuration.importTimeLimit
        // The imports under way when the daemon is asked to stop are stopped; those it starts
        // after (the files still settling, handed out at once) run, within their budget.
        let cancellable = !stopRequested.load(ordering: .relaxed)
        pipeline.isCancelled = { [self] in cancellable && stopRequested.load(ordering: .relaxed) }
        return pipeline
    }

    /// Catches SIGTERM and SIGINT on a queue of their own, beside the service group's handling of
    /// them, so that an import keeping the executor thread busy is stopped at once. The sources
    /// are cancelled when the daemon stops.
    private func watchStopSignals() -> [any DispatchSourceSignal] {
        let queue = DispatchQueue(label: "wfsd.stop-signals")
        return [SIGTERM, SIGINT].map { signal in
            let source = DispatchSource.makeSignalSource(signal: signal, queue: queue)
            source.setEventHandler { [self] in stopRequested.store(true, ordering: .relaxed) }
            source.resume()
            return source
        }
    }

    // MARK: Running

    /// Catches up, then watches until graceful shutdown.
    public func run() async throws {
        await withGracefulShutdownHandler {
            // SIGHUP is trapped first: one that comes before the loops run (during the catch-up
            // pass, or just after "ready") waits for them instead of ending the daemon, which is
            // what the signal does to a process that does not handle it.
            let hangups = await UnixSignalsSequence(trapping: .sighup)
            let stopSignals = watchStopSignals()
            defer { for source in stopSignals { source.cancel() } }
            watchTree("", reason: "start")
            reconcile(reason: "start")
            if isStopping {
                // A signal stopped the catch-up pass: the service group hears it now that this
                // thread is free, and the daemon stops as after any graceful shutdown.
                try? await gracefulShutdown()
                watcher.finish()
                try? prepared.store.close()
                logger.info("stopped")
                return
            }
            let status = statusLine()
            notifier.ready(status: status)
            logger.info(
                "watching",
                metadata: [
                    "root.path": .string(prepared.root), "store.path": .string(prepared.storePath),
                    "watch.folders": .stringConvertible(watcher.watchedFolderCount), "watch.files": .stringConvertible(knownFileCount),
                    "settle.milliseconds": .stringConvertible(configuration.settleMilliseconds),
                ])
            // Events are handled on the watcher's thread, as the kernel hands them out.
            watcher.start { [self] batch in handle(batch) }
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await self.reload(on: hangups) }
                group.addTask { await self.followLoop() }
                if let interval = notifier.watchdogInterval {
                    group.addTask { await self.feedWatchdog(every: interval / 2, limit: interval) }
                }
                await importLoop()
                group.cancelAll()
            }
            watcher.finish()
            // An import the watcher's thread is running stops or finishes before the daemon stops.
            watcher.waitUntilFinished()
            writeStatusIfNoted()
            try? prepared.store.close()
            logger.info("stopped")
        } onGracefulShutdown: {
            self.notifier.stopping()
            self.stopRequested.store(true, ordering: .relaxed)
            self.runtime.withLock { $0.stopping = true }
            self.watcher.finish()
            self.scheduler.close()
        }
    }

    private var isStopping: Bool { stopRequested.load(ordering: .relaxed) || runtime.withLock { $0.stopping } }
    private var knownFileCount: Int { runtime.withLock { $0.knownFiles.count } }

    private func importLoop() async {
        while let work = await scheduler.next() {
            importTurn.withLock { _ in
                switch work {
                case .file(let path):
                    importAndRevalidate(path)
                case .rescan(let reason):
                    watchTree("", reason: reason)
                    reconcile(reason: reason)
                }
                // An event that the handler left for this loop to write (see `handle`), if the work
                // did not write the state file itself (a file gone before it was read, a folder).
                writeStatusIfNoted()
            }
        }
    }

    /// Held by whichever of the import loop and the watcher's thread imports, so that imports
    /// (and catch-up passes) never overlap.
    private let importTurn = Mutex(())

    // MARK: Following the store

    /// The newest revision of the store this clone has followed; nil before the first look.
    private let followed = Mutex<Int64?>(nil)
    /// Until when the store is not followed after it was found busy (see ``followStore()``).
    private let followPausedUntil = Mutex<ContinuousClock.Instant?>(nil)

    /// Follows the store while the daemon runs: every revision another writer stores is written
    /// into this clone's files (``CloneSync``) under the import turn, so never over a save being
    /// imported. It is woken, never by a timer alone: on PostgreSQL by the store's NOTIFY
    /// (``RevisionListener``), on SQLite by inotify on the store's folder, where every commit
    /// writes (``StoreFileWatch``); then it asks for the newest revision's id, a read of one row.
    /// A look every 30 seconds stands in for a notification lost while the listener was down.
    /// Upload only: nothing runs (the key takes effect at a restart).
    private func followLoop() async {
        guard configuration.sync == .both else { return }
        let (wakes, wake) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let location = prepared.store.location
        let listener = StoreLocation.isURL(location) ? RevisionListener(location: location) { _ in wake.yield() } : nil
        let folder = URL(fileURLWithPath: prepared.storePath).deletingLastPathComponent().path
        let storeWatch = listener == nil ? StoreFileWatch(folder: folder) { wake.yield() } : nil
        listener?.start()
        storeWatch?.start()
        // Without either (inotify refused), the store is asked every half second.
        let interval: Duration = listener == nil && storeWatch == nil ? .milliseconds(500) : .seconds(30)
        let safetyNet = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                wake.yield()
            }
        }
        defer {
            safetyNet.cancel()
            listener?.stop()
            storeWatch?.stop()
            wake.finish()
        }
        wake.yield()  // the first look: the whole clone, after the catch-up pass
        for await _ in wakes {
            if Task.isCancelled || isStopping { break }
            followStore()
        }
    }

    /// Brings the clone's files to the revisions stored since it last looked (every document at
    /// the first look, after the catch-up pass). Upload only: nothing. Each document takes the
    /// import turn on its own, so a save made meanwhile waits for one file, not for the pass.
    private func followStore() {
        guard configuration.sync == .both else { return }
        // After the store was found busy, the saves' retries go first: a follow waits out the
        // whole busy timeout each time it is woken, and the store's folder wakes it again at once.
        if let until = followPausedUntil.withLock({ $0 }), ContinuousClock.now < until { return }
        do {
            let (newest, heads, sync) = try importTurn.withLock { _ -> (Int64, [Revision], CloneSync?) in
                let newest = try NewRevisions.newestId(prepared.store) ?? 0
                let last = followed.withLock { $0 }
                if let last, newest <= last { return (newest, [], nil) }
                var paths: [String] = []
                if let last {
                    paths = Set(try NewRevisions.revisions(prepared.store, after: last, through: newest).map(\.documentPath)).sorted()
                    if paths.isEmpty { return (newest, [], nil) }
                }
                var sync = CloneSync(pipeline: pipeline(origin: .daemon))
                let configuration = configuration
                sync.admits = { configuration.admits($0) }
                return (newest, try sync.heads(paths), sync)
            }
            if let sync {
                for head in heads where !isStopping {
                    try importTurn.withLock { _ in
                        reportFollowed(CloneSync.Outcome(path: head.documentPath, action: try sync.sync(head)))
                        writeStatusIfNoted()
                    }
                }
            }
            followed.withLock { $0 = newest }
        } catch {
            // Asked again at the next tick: the revisions since the last look stay unfollowed.
            if case StoreError.busy(_, let seconds, _) = error {
                followPausedUntil.withLock { $0 = ContinuousClock.now.advanced(by: .seconds(seconds)) }
            }
            logger.warning("following the store failed: \(error); trying again", metadata: ["error": .string("\(error)")])
        }
    }

    /// Logs what following the store did to one file.
    private func reportFollowed(_ outcome: CloneSync.Outcome) {
        let path = outcome.path
        func by(_ revision: Revision) -> String { "revision \(revision.id) by \(revision.author)" }
        func info(_ message: String, _ action: String, _ revision: Revision) {
            // The daemon's memory of the file is of the version it stored, not the one written now.
            memory.forget(path: path)
            if let written = revision.sourceHash { runtime.withLock { $0.ownWrites[path] = written } }
            logger.info(
                "\(path): \(message)",
                metadata: ["file.path": .string(path), "sync.action": .string(action), "revision.id": .stringConvertible(revision.id)])
        }
        switch outcome.action {
        case .upToDate, .wouldSave:
            break
        case .updated(let head): info("updated to \(by(head))", "updated", head)
        case .added(let head): info("added: \(by(head))", "added", head)
        case .removed(let deletion): info("removed: deleted in \(by(deletion))", "removed", deletion)
        case .keptDeletedElsewhere(let deletion):
            logger.warning(
                "\(path): deleted in \(by(deletion)), but edited here: kept",
                metadata: ["file.path": .string(path), "sync.action": .string("kept"), "revision.id": .stringConvertible(deletion.id)])
        case .removedHere:
            break
        case .saved(let result):
            record(result, duration: .zero, cause: "sync")
        }
    }

    private func importAndRevalidate(_ path: String) {
        importFile(path)
        revalidateLoaders(of: [path])
    }

    /// Imports files due at once (a settle time of zero) on the calling thread, the watcher's:
    /// the kernel's wake-up for a save is the only one before its import. A file the scheduler
    /// also holds (a retry waiting) is taken from it, so that it is not imported twice.
    private func importNow(_ paths: [String]) {
        importTurn.withLock { _ in
            for path in paths {
                scheduler.withdraw(path)
                importAndRevalidate(path)
            }
            writeStatusIfNoted()
        }
    }

    private func reload(on signals: UnixSignalsSequence) async {
        for await _ in signals {
            await reload()
        }
    }

    private func feedWatchdog(every period: Duration, limit: Duration) async {
        while !Task.isCancelled {
            // An import stuck for longer than the watchdog limit stops the pings: systemd restarts us.
            let stuck = runtime.withLock { state in state.importStartedAt.map { clock.now - $0 > limit } ?? false }
            if !stuck { notifier.watchdog() }
            await DaemonExecutor.sleep(until: clock.now.advanced(by: period))
        }
    }

    // MARK: Events

    /// Whether a folder (relative path, name) is searched and watched.
    private func admitsFolder(_ relative: String, name: String) -> Bool {
        !name.hasPrefix(".") && !ProjectFiles.ignoredFolders.contains(name) && !storeFolders.contains(relative)
            && !configuration.excludes(relative)
    }

    /// Whether a file (relative path, name) is a wireframe the daemon imports.
    private func admitsFile(_ relative: String, name: String) -> Bool {
        guard !ProjectFiles.isIgnoredFile(name), DocumentFormat(path: name) != nil else { return false }
        let folders = relative.split(separator: "/").dropLast()
        if folders.contains(where: { $0.hasPrefix(".") || ProjectFiles.ignoredFolders.contains(String($0)) }) { return false }
        if storeFolders.contains(where: { relative.hasPrefix($0 + "/") }) { return false }
        return configuration.admits(relative)
    }

    private func handle(_ batch: [WatchEvent]) {
        let settle = configuration.settle
        var sawEvent = false
        // Whether this batch made work due at once (a settle time of zero): the work then writes
        // the state file when done, so the file is not written beside the import.
        var handedOver = false
        // With a settle time of zero: the files to import on this thread once the batch is read,
        // in the order of their events, each once.
        var now: [String] = []
        var nowSet: Set<String> = []
        // For links, FIFOs and attribute changes: the catch-up's decisions, with the refused
        // attempts read once a batch (a `chmod -R` is one batch of many events).
        var decisions: (reconciler: Reconciler, refused: [String: AttemptSummary])?
        func needsImport(_ relative: String, created: Bool) -> Bool {
            if decisions == nil {
                let catchUp = reconciler()
                decisions = (catchUp, catchUp.refusedAttempts())
            }
            guard let (catchUp, refused) = decisions else { return true }
            return catchUp.needsImport(afterCreatingOrChanging: relative, created: created, refused: refused)
        }
        // The event is noted before any file is handed to the import loop, so that the state file
        // the import writes never shows an older event than the one that led to it.
        func saw() {
            guard !sawEvent else { return }
            sawEvent = true
            let now = Timestamp.now().text
            runtime.withLock {
                $0.status.lastEvent = now
                $0.statusNoted = true
            }
        }
        func touch(_ path: String) {
            guard settle == .zero else {
                scheduler.touch(path, settle: settle)
                return
            }
            handedOver = true
            if nowSet.insert(path).inserted { now.append(path) }
        }
        // Files moved within the root in this batch: the kernel reports a move as `IN_MOVED_FROM`
        // and `IN_MOVED_TO` with one cookie, one after the other. The new path is imported as a
        // rename of the old one, whose own event then records nothing.
        let (moves, folderMoves) = movesWithin(batch)
        let movedAway = Set(moves.values)
        let foldersMovedAway = Dictionary(folderMoves.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        for event in batch {
            if event.has(InotifyMask.queueOverflow) {
                logger.warning("inotify queue overflowed: events were lost; rescanning every file")
                saw()
                scheduler.requestRescan(reason: "overflow")
                handedOver = true
                continue
            }
            guard let folder = watcher.folder(of: event.watch) else { continue }
            if event.has(InotifyMask.ignored) {
                watcher.forget(event.watch)
                continue
            }
            if event.has(InotifyMask.deleteSelf | InotifyMask.moveSelf | InotifyMask.unmount) {
                if folder.isEmpty { logger.error("the project root was moved or deleted", metadata: ["root.path": .string(prepared.root)]) }
                continue
            }
            guard !event.name.isEmpty else { continue }
            if let shown = event.undecodableName {
                // Never imported (a document path is text); said once a save of it is complete.
                let relative = folder.isEmpty ? shown : folder + "/" + shown
                if event.has(InotifyMask.closeWrite | InotifyMask.movedTo), admitsFile(relative, name: shown) {
                    Reconciler.reportUndecodableName(relative, logger: logger)
                }
                continue
            }
            let relative = folder.isEmpty ? event.name : folder + "/" + event.name
            if event.has(InotifyMask.isDirectory) {
                guard admitsFolder(relative, name: event.name) else { continue }
                saw()
                if event.has(InotifyMask.create | InotifyMask.movedTo) {
                    // A new folder: watch it and what is below it, and import the files already there.
                    watchTree(relative, reason: "new folder")
                    let absolute = prepared.root + "/" + relative
                    let prefix = prepared.root + "/"
                    let search = ProjectFiles.search(absolute)
                    for folder in search.unreadableFolders {
                        logger.warning(
                            "cannot list a new folder; its files are not imported",
                            metadata: ["folder.path": .string(folder.path), "error": .string(folder.reason)])
                    }
                    // A folder moved within the root: each file is the rename of the file it was.
                    let previousFolder = event.has(InotifyMask.movedTo) ? folderMoves[relative] : nil
                    for file in search.files where file.hasPrefix(prefix) {
                        let fileRelative = String(file.dropFirst(prefix.count))
                        let name = (fileRelative as NSString).lastPathComponent
                        guard admitsFile(fileRelative, name: name) else { continue }
                        if let previousFolder {
                            let previousPath = previousFolder + fileRelative.dropFirst(relative.count)
                            runtime.withLock { $0.moves[fileRelative] = previousPath }
                        }
                        touch(fileRelative)
                    }
                } else if event.has(InotifyMask.movedFrom | InotifyMask.delete) {
                    // A folder gone: its documents are checked after the settle time, but for
                    // those whose files moved with it within the root: their new paths record them.
                    watcher.unwatchTree(relative)
                    let prefix = relative + "/"
                    var documents = runtime.withLock { $0.knownFiles.filter { $0.hasPrefix(prefix) } }
                    if let stored = try? prepared.store.documentPaths() { documents.formUnion(stored.filter { $0.hasPrefix(prefix) }) }
                    let newFolder = event.has(InotifyMask.movedFrom) ? foldersMovedAway[relative] : nil
                    for document in documents {
                        if let newFolder,
                            ProjectFiles.presence(prepared.root + "/" + newFolder + document.dropFirst(relative.count)) == .file
                        {
                            scheduler.withdraw(document)
                            continue
                        }
                        touch(document)
                    }
                }
                continue
            }
            guard event.has(InotifyMask.contentChanges | InotifyMask.kindOrAccessChanges), admitsFile(relative, name: event.name),
                event.has(InotifyMask.contentChanges)
                    || needsImport(relative, created: event.has(InotifyMask.create))
            else { continue }
            saw()
            if event.has(InotifyMask.movedFrom), movedAway.contains(relative) {
                // Its move's new path records it; a save of it still settling is part of that.
                scheduler.withdraw(relative)
                continue
            }
            if event.has(InotifyMask.movedTo), let previousPath = moves[relative] {
                runtime.withLock { $0.moves[relative] = previousPath }
            }
            touch(relative)
        }
        // With work due later (a settle time), the event is written now; work due at once writes
        // it when done (`importNow`, `importLoop`), so an event is in the state file once its
        // import is.
        if sawEvent && !handedOver { writeStatus() }
        if !now.isEmpty { importNow(now) }
    }

    /// The moves within the root in a batch of events, new path → old path: of wireframe files,
    /// and of watched folders.
    private func movesWithin(_ batch: [WatchEvent]) -> (files: [String: String], folders: [String: String]) {
        var from: [UInt32: String] = [:]
        var files: [String: String] = [:]
        var folders: [String: String] = [:]
        for event in batch where !event.name.isEmpty && event.undecodableName == nil {
            guard event.has(InotifyMask.movedFrom | InotifyMask.movedTo), let folder = watcher.folder(of: event.watch) else { continue }
            let relative = folder.isEmpty ? event.name : folder + "/" + event.name
            let isFolder = event.has(InotifyMask.isDirectory)
            guard isFolder ? admitsFolder(relative, name: event.name) : admitsFile(relative, name: event.name) else { continue }
            if event.has(InotifyMask.movedFrom) {
                from[event.cookie] = relative
            } else if let previousPath = from.removeValue(forKey: event.cookie), previousPath != relative {
                if isFolder { folders[relative] = previousPath } else { files[relative] = previousPath }
            }
        }
        return (files, folders)
    }

    private func watchTree(_ relative: String, reason: String) {
        let result = watcher.watchTree(relative) { self.admitsFolder($0, name: $1) }
        guard !result.failures.isEmpty else { return }
        for failure in result.failures {
            logger.warning(
                "cannot watch a folder; its files are found by a rescan instead", metadata: ["error": .string(failure.description)])
        }
        // Never silence: what cannot be watched is compared by a rescan (not again for a rescan's own failures).
        if reason != "rescan after failed watch" { scheduler.requestRescan(reason: "rescan after failed watch") }
    }

    // MARK: Imports

    /// Imports the documents that load one of `changed` (directly or through loaded files) again,
    /// since their verdict depends on those files; they are not followed further (their load
    /// targets are already transitive).
    private func revalidateLoaders(of changed: Set<String>) {
        guard !changed.isEmpty, !isStopping else { return }
        // Documents unchanged since the start were not read: learn what they load, once.
        let unknown = runtime.withLock { state -> Set<String> in
            guard !state.loadTargetsComplete else { return [] }
            state.loadTargetsComplete = true
            return state.knownFiles.filter { DocumentFormat(path: $0) == .workflowSchema && state.loadTargets[$0] == nil }
        }
        // One pass: a file that several documents load (a chain) is read once for all of them.
        let files = WorkflowSchemaFiles()
        if !unknown.isEmpty {
            let pipeline = pipeline(origin: .daemon, files: files)
            for document in unknown.sorted() {
                let targets = pipeline.loadTargets(relativePath: document)
                runtime.withLock { $0.loadTargets[document] = targets }
            }
        }
        let loaders = runtime.withLock { state in
            state.loadTargets.filter { document, targets in !changed.contains(document) && !targets.isDisjoint(with: changed) }.keys
                .sorted()
        }
        for loader in loaders {
            if isStopping { return }
            importFile(loader, cause: "a loaded file changed", files: files)
        }
    }

    /// A document's head; nil for a path the store does not know. Any other store error is
    /// thrown, so that a deletion seen while the store is busy is retried, not forgotten.
    private func storedHead(_ relative: String) throws -> Revision? {
        do {
            return try prepared.store.revision(documentPath: relative, atOrBefore: nil)
        } catch StoreError.unknownDocument {
            return nil
        }
    }

    private func importFile(_ relative: String, cause: String? = nil, files: WorkflowSchemaFiles? = nil) {
        // Once the import's values are gone (they live in this call's scope).
        defer { giveMemoryBackIfDue() }
        let absolute = prepared.root + "/" + relative
        // A symbolic link that leads nowhere (a loop, a missing target), or a file in a folder that
        // denies a look, is a file that cannot be read, not a deletion: the pipeline records why.
        let presence = ProjectFiles.presence(absolute)
        if presence == .folder { return }
        let exists = presence == .file
        // The event of the daemon's own write: one hash of the file instead of an import, which
        // cost each clone of the eight-writer benchmark an unchanged import (and an attempt
        // written to the store) for every revision another clone stored.
        if exists, let written = runtime.withLock({ $0.ownWrites.removeValue(forKey: relative) }),
            let bytes = FileManager.default.contents(atPath: absolute), ContentHash.hex(of: [UInt8](bytes)) == written
        {
            logger.debug("its own write, not a save", metadata: ["file.path": .string(relative)])
            return
        }
        let pipeline = pipeline(origin: .daemon, files: files)
        let started = clock.now
        runtime.withLock { $0.importStartedAt = started }
        defer { runtime.withLock { $0.importStartedAt = nil } }
        // A file moved here within the root: a rename of its old path's document while that
        // path is still gone (else the old path is a file of its own again).
        let previousPath = runtime.withLock { $0.moves.removeValue(forKey: relative) }
        do {
            if exists, let previousPath, ProjectFiles.presence(prepared.root + "/" + previousPath) == .gone {
                logger.debug("importing a move", metadata: ["file.path": .string(relative), "file.previousPath": .string(previousPath)])
                for result in try pipeline.importRename(from: previousPath, to: relative) {
                    record(result, duration: clock.now - started, cause: cause)
                }
                memory.releaseDiscarded()
            } else if exists {
                logger.debug("importing", metadata: ["file.path": .string(relative)])
                let result = try pipeline.importFile(absolutePath: absolute, relativePath: relative)
                record(result, duration: clock.now - started, cause: cause)
                // What the import no longer needs is freed once it is reported, not before.
                memory.releaseDiscarded()
            } else if let head = try storedHead(relative), !head.isDeletion {
                if let result = try pipeline.recordDeletion(relativePath: relative) {
                    record(result, duration: clock.now - started)
                }
            } else {
                // Never stored (its saves were all refused): what the memory keeps of its last
                // read goes with it, and the heap is given back if that read was large.
                memory.forget(path: relative)
                runtime.withLock { state in
                    state.knownFiles.remove(relative)
                    if state.largeDocuments.remove(relative) != nil { state.trimDue = true }
                }
            }
            runtime.withLock { state in
                state.failures[relative] = nil
                state.retryWarnings[relative] = nil
            }
        } catch {
            // Tried again as the move it was.
            if let previousPath { runtime.withLock { $0.moves[relative] = previousPath } }
            retryLater(relative, error: error)
        }
    }

    /// A failed import (the store busy beyond its timeout, unreachable, its disk full, read-only)
    /// is tried again after a delay that doubles with each failure, so that the save is stored as
    /// soon as the store can take it, and never dropped; nothing was written by the failed
    /// attempt, and a retry that finds its version stored after all records it unchanged (by its
    /// content hash), so each save is stored once. The first failure is a warning, and then one
    /// a minute at most while the store keeps refusing (the others are logged at debug level).
    private func retryLater(_ relative: String, error: any Error) {
        if error is ImportPipeline.Cancelled {
            // Nothing was written: the next start's catch-up imports the file again.
            logger.notice(
                "import stopped: the daemon is stopping; the next start imports the file again", metadata: ["file.path": .string(relative)])
            return
        }
        let now = clock.now
        let (failures, stopping, warns) = runtime.withLock { state -> (Int, Bool, Bool) in
            let failures = (state.failures[relative] ?? 0) + 1
            state.failures[relative] = failures
            let warns = state.retryWarnings[relative].map { now - $0 >= Self.retryWarningInterval } ?? true
            if warns { state.retryWarnings[relative] = now }
            return (failures, state.stopping, warns)
        }
        let delay = Self.retryDelay(afterFailures: failures, transient: Self.isTransient(error))
        var metadata: Logger.Metadata = ["file.path": .string(relative), "error": .string(String(describing: error))]
        if stopping {
            // Shutting down: the next start's catch-up pass imports it.
            logger.warning("import failed; the next start catches up", metadata: metadata)
            return
        }
        metadata["retry.milliseconds"] = .string(Self.milliseconds(delay))
        metadata["retry.failures"] = .stringConvertible(failures)
        logger.log(level: warns ? .warning : .debug, "import failed; retrying", metadata: metadata)
        scheduler.touch(relative, settle: delay)
    }

    /// How often a file that keeps failing on the store is logged as a warning.
    static let retryWarningInterval: Duration = .seconds(60)

    /// Whether a store error is one that goes away by itself (a lock held by another writer, a
    /// server gone for a moment): retried soon, rather than waiting for a person.
    static func isTransient(_ error: any Error) -> Bool {
        switch error as? StoreError {
        case .busy, .unavailable: true
        default: false
        }
    }

    /// After a transient error, a tenth of a second after the first failure, doubling up to five
    /// seconds; after another (a full disk, a read-only store), half a second, doubling up to a minute.
    static func retryDelay(afterFailures failures: Int, transient: Bool = false) -> Duration {
        let doublings = min(max(failures - 1, 0), 10)
        return transient ? .milliseconds(min(100 << doublings, 5_000)) : .milliseconds(min(500 << min(doublings, 7), 60_000))
    }

    /// The catch-up pass's decisions, also asked about a link, FIFO or file made readable while watching.
    private func reconciler() -> Reconciler {
        Reconciler(
            pipeline: pipeline(origin: .reconcile), configuration: configuration, ignoredFolders: storeFolders,
            recordsMissingFiles: !StoreLocation.isURL(prepared.storePath))
    }

    private func reconcile(reason: String) {
        let started = clock.now
        let reconciler = reconciler()
        var imported: Set<String> = []
        do {
            let files = try reconciler.run(
                shouldStop: { self.isStopping },
                report: { result, duration in
                    imported.insert(result.path)
                    self.record(result, duration: duration)
                }, failed: { self.retryLater($0, error: $1) }, logger: logger)
            runtime.withLock { state in
                state.knownFiles = Set(files)
                state.loadTargetsComplete = false
                state.reconcileFailures = 0
            }
            logger.info(
                "reconciled",
                metadata: [
                    "reconcile.reason": .string(reason), "reconcile.files": .stringConvertible(files.count),
                    "reconcile.imports": .stringConvertible(imported.count),
                    "duration.milliseconds": .string(Self.milliseconds(clock.now - started)),
                ])
            giveMemoryBackIfDue()
            revalidateLoaders(of: imported)
        } catch {
            // The pass stopped on the store (busy beyond its timeout, full, read-only): what it
            // did not reach (deletions, the rest of the files) is caught up by another pass, after
            // a delay that doubles with each failure, as for single files.
            let (delay, stopping) = runtime.withLock { state -> (Duration, Bool) in
                state.reconcileFailures += 1
                return (Self.retryDelay(afterFailures: state.reconcileFailures, transient: Self.isTransient(error)), state.stopping)
            }
            var metadata: Logger.Metadata = ["reconcile.reason": .string(reason), "error": .string(String(describing: error))]
            if stopping {
                logger.warning("reconcile failed; the next start catches up", metadata: metadata)
            } else {
                metadata["retry.milliseconds"] = .string(Self.milliseconds(delay))
                logger.warning("reconcile failed; retrying", metadata: metadata)
                scheduler.requestRescan(reason: "retry", after: delay)
            }
        }
        writeStatus()
    }

    /// Logs one import, remembers it for `wfs status` and systemd's status line.
    private func record(_ result: ImportResult, duration: Duration, cause: String? = nil) {
        var metadata: Logger.Metadata = [
            "file.path": .string(result.path), "import.outcome": .string(result.outcome.rawValue),
            "duration.milliseconds": .string(Self.milliseconds(duration)),
        ]
        if let cause { metadata["import.cause"] = .string(cause) }
        let previousPath = result.outcome == .stored ? result.revision?.previousPath : nil
        if let previousPath { metadata["file.previousPath"] = .string(previousPath) }
        if let revision = result.revision {
            metadata["revision.id"] = .stringConvertible(revision.id)
            metadata["revision.number"] = .stringConvertible(revision.number)
            metadata["revision.origin"] = .string(revision.origin.rawValue)
        }
        if result.outcome == .stored || result.outcome == .deleted {
            let screens = result.changes.filter { $0.kind != .document }.map(\.screenKey)
            metadata["changes.screens"] = .string(screens.isEmpty ? "-" : screens.joined(separator: ","))
        }
        if result.fileRewritten, let written = result.revision?.sourceHash {
            runtime.withLock { $0.ownWrites[result.path] = written }
        }
        if let merge = result.merge, let revision = result.revision {
            // The file was based on an older revision than the head: merged with the other
            // writer's work, and the file rewritten with the merge.
            logger.info(
                "\(result.path): \(merge.sentence)\(result.fileRewritten ? "; the file now holds revision \(revision.id)" : "")",
                metadata: [
                    "file.path": .string(result.path), "revision.id": .stringConvertible(revision.id),
                    "merge.with": .stringConvertible(merge.mergedWith), "merge.author": .string(merge.author),
                    "merge.screens": .string(merge.screens.joined(separator: ",")),
                ])
        }
        if let reason = result.unmerged {
            logger.warning("\(result.path): not merged: \(reason)", metadata: ["file.path": .string(result.path)])
        }
        if let revision = result.revision, result.outcome == .stored, let replaced = revision.replaces {
            // Another writer stored after the head this daemon last stored or read: the save is
            // kept, and what of the other change it lacks needs a person's eye.
            logger.warning(
                "\(result.path): revision \(revision.id) by \(revision.author) replaces revision \(replaced.id) by \(replaced.author); \(replaced.missingChanges)",
                metadata: [
                    "file.path": .string(result.path), "revision.id": .stringConvertible(revision.id),
                    "replaces.id": .stringConvertible(replaced.id), "replaces.author": .string(replaced.author),
                    "replaces.screens": .string(replaced.screens.joined(separator: ",")),
                ])
        }
        if result.outcome == .rejected || result.outcome == .failed {
            // A save that did not reach the store is a warning (journald's priority 4), with its
            // diagnostics, so that a log level of `warning` keeps exactly what needs a person.
            for diagnostic in result.diagnostics {
                logger.log(level: diagnostic.severity == .error ? .warning : .info, "\(diagnostic.rendered(path: result.path))")
            }
            metadata["diagnostics.errors"] = .stringConvertible(result.diagnostics.count(of: .error))
        }
        logger.log(level: result.outcome == .rejected || result.outcome == .failed ? .warning : .info, "import", metadata: metadata)
        let at = Timestamp.now().text
        let large = result.outcome != .deleted && Self.isLarge(prepared.root + "/" + result.path)
        runtime.withLock { state in
            if large {
                state.largeDocuments.insert(result.path)
                state.trimDue = true
            } else if state.largeDocuments.remove(result.path) != nil, result.outcome == .deleted {
                state.trimDue = true
            }
            if let previousPath {
                state.knownFiles.remove(previousPath)
                state.loadTargets[previousPath] = nil
                if state.largeDocuments.remove(previousPath) != nil { state.trimDue = true }
            }
            if result.outcome == .deleted {
                memory.forget(path: result.path)
                state.knownFiles.remove(result.path)
                state.loadTargets[result.path] = nil
            } else {
                state.knownFiles.insert(result.path)
                if DocumentFormat(path: result.path) == .workflowSchema { state.loadTargets[result.path] = result.loadTargets }
            }
            state.status.lastImport = DaemonStatus.LastImport(
                path: result.path, outcome: result.outcome.rawValue, revision: result.revision?.id, at: at)
        }
        writeStatus()
        notifier.status(statusLine())
        // Reported: the checkpoint, if the WAL is due one, runs now, beside the wait for the next save.
        prepared.store.saveReported()
    }

    /// Files larger than this are large inputs: reading, validating and storing one takes memory
    /// from the C heap in amounts worth giving back.
    static let largeInput = 1 << 20

    static func isLarge(_ absolute: String) -> Bool {
        var info = stat()
        return stat(absolute, &info) == 0 && info.st_size > largeInput
    }

    /// After a large import or the deletion of a large document, releases what the memory keeps
    /// for release and gives the C heap's free pages back to the system: glibc keeps the freed
    /// pages of a large import in its heap (hundreds of megabytes for a 16 MiB file) otherwise.
    private func giveMemoryBackIfDue() {
        let due = runtime.withLock { state -> Bool in
            defer { state.trimDue = false }
            return state.trimDue
        }
        guard due else { return }
        memory.releaseDiscarded()
        _ = Self.mallocTrim?(0)
    }

    /// glibc's `malloc_trim`, which Swift's Glibc module does not declare (it is in `malloc.h`);
    /// nil on a C library without it.
    private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
        #if canImport(Glibc)
            guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "malloc_trim") else { return nil }
            return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        #else
            return nil
        #endif
    }()

    /// Serializes writers of the state file (the event loop and the import loop both write it).
    private let statusWrite = Mutex(())

    private func writeStatus() {
        statusWrite.withLock { _ in
            // Read the state inside the write lock, so that the last write is the newest state.
            var status = runtime.withLock { state in
                var status = state.status
                status.watchedFiles = state.knownFiles.count
                state.statusNoted = false
                return status
            }
            status.watchedFolders = watcher.watchedFolderCount
            do {
                try status.write(store: prepared.filesAnchor)
            } catch {
                logger.debug("cannot write the daemon state file", metadata: ["error": .string(String(describing: error))])
            }
        }
    }

    /// Writes the state file if an event was noted since it was last written.
    private func writeStatusIfNoted() {
        if runtime.withLock({ $0.statusNoted }) { writeStatus() }
    }

    private func statusLine() -> String {
        let (files, last) = runtime.withLock { ($0.knownFiles.count, $0.status.lastImport) }
        var line = "watching \(files) file\(files == 1 ? "" : "s") in \(watcher.watchedFolderCount) folders"
        if let last {
            // A newline in a name would end the sd_notify assignment and start another.
            line +=
                "; last import \(last.path.escapingControlCharacters) \(last.outcome)" + (last.revision.map { " revision \($0)" } ?? "")
                + " at \(last.at)"
        }
        return line
    }

    static func milliseconds(_ duration: Duration) -> String {
        let microseconds = duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
        return String(format: "%.3f", Double(microseconds) / 1000)
    }

    // MARK: Reload

    private func reload() async {
        notifier.reloading()
        do {
            let new = try await DaemonConfiguration.load(file: configurationFile, flags: flags)
            let old = configuration
            if new.store != old.store || new.root != old.root {
                logger.warning("a new store or root takes effect only after a restart; keeping the current ones")
            }
            var applied = new
            applied.store = old.store
            applied.root = old.root
            runtime.withLock { $0.configuration = applied }
            onReload(applied)
            logger.info(
                "configuration reloaded",
                metadata: [
                    "settle.milliseconds": .stringConvertible(applied.settleMilliseconds), "log.level": .string(applied.logLevel.rawValue),
                ])
            scheduler.requestRescan(reason: "reload")
        } catch {
            logger.error("configuration not reloaded; keeping the one in force", metadata: ["error": .string(String(describing: error))])
        }
        notifier.ready(status: statusLine())
    }
}
