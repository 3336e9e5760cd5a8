import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension WFS {
    /// `wfs serve`: runs the web server, `wfs-serve`, installed beside `wfs` (or in
    /// `libexec/wfs/`), with the same arguments.
    struct Serve: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract: "Serve the store as a web app and a JSON API ('wfs serve --help' lists the options).",
            discussion: """
                Pages for the project, its history, revisions, comparisons, screen timelines and meetings, \
                and the JSON API under /api/. Binds 127.0.0.1:7480 unless --host and --port say otherwise.
                """
        )

        @Argument(parsing: .captureForPassthrough, help: "The server's options (see 'wfs serve --help').")
        var arguments: [String] = []

        func run() throws {
            guard let server = Self.serverExecutable() else {
                Terminal.error(
                    "wfs: error: cannot find the web server 'wfs-serve' beside this 'wfs' or in its libexec/wfs folder; reinstall wfs")
                throw ExitCode(2)
            }
            let argv = [server] + arguments
            var cArguments = argv.map { strdup($0) } + [nil]
            defer { for pointer in cArguments { free(pointer) } }
            execv(server, &cArguments)
            Terminal.error("wfs: error: cannot start \(server): \(String(cString: strerror(errno)))")
            throw ExitCode(2)
        }

        /// `wfs-serve` beside the running `wfs` (a build folder, `bin/`), else in `libexec/wfs/`
        /// of the same prefix.
        static func serverExecutable() -> String? {
            guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
            let folder = (executable as NSString).deletingLastPathComponent
            let candidates = [folder + "/wfs-serve", (folder as NSString).deletingLastPathComponent + "/libexec/wfs/wfs-serve"]
            return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
        }
    }
}
