import Foundation
import Testing
import WireframeAnalysis
import WireframeFormats
import WireframeModel
import WireframeSQLite
import WireframeStore
@testable import WireframeSync
import WireframeTestSupport

/// A daemon's import reads, validates and compares a save after what it kept of the save before
/// (`SaveMemory`). Whatever the edit, the result must be the one of an import without it.
struct SaveMemoryTests {
    /// A route as written in the file: its name, its title, what it links to (names, or inline
    /// routes written inside it), its dependencies, and the spaces written after its `{`.
    struct Route {
        var name: String
        var title: String
        var links: [String] = []
        var inline: [Route] = []
        var dependencies: [String] = []
        var padding = ""

        func json() -> String {
            let subroutes = links.map { "\"\($0)\"" } + inline.map { $0.json() }
            let dependencies = self.dependencies.map { "\"\($0)\"" }.joined(separator: ", ")
            return
                #"{\#(padding)"name": "\#(name)", "title": "\#(title)", "dependencies": [\#(dependencies)], "subroutes": [\#(subroutes.joined(separator: ", "))]}"#
        }
    }

    /// `count` new empty folders under the temporary directory (the caller removes them).
    static func temporaryFolders(_ count: Int) throws -> [String] {
        try (0..<count).map { _ in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wfs-reuse-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            return folder
        }
    }

    static func document(_ routes: [Route]) -> [UInt8] {
        Array(
            (#"{"appName": "Reuse", "root": "\#(routes.first?.name ?? "none")", "routes": [\#n    "#
                + routes.map { $0.json() }.joined(separator: ",\n    ") + "\n  ]\n}\n").utf8)
    }

    /// One to three edits of the kinds that could fool a read after the last one: a title, a
    /// route moved, spaces inside a route, a rename, an inline route added, a name given twice,
    /// the last route edited, dependencies reordered (the same canonical set), a route removed.
    static func edit(_ routes: inout [Route], _ random: inout SplitMix64, serial: inout Int) {
        for _ in 0..<Int(random.next() % 3 + 1) {
            let index = Int(random.next() % UInt64(routes.count))
            serial += 1
            switch random.next() % 9 {
            case 0:
                routes[index].title += " edited"
            case 1:
                let moved = routes.remove(at: index)
                routes.insert(moved, at: Int(random.next() % UInt64(routes.count + 1)))
            case 2:
                routes[index].padding += " "
            case 3:
                routes[index].name = "renamed\(serial)"
            case 4:
                routes[index].inline.append(Route(name: "inline\(serial)", title: "Inline \(serial)"))
            case 5:
                routes[index].name = routes[Int(random.next() % UInt64(routes.count))].name
            case 6:
                routes[routes.count - 1].title += " last"
            case 7:
                routes[index].dependencies.reverse()
            default:
                if routes.count > 3 { routes.remove(at: index) } else { routes.append(Route(name: "added\(serial)", title: "Added")) }
            }
        }
    }

    @Test func theDaemonsPipelineStoresWhatAFreshOneStores() throws {
        let memory = try Self.importThroughDaemonAndCold(seed: 11, versions: 40, releasing: false) { version, daemon, fresh in
            #expect(daemon.outcome == fresh.outcome, "version \(version)")
            #expect(daemon.changes == fresh.changes, "version \(version)")
            #expect(daemon.revision?.contentHash == fresh.revision?.contentHash, "version \(version)")
        }
        #expect(memory.documentCount == 1)
    }

    /// The daemon's reads move the screens of the file's last read into the new one, and move
    /// their locations in place when nothing else holds them (the daemon releases what an
    /// import leaves once the save is reported, `releaseDiscarded`): every diagnostic, with its
    /// location, must be the one of a cold import. Renames leave links naming no screen (errors,
    /// the version refused) and screens that nothing reaches (warnings).
    @Test func theDaemonsDiagnosticsAreThoseOfAColdImport() throws {
        var withDiagnostics = 0
        _ = try Self.importThroughDaemonAndCold(seed: 23, versions: 60, releasing: true) { version, daemon, cold in
            #expect(daemon.outcome == cold.outcome, "version \(version)")
            #expect(daemon.diagnostics == cold.diagnostics, "version \(version)")
            #expect(daemon.changes == cold.changes, "version \(version)")
            #expect(daemon.revision?.contentHash == cold.revision?.contentHash, "version \(version)")
            if !daemon.diagnostics.isEmpty { withDiagnostics += 1 }
        }
        #expect(withDiagnostics > 10)
    }

    /// Imports `versions` generated edits of one document (15 routes in a chain to start with)
    /// twice: through one daemon pipeline that remembers in one project, and through a fresh
    /// pipeline per version, which reads the head from the store, in another. Each version's two
    /// results go to `compare`; the daemon's memory is returned.
    static func importThroughDaemonAndCold(
        seed: UInt64, versions: Int, releasing: Bool,
        _ compare: (_ version: Int, _ daemon: ImportResult, _ cold: ImportResult) -> Void
    ) throws -> SaveMemory {
        let folders = try Self.temporaryFolders(2)
        defer { for folder in folders { try? FileManager.default.removeItem(atPath: folder) } }
        let memory = SaveMemory()
        let remembering = try SQLiteStore.create(path: folders[0] + "/.wfs/store.sqlite", root: folders[0])
        let pipeline = ImportPipeline(store: remembering, root: folders[0], author: "test", origin: .daemon, memory: memory)
        _ = try SQLiteStore.create(path: folders[1] + "/.wfs/store.sqlite", root: folders[1])
        var random = SplitMix64(seed: seed)
        var serial = 0
        var routes = (0..<15).map { Route(name: "screen\($0)", title: "Title \($0)", links: $0 < 14 ? ["screen\($0 + 1)"] : []) }
        for version in 0..<versions {
            if version > 0 { Self.edit(&routes, &random, serial: &serial) }
            for folder in folders { try Data(Self.document(routes)).write(to: URL(fileURLWithPath: folder + "/app.json")) }
            let daemon = try pipeline.importFile(absolutePath: folders[0] + "/app.json", relativePath: "app.json")
            if releasing { memory.releaseDiscarded() }
            let cold = try ImportPipeline(
                store: try SQLiteStore.open(path: folders[1] + "/.wfs/store.sqlite"), root: folders[1], author: "test", origin: .cli
            ).importFile(absolutePath: folders[1] + "/app.json", relativePath: "app.json")
            compare(version, daemon, cold)
        }
        return memory
    }

    /// The daemon follows the head it stored last from memory, without reading the store: a
    /// revision or deletion that another process stored meanwhile must never be missed. Each
    /// step below is done the same way in two stores, by the daemon's pipeline in one and by
    /// fresh pipelines (which read the head from the store) in the other; another process (a
    /// second handle on the same store file) imports or deletes in between.
    @Test func aHeadStoredByAnotherProcessIsNeverMissed() throws {
        let folders = try Self.temporaryFolders(2)
        defer { for folder in folders { try? FileManager.default.removeItem(atPath: folder) } }
        let memory = SaveMemory()
        let daemonStore = try SQLiteStore.create(path: folders[0] + "/.wfs/store.sqlite", root: folders[0])
        let daemon = ImportPipeline(store: daemonStore, root: folders[0], author: "test", origin: .daemon, memory: memory)
        let other = ImportPipeline(
            store: try SQLiteStore.open(path: folders[0] + "/.wfs/store.sqlite"), root: folders[0], author: "other", origin: .cli)
        _ = try SQLiteStore.create(path: folders[1] + "/.wfs/store.sqlite", root: folders[1])
        func fresh(_ author: String) throws -> ImportPipeline {
            ImportPipeline(
                store: try SQLiteStore.open(path: folders[1] + "/.wfs/store.sqlite"), root: folders[1], author: author, origin: .cli)
        }
        let versions: [[Route]] = (0..<4).map { version in
            (0..<8).map { Route(name: "screen\($0)", title: "Title \($0)" + ($0 == version * 2 ? " v\(version)" : "")) }
        }
        func write(_ version: Int) throws {
            for folder in folders { try Data(Self.document(versions[version])).write(to: URL(fileURLWithPath: folder + "/app.json")) }
        }
        // Each step: who imports which version (nil: the other process records the file's deletion).
        let steps: [(daemon: Bool, version: Int?)] = [
            (true, 0), (true, 1),
            (false, 2), (true, 2),  // the other stored what the daemon then reads: unchanged
            (true, 3), (false, 1), (true, 3),  // the head in memory means what the file says, the store's does not
            (false, nil), (true, 3),  // deleted meanwhile: stored again
            (true, 0), (false, 2), (true, 1),  // an edit after another process's revision: diffed against it
            (true, 1),
        ]
        for (index, step) in steps.enumerated() {
            let results: [ImportResult?]
            if let version = step.version {
                try write(version)
                if step.daemon {
                    results = [
                        try daemon.importFile(absolutePath: folders[0] + "/app.json", relativePath: "app.json"),
                        try fresh("test").importFile(absolutePath: folders[1] + "/app.json", relativePath: "app.json"),
                    ]
                } else {
                    results = [
                        try other.importFile(absolutePath: folders[0] + "/app.json", relativePath: "app.json"),
                        try fresh("other").importFile(absolutePath: folders[1] + "/app.json", relativePath: "app.json"),
                    ]
                }
            } else {
                results = [try other.recordDeletion(relativePath: "app.json"), try fresh("other").recordDeletion(relativePath: "app.json")]
            }
            #expect(results[0]?.outcome == results[1]?.outcome, "step \(index)")
            #expect(results[0]?.changes == results[1]?.changes, "step \(index)")
            #expect(results[0]?.revision?.number == results[1]?.revision?.number, "step \(index)")
            #expect(results[0]?.revision?.contentHash == results[1]?.revision?.contentHash, "step \(index)")
        }
        // The outcomes the steps are about, and a store whose intervals match its heads.
        let outcomes = try daemonStore.allRevisions().map {
            "\($0.author):\($0.isDeletion ? "deleted" : $0.contentHash.map { String($0.prefix(4)) } ?? "")"
        }
        #expect(outcomes.count == 11)
        #expect(try daemonStore.intervalProblems().isEmpty)
        let referenceStore = try SQLiteStore.open(path: folders[1] + "/.wfs/store.sqlite")
        #expect(
            outcomes
                == (try referenceStore.allRevisions().map {
                    "\($0.author):\($0.isDeletion ? "deleted" : $0.contentHash.map { String($0.prefix(4)) } ?? "")"
                }))
        for (mine, reference) in zip(try daemonStore.allRevisions(), try referenceStore.allRevisions()) where !mine.isDeletion {
            #expect(try daemonStore.screenHashes(revisionId: mine.id) == referenceStore.screenHashes(revisionId: reference.id))
            #expect(try daemonStore.source(revisionId: mine.id) == referenceStore.source(revisionId: reference.id))
        }
    }
}
