/// A position in a source file: 1-based line and column (in Unicode scalars) and a 0-based byte offset.
///
/// The three numbers are kept in 32 bits each (12 bytes, 16 with an optional's tag, instead of 24
/// and 32): every screen, link, element and diagnostic holds several locations, and a large
/// wireframe's model is mostly locations. A number outside the 32-bit range (a file of more than
/// 2 GiB, which the readers refuse long before) is kept as the nearest number inside it.
public struct SourceLocation: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    @usableFromInline var storedLine: Int32
    @usableFromInline var storedColumn: Int32
    @usableFromInline var storedOffset: Int32

    /// The 1-based line number.
    public var line: Int {
        @inlinable get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }

    /// The 1-based column, counted in Unicode scalars from the start of the line.
    public var column: Int {
        @inlinable get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }

    /// The 0-based byte offset from the start of the file.
    public var offset: Int {
        @inlinable get { Int(storedOffset) }
        set { storedOffset = Int32(clamping: newValue) }
    }

    /// Creates a location.
    @inlinable
    public init(line: Int, column: Int, offset: Int = 0) {
        storedLine = Int32(clamping: line)
        storedColumn = Int32(clamping: column)
        storedOffset = Int32(clamping: offset)
    }

    /// Creates a location from numbers a reader already keeps in 32 bits.
    @inlinable
    public init(line: Int32, column: Int32, offset: Int32) {
        storedLine = line
        storedColumn = column
        storedOffset = offset
    }

    /// The start of a file.
    public static let start = SourceLocation(line: 1, column: 1, offset: 0)

    @inlinable
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.storedLine, lhs.storedColumn) < (rhs.storedLine, rhs.storedColumn)
    }

    public var description: String { "\(line):\(column)" }

    // Encoded as before the numbers were narrowed: `line`, `column`, `offset`.
    private enum CodingKeys: String, CodingKey {
        case line
        case column
        case offset
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            line: try container.decode(Int.self, forKey: .line),
            column: try container.decode(Int.self, forKey: .column),
            offset: try container.decode(Int.self, forKey: .offset))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
        try container.encode(offset, forKey: .offset)
    }
}
