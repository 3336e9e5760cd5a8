import Foundation
import Testing
import WireframeTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// One daemon per store file, whatever name the file is opened by.
@Suite(.serialized)
struct StoreIdentityLockTests {
    @Test func aSecondDaemonOnAHardLinkOfTheStoreIsRefusedNamingThePid() throws {
        let project = try Project()
        try project.write("app.json", wireframe(title: "Before"))
        let first = try project.startDaemon()
        try first.waitUntilWatching()

        let other = project.root.appendingPathComponent(".wfs/other.sqlite").path
        #expect(link(project.store, other) == 0)
        let second = try ChildProcess.run(Binaries.wfsd.path, ["--store", other], in: project.root.path, timeout: 30)
        #expect(second.status == 2, "\(second.error)")
        #expect(second.error.contains("already serves this store"), "\(second.error)")
        #expect(second.error.contains("pid \(first.process.processIdentifier)"), "\(second.error)")

        // The first daemon goes on serving the store.
        #expect(first.process.isRunning)
        try project.write("app.json", wireframe(title: "After"))
        try waitUntil("the first daemon stores the save; log:\n\(first.log)") { try project.log("app.json").count == 2 }
        #expect(try first.stop() == 0)
        #expect(try project.wfs(["verify"]).status == 0)
    }
}
