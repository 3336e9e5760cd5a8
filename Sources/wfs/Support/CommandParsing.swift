import ArgumentParser

extension WFS {
    /// The same commands as ``WFS`` under a root that ArgumentParser treats as a command with a
    /// super-command, for which it does not look for `--generate-completion-script`. It only parses;
    /// nothing it makes is shown (its help and errors would name the super-command), see ``WFS/main()``.
    struct Commands: ParsableCommand {
        static let configuration: CommandConfiguration = {
            var configuration = WFS.configuration
            configuration._superCommandName = ""
            return configuration
        }()

        /// The commands that do the work (not the groups around them), by type. An array, not a
        /// set: a `Set` here would cost a conformance scan at start (see "Starting a process").
        static let runnable: [ObjectIdentifier] = leaves(of: WFS.configuration.subcommands)

        private static func leaves(of commands: [any ParsableCommand.Type]) -> [ObjectIdentifier] {
            var found: [ObjectIdentifier] = []
            for command in commands {
                let subcommands = command.configuration.subcommands
                if subcommands.isEmpty {
                    found.append(ObjectIdentifier(command))
                } else {
                    found += leaves(of: subcommands)
                }
            }
            return found
        }

        /// Whether ArgumentParser answers an argument itself: help, the version, a completion script.
        /// Such a command line would not parse to a command here either, so it is not parsed twice.
        private static func isAnsweredByArgumentParser(_ argument: String) -> Bool {
            switch argument {
            case "-h", "-help", "--help", "--version": return true
            default: return argument.hasPrefix("--generate-completion-script")
            }
        }

        /// The command that `arguments` name, parsed and validated; nil when the arguments ask for
        /// help, the version or a completion script, or do not parse to one of the runnable commands.
        static func parse(_ arguments: [String]) -> (any ParsableCommand)? {
            guard arguments.first != "help", !arguments.contains(where: isAnsweredByArgumentParser) else { return nil }
            if let command = PlainCommandLine.command(arguments) { return command }
            guard let command = try? parseAsRoot(arguments),
                runnable.contains(ObjectIdentifier(type(of: command)))
            else { return nil }
            return command
        }
    }
}
