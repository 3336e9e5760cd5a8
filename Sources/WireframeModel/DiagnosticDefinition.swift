/// What a diagnostic code stands for: the code, the severities it is given and one line that
/// says what it reports. `docs/DIAGNOSTICS.md` lists these, generated from the code.
public struct DiagnosticDefinition: Sendable, Hashable {
    /// The stable code.
    public var code: DiagnosticCode
    /// The severities the code is given, the usual one first.
    public var severities: [Severity]
    /// What it reports, in one line.
    public var summary: String
    /// The check of the format's specification it follows (WorkflowSchema's `X01`, `S01`, …), if any.
    public var check: String?

    /// Creates a definition.
    public init(_ code: DiagnosticCode, _ severities: [Severity], _ summary: String, check: String? = nil) {
        self.code = code
        self.severities = severities
        self.summary = summary
        self.check = check
    }
}
