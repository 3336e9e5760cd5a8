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
    try laidOut { try Graphviz.svg(dot: dot) }
}

/// A picture for a page (a report, `diff --format html`): drawn, or Graphviz's refusal as a note
/// in its place, so that the page is still written; `dot` missing is an error, as for `layOut`.
func pictureOrNote(_ dot: String) throws -> ReportPicture {
    try laidOut { try ReportPicture.laidOut(dot) }
}

/// The pictures of a report's changed documents, as ``pictureOrNote(_:)`` draws each.
func pictures(of report: MeetingReport) throws -> [String: ReportPicture] {
    try laidOut { try report.pictures() }
}

private func laidOut<Picture>(_ draw: () throws -> Picture) throws -> Picture {
    do {
        return try draw()
    } catch let error as Graphviz.Failure {
        Terminal.error("wfs: error: \(error.description)")
        throw ExitCode(2)
    }
}
