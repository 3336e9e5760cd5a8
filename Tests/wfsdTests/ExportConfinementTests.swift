import Foundation
import GRDB
import Testing
import WireframeTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `wfs export` never writes outside its output folder, whatever the store holds, and `wfs
/// verify` reports a document path that could: a damaged or hostile store (its rows written
/// directly), a symbolic link inside the output folder, an output folder that is the project.
@Suite(.serialized)
struct ExportConfinementTests {
    /// A project whose store holds one valid document, `a.json`.
    func projectWithOneDocument(store: String? = nil) throws -> Project {
        let project = try Project(store: store)
        try project.write("a.json", wireframe(title: "Stored"))
        let imported = try project.wfs(["import", "a.json"])
        #expect(imported.status == 0, "\(imported.stderr)")
        return project
    }

    /// Checks that export refuses the store's `../escaped.json` and writes nothing, and that verify reports it.
    func expectRefused(_ project: Project) throws {
        let output = project.url("out")
        let export = try project.wfs(["export", "--output", output.path])
        #expect(export.status != 0)
        #expect(export.stderr.contains("the document path '../escaped.json' is unsafe"), "\(export.stderr)")
        #expect(!FileManager.default.fileExists(atPath: project.url("escaped.json").path))
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("wfs-manifest.json").path))
        let verify = try project.wfs(["verify"])
        #expect(verify.status == 1)
        #expect(verify.stderr.contains("document '../escaped.json': its path is unsafe"), "\(verify.stderr)")
    }

    @Test func aDocumentPathWithDotDotInAnSQLiteStoreIsRefusedAndReported() throws {
        let project = try projectWithOneDocument()
        let queue = try DatabaseQueue(path: project.store)
        try queue.write { db in try db.execute(sql: "UPDATE document SET path = '../escaped.json' WHERE path = 'a.json'") }
        try queue.close()
        try expectRefused(project)
    }

    @Test(.enabled(if: PostgreSQLTestServer.isEnabled, Comment(rawValue: PostgreSQLTestServer.skipReason)))
    func aDocumentPathWithDotDotInAPostgreSQLStoreIsRefusedAndReported() throws {
        let database = try PostgreSQLTestServer.makeDatabase()
        defer { PostgreSQLTestServer.dropDatabase(database.name) }
        let project = try projectWithOneDocument(store: database.url)
        try PostgreSQLTestServer.execute(
            "UPDATE document SET path = '../escaped.json' WHERE path = 'a.json'", database: database.name)
        try expectRefused(project)
    }

    @Test func aSymbolicLinkInsideTheOutputFolderIsNotFollowed() throws {
        let project = try Project()
        try project.write("screens/a.json", wireframe(title: "Stored"))
        #expect(try project.wfs(["import", "screens/a.json"]).status == 0)
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("wfs-elsewhere-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("wfs-output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }

        // A folder of the output that is a link elsewhere (the folder is not empty: --force).
        #expect(symlink(elsewhere.path, output.appendingPathComponent("screens").path) == 0)
        let throughFolder = try project.wfs(["export", "--force", "--output", output.path])
        #expect(throughFolder.status != 0)
        #expect(throughFolder.stderr.contains("is a symbolic link"), "\(throughFolder.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)

        // A file of the output that is a link elsewhere.
        #expect(unlink(output.appendingPathComponent("screens").path) == 0)
        try FileManager.default.createDirectory(at: output.appendingPathComponent("screens"), withIntermediateDirectories: true)
        let target = elsewhere.appendingPathComponent("target.json")
        try Data("untouched\n".utf8).write(to: target)
        #expect(symlink(target.path, output.appendingPathComponent("screens/a.json").path) == 0)
        let throughFile = try project.wfs(["export", "--force", "--output", output.path])
        #expect(throughFile.status != 0)
        #expect(throughFile.stderr.contains("is a symbolic link"), "\(throughFile.stderr)")
        #expect(try String(contentsOf: target, encoding: .utf8) == "untouched\n")

        // Without links, the export is written where it belongs.
        #expect(unlink(output.appendingPathComponent("screens/a.json").path) == 0)
        let written = try project.wfs(["export", "--force", "--output", output.path])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("screens/a.json").path))
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("wfs-manifest.json").path))
    }

    @Test func theProjectRootAndAFolderAboveItAreRefused() throws {
        let project = try projectWithOneDocument()
        try project.write("a.json", wireframe(title: "Unsaved edit"))
        for output in [".", project.root.path, project.root.deletingLastPathComponent().path] {
            let export = try project.wfs(["export", "--output", output])
            #expect(export.status != 0, "export --output \(output)")
            #expect(export.stderr.contains("it is the project root"), "\(export.stderr)")
        }
        #expect(try String(contentsOf: project.url("a.json"), encoding: .utf8) == wireframe(title: "Unsaved edit"))
        #expect(!FileManager.default.fileExists(atPath: project.url("wfs-manifest.json").path))
        // A folder inside the project is an output like any other.
        #expect(try project.wfs(["export", "--output", "exported"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: project.url("exported/a.json").path))
    }
}
