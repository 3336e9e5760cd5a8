#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import Testing
import WireframeTestSupport

/// A store this user may only read, and a file size limit, are reported, never a crash or a lost
/// revision: reading commands read a store they cannot write (opened read-only), writing ones say
/// which permission is missing, and a write past `ulimit -f` fails with a message naming the
/// limit while the store stays as it was.
@Suite struct StoreLimitsTests {
    /// A wireframe of `count` screens, large enough that storing it writes far more than 100 KB.
    static func large(_ count: Int) -> String {
        let routes = (0..<count).map { index in
            #"{"name": "s\#(index)", "title": "Screen \#(index)", "elements": [{"kind": "label", "text": "\#(String(repeating: "x", count: 200))"}]}"#
        }
        let root = #"{"name": "home", "title": "Home", "subroutes": [\#((0..<count).map { "\"s\($0)\"" }.joined(separator: ", "))]}"#
        return #"{"appName": "Big", "root": "home", "routes": [\#(([root] + routes).joined(separator: ", "))]}"#
    }

    @Test func aWritePastTheFileSizeLimitIsAnErrorAndTheStoreStaysWhole() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        #expect(try cli.run("init").status == 0)
        try cli.write("big.json", Self.large(2000))
        // 200 blocks of 512 bytes: the store file fits, the import's writes do not.
        let limited = try ChildProcess.run(
            "/bin/sh", ["-c", "ulimit -f 200 && exec \"$0\" import big.json", StoreCLI.binary], in: cli.root,
            environment: ChildProcess.environment(["WFS_STORE": nil, "NO_COLOR": "1"]))
        #expect(limited.status == 2, "\(limited)")
        #expect(limited.error.contains("the file size limit (ulimit -f"), "\(limited.error)")
        #expect(try cli.run("verify").status == 0)
        #expect(try cli.run("log").output.isEmpty)
        // Without the limit the same import is stored.
        #expect(try cli.run("import", "big.json").status == 0)
        #expect(try cli.run("log").output.contains("big.json #1"))
    }

    @Test(.enabled(if: OtherUser.isAvailable, "running as another user needs root and setpriv"))
    func aStoreThisUserCannotWriteIsReadAndAWriteSaysWhy() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        #expect(try cli.run("init").status == 0)
        try cli.write("app.json", StoreCLI.wireframe([("home", "Home"), ("cart", "Cart")]))
        #expect(try cli.run("import", "app.json").status == 0)
        // A reading command folds the WAL in: the folder holds the store file alone.
        #expect(try cli.run("log").status == 0)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: cli.root + "/.wfs").filter { $0.hasPrefix("store.") } == ["store.sqlite"])
        #expect(chmod(cli.root, 0o755) == 0)

        func asOther(_ arguments: [String]) throws -> ChildRun {
            let command = try OtherUser.wrapping([StoreCLI.binary] + arguments)
            return try ChildProcess.run(
                command[0], Array(command.dropFirst()), in: cli.root, environment: ChildProcess.environment(["WFS_STORE": nil]))
        }
        let log = try asOther(["log"])
        #expect(log.status == 0, "\(log)")
        #expect(log.output.contains("app.json #1"), "\(log)")
        #expect(try asOther(["verify"]).status == 0)
        #expect(try asOther(["show", "app.json"]).status == 0)
        let write = try asOther(["session", "start", "Kickoff"])
        #expect(write.status == 2, "\(write)")
        #expect(write.error.contains("no write permission on"), "\(write.error)")
        #expect(try cli.run("session", "list").output.isEmpty)
    }
}
