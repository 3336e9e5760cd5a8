import ArgumentParser

/// The output formats of commands that print data.
enum OutputFormat: String, ExpressibleByArgument {
    case text
    case json

    // What ArgumentParser's defaults give for a `CaseIterable` `String` enum, without them: they
    // describe each value by string interpolation, which looks up protocol conformances at run
    // time, and every command that takes `--format` asked for them while parsing its options.
    // The type is not `CaseIterable` either: ArgumentParser asks whether a default value is
    // `CaseIterable & RawRepresentable` (to describe it by its raw value, as
    // `defaultValueDescription` does here), and each conformance it has to find costs a scan of
    // the binary's conformance records; one that is missing stops the check at the first.

    var defaultValueDescription: String { rawValue }

    static var allValueStrings: [String] { [OutputFormat.text.rawValue, OutputFormat.json.rawValue] }

    static var allValueDescriptions: [String: String] { [:] }

    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}
