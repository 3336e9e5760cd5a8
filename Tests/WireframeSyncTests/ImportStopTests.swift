import Foundation
import Synchronization
import Testing
import WireframeFormats
import WireframeModel
import WireframeSQLite
import WireframeStore
@testable import WireframeSync

/// An import asked to stop (the daemon's SIGTERM) stops at one of its checks and writes nothing,
/// or, asked after its last check, is stored whole: never a revision made of a part of its work.
/// An import past its work or time budget is a rejected attempt that says so.
struct ImportStopTests {
    /// Twenty screens in a chain, each with a title and a button to the next.
    static func version(_ title: String) -> String {
        let routes = (0..<20).map { index in
            let next = index < 19 ? #", "subroutes": ["screen\#(index + 1)"]"# : ""
            return #"{"name": "screen\#(index)", "title": "\#(title) \#(index)"\#(next)}"#
        }
        return #"{"appName": "Stops", "root": "screen0", "routes": [\#(routes.joined(separator: ",\n"))]}"# + "\n"
    }

    /// A project folder with a store, `app.json` holding the first version, imported through a
    /// pipeline that remembers (as the daemon's does).
    struct Project {
        let folder: String
        let store: SQLiteStore
        let pipeline: ImportPipeline

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("wfs-stop-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            store = try SQLiteStore.create(path: folder + "/.wfs/store.sqlite", root: folder)
            pipeline = ImportPipeline(store: store, root: folder, author: "test", origin: .daemon, memory: SaveMemory())
            try write(ImportStopTests.version("First"))
            _ = try pipeline.importFile(absolutePath: folder + "/app.json", relativePath: "app.json")
        }

        func write(_ text: String) throws {
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/app.json"))
        }

        func importFile(_ pipeline: ImportPipeline? = nil) throws -> ImportResult {
            try (pipeline ?? self.pipeline).importFile(absolutePath: folder + "/app.json", relativePath: "app.json")
        }

        func remove() { try? FileManager.default.removeItem(atPath: folder) }
    }

    @Test func aStopAskedAtAnyPointWritesNothingOrTheWholeImport() throws {
        // What the second version's import records when nothing stops it.
        let reference = try Project()
        defer { reference.remove() }
        try reference.write(Self.version("Second"))
        let expected = try reference.importFile()
        #expect(expected.outcome == .stored)
        #expect(expected.changes.filter { $0.kind == .modified }.count == 20)

        // The stop is asked at the first check, then the second, …, until an import runs to its
        // end before being asked.
        var cancelledAt: [Int] = []
        var check = 1
        while true {
            let project = try Project()
            defer { project.remove() }
            try project.write(Self.version("Second"))
            let checks = Atomic<Int>(0)
            var stopping = project.pipeline
            stopping.isCancelled = { [check] in checks.add(1, ordering: .relaxed).newValue >= check }
            do {
                let result = try project.importFile(stopping)
                // Asked after the last check, or never: the import is stored whole.
                #expect(result.outcome == .stored, "stop asked at check \(check)")
                #expect(result.changes == expected.changes, "stop asked at check \(check)")
                if checks.load(ordering: .relaxed) < check { break }
            } catch is ImportPipeline.Cancelled {
                cancelledAt.append(check)
                #expect(try project.store.allRevisions().count == 1, "stop asked at check \(check)")
                // The next import (the next start's catch-up) stores the version as if nothing had stopped.
                let again = try project.importFile()
                #expect(again.outcome == .stored, "after a stop at check \(check)")
                #expect(again.changes == expected.changes, "after a stop at check \(check)")
            }
            check += 1
            try #require(check < 1_000, "an import that never runs out of checks")
        }
        // The readers, the rules and the pipeline each stopped it at some point.
        #expect(cancelledAt.count > 20)
    }

    @Test func anImportPastItsWorkLimitIsARejectedAttempt() throws {
        let project = try Project()
        defer { project.remove() }
        try project.write(Self.version("Second"))
        var limited = project.pipeline
        limited.workLimit = 10
        let result = try project.importFile(limited)
        #expect(result.outcome == .rejected)
        #expect(result.diagnostics.map(\.code) == [FormatCodes.overBudget])
        #expect(result.diagnostics.first?.message.contains("more than 10 screens and elements") == true)
        #expect(try project.store.allRevisions().count == 1)
        // Within the default budget, the same file is stored.
        #expect(try project.importFile().outcome == .stored)
    }

    @Test func anImportPastItsTimeLimitIsARejectedAttempt() throws {
        let project = try Project()
        defer { project.remove() }
        try project.write(Self.version("Second"))
        var limited = project.pipeline
        limited.timeLimit = .zero
        let result = try project.importFile(limited)
        #expect(result.outcome == .rejected)
        #expect(result.diagnostics.map(\.code) == [FormatCodes.overBudget])
        #expect(result.diagnostics.first?.message.contains("took longer than 0 s") == true)
        #expect(try project.store.allRevisions().count == 1)
    }
}
