import ArgumentParser

/// The `wfs` command: validates wireframes and answers questions about their history.
@main
struct WFS: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wfs",
        abstract: "Validate app wireframes and keep their history.",
        discussion: """
            Wireframes are JSON or WorkflowSchema XML files that describe an app's screens and how \
            they link. Diagnostics go to standard error as 'path:line:column: severity: message [code]'.
            """,
        version: "0.1.0",
        subcommands: [
            Validate.self,
            Path.self,
            Init.self, Import.self, Log.self, Show.self, Diff.self, SessionCommand.self, Audit.self, Export.self, Status.self, Verify.self,
        ]
    )

    /// Parses the command line and runs the command it names.
    ///
    /// ArgumentParser's own `main()` first parses every command line as two hidden commands, by
    /// reflection, looking for `--generate-completion-script` (about 2 M instructions of a command's
    /// start-up). A command line that cannot hold that option is parsed by ``Commands`` instead,
    /// which skips that look (and reads the plainest lines itself, see ``PlainCommandLine``); anything that does not parse there to one of the commands below
    /// (help, the version, an error, a completion script) is left to ArgumentParser's `main(_:)`,
    /// which parses it again and prints what it always did.
    ///
    /// `wfs --version` alone is answered here as ArgumentParser answers it (the version and a line
    /// break through `print`, status 0), without its parse by reflection (7 M instructions).
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments == ["--version"], !configuration.version.isEmpty {
            print(configuration.version)
            return
        }
        // A plain `wfs diff` runs from its values, without making the command value, whose
        // option wrappers' names cost a run-time conformance look-up (~0.45 M instructions).
        if let diff = Diff.Plain(arguments: arguments) {
            do {
                try Diff.run(diff)
            } catch {
                exit(withError: error)
            }
            return
        }
        guard var command = Commands.parse(arguments) else {
            main(arguments)
            return
        }
        do {
            try command.run()
        } catch {
            exit(withError: error)
        }
    }
}
