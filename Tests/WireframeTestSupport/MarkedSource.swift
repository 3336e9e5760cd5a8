public import WireframeModel

/// A test input with its expected locations marked inline by keycap emoji (`1️⃣`, `2️⃣`, …).
///
/// The markers are removed from the text; each is remembered at the line, column (in Unicode
/// scalars) and byte offset of the character that followed it, so one literal says both what is
/// read and where a diagnostic must point.
public struct MarkedSource: Sendable {
    /// The text without markers.
    public let text: String
    /// Marker name (`"1️⃣"`) → the location of the character after it.
    public let markers: [String: WireframeModel.SourceLocation]

    /// Parses a marked text.
    public init(_ marked: String) {
        var text = String.UnicodeScalarView()
        var markers: [String: WireframeModel.SourceLocation] = [:]
        var line = 1
        var column = 1
        var offset = 0
        let scalars = Array(marked.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if index + 2 < scalars.count, ("0"..."9").contains(scalar),
                scalars[index + 1] == "\u{FE0F}", scalars[index + 2] == "\u{20E3}"
            {
                let name = String(String.UnicodeScalarView([scalar, "\u{FE0F}", "\u{20E3}"]))
                precondition(markers[name] == nil, "marker \(name) appears twice")
                markers[name] = WireframeModel.SourceLocation(line: line, column: column, offset: offset)
                index += 3
                continue
            }
            text.append(scalar)
            offset += String(scalar).utf8.count
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += 1
        }
        self.text = String(text)
        self.markers = markers
    }

    /// The UTF-8 bytes of the text without markers.
    public var bytes: [UInt8] { Array(text.utf8) }

    /// The location of a marker; a test failure follows when it is absent.
    public func location(_ marker: String) -> WireframeModel.SourceLocation? { markers[marker] }

    /// The marker at a location, else `line:column`, so that a wrong place shows in the failure.
    public func place(_ location: WireframeModel.SourceLocation) -> String {
        markers.first { $0.value.line == location.line && $0.value.column == location.column }?.key
            ?? "\(location.line):\(location.column)"
    }

    /// Diagnostics as `1️⃣ error: message [WF0001]`, notes as `  2️⃣ note: message` on lines of their own.
    public func annotate(_ diagnostics: [Diagnostic]) -> [String] {
        var lines: [String] = []
        for diagnostic in diagnostics {
            lines.append("\(place(diagnostic.location)) \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.code)]")
            for note in diagnostic.notes {
                lines.append("  \(note.location.map(place) ?? "-") note: \(note.message)")
            }
        }
        return lines
    }
}

/// A test input with every diagnostic it must give, places marked in the input (`1️⃣ error: … [WF0103]`).
public struct MarkedCase: Sendable, CustomStringConvertible {
    /// What the case shows; it names the test case in reports.
    public var name: String
    /// The input, with markers.
    public var input: String
    /// The expected diagnostics, each as `marker severity: message [code]`.
    public var expected: [String]

    /// Creates a case.
    public init(_ name: String, _ input: String, _ expected: String...) {
        self.name = name
        self.input = input
        self.expected = expected
    }

    /// Creates a case from an expected list.
    public init(_ name: String, input: String, expected: [String]) {
        self.name = name
        self.input = input
        self.expected = expected
    }

    /// The case's name, which Swift Testing shows for the argument.
    public var description: String { name }
}
