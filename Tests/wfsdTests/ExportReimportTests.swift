import Foundation
import Testing
import WireframeTestSupport

/// An export is a folder a team hands over and imports again: importing it gives the same hashes
/// and passes its manifest by; writing into a folder that holds something needs `--force`, which
/// then removes only the files of the earlier export that the new one does not hold.
@Suite struct ExportReimportTests {
    static func folder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("wfs-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func hashes(_ output: String) throws -> [String: String] {
        let lines = output.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        return Dictionary(uniqueKeysWithValues: lines.map { (String($0[0]), String($0[$0.count - 1])) })
    }

    @Test func anExportImportsCleanlyWithTheSameHashes() throws {
        let project = try Project()
        try project.write("app.json", wireframe(title: "Home"))
        try project.write("screens/more.json", wireframe(title: "More", extraScreen: "settings"))
        #expect(try project.wfs(["import", "."]).status == 0)
        let output = try Self.folder("export")
        defer { try? FileManager.default.removeItem(at: output) }
        let exported = try project.wfs(["export", "--output", output.path])
        #expect(exported.status == 0, "\(exported.stderr)")

        // Another team starts its history from the folder handed over.
        let other = try Project(root: output)
        let imported = try other.wfs(["import", "."])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(!imported.stderr.contains("wfs-manifest.json"), "\(imported.stderr)")
        let entries = try other.log()
        #expect(entries.count == 2, "\(entries)")
        let secondOutput = try Self.folder("again")
        defer { try? FileManager.default.removeItem(at: secondOutput) }
        let again = try other.wfs(["export", "--output", secondOutput.path])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try Self.hashes(again.stdout) == Self.hashes(exported.stdout))
        #expect(try Self.hashes(exported.stdout).count == 2)
    }

    @Test func aFolderThatHoldsSomethingNeedsForceWhichRemovesOnlyTheEarlierExportsFiles() throws {
        let project = try Project()
        try project.write("app.json", wireframe(title: "Home"))
        try project.write("old.json", wireframe(title: "Old"))
        #expect(try project.wfs(["import", "."]).status == 0)
        let output = try Self.folder("export")
        defer { try? FileManager.default.removeItem(at: output) }
        #expect(try project.wfs(["export", "--output", output.path]).status == 0)

        // The earlier export's old.json is no longer in the store's snapshot; the team's own
        // files in the folder are not the export's.
        try project.remove("old.json")
        #expect(try project.wfs(["import", "."]).status == 0)
        try Data("minutes\n".utf8).write(to: output.appendingPathComponent("notes.txt"))
        try Data("{}\n".utf8).write(to: output.appendingPathComponent("theirs.json"))

        let refused = try project.wfs(["export", "--output", output.path])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("not empty") && refused.stderr.contains("--force"), "\(refused.stderr)")
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("old.json").path))

        let replaced = try project.wfs(["export", "--force", "--output", output.path])
        #expect(replaced.status == 0, "\(replaced.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
        #expect(names == ["app.json", "notes.txt", "theirs.json", "wfs-manifest.json"])
    }

    @Test func aManifestNamingAFileOutsideTheFolderRemovesNothingThere() throws {
        let project = try Project()
        try project.write("app.json", wireframe(title: "Home"))
        #expect(try project.wfs(["import", "."]).status == 0)
        let parent = try Self.folder("parent")
        defer { try? FileManager.default.removeItem(at: parent) }
        let output = parent.appendingPathComponent("export")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let outside = parent.appendingPathComponent("precious.json")
        try Data("keep\n".utf8).write(to: outside)
        let manifest = #"{"at":"now","documents":[{"path":"x","file":"../precious.json","revision":1,"contentHash":"0"}]}"#
        try Data(manifest.utf8).write(to: output.appendingPathComponent("wfs-manifest.json"))

        #expect(try project.wfs(["export", "--force", "--output", output.path]).status == 0)
        #expect(try String(contentsOf: outside, encoding: .utf8) == "keep\n")
    }
}
