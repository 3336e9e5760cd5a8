import ArgumentParser
import WireframeReport

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

/// Lays out DOT as SVG with Graphviz; `dot` missing or failing is a clear message and exit 2,
/// as for other things a command cannot do here.
func layOut(_ dot: String) throws -> [UInt8] {
    do {
        return try Graphviz.svg(dot: dot)
    } catch let error as Graphviz.Failure {
        Terminal.error("wfs: error: \(error.description)")
        throw ExitCode(2)
    }
}
