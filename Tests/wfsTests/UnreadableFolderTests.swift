#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import Testing
import WireframeTestSupport

/// A folder that cannot be listed (or that denies a look at a file in it) hides its files; it
/// does not delete them. `wfs import` of the folder above reports it and records no deletion,
/// `wfs validate` reports it with exit status 2, and once it can be read again nothing has changed.
///
/// Permissions bind every user but root, so as root the project belongs to ``OtherUser`` and the
/// commands run as that user; otherwise they run as the test's user.
@Suite(.serialized) struct UnreadableFolderTests {
    /// Runs `wfs` in the project, as ``OtherUser`` when the tests run as root.
    static func wfs(_ arguments: String..., in project: StoreCLI) throws -> ChildRun {
        let environment = ChildProcess.environment(["WFS_STORE": nil, "WFS_AUTHOR": "tester", "NO_COLOR": "1"])
        guard getuid() == 0 else { return try ChildProcess.run(StoreCLI.binary, arguments, in: project.root, environment: environment) }
        let command = try OtherUser.wrapping([StoreCLI.binary] + arguments)
        return try ChildProcess.run(command[0], Array(command.dropFirst()), in: project.root, environment: environment)
    }

    /// A project with `sub/a.json` and `sub/inner/b.json` imported, owned by the user the commands run as.
    static func importedProject() throws -> StoreCLI {
        let project = try StoreCLI()
        try project.write("sub/a.json", StoreCLI.wireframe([("home", "Home"), ("about", "About")]))
        try project.write("sub/inner/b.json", StoreCLI.wireframe([("home", "Start")]))
        if getuid() == 0 { try OtherUser.own(project.root) }
        let initialised = try wfs("init", in: project)
        try #require(initialised.status == 0, "\(initialised)")
        let imported = try wfs("import", "sub", in: project)
        try #require(imported.status == 0, "\(imported)")
        #expect(
            imported.output
                == "stored sub/a.json revision 1 (#1): added about, home\nstored sub/inner/b.json revision 2 (#1): added home\n",
            "\(imported)")
        return project
    }

    /// The revisions of the store, newest first, as "id path" (with " deleted" for a tombstone).
    static func revisions(_ project: StoreCLI) throws -> [String] {
        let log = try wfs("log", "--format", "json", in: project)
        try #require(log.status == 0, "\(log)")
        let entries = try #require(try StoreCLI.json(log.output) as? [[String: Any]], "\(log.output)")
        return entries.map { entry in
            let deleted = entry["deleted"] as? Bool == true ? " deleted" : ""
            return "\(entry["id"] as? Int ?? -1) \(entry["document"] as? String ?? "?")\(deleted)"
        }
    }

    @Test func importOfAFolderAboveAnUnreadableOneRecordsNoDeletion() throws {
        let project = try Self.importedProject()
        defer {
            chmod(project.root + "/sub/inner", 0o755)
            project.remove()
        }
        try #require(chmod(project.root + "/sub/inner", 0) == 0)

        let imported = try Self.wfs("import", "sub", in: project)
        #expect(imported.status == 1, "\(imported)")
        #expect(
            imported.output == "unchanged sub/a.json\nfailed sub/inner: 1 error; the documents below it are kept as they are\n",
            "\(imported)")
        #expect(imported.error == "sub/inner:1:1: error: cannot list the folder: Permission denied [WF0007]\n", "\(imported)")
        #expect(try Self.revisions(project) == ["2 sub/inner/b.json", "1 sub/a.json"])

        // The file itself, named through the folder that denies a look: cannot be read, not gone.
        let direct = try Self.wfs("import", "sub/inner/b.json", in: project)
        #expect(direct.status == 1, "\(direct)")
        #expect(direct.error.contains("sub/inner/b.json:1:1: error: cannot open the file: Permission denied [WF0007]"), "\(direct)")
        #expect(!direct.output.contains("deleted"), "\(direct)")
        #expect(try Self.revisions(project) == ["2 sub/inner/b.json", "1 sub/a.json"])

        let validated = try Self.wfs("validate", "sub", in: project)
        #expect(validated.status == 2, "\(validated)")
        #expect(validated.error.contains("sub/inner:1:1: error: cannot list the folder: Permission denied [WF0007]\n"), "\(validated)")
        #expect(validated.error.hasSuffix("1 file checked: 1 error, 0 warnings\n"), "\(validated)")

        // Readable again: nothing changed. Then really gone: a deletion.
        try #require(chmod(project.root + "/sub/inner", 0o755) == 0)
        let again = try Self.wfs("import", "sub", in: project)
        #expect(again.status == 0, "\(again)")
        #expect(again.output == "unchanged sub/a.json\nunchanged sub/inner/b.json\n", "\(again)")
        try FileManager.default.removeItem(atPath: project.root + "/sub/inner/b.json")
        let deleted = try Self.wfs("import", "sub", in: project)
        #expect(deleted.status == 0, "\(deleted)")
        #expect(deleted.output == "unchanged sub/a.json\ndeleted sub/inner/b.json revision 3 (#2): removed home\n", "\(deleted)")
        #expect(try Self.revisions(project) == ["3 sub/inner/b.json deleted", "2 sub/inner/b.json", "1 sub/a.json"])
    }

    @Test func aFolderImportKeepsADocumentWhoseFileIsThereButNotSearched() throws {
        let project = try Self.importedProject()
        defer { project.remove() }
        // Imported by its path from a folder that a folder search skips.
        try project.write("node_modules/c.json", StoreCLI.wireframe([("home", "Kept")]))
        if getuid() == 0 { try OtherUser.own(project.root + "/node_modules") }
        let direct = try Self.wfs("import", "node_modules/c.json", in: project)
        #expect(direct.output == "stored node_modules/c.json revision 3 (#1): added home\n", "\(direct)")

        let all = try Self.wfs("import", ".", in: project)
        #expect(all.status == 0, "\(all)")
        #expect(all.output == "unchanged sub/a.json\nunchanged sub/inner/b.json\n", "\(all)")
        #expect(try Self.revisions(project) == ["3 node_modules/c.json", "2 sub/inner/b.json", "1 sub/a.json"])
    }
}
