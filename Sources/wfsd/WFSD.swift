import ArgumentParser
import Foundation
import Logging
import ServiceLifecycle
import WireframeDaemon

/// `wfsd`: watches a project folder and imports every save into its store.
@main
struct WFSD: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wfsd",
        abstract: "Watch a project folder and import every save of a wireframe into its store.",
        discussion: """
            Settings come from the configuration file (--config, else WFS_CONFIG), overridden by WFS_* \
            environment variables, overridden by these flags. SIGTERM and SIGINT stop the import in \
            flight (the next start imports that file again) and exit 0; SIGHUP reloads the \
            configuration. DAEMON.md, installed with the documentation (share/doc/wfs), describes \
            the configuration and the systemd units.
            """
    )

    @Option(help: "The configuration file (YAML, or JSON when it ends in .json).")
    var config: String?

    @Option(help: "The store file (default: WFS_STORE, the configuration's store, else .wfs/store.sqlite here or in a parent folder).")
    var store: String?

    @Option(help: "The project folder to watch (default: the root recorded in the store).")
    var root: String?

    func run() throws {
        // A write past the file size limit (`ulimit -f`, systemd's `LimitFSIZE=`) fails with
        // EFBIG instead of ending the daemon by SIGXFSZ: the import is logged as failed and retried.
        signal(SIGXFSZ, SIG_IGN)
        // The daemon's tasks run on a thread of its own (see `DaemonExecutor`), never on
        // Dispatch's global queues, so that an idle daemon is never woken.
        let (config, store, root) = (config, store, root)
        try DaemonExecutor.run { try await Self.serve(config: config, store: store, root: root) }
    }

    static func serve(config: String?, store: String?, root: String?) async throws {
        let environment = ProcessInfo.processInfo.environment
        let file = config ?? environment["WFS_CONFIG"].flatMap { $0.isEmpty ? nil : $0 }
        let flags = DaemonConfiguration.Flags(store: store, root: root)
        let configuration: DaemonConfiguration
        do {
            configuration = try await DaemonConfiguration.load(file: file, flags: flags, environment: environment)
        } catch {
            Self.fail(error)
        }

        let level = LevelBox(configuration.logLevel)
        let journal = environment["JOURNAL_STREAM"] != nil
        LoggingSystem.bootstrap { label in DaemonLogHandler(label: label, level: level, journal: journal) }
        let logger = Logger(label: "wfsd")

        let prepared: SyncDaemon.Prepared
        let daemon: SyncDaemon
        do {
            prepared = try SyncDaemon.prepare(configuration: configuration, logger: logger)
            daemon = try SyncDaemon(
                prepared: prepared, configuration: configuration, configurationFile: file, flags: flags, logger: logger,
                onReload: { level.set($0.logLevel) })
        } catch {
            Self.fail(error)
        }
        let group = ServiceGroup(
            configuration: .init(services: [daemon], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
        withExtendedLifetime(prepared.lock) {}
    }

    /// Prints a startup error and exits 2 (the daemon could not run).
    static func fail(_ error: any Error) -> Never {
        // A line located in a file (`path:line:column: error: …`) is printed as it is, as compilers do.
        let lines = "\(error)".split(separator: "\n").map { $0.contains(": error: ") ? "\($0)\n" : "wfsd: error: \($0)\n" }.joined()
        FileHandle.standardError.write(Data(lines.utf8))
        Foundation.exit(2)
    }
}
