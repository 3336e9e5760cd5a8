import ArgumentParser

/// The output formats of commands that print data.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text
    case json

    // What ArgumentParser's defaults give for a `String` enum, without them: they describe each
    // value by string interpolation, which looks up protocol conformances at run time, and every
    // command that takes `--format` asked for them while parsing its options.

    var defaultValueDescription: String { rawValue }

    static var allValueStrings: [String] { allCases.map(\.rawValue) }

    static var allValueDescriptions: [String: String] { [:] }
}
