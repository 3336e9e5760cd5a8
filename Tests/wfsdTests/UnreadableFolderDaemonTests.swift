#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import Testing
import WireframeTestSupport

/// The catch-up pass at start meets a folder it cannot list: it says so, and the documents below
/// it keep their heads (no deletion is recorded for files it cannot see).
///
/// Permissions bind every user but root, so the daemon runs as ``OtherUser``, who owns the project.
@Suite struct UnreadableFolderDaemonTests {
    @Test(.enabled(if: OtherUser.isAvailable, "running as another user needs root and setpriv"))
    func catchUpDoesNotTakeAnUnreadableFolderForDeleted() throws {
        let project = try Project()
        try project.write("top.json", wireframe(title: "Top"))
        try project.write("sub/inner/b.json", wireframe(title: "Inner"))
        try OtherUser.own(project.root.path)
        var daemon = try project.startDaemon(asOtherUser: true)
        try daemon.waitUntilWatching()
        try waitUntil("both files are stored") { try project.log().count == 2 }
        #expect(try daemon.stop() == 0)

        // While stopped, the folder stops letting anyone but root in, and a file is edited.
        #expect(chmod(project.url("sub/inner").path, 0) == 0)
        defer { chmod(project.url("sub/inner").path, 0o755) }
        try project.write("top.json", wireframe(title: "Top again"))
        try OtherUser.own(project.url("top.json").path)

        daemon = try project.startDaemon(asOtherUser: true)
        try daemon.waitUntilWatching()
        let entries = try project.log()
        #expect(
            entries.map { "\($0["document"] as? String ?? "?") \($0["deleted"] as? Bool ?? false)" } == [
                "top.json false", "top.json false", "sub/inner/b.json false",
            ])
        #expect(daemon.log.contains("cannot list a folder; its files are neither imported nor taken for deleted"), "\(daemon.log)")
        #expect(daemon.log.contains("sub/inner"), "\(daemon.log)")
        #expect(try daemon.stop() == 0)
    }
}
