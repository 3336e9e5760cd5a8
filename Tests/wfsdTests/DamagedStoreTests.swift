import Foundation
import GRDB
import Testing
import WireframeTestSupport

/// A damaged store never prints wrong content with exit status 0: a source that no longer matches
/// its recorded hash, and pages SQLite finds malformed, are errors (exit 2) that name the store
/// and suggest `wfs verify`.
@Suite struct DamagedStoreTests {
    @Test func aSourceThatDoesNotMatchItsHashIsAnError() throws {
        let project = try Project()
        try project.write("a.json", wireframe(title: "Alpha"))
        try project.write("b.json", wireframe(title: "Beta"))
        #expect(try project.wfs(["import", "."]).status == 0)
        // a.json's source row now holds b.json's bytes: well encoded, and wrong.
        let queue = try DatabaseQueue(path: project.store)
        try queue.write { db in
            try db.execute(
                sql: """
                    UPDATE source SET data = (SELECT data FROM source WHERE revisionId = 2), size = (SELECT size FROM source WHERE revisionId = 2)
                    WHERE revisionId = 1
                    """)
        }
        try queue.close()
        for arguments in [["show", "--source", "a.json"], ["show", "a.json"], ["show", "--format", "json", "a.json"]] {
            let shown = try project.wfs(arguments)
            #expect(shown.status == 2, "\(arguments): \(shown)")
            #expect(!shown.stdout.contains("Beta"), "\(arguments): \(shown.stdout)")
            #expect(shown.stderr.contains("run 'wfs verify'"), "\(arguments): \(shown.stderr)")
        }
        #expect(try project.wfs(["verify"]).status == 1)
        #expect(try project.wfs(["show", "--source", "b.json"]).status == 0)
    }

    @Test func malformedPagesAreAnErrorThatSuggestsVerify() throws {
        let project = try Project()
        for index in 0..<40 { try project.write("doc\(index).json", wireframe(title: "Document \(index)", extraScreen: "more\(index)")) }
        #expect(try project.wfs(["import", "."]).status == 0)
        #expect(try project.wfs(["log"]).status == 0)  // the WAL folded into the store file
        // Overwrite every page after the first few with noise.
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: project.store))
        let size = try handle.seekToEnd()
        var generator = SystemRandomNumberGenerator()
        try handle.seek(toOffset: 4096)
        try handle.write(contentsOf: Data((0..<Int(size - 4096)).map { _ in UInt8.random(in: 0...255, using: &generator) }))
        try handle.close()
        for arguments in [["log", "--format", "json"], ["show", "doc7.json"], ["status"]] {
            let run = try project.wfs(arguments)
            #expect(run.status == 2, "\(arguments): \(run)")
            #expect(run.stderr.contains("wfs verify"), "\(arguments): \(run.stderr)")
        }
    }
}
