import ArgumentParser

/// The output formats of commands that print data.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text
    case json
}

/// The `--format text|json` option of commands that print data as text or JSON.
struct FormatOptions: ParsableArguments {
    @Option(help: "Output format.")
    var format: OutputFormat = .text
}
