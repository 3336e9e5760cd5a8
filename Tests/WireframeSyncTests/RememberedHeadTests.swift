import Foundation
import Testing
import WireframeSQLite
import WireframeStore
@testable import WireframeSync
import WireframeTestSupport

/// A process that stored the head remembers its screens and diffs the next version against them
/// in memory (the daemon's case); a new process reads the head from the store. Both must record
/// the same changes for the same history.
struct RememberedHeadTests {
    /// A wireframe of named screens, each with a title and links to later screens.
    struct Draft {
        var screens: [(name: String, title: String, links: [String])]

        func json() -> String {
            let routes = screens.map { screen in
                let links = screen.links.map { "\"\($0)\"" }.joined(separator: ", ")
                return #"{"name": "\#(screen.name)", "title": "\#(screen.title)", "subroutes": [\#(links)]}"#
            }
            return #"{"appName": "Remembered", "root": "\#(screens[0].name)", "routes": [\#(routes.joined(separator: ",\n"))]}"# + "\n"
        }

        /// One to three edits: a title, a new screen, a removed screen (and the links to it), a
        /// renamed screen, a changed link. Screen names sort in other orders than they were made.
        mutating func edit(_ random: inout SplitMix64, serial: inout Int) {
            for _ in 0..<Int(random.next() % 3 + 1) {
                let index = Int(random.next() % UInt64(screens.count))
                switch random.next() % 5 {
                case 0:
                    screens[index].title += " edited"
                case 1:
                    serial += 1
                    let name = ["zeta", "alpha", "mid", "Beta", "é"][Int(random.next() % 5)] + "\(serial)"
                    screens.append((name, "New \(serial)", []))
                    screens[0].links.append(name)
                case 2 where index > 0:
                    let gone = screens.remove(at: index).name
                    for other in screens.indices { screens[other].links.removeAll { $0 == gone } }
                case 3 where index > 0:
                    serial += 1
                    let old = screens[index].name
                    let new = "renamed\(serial)"
                    screens[index].name = new
                    for other in screens.indices { screens[other].links = screens[other].links.map { $0 == old ? new : $0 } }
                default:
                    let target = screens[Int(random.next() % UInt64(screens.count))].name
                    if target != screens[index].name, !screens[index].links.contains(target) { screens[index].links.append(target) }
                }
            }
        }
    }

    @Test func theRememberedHeadGivesTheSameChangesAsTheStoredOne() throws {
        let folders = try (0..<2).map { _ -> String in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wfs-remembered-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            return folder
        }
        defer { for folder in folders { try? FileManager.default.removeItem(atPath: folder) } }
        // One store and pipeline for the whole history (it remembers), one store opened anew per import.
        let remembering = try SQLiteStore.create(path: folders[0] + "/.wfs/store.sqlite", root: folders[0])
        let memory = SaveMemory()
        let pipeline = ImportPipeline(store: remembering, root: folders[0], author: "test", origin: .daemon, memory: memory)
        _ = try SQLiteStore.create(path: folders[1] + "/.wfs/store.sqlite", root: folders[1])

        var random = SplitMix64(seed: 42)
        var serial = 0
        var draft = Draft(screens: (0..<12).map { ("screen\($0)", "Title \($0)", $0 < 11 ? ["screen\($0 + 1)"] : []) })
        var remembered = 0
        for version in 0..<60 {
            if version > 0 { draft.edit(&random, serial: &serial) }
            for folder in folders { try Data(draft.json().utf8).write(to: URL(fileURLWithPath: folder + "/app.json")) }
            if memory.head(path: "app.json") != nil { remembered += 1 }
            let inMemory = try pipeline.importFile(absolutePath: folders[0] + "/app.json", relativePath: "app.json")
            let fresh = try ImportPipeline(
                store: try SQLiteStore.open(path: folders[1] + "/.wfs/store.sqlite"), root: folders[1], author: "test", origin: .cli
            ).importFile(absolutePath: folders[1] + "/app.json", relativePath: "app.json")
            #expect(inMemory.outcome == fresh.outcome, "version \(version)")
            #expect(inMemory.changes == fresh.changes, "version \(version)")
            #expect(inMemory.revision?.contentHash == fresh.revision?.contentHash, "version \(version)")
        }
        #expect(remembered == 59)  // every import after the first had the head in memory
    }
}
