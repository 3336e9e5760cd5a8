/// How many diagnostics one file keeps, and the summary that counts the rest.
///
/// A hostile or broken file can make millions of findings (one per route of a file of a million
/// routes): listing, storing and printing them all would cost gigabytes and tell nobody more than
/// the first ones do. A file keeps at most ``perFile``, errors before warnings before notes and
/// each in source order, and one last diagnostic with ``code`` that counts the others by severity,
/// so that the totals a command reports stay true.
public enum DiagnosticLimit {
    /// The most diagnostics one file keeps, besides the summary.
    public static let perFile = 1000

    /// The code of the summary of the diagnostics a file did not keep.
    public static let code: DiagnosticCode = "WF0009"

    /// The summary's entry in `docs/DIAGNOSTICS.md`.
    public static let definition = DiagnosticDefinition(
        code, [.error, .warning],
        "a file has more than 1,000 diagnostics: the first 1,000 (errors first) are listed, and this one counts the others by severity (an error when errors are among them)"
    )

    /// `diagnostics` (in source order) with at most `limit` kept and one summary of the others
    /// at the end; unchanged when there are not more. A summary among `diagnostics` (of an
    /// earlier cap) joins the new one, so capping in steps keeps what capping once would.
    public static func capped(_ diagnostics: [Diagnostic], limit: Int = perFile) -> [Diagnostic] {
        let hasSummary = diagnostics.contains { $0.code == code }
        guard diagnostics.count > limit || hasSummary else { return diagnostics }
        var omitted = Omitted()
        var firstOmitted: SourceLocation?
        for diagnostic in diagnostics where diagnostic.code == code {
            omitted.add(Omitted(in: diagnostic))
            firstOmitted = min(firstOmitted ?? diagnostic.location, diagnostic.location)
        }
        var kept: [Diagnostic] = []
        kept.reserveCapacity(min(limit, diagnostics.count) + 1)
        for severity in [Severity.error, .warning, .note] {
            for diagnostic in diagnostics where diagnostic.severity == severity && diagnostic.code != code {
                if kept.count < limit {
                    kept.append(diagnostic)
                } else {
                    omitted.count(severity)
                    firstOmitted = min(firstOmitted ?? diagnostic.location, diagnostic.location)
                }
            }
        }
        kept.sortInSourceOrder()
        guard let firstOmitted, omitted.total > 0 else { return kept }
        kept.append(
            Diagnostic(omitted.errors > 0 ? .error : .warning, code, omitted.message(limit: limit), at: firstOmitted))
        return kept
    }

    /// The diagnostics a summary counts, by severity.
    public struct Omitted: Sendable, Equatable {
        /// Errors not listed.
        public var errors = 0
        /// Warnings not listed.
        public var warnings = 0
        /// Notes not listed.
        public var notes = 0

        /// No diagnostics.
        public init() {}

        /// What a summary (a diagnostic with ``DiagnosticLimit/code``) counts; none for another
        /// diagnostic.
        ///
        /// Read from its message because a stored attempt keeps a diagnostic's severity, code,
        /// place and message only; the message is made by ``message(limit:)`` alone.
        public init(in summary: Diagnostic) {
            guard summary.code == DiagnosticLimit.code else { return }
            let numbers = summary.message.split { !$0.isASCII || !$0.isNumber }.compactMap { Int($0) }
            guard numbers.count >= 4 else { return }
            errors = numbers[1]
            warnings = numbers[2]
            notes = numbers[3]
        }

        /// All of them.
        public var total: Int { errors + warnings + notes }

        /// Those of one severity.
        public subscript(severity: Severity) -> Int {
            switch severity {
            case .error: errors
            case .warning: warnings
            case .note: notes
            }
        }

        mutating func count(_ severity: Severity) {
            switch severity {
            case .error: errors += 1
            case .warning: warnings += 1
            case .note: notes += 1
            }
        }

        mutating func add(_ other: Omitted) {
            errors += other.errors
            warnings += other.warnings
            notes += other.notes
        }

        func message(limit: Int) -> String {
            "\(total) more diagnostics not listed: \(errors) errors, \(warnings) warnings, \(notes) notes (a file lists at most \(limit))"
        }
    }
}
