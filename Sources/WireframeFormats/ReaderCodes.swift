public import WireframeModel

/// Diagnostic codes that readers give before any rule runs: the file is not a readable document.
public enum FormatCodes {
    /// Not well-formed JSON: the message says what was expected and what was found.
    public static let syntax: DiagnosticCode = "WF0001"
    /// The bytes are not valid UTF-8.
    public static let invalidUTF8: DiagnosticCode = "WF0002"
    /// The file is empty or holds only whitespace.
    public static let emptyDocument: DiagnosticCode = "WF0003"
    /// Arrays and objects nest deeper than the reader allows.
    public static let nestingTooDeep: DiagnosticCode = "WF0004"
    /// An object has the same key twice.
    public static let duplicateKey: DiagnosticCode = "WF0005"
    /// The file is larger than the reader accepts.
    public static let fileTooLarge: DiagnosticCode = "WF0006"
    /// The file cannot be read (missing, a directory, not a regular file, no permission).
    public static let unreadable: DiagnosticCode = "WF0007"
    /// A known key holds a value of the wrong type.
    public static let wrongType: DiagnosticCode = "WF0010"
    /// A required key is missing.
    public static let missingKey: DiagnosticCode = "WF0011"
    /// A key that the format does not define (a warning, with "did you mean" when one is close).
    public static let unknownKey: DiagnosticCode = "WF0012"
    /// A value outside a closed set (`type`, presentation, element `kind`, message destination).
    public static let invalidValue: DiagnosticCode = "WF0013"
    /// `presentationStyle` and `presentationType` given with different values.
    public static let conflictingAliases: DiagnosticCode = "WF0014"
    /// An action object without exactly one action key, or an element with several triggers.
    public static let malformedAction: DiagnosticCode = "WF0015"
    /// `formatVersion` names a version this reader does not know.
    public static let unsupportedVersion: DiagnosticCode = "WF0016"
}
