import Foundation
import Testing
import WireframeAnalysis
import WireframeFormats
import WireframeModel
import WireframeStore
@testable import WireframeSync
import WireframeTestSupport

/// A daemon's import takes the canonical bytes and hashes of routes whose text did not change
/// from the version it imported before (`ScreenReuse`). Whatever the edit, the result must be the
/// one of writing every screen anew.
struct ScreenReuseTests {
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
            return #"{\#(padding)"name": "\#(name)", "title": "\#(title)", "dependencies": [\#(dependencies)], "subroutes": [\#(subroutes.joined(separator: ", "))]}"#
        }
    }

    static func document(_ routes: [Route]) -> [UInt8] {
        Array((#"{"appName": "Reuse", "root": "\#(routes.first?.name ?? "none")", "routes": [\#n    "# + routes.map { $0.json() }.joined(separator: ",\n    ") + "\n  ]\n}\n").utf8)
    }

    /// One to three edits of the kinds that could fool a comparison of route texts: a title, a
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

    @Test func reusedScreensAreTheScreensWrittenAnew() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wfs-reuse-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try WireframeStore.create(path: folder + "/.wfs/store.sqlite", root: folder)
        let pipeline = ImportPipeline(store: store, root: folder, author: "test", origin: .daemon)

        var random = SplitMix64(seed: 5)
        var serial = 0
        var routes = (0..<20).map { Route(name: "screen\($0)", title: "Title \($0)", links: $0 < 19 ? ["screen\($0 + 1)"] : [], dependencies: ["b\($0)", "a\($0)"]) }
        var remembered: ScreenReuse.Entry?
        var reusedInAll = 0
        for version in 0..<200 {
            if version > 0 { Self.edit(&routes, &random, serial: &serial) }
            let source = Self.document(routes)
            let wireframe = try #require(JSONWireframeReader().read(source).wireframe)
            let anew = pipeline.canonicalDocument(wireframe, source: source)
            let reused = pipeline.canonicalDocument(wireframe, source: source, remembered: remembered, reusing: true)
            #expect(reused.screenBytes == anew.screenBytes, "version \(version)")
            #expect(reused.contentHash == anew.contentHash, "version \(version)")
            for (bytes, hash) in zip(reused.screenBytes, reused.screenHashes) {
                if let hash { #expect(hash == ContentHash.hex(of: bytes), "version \(version)") }
            }
            reusedInAll += reused.screenHashes.count { $0 != nil }
            let contents = ImportPipeline.screenContents(reused.canonical.screens, bytes: reused.screenBytes, known: reused.screenHashes, remembered: [])
            remembered = ImportPipeline.reuseEntry(source: source, texts: try #require(reused.routeTexts), screens: contents)
        }
        // Screens did come from memory (names given twice and inline routes, which this history
        // piles up, are written anew; which ones come from memory is checked exactly below).
        #expect(reusedInAll > 0)
    }

    @Test func anEditOfOneRouteWritesOnlyThatRoute() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wfs-reuse-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try WireframeStore.create(path: folder + "/.wfs/store.sqlite", root: folder)
        let pipeline = ImportPipeline(store: store, root: folder, author: "test", origin: .daemon)
        var routes = (0..<6).map { Route(name: "screen\($0)", title: "Title \($0)") }
        routes[2].inline = [Route(name: "inner", title: "Inner")]
        let first = Self.document(routes)
        let before = pipeline.canonicalDocument(try #require(JSONWireframeReader().read(first).wireframe), source: first, reusing: true)
        let contents = ImportPipeline.screenContents(before.canonical.screens, bytes: before.screenBytes, remembered: [])
        let remembered = ImportPipeline.reuseEntry(source: first, texts: try #require(before.routeTexts), screens: contents)
        routes[0].title = "Changed"
        routes[0].padding = "\n      "  // the routes after it are a line further down
        let second = Self.document(routes)
        let after = pipeline.canonicalDocument(try #require(JSONWireframeReader().read(second).wireframe), source: second, remembered: remembered, reusing: true)
        let fromMemory = zip(after.canonical.screens, after.screenHashes).filter { $0.1 != nil }.map(\.0.key)
        // Not the edited route, not the one holding an inline route nor that route, not the last.
        #expect(fromMemory == ["screen1", "screen3", "screen4"])
    }

    @Test func theDaemonsPipelineStoresWhatAFreshOneStores() throws {
        let folders = try (0..<2).map { _ -> String in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wfs-reuse-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            return folder
        }
        defer { for folder in folders { try? FileManager.default.removeItem(atPath: folder) } }
        let reuse = ScreenReuse()
        let remembering = try WireframeStore.create(path: folders[0] + "/.wfs/store.sqlite", root: folders[0])
        let pipeline = ImportPipeline(store: remembering, root: folders[0], author: "test", origin: .daemon, reuse: reuse)
        _ = try WireframeStore.create(path: folders[1] + "/.wfs/store.sqlite", root: folders[1])
        var random = SplitMix64(seed: 11)
        var serial = 0
        var routes = (0..<15).map { Route(name: "screen\($0)", title: "Title \($0)", links: $0 < 14 ? ["screen\($0 + 1)"] : []) }
        for version in 0..<40 {
            if version > 0 { Self.edit(&routes, &random, serial: &serial) }
            for folder in folders { try Data(Self.document(routes)).write(to: URL(fileURLWithPath: folder + "/app.json")) }
            let daemon = try pipeline.importFile(absolutePath: folders[0] + "/app.json", relativePath: "app.json")
            let fresh = try ImportPipeline(
                store: try WireframeStore.open(path: folders[1] + "/.wfs/store.sqlite"), root: folders[1], author: "test", origin: .cli
            ).importFile(absolutePath: folders[1] + "/app.json", relativePath: "app.json")
            #expect(daemon.outcome == fresh.outcome, "version \(version)")
            #expect(daemon.changes == fresh.changes, "version \(version)")
            #expect(daemon.revision?.contentHash == fresh.revision?.contentHash, "version \(version)")
        }
        #expect(reuse.documentCount == 1)
    }
}
