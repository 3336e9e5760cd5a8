import WireframeReport

/// A fragment of HTML whose interpolated values are escaped unless they are HTML themselves.
///
/// Pages are built only from this type, so a value from the store (a title, an author, a
/// meeting's notes) cannot become markup: `"<p>\(title)</p>" as HTML` escapes `title`, and
/// only another `HTML` value is inserted as it is.
public struct HTML: Sendable, Equatable, ExpressibleByStringInterpolation {
    /// The markup.
    public private(set) var markup: String

    public init(stringLiteral value: String) {
        markup = value
    }

    public init(stringInterpolation: Interpolation) {
        markup = stringInterpolation.markup
    }

    /// Markup built by this module's own code (never from a value the store or a request holds).
    init(trusted markup: String) {
        self.markup = markup
    }

    /// The fragments one after another.
    public static func joined(_ parts: some Sequence<HTML>, separator: HTML = "") -> HTML {
        HTML(trusted: parts.map(\.markup).joined(separator: separator.markup))
    }

    /// Builds `HTML` from literals (as they are) and values (escaped).
    public struct Interpolation: StringInterpolationProtocol {
        var markup = ""

        public init(literalCapacity: Int, interpolationCount: Int) {
            markup.reserveCapacity(literalCapacity + 16 * interpolationCount)
        }

        public mutating func appendLiteral(_ literal: String) {
            markup += literal
        }

        /// Another fragment, as it is.
        public mutating func appendInterpolation(_ html: HTML) {
            markup += html.markup
        }

        /// Text, escaped for an element's content or a quoted attribute value.
        public mutating func appendInterpolation(_ text: some StringProtocol) {
            markup += HTML.escaped(String(text))
        }

        /// A number, which needs no escaping.
        public mutating func appendInterpolation(_ number: some BinaryInteger) {
            markup += String(number)
        }
    }

    /// `text` safe inside an element or a quoted attribute (the report's escaping: one rule for
    /// both).
    public static func escaped(_ text: String) -> String {
        HTMLReport.escaped(text)
    }
}
