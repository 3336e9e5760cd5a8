import Foundation
import Testing
import WireframeTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// File names that are hostile to text output: a newline or an escape sequence in a name is
/// printed as an escape (it never forges a line of the daemon's log or splits a line of `wfs
/// log`), a name that is not UTF-8 is reported rather than passed by, and a name with `@` is a
/// REF to its document.
@Suite(.serialized)
struct FileNameTests {
    /// A name with a newline that would forge a log line, and an escape sequence.
    static let forging = "evil\n2026-01-01T00:00:00.000000Z info import file.path=forged.json.json"
    static let escaped = "evil\\n2026-01-01T00:00:00.000000Z info import file.path=forged.json.json"

    /// Writes a wireframe at `folder/caf\xE9.json`, a name that is not UTF-8.
    func writeLatin1Name(in folder: URL) throws {
        let path = Array(folder.path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".json".utf8)
        let descriptor = path.map { CChar(bitPattern: $0) }.withUnsafeBufferPointer { buffer -> Int32 in
            var terminated = Array(buffer)
            terminated.append(0)
            return open(terminated, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        }
        guard descriptor >= 0 else { throw HarnessError.failed("cannot make the file") }
        let text = Array(wireframe(title: "Latin-1").utf8)
        _ = text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
    }

    /// Lines of the daemon's log that do not begin as its lines do (a time, or a journald priority).
    func forgedLines(_ log: String) -> [String] {
        log.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("20") && !$0.hasPrefix("<") }
    }

    @Test(arguments: SettleTime.both)
    func theDaemonEscapesNamesAndReportsOnesThatAreNotUTF8(settle: SettleTime) throws {
        let project = try Project()
        try writeLatin1Name(in: project.root)
        var daemon = try project.startDaemon(environment: settle.environment)
        try daemon.waitUntilWatching()
        #expect(
            daemon.log.contains("a file name is not UTF-8; the file is not imported: rename it file.path=caf\\xE9.json"), "\(daemon.log)")

        try project.write(Self.forging, wireframe(title: "Forging"))
        try waitUntil("the file with a newline in its name is stored; log:\n\(daemon.log)") { try project.log(Self.forging).count == 1 }
        // Made in a folder that is watched already, so that its own event reports it.
        try project.write("sub/after.json", wireframe(title: "After"))
        try waitUntil("a file in a new folder is stored") { try project.log("sub/after.json").count == 1 }
        try writeLatin1Name(in: project.url("sub"))
        try waitUntil("the name that is not UTF-8 is reported while watching; log:\n\(daemon.log)") {
            daemon.log.contains("file.path=sub/caf\\xE9.json")
        }
        #expect(daemon.log.contains(Self.escaped))
        #expect(forgedLines(daemon.log).isEmpty, "\(daemon.log)")
        #expect(!daemon.log.contains("\n2026-01-01T00:00:00.000000Z"), "\(daemon.log)")
        #expect(try daemon.stop() == 0)

        // A restart says it again, once.
        daemon = try project.startDaemon(environment: settle.environment)
        try daemon.waitUntilWatching()
        #expect(daemon.log.components(separatedBy: "file.path=caf\\xE9.json").count == 2, "\(daemon.log)")
        #expect(try daemon.stop() == 0)
    }

    @Test func commandsPrintNamesEscapedAndImportReportsANameThatIsNotUTF8() throws {
        let project = try Project()
        try project.write(Self.forging, wireframe(title: "Forging"))
        try writeLatin1Name(in: project.root)
        let imported = try project.wfs(["import", "."])
        #expect(imported.status == 1)
        #expect(imported.stdout.contains("stored \(Self.escaped)"), "\(imported.stdout)")
        #expect(imported.stderr.contains("caf\\xE9.json:1:1: error: the file name is not UTF-8"), "\(imported.stderr)")
        #expect(imported.stdout.contains("failed caf\\xE9.json: 1 error; nothing was stored"), "\(imported.stdout)")

        let validated = try Project.run(Binaries.wfs, ["validate", "."], in: project.root)
        #expect(validated.status != 0)
        #expect(validated.stderr.contains("caf\\xE9.json:1:1: error: the file name is not UTF-8"), "\(validated.stderr)")

        let log = try project.wfs(["log"])
        #expect(log.stdout.contains(Self.escaped))
        #expect(!log.stdout.contains("\nforged.json"))
        let status = try project.wfs(["status"])
        #expect(status.stdout.contains(Self.escaped))
        #expect(!status.stdout.contains(Self.forging))
        let show = try project.wfs(["show", Self.forging])
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.hasPrefix("revision 1  \(Self.escaped) #1"), "\(show.stdout)")

        let exported = try project.wfs(["export", "--output", "exported"])
        #expect(exported.stdout.hasPrefix("\(Self.escaped)  revision 1"), "\(exported.stdout)")

        // Diagnostics name the file escaped too.
        try project.write(Self.forging, invalidWireframe)
        let validate = try Project.run(Binaries.wfs, ["validate", Self.forging], in: project.root)
        #expect(validate.stderr.contains("\(Self.escaped):1:"), "\(validate.stderr)")
        #expect(!validate.stderr.contains(Self.forging))
        let rejected = try project.wfs(["import", Self.forging])
        #expect(rejected.stderr.contains("\(Self.escaped):1:"), "\(rejected.stderr)")
        #expect(rejected.stdout.contains("rejected \(Self.escaped)"), "\(rejected.stdout)")
    }

    @Test func aREFNamesADocumentByItsWholeTextFirst() throws {
        let project = try Project()
        try project.write("a@b.json", wireframe(title: "At sign"))
        try project.write("a.json", wireframe(title: "Plain"))
        #expect(try project.wfs(["import", "a@b.json", "a.json"]).status == 0)
        try project.write("a.json", wireframe(title: "Plain again"))
        #expect(try project.wfs(["import", "a.json"]).status == 0)

        let whole = try project.wfs(["show", "a@b.json"])
        #expect(whole.status == 0, "\(whole.stderr)")
        #expect(whole.stdout.hasPrefix("revision 1  a@b.json #1"), "\(whole.stdout)")
        let dotted = try project.wfs(["show", "./a@b.json"])
        #expect(dotted.stdout.hasPrefix("revision 1  a@b.json #1"), "\(dotted.stdout)")
        // Without a document by the whole text, the part after the last `@` is a point.
        let numbered = try project.wfs(["show", "a.json@1"])
        #expect(numbered.stdout.hasPrefix("revision 2  a.json #1"), "\(numbered.stdout)")
        let ofTheDocument = try project.wfs(["show", "a@b.json@1"])
        #expect(ofTheDocument.stdout.hasPrefix("revision 1  a@b.json #1"), "\(ofTheDocument.stdout)")
        let diff = try project.wfs(["diff", "a@b.json", "a.json"])
        #expect(diff.status == 0, "\(diff.stderr)")
    }
}
