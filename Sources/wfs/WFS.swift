import ArgumentParser

#if canImport(Glibc)
    import Glibc
#endif

/// The `wfs` command: validates wireframes and answers questions about their history.
///
/// A synchronous `ParsableCommand`: every command does its work on the calling thread, so an
/// async root would only add a task to wait on.
@main
struct WFS: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wfs",
        abstract: "Validate app wireframes and keep their history.",
        discussion: """
            Wireframes are JSON or WorkflowSchema XML files that describe an app's screens and how \
            they link. Diagnostics go to standard error as 'path:line:column: severity: message [code]'. \
            Exit status: 0 success, 1 the command ran and found errors, 2 it could not run, 64 a usage error.

            The store (.wfs/store.sqlite in the project folder, or a PostgreSQL database for a team) keeps \
            every change of meaning, screen by screen, and the meetings held with the customer (sessions). \
            'wfs help COMMAND' or 'man wfs-COMMAND' describes a command; the user guide, GUIDE.md, is \
            installed with the documentation (share/doc/wfs).
            """,
        version: "0.1.0",
        subcommands: [
            Validate.self, Path.self, Init.self, Import.self, Sync.self, Log.self, Show.self, Note.self, Diff.self, SessionCommand.self,
            Audit.self, Report.self, Export.self, Status.self, Verify.self, StoreCommand.self, Serve.self,
        ]
    )

    /// Runs the command with SIGXFSZ ignored: a write past the file size limit (`ulimit -f`) then
    /// fails with EFBIG, which the store reports as an error naming the limit, instead of the
    /// signal ending the process without a word.
    static func main() {
        signal(SIGXFSZ, SIG_IGN)
        main(nil)
    }
}
