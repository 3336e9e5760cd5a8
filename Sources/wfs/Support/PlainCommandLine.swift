import ArgumentParser

/// The command lines that most runs of `wfs` are, parsed without ArgumentParser.
///
/// ArgumentParser finds a command's options and arguments by reflection: it builds the command's
/// argument set from a `Mirror` of a blank instance, and casts every property wrapper it meets to
/// its protocols, each first cast a scan of the binary's protocol conformance records. For `wfs diff
/// A B` that was about 11 M instructions, a sixth of the whole command (docs/PERFORMANCE.md, "A
/// command's own cost"). A command line of the plainest shape — a command name, then `--name value`
/// pairs of the command's own options, `--name` of its flags (each at most once) and positional
/// values, none of them starting with `-` — means the same to ArgumentParser as it does here, so
/// it is read here and the command made directly. Anything else (help, `--name=value`, a short name, `--`, a repeated or
/// unknown option, a value that does not convert, a command that fails its validation) is left to
/// ArgumentParser, which parses it and prints what it always did.
///
/// Each command read here sets every one of its options and arguments below; one added to the
/// command must be added here too (`PlainCommandLineTests` fails until it is: a value left unset
/// shows in the command's description, and reading it would stop the process).
struct PlainCommandLine {
    /// The `--name value` pairs, by name without the dashes.
    private(set) var options: [String: String] = [:]
    /// The positional values, in order.
    private(set) var values: [String] = []
    /// The flags given (`--name` alone), by name without the dashes.
    private(set) var flags: [String] = []

    /// Splits `arguments` (after the command name), taking only the options in `allowed` and the
    /// flags in `allowedFlags`; nil when the line is not of the plain shape.
    init?(_ arguments: ArraySlice<String>, allowed: [String], allowedFlags: [String] = []) {
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument.hasPrefix("-") {
                guard argument.hasPrefix("--") else { return nil }
                let name = String(argument.dropFirst(2))
                if allowedFlags.contains(name) {
                    guard !flags.contains(name) else { return nil }
                    flags.append(name)
                    index = arguments.index(after: index)
                    continue
                }
                guard allowed.contains(name), options[name] == nil else { return nil }
                let next = arguments.index(after: index)
                guard next < arguments.endIndex, !arguments[next].hasPrefix("-") else { return nil }
                options[name] = arguments[next]
                index = arguments.index(after: next)
            } else {
                guard argument != "help" else { return nil }
                values.append(argument)
                index = arguments.index(after: index)
            }
        }
    }

    /// An output format option's value (`text` when absent); nil when it names no format.
    func format<Format: RawRepresentable<String>>(_ name: String = "format", default: Format) -> Format? {
        guard let text = options[name] else { return `default` }
        return Format(rawValue: text)
    }

    /// The command that `arguments` name when they are of the plain shape for one of the commands
    /// read here, validated as ArgumentParser would; nil for anything else.
    static func command(_ arguments: [String]) -> (any ParsableCommand)? {
        guard let name = arguments.first else { return nil }
        let rest = arguments.dropFirst()
        let command: (any ParsableCommand)?
        switch name {
        case "diff": command = PlainCommandLine(rest, allowed: ["store", "format"]).flatMap(WFS.Diff.init(plain:))
        case "import": command = PlainCommandLine(rest, allowed: ["store", "author", "message"]).flatMap(WFS.Import.init(plain:))
        case "log":
            command = PlainCommandLine(rest, allowed: ["store", "document", "screen", "session", "since", "until", "limit", "format"])
                .flatMap(WFS.Log.init(plain:))
        case "status": command = PlainCommandLine(rest, allowed: ["store", "format"]).flatMap(WFS.Status.init(plain:))
        case "show": command = PlainCommandLine(rest, allowed: ["store", "format"], allowedFlags: ["source"]).flatMap(WFS.Show.init(plain:))
        case "audit": command = PlainCommandLine(rest, allowed: ["store", "from", "to", "format"]).flatMap(WFS.Audit.init(plain:))
        case "validate": command = PlainCommandLine(rest, allowed: ["format"], allowedFlags: ["strict"]).flatMap(WFS.Validate.init(plain:))
        case "verify": command = PlainCommandLine(rest, allowed: ["store"]).flatMap(WFS.Verify.init(plain:))
        case "path": command = PlainCommandLine(rest, allowed: ["format", "at", "store"]).flatMap(WFS.Path.init(plain:))
        case "export":
            command = PlainCommandLine(rest, allowed: ["store", "format", "at", "document", "output"]).flatMap(WFS.Export.init(plain:))
        default: command = nil
        }
        guard var command, (try? command.validate()) != nil else { return nil }
        return command
    }
}

extension WFS.Diff {
    /// The values of a plain `diff` line.
    struct Plain {
        var store: String?
        var format: OutputFormat
        var old: String
        var new: String

        init(store: String?, format: OutputFormat, old: String, new: String) {
            self.store = store
            self.format = format
            self.old = old
            self.new = new
        }

        init?(_ line: PlainCommandLine) {
            guard line.values.count == 2, let format = line.format(default: OutputFormat.text) else { return nil }
            self.init(store: line.options["store"], format: format, old: line.values[0], new: line.values[1])
        }

        /// The values of `arguments` when they are a plain `diff` line (what ``PlainCommandLine/command(_:)``
        /// makes a ``WFS/Diff`` of), nil for anything else. `diff` validates nothing more.
        init?(arguments: [String]) {
            guard arguments.first == "diff", let line = PlainCommandLine(arguments.dropFirst(), allowed: ["store", "format"]) else {
                return nil
            }
            self.init(line)
        }
    }

    init?(plain line: PlainCommandLine) {
        guard let plain = Plain(line) else { return nil }
        self.init()
        store = plain.store
        format = plain.format
        old = plain.old
        new = plain.new
    }
}

extension WFS.Import {
    init?(plain line: PlainCommandLine) {
        self.init()
        store = line.options["store"]
        author = line.options["author"]
        message = line.options["message"]
        paths = line.values
    }
}

extension WFS.Log {
    init?(plain line: PlainCommandLine) {
        guard line.values.isEmpty, let format = line.format(default: OutputFormat.text) else { return nil }
        var limit: Int?
        if let text = line.options["limit"] {
            guard let value = Int(text) else { return nil }
            limit = value
        }
        self.init()
        store = line.options["store"]
        document = line.options["document"]
        screen = line.options["screen"]
        session = line.options["session"]
        since = line.options["since"]
        until = line.options["until"]
        self.limit = limit
        self.format = format
    }
}

extension WFS.Status {
    init?(plain line: PlainCommandLine) {
        guard line.values.isEmpty, let format = line.format(default: OutputFormat.text) else { return nil }
        self.init()
        store = line.options["store"]
        self.format = format
    }
}

extension WFS.Show {
    init?(plain line: PlainCommandLine) {
        guard line.values.count == 1, let format = line.format(default: Format.text) else { return nil }
        self.init()
        store = line.options["store"]
        self.format = format
        source = line.flags.contains("source")
        reference = line.values[0]
    }
}

extension WFS.Audit {
    init?(plain line: PlainCommandLine) {
        guard line.values.isEmpty, let from = line.options["from"], let format = line.format(default: Format.text) else { return nil }
        self.init()
        store = line.options["store"]
        self.from = from
        to = line.options["to"]
        self.format = format
    }
}

extension WFS.Validate {
    init?(plain line: PlainCommandLine) {
        guard let format = line.format(default: OutputFormat.text) else { return nil }
        self.init()
        self.format = format
        strict = line.flags.contains("strict")
        paths = line.values
    }
}

extension WFS.Verify {
    init?(plain line: PlainCommandLine) {
        guard line.values.isEmpty else { return nil }
        self.init()
        store = line.options["store"]
    }
}

extension WFS.Path {
    init?(plain line: PlainCommandLine) {
        guard line.values.count == 3, let format = line.format(default: OutputFormat.text) else { return nil }
        self.init()
        self.format = format
        at = line.options["at"]
        store = line.options["store"]
        document = line.values[0]
        from = line.values[1]
        to = line.values[2]
    }
}

extension WFS.Export {
    init?(plain line: PlainCommandLine) {
        guard line.values.isEmpty, let output = line.options["output"], let format = line.format(default: Format.json) else { return nil }
        self.init()
        store = line.options["store"]
        self.format = format
        at = line.options["at"]
        document = line.options["document"]
        self.output = output
    }
}
