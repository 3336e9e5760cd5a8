/// A position in a source file: 1-based line and column (in Unicode scalars) and a 0-based byte offset.
public struct SourceLocation: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    /// The 1-based line number.
    public var line: Int
    /// The 1-based column, counted in Unicode scalars from the start of the line.
    public var column: Int
    /// The 0-based byte offset from the start of the file.
    public var offset: Int

    /// Creates a location.
    public init(line: Int, column: Int, offset: Int = 0) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// The start of a file.
    public static let start = SourceLocation(line: 1, column: 1, offset: 0)

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    public var description: String { "\(line):\(column)" }
}
