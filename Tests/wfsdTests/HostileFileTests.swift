import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Hostile and broken files, end to end: dropped into a watched folder they each get a rejected or
/// failed attempt with a diagnostic (or a logged refusal), the daemon goes on importing valid
/// files, and `wfs validate` and `wfs import` give each a located diagnostic instead of hanging.
@Suite(.serialized)
struct HostileFileTests {
    /// The hostile files: name → bytes. (FIFOs and links are made by ``makeSpecialFiles(in:)``.)
    static func hostileContents() -> [(String, [UInt8])] {
        let depth = 100_000
        var billionLaughs = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n  <!ENTITY lol \"lol\">\n"
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "lol\(level - 1)"
            billionLaughs += "  <!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">\n"
        }
        billionLaughs += "]>\n<workflow><screen><title>&lol9;</title></screen></workflow>\n"
        let external =
            "<!DOCTYPE workflow [ <!ENTITY secret SYSTEM \"file:///etc/passwd\"> ]>\n<workflow><screen><title>&secret;</title></screen></workflow>\n"
        var garbage: [UInt8] = Array("{\"appName\": \"".utf8) + [0xFF, 0xFE, 0xC0, 0x80, 0xED, 0xA0, 0x80] + Array("\"}".utf8)
        var generator = SystemRandomNumberGenerator()
        garbage += (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
        var big = Array(#"{"appName": "Big", "root": "home", "routes": [{"name": "home", "title": ""#.utf8)
        big += [UInt8](repeating: UInt8(ascii: "x"), count: 50 << 20)
        big += Array("\"}]}\n".utf8)
        return [
            ("deep.json", Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)),
            ("deep-object.json", Array((String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth)).utf8)),
            (
                "deep.xml",
                Array(
                    ("<workflow>" + String(repeating: "<container>", count: depth) + String(repeating: "</container>", count: depth)
                        + "</workflow>").utf8)
            ),
            ("garbage.json", garbage),
            ("garbage.xml", [0x3C, 0xFF, 0x00] + garbage),
            ("big.json", big),
            ("laughs.xml", Array(billionLaughs.utf8)),
            ("external.xml", Array(external.utf8)),
            (
                "escape.xml",
                Array(
                    #"<workflow><navigation><screen/><loadSchema name="a"><path>../../outside.xml</path><pushController/><showAlert>no</showAlert></loadSchema></navigation></workflow>"#
                        .utf8)
            ),
        ]
    }

    /// A FIFO named `*.json`, a link loop, a link to a wireframe outside the root, a link to a FIFO.
    static func makeSpecialFiles(in folder: URL, outside: URL) throws {
        func link(_ name: String, to target: String) throws {
            // Made under a hidden name and renamed into place, so that the daemon sees IN_MOVED_TO.
            let hidden = folder.appendingPathComponent(".link-\(name)").path
            guard symlink(target, hidden) == 0, rename(hidden, folder.appendingPathComponent(name).path) == 0 else {
                throw HarnessError.failed("cannot make link \(name)")
            }
        }
        let fifo = folder.appendingPathComponent("fifo.json").path
        guard mkfifo(fifo, 0o644) == 0 else { throw HarnessError.failed("mkfifo") }
        // A writer that opens (O_RDWR never blocks on Linux), writes and closes: IN_CLOSE_WRITE on the FIFO.
        let descriptor = open(fifo, O_RDWR | O_NONBLOCK)
        if descriptor >= 0 {
            _ = "{}".withCString { write(descriptor, $0, 2) }
            close(descriptor)
        }
        try link("loop.json", to: "loop.json")
        try link("outside.json", to: outside.path)
        try link("to-fifo.json", to: "fifo.json")
    }

    static let hostileNames = [
        "deep.json", "deep-object.json", "deep.xml", "garbage.json", "garbage.xml", "big.json", "laughs.xml", "external.xml",
        "fifo.json", "loop.json", "outside.json", "to-fifo.json",
    ]

    func writeHostileFiles(into project: Project, outside: URL) throws {
        for (name, bytes) in Self.hostileContents() {
            try Data(bytes).write(to: project.url(name))
        }
        try Self.makeSpecialFiles(in: project.root, outside: outside)
    }

    /// A valid wireframe outside the project, for the link that points out of the root.
    func outsideWireframe() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wfsd-outside-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("secret.json")
        try Data(wireframe(title: "Outside secret").utf8).write(to: file)
        return file
    }

    func rejectedPaths(_ project: Project) throws -> Set<String> {
        Set((try project.status()["rejected"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String })
    }

    @Test(arguments: SettleTime.both)
    func theDaemonRefusesEachHostileFileAndGoesOnImporting(settle: SettleTime) throws {
        let project = try Project()
        let outside = try outsideWireframe()
        defer { try? FileManager.default.removeItem(at: outside.deletingLastPathComponent()) }
        let daemon = try project.startDaemon(environment: settle.environment)
        try daemon.waitUntilWatching()
        try project.write("before.json", wireframe(title: "Before"))
        try waitUntil("the first valid file is stored") { try project.log("before.json").count == 1 }

        try writeHostileFiles(into: project, outside: outside)
        // escape.xml is read on its own by an import (loadSchema targets are checked by wfs validate).
        let refused = Set(Self.hostileNames)
        try waitUntil("every hostile file has a rejected or failed attempt; log:\n\(daemon.log)", timeout: .seconds(120)) {
            refused.isSubset(of: try rejectedPaths(project))
        }
        #expect(daemon.process.isRunning)

        // A file that vanishes between its event and its read, many times over.
        for round in 0..<30 {
            try project.write("vanishing.json", wireframe(title: "Vanishing \(round)"))
            usleep(useconds_t(round * 1_000))
            try project.remove("vanishing.json")
        }
        try project.write("after.json", wireframe(title: "After"))
        try waitUntil("a valid file after the hostile ones is stored; log:\n\(daemon.log)") { try project.log("after.json").count == 1 }
        #expect(daemon.process.isRunning)

        // Nothing hostile became a revision; the link out of the root was refused by name.
        let documents = Set(try project.log().compactMap { $0["document"] as? String })
        #expect(documents.isDisjoint(with: refused))
        #expect(
            daemon.log.contains(
                "outside.json:1:1: error: the file is a symbolic link to '\(outside.resolvingSymlinksInPath().path)', outside the project root"
            ))
        #expect(daemon.log.contains("big.json:1:1: error: the file is"))
        #expect(daemon.log.contains("[WF0006]"))
        #expect(try daemon.stop() == 0)

        // A restart's catch-up pass meets them all again (a link to a FIFO, a loop) and still gets to watching.
        let again = try project.startDaemon(environment: settle.environment)
        try again.waitUntilWatching()
        try project.write("restarted.json", wireframe(title: "Restarted"))
        try waitUntil("a save after the restart is stored") { try project.log("restarted.json").count == 1 }
        #expect(try again.stop() == 0)
        #expect(try project.wfs(["verify"]).status == 0)
    }

    @Test func validateAndImportGiveEachHostileFileADiagnostic() throws {
        let project = try Project()
        let outside = try outsideWireframe()
        defer { try? FileManager.default.removeItem(at: outside.deletingLastPathComponent()) }
        try writeHostileFiles(into: project, outside: outside)
        let expected: [String: String] = [
            "deep.json": "[WF0004]", "deep-object.json": "[WF0004]", "deep.xml": "[WF0004]",
            "garbage.json": "[WF0002]", "garbage.xml": "[WF0002]", "big.json": "[WF0006]",
            "laughs.xml": "[WF1011]", "external.xml": "[WF1011]", "escape.xml": "leaves the project root",
            "fifo.json": "[WF0007]", "loop.json": "[WF0007]", "to-fifo.json": "[WF0007]",
        ]
        for (name, code) in expected.sorted(by: { $0.key < $1.key }) {
            let result = try Project.run(Binaries.wfs, ["validate", name], in: project.root)
            #expect(result.status != 0, "wfs validate \(name)")
            #expect(result.stderr.contains("\(name):"), "wfs validate \(name): \(result.stderr.prefix(400))")
            #expect(result.stderr.contains(code), "wfs validate \(name): \(result.stderr.prefix(400))")
        }
        // A whole folder at once: every file reported, none hangs the search.
        let folder = try Project.run(Binaries.wfs, ["validate", "."], in: project.root)
        #expect(folder.status != 0)
        for name in expected.keys.filter({ $0 != "fifo.json" }) {
            #expect(folder.stderr.contains("\(name):"), "wfs validate . names \(name)")
        }

        for name in Self.hostileNames {
            let result = try project.wfs(["import", name])
            #expect(result.status == 1, "wfs import \(name): \(result.stderr.prefix(400))")
            #expect(
                result.stderr.contains("\(name):1:") || result.stderr.contains("\(name):"),
                "wfs import \(name): \(result.stderr.prefix(400))")
        }
        let link = try project.wfs(["import", "outside.json"])
        #expect(link.stderr.contains("outside the project root"))
        #expect(try project.log().isEmpty)
        #expect(try project.wfs(["verify"]).status == 0)
    }
}
