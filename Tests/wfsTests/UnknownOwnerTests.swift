import Foundation
import Testing

/// Files owned by a user or group that the system cannot name (copied from a container or a
/// tarball, on NFS) are imported like any other, and so are imports by such a user: naming an
/// owner must never be needed, nor may a failed lookup stop the process.
@Suite struct UnknownOwnerTests {
    static let unknownId: UInt32 = 54_321

    @Test(.enabled(if: getuid() == 0, "changing a file's owner needs root"))
    func aFileOwnedByAnUnknownUserIsImported() throws {
        #expect(getpwuid(Self.unknownId) == nil, "uid \(Self.unknownId) exists here")
        let project = try StoreCLI()
        defer { project.remove() }
        #expect(try project.run("init").status == 0)
        try project.write("sub/a.json", StoreCLI.wireframe([("home", "Home")]))
        #expect(chown(project.root + "/sub/a.json", Self.unknownId, Self.unknownId) == 0)
        #expect(chown(project.root + "/sub", Self.unknownId, Self.unknownId) == 0)
        let imported = try project.run("import", "sub")
        #expect(imported.status == 0, "\(imported.error)")
        #expect(imported.output.hasPrefix("stored sub/a.json revision 1"), "\(imported.output)")
        let validated = try project.run("validate", "sub")
        #expect(validated.status == 0, "\(validated.error)")
    }
}
