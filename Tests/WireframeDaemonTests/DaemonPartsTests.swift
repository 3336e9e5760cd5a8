import Foundation
import Testing
import WireframeDaemon

/// The daemon's parts that need no process: globs, configuration layers, event decoding.
struct DaemonPartsTests {
    @Test(arguments: [
        ("**/*.json", "app.json", true),
        ("**/*.json", "a/b/app.json", true),
        ("**/*.json", "app.xml", false),
        ("*.json", "a/app.json", false),
        ("drafts/**", "drafts/x/y.json", true),
        ("drafts/**", "drafted/y.json", false),
        ("flow?.json", "flow1.json", true),
        ("flow?.json", "flow/.json", false),
    ])
    func globs(pattern: String, path: String, matches: Bool) {
        #expect(Glob(pattern).matches(path) == matches)
    }

    @Test func flagsOverrideTheEnvironmentWhichOverridesTheFile() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wfsd-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("wfsd.yaml")
        try "store: /from/file\nroot: /from/file\nsettleMilliseconds: 7\nauthor: file\nexclude:\n  - \"drafts/**\"\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let configuration = try await DaemonConfiguration.load(
            file: file.path, flags: .init(store: "/from/flag"),
            environment: ["WFS_ROOT": "/from/environment", "WFS_AUTHOR": "environment"])
        #expect(configuration.store == "/from/flag")
        #expect(configuration.root == "/from/environment")
        #expect(configuration.author == "environment")
        #expect(configuration.settleMilliseconds == 7)
        #expect(configuration.excludes("drafts/idea.json"))
        #expect(!configuration.admits("drafts/idea.json"))
        #expect(configuration.admits("app.json"))
        #expect(configuration.logLevel == .info)
    }

    @Test func everyInvalidKeyIsNamed() async throws {
        await #expect(throws: DaemonConfigurationError.self) {
            try await DaemonConfiguration.load(
                file: nil, flags: .init(), environment: ["WFS_SETTLE_MILLISECONDS": "-1", "WFS_LOG_LEVEL": "loud", "WFS_INCLUDE": ""])
        }
        do {
            _ = try await DaemonConfiguration.load(
                file: nil, flags: .init(), environment: ["WFS_SETTLE_MILLISECONDS": "soon", "WFS_LOG_LEVEL": "loud"])
            Issue.record("an invalid configuration was accepted")
        } catch let error as DaemonConfigurationError {
            #expect(error.description.contains("'settleMilliseconds'"))
            #expect(error.description.contains("'logLevel'"))
        }
    }

    @Test func theSyncDirectionIsBothUnlessUploadOnlyIsAsked() async throws {
        #expect(try await DaemonConfiguration.load(file: nil, flags: .init(), environment: [:]).sync == .both)
        let uploadOnly = try await DaemonConfiguration.load(file: nil, flags: .init(), environment: ["WFS_SYNC": "upload-only"])
        #expect(uploadOnly.sync == .uploadOnly)
        do {
            _ = try await DaemonConfiguration.load(file: nil, flags: .init(), environment: ["WFS_SYNC": "download"])
            Issue.record("an unknown sync direction was accepted")
        } catch let error as DaemonConfigurationError {
            #expect(error.description.contains("'sync'") && error.description.contains("both, upload-only"), "\(error)")
        }
    }

    @Test func aMisspeltKeyInTheFileIsNamedWithItsPlaceAndTheNearestKey() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wfsd-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let yaml = folder.appendingPathComponent("wfsd.yaml").path
        try "# settle\nsettleMiliseconds: 5\nauthor: team\n  \nlogLevl: debug\ncolour: blue\n".write(
            toFile: yaml, atomically: true, encoding: .utf8)
        do {
            let lines = try await Self.refusal(of: yaml).split(separator: "\n").map(String.init)
            #expect(lines.count == 3)
            #expect(
                lines.first
                    == "\(yaml):2:1: error: invalid configuration: 'settleMiliseconds' is not a configuration key (known keys: store, root, include, exclude, settleMilliseconds, author, logLevel, importWorkLimit, importTimeLimitSeconds, sync); did you mean 'settleMilliseconds'?"
            )
            #expect(
                lines.dropFirst().first?.hasPrefix("\(yaml):5:1: error: invalid configuration: 'logLevl' is not a configuration key")
                    == true)
            #expect(lines.dropFirst().first?.hasSuffix("did you mean 'logLevel'?") == true)
            #expect(lines.last?.hasPrefix("\(yaml):6:1: error: invalid configuration: 'colour' is not a configuration key") == true)
            #expect(lines.last?.contains("did you mean") == false)
        }

        let json = folder.appendingPathComponent("wfsd.json").path
        try "{\n  \"author\": \"team\",\n  \"excludes\": [\"drafts/**\"]\n}\n".write(toFile: json, atomically: true, encoding: .utf8)
        do {
            let refusal = try await Self.refusal(of: json)
            #expect(refusal.hasPrefix("\(json):3:3: error: invalid configuration: 'excludes' is not a configuration key"))
            #expect(refusal.hasSuffix("did you mean 'exclude'?"))
        }
    }

    /// What loading a configuration file that must be refused says.
    static func refusal(of file: String) async throws -> String {
        do {
            _ = try await DaemonConfiguration.load(file: file, flags: .init(), environment: [:])
        } catch let error as DaemonConfigurationError {
            return error.description
        }
        Issue.record("\(file) was accepted")
        return ""
    }

    @Test func theShippedExampleConfigurationLoads() async throws {
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Config/wfsd.yaml").path
        let configuration = try await DaemonConfiguration.load(file: example, flags: .init(), environment: [:])
        #expect(configuration.settleMilliseconds == DaemonConfiguration.defaultSettleMilliseconds)
        #expect(configuration.excludes("drafts/idea.json"))
    }

    @Test func aDelayedRescanComesAfterItsDelayWhileFilesFlow() async {
        let scheduler = SettleScheduler()
        let clock = ContinuousClock()
        let start = clock.now
        scheduler.requestRescan(reason: "retry", after: .milliseconds(300))
        scheduler.touch("a.json", settle: .zero)
        #expect(await scheduler.next() == .file("a.json"))
        #expect(await scheduler.next() == .rescan(reason: "retry"))
        #expect(clock.now - start >= .milliseconds(300))

        // A rescan asked for at once wins over a delayed one, and comes before files.
        scheduler.requestRescan(reason: "retry", after: .seconds(600))
        scheduler.touch("b.json", settle: .zero)
        scheduler.requestRescan(reason: "overflow")
        #expect(await scheduler.next() == .rescan(reason: "overflow"))
        #expect(await scheduler.next() == .file("b.json"))

        // Closed: what is due is handed out, a delayed rescan is not.
        scheduler.requestRescan(reason: "retry", after: .seconds(600))
        scheduler.close()
        #expect(await scheduler.next() == nil)
    }

    @Test func aMissingConfigurationFileIsNamed() async throws {
        await #expect(throws: DaemonConfigurationError.missingFile(path: "/no/such/wfsd.yaml")) {
            try await DaemonConfiguration.load(file: "/no/such/wfsd.yaml", flags: .init(), environment: [:])
        }
    }

    @Test func notifierSendsDatagramsToTheSocket() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("notify-\(UUID().uuidString.prefix(8))").path
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        defer {
            close(descriptor)
            unlink(path)
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0)
        let notifier = SystemdNotifier(environment: ["NOTIFY_SOCKET": path, "WATCHDOG_USEC": "2000000"])
        #expect(notifier.watchdogInterval == .seconds(2))
        notifier.ready(status: "watching 3 files")
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        #expect(String(decoding: buffer[0..<max(count, 0)], as: UTF8.self) == "READY=1\nSTATUS=watching 3 files")
    }
}
