import ArgumentParser

/// The output formats of commands that print data.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text
    case json
}
