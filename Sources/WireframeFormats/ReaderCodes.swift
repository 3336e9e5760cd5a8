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
    /// A WorkflowSchema file has more elements and attributes than the reader accepts.
    public static let tooManyNodes: DiagnosticCode = "WF0008"
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
    /// An import went past its work or time budget (``WorkBudget``).
    public static let overBudget: DiagnosticCode = "WF0017"

    /// The definitions of these codes, in code order: what `docs/DIAGNOSTICS.md` lists.
    public static let definitions: [DiagnosticDefinition] = [
        DiagnosticDefinition(syntax, [.error], "not well-formed JSON (RFC 8259): the message says what was expected and what was found"),
        DiagnosticDefinition(invalidUTF8, [.error], "the bytes are not UTF-8 (invalid sequences, UTF-16 files)"),
        DiagnosticDefinition(emptyDocument, [.error], "the file is empty"),
        DiagnosticDefinition(nestingTooDeep, [.error], "arrays and objects nest deeper than 512 levels"),
        DiagnosticDefinition(duplicateKey, [.error], "an object has the same key twice (a note points at the first)"),
        DiagnosticDefinition(fileTooLarge, [.error], "the file is larger than the limit (16 MiB)"),
        DiagnosticDefinition(
            unreadable, [.error],
            "the file cannot be read (missing, a folder, a FIFO or device, no permission, a link loop); an import also refuses a symbolic link to a file outside the project root"
        ),
        DiagnosticDefinition(
            tooManyNodes, [.error], "a WorkflowSchema file has more than 1,000,000 elements and attributes (together)"),
        DiagnosticDefinition(wrongType, [.error], "a known key holds a value of the wrong type"),
        DiagnosticDefinition(
            missingKey, [.error],
            "a required key is missing (`appName`, `root`, `routes`; a route's `name` and `title`; an element's `kind`)"),
        DiagnosticDefinition(
            unknownKey, [.warning],
            "a key the format does not define, with \"did you mean\" when one is close; a companion key without its action (`param` without `task`)"
        ),
        DiagnosticDefinition(
            invalidValue, [.error], "a value outside its closed set: route `type`, presentation, element `kind`, message `destination`"),
        DiagnosticDefinition(
            conflictingAliases, [.error], "aliases with different values: `presentationStyle`/`presentationType`, `text`/`title`"),
        DiagnosticDefinition(
            malformedAction, [.error, .warning],
            "an action without exactly one action key; an element with several triggers; a trigger on an element that is not interactive (warning)"
        ),
        DiagnosticDefinition(unsupportedVersion, [.error], "a `formatVersion` this reader does not know"),
        DiagnosticDefinition(
            overBudget, [.error],
            "an import went past its budget: more screens and elements than its work limit (a `loadSchema` chain's together; 2,000,000, the daemon's `importWorkLimit`), or longer than the daemon's `importTimeLimitSeconds`"
        ),
    ]
}
