import Configuration
public import Foundation
public import Logging
import SystemPackage
public import WireframeFormats
import WireframeSync

/// The daemon's settings: every key of `Config/wfsd.yaml`, with its default.
///
/// Read from three layers: command-line flags override environment variables (`WFS_` and the key
/// in upper snake case: `WFS_SETTLE_MILLISECONDS`), which override the configuration file.
/// ``load(file:flags:environment:)`` checks every key and reports every problem at once.
public struct DaemonConfiguration: Sendable, Equatable {
    /// The store file; nil means `.wfs/store.sqlite` in the root or a parent folder of the working folder.
    public var store: String?
    /// The project root to watch; nil means the root recorded in the store.
    public var root: String?
    /// Files (relative to the root) that are wireframes; default every `.json` and `.xml` file.
    public var include: [Glob]
    /// Files and folders (relative to the root) never imported; default none.
    public var exclude: [Glob]
    /// How long a file must be quiet after an event before it is imported.
    public var settleMilliseconds: Int
    /// Who the daemon's revisions are attributed to; nil: each saved file's owner (see
    /// ``ImportPipeline/authorFromFileOwner``).
    public var author: String?
    /// The lowest level logged.
    public var logLevel: Logger.Level
    /// At most this many screens and elements are processed in one import; past it, the import
    /// is a rejected attempt (WF0017).
    public var importWorkLimit: Int
    /// At most this many seconds may one import take; past it, the import is a rejected attempt (WF0017).
    public var importTimeLimitSeconds: Int
    /// Which way the clone syncs with the store.
    public var sync: SyncDirection

    /// Which way a clone syncs.
    public enum SyncDirection: String, Sendable, Equatable, CaseIterable {
        /// Saves are stored, merged with other writers' work, and the clone follows the store:
        /// other writers' revisions are written into its files.
        case both
        /// Saves are stored as they are; nothing is ever written into the clone (a build
        /// machine, a folder another tool manages).
        case uploadOnly = "upload-only"
    }

    /// The default `include` patterns.
    public static let defaultInclude = ["**/*.json", "**/*.xml"]
    /// The default settle time in milliseconds.
    public static let defaultSettleMilliseconds = 20
    /// The accepted range of the settle time in milliseconds.
    public static let settleRange = 0...60_000
    /// The accepted range of the work limit of one import.
    public static let importWorkRange = 1...100_000_000
    /// The default time limit of one import, in seconds.
    public static let defaultImportTimeLimitSeconds = 60
    /// The accepted range of the time limit of one import, in seconds.
    public static let importTimeRange = 1...86_400

    /// Creates a configuration with explicit values.
    public init(
        store: String? = nil, root: String? = nil, include: [Glob] = defaultInclude.map(Glob.init), exclude: [Glob] = [],
        settleMilliseconds: Int = defaultSettleMilliseconds, author: String? = nil, logLevel: Logger.Level = .info,
        importWorkLimit: Int = WorkBudget.defaultWorkLimit, importTimeLimitSeconds: Int = defaultImportTimeLimitSeconds,
        sync: SyncDirection = .both
    ) {
        self.sync = sync
        self.importWorkLimit = importWorkLimit
        self.importTimeLimitSeconds = importTimeLimitSeconds
        self.store = store
        self.root = root
        self.include = include
        self.exclude = exclude
        self.settleMilliseconds = settleMilliseconds
        self.author = author
        self.logLevel = logLevel
    }

    /// The settle time.
    public var settle: Duration { .milliseconds(settleMilliseconds) }

    /// The time limit of one import.
    public var importTimeLimit: Duration { .seconds(importTimeLimitSeconds) }

    /// Values given on the command line; nil means "not given".
    public struct Flags: Sendable, Equatable {
        /// `--store`.
        public var store: String?
        /// `--root`.
        public var root: String?

        /// Creates the flag values.
        public init(store: String? = nil, root: String? = nil) {
            self.store = store
            self.root = root
        }
    }

    /// Reads and checks the configuration.
    ///
    /// - Parameters:
    ///   - file: The configuration file (`.json` is read as JSON, anything else as YAML); nil for none.
    ///   - flags: Values from the command line.
    ///   - environment: The process environment (`WFS_*` variables).
    /// - Throws: ``DaemonConfigurationError`` naming the file or every invalid key.
    public static func load(
        file: String?, flags: Flags, environment: [String: String] = ProcessInfo.processInfo.environment
    ) async throws -> DaemonConfiguration {
        var flagValues: [AbsoluteConfigKey: ConfigValue] = [:]
        if let store = flags.store { flagValues["store"] = ConfigValue(.string(store), isSecret: false) }
        if let root = flags.root { flagValues["root"] = ConfigValue(.string(root), isSecret: false) }
        var providers: [any ConfigProvider] = [
            InMemoryProvider(name: "flags", values: flagValues),
            EnvironmentVariablesProvider(environmentVariables: environment).prefixKeys(with: "wfs"),
        ]
        if let file {
            guard FileManager.default.fileExists(atPath: file) else { throw DaemonConfigurationError.missingFile(path: file) }
            do {
                if file.hasSuffix(".json") {
                    providers.append(try await FileProvider<JSONSnapshot>(filePath: FilePath(file)))
                } else {
                    providers.append(try await FileProvider<YAMLSnapshot>(filePath: FilePath(file)))
                }
            } catch {
                throw DaemonConfigurationError.unreadableFile(path: file, reason: String(describing: error))
            }
        }
        let reader = ConfigReader(providers: providers)
        var problems: [DaemonConfigurationError.Problem] = []
        if let file, let bytes = FileManager.default.contents(atPath: file) {
            for unknown in ConfigurationKeys.unknown(inFile: file, bytes: [UInt8](bytes)) {
                problems.append(
                    .init(
                        key: unknown.key, message: ConfigurationKeys.message(for: unknown.key),
                        location: unknown.position.map { "\(file):\($0)" }))
            }
        }

        func value<T>(_ key: String, _ fetch: () async throws -> T?) async -> T? {
            do {
                return try await fetch()
            } catch {
                problems.append(.init(key: key, message: "has a value of the wrong type (\(error))"))
                return nil
            }
        }

        let store = await value("store") { try await reader.fetchString(forKey: "store") }
        let root = await value("root") { try await reader.fetchString(forKey: "root") }
        let include = await value("include") { try await reader.fetchStringArray(forKey: "include") } ?? defaultInclude
        let exclude = await value("exclude") { try await reader.fetchStringArray(forKey: "exclude") } ?? []
        let settle =
            await value("settleMilliseconds") { try await reader.fetchInt(forKey: "settleMilliseconds") } ?? defaultSettleMilliseconds
        let author = await value("author") { try await reader.fetchString(forKey: "author") }
        let levelText = await value("logLevel") { try await reader.fetchString(forKey: "logLevel") } ?? "info"
        let workLimit =
            await value("importWorkLimit") { try await reader.fetchInt(forKey: "importWorkLimit") } ?? WorkBudget.defaultWorkLimit
        let timeLimit =
            await value("importTimeLimitSeconds") { try await reader.fetchInt(forKey: "importTimeLimitSeconds") }
            ?? defaultImportTimeLimitSeconds
        let syncText = await value("sync") { try await reader.fetchString(forKey: "sync") } ?? SyncDirection.both.rawValue

        if let store, store.isEmpty { problems.append(.init(key: "store", message: "must not be empty")) }
        if let root, root.isEmpty { problems.append(.init(key: "root", message: "must not be empty")) }
        if include.isEmpty { problems.append(.init(key: "include", message: "must name at least one pattern")) }
        for pattern in include + exclude where pattern.isEmpty || pattern.hasPrefix("/") {
            let key = include.contains(pattern) ? "include" : "exclude"
            problems.append(.init(key: key, message: "pattern '\(pattern)' must be relative to the root and not empty"))
        }
        if !settleRange.contains(settle) {
            problems.append(
                .init(
                    key: "settleMilliseconds",
                    message: "must be between \(settleRange.lowerBound) and \(settleRange.upperBound), got \(settle)"))
        }
        for (key, number, range) in [
            ("importWorkLimit", workLimit, importWorkRange), ("importTimeLimitSeconds", timeLimit, importTimeRange),
        ]
        where !range.contains(number) {
            problems.append(.init(key: key, message: "must be between \(range.lowerBound) and \(range.upperBound), got \(number)"))
        }
        let sync = SyncDirection(rawValue: syncText)
        if sync == nil {
            let known = SyncDirection.allCases.map(\.rawValue).joined(separator: ", ")
            problems.append(.init(key: "sync", message: "must be one of \(known), got '\(syncText)'"))
        }
        if let author, author.isEmpty { problems.append(.init(key: "author", message: "must not be empty")) }
        let level = Logger.Level(rawValue: levelText.lowercased())
        if level == nil {
            let known = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
            problems.append(.init(key: "logLevel", message: "must be one of \(known), got '\(levelText)'"))
        }
        if !problems.isEmpty { throw DaemonConfigurationError.invalid(problems) }
        return DaemonConfiguration(
            store: store, root: root, include: include.map(Glob.init), exclude: exclude.map(Glob.init), settleMilliseconds: settle,
            author: author, logLevel: level ?? .info, importWorkLimit: workLimit,
            importTimeLimitSeconds: timeLimit, sync: sync ?? .both)
    }

    /// Whether a path relative to the root is a wireframe the daemon imports.
    public func admits(_ relativePath: String) -> Bool {
        include.contains { $0.matches(relativePath) } && !excludes(relativePath)
    }

    /// Whether a file or folder relative to the root is excluded.
    public func excludes(_ relativePath: String) -> Bool {
        exclude.contains { $0.matches(relativePath) || $0.matches(relativePath + "/") }
    }
}

/// Why the configuration cannot be used.
public enum DaemonConfigurationError: Error, Equatable, CustomStringConvertible {
    /// One invalid key.
    public struct Problem: Sendable, Equatable {
        /// The key, as in the file.
        public var key: String
        /// What is wrong with it.
        public var message: String
        /// `path:line:column` of the key in the configuration file, when the problem is there.
        public var location: String?

        /// Creates a problem.
        public init(key: String, message: String, location: String? = nil) {
            self.key = key
            self.message = message
            self.location = location
        }
    }

    /// The configuration file named does not exist.
    case missingFile(path: String)
    /// The configuration file cannot be read or parsed.
    case unreadableFile(path: String, reason: String)
    /// Keys with invalid values.
    case invalid([Problem])

    /// The message printed when the daemon cannot go on.
    public var description: String {
        switch self {
        case .missingFile(let path):
            "configuration file '\(path)' does not exist"
        case .unreadableFile(let path, let reason):
            "configuration file '\(path)' cannot be read: \(reason)"
        case .invalid(let problems):
            problems.map { ($0.location.map { "\($0): error: " } ?? "") + "invalid configuration: '\($0.key)' \($0.message)" }
                .joined(separator: "\n")
        }
    }
}
