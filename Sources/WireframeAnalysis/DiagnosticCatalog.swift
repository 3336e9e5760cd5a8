public import WireframeModel
import WireframeFormats

/// Every diagnostic code this project gives, with its severities and what it reports: the one
/// source of the table in `docs/DIAGNOSTICS.md` (a test renders the table from it and fails when
/// the document differs).
public enum DiagnosticCatalog {
    /// The groups of codes, in the order the document lists them.
    public static let groups: [(title: String, definitions: [DiagnosticDefinition])] = [
        // The cap's summary (WF0009) is numbered among the reader's limits; any file can get it.
        ("Reader (JSON)", (FormatCodes.definitions + [DiagnosticLimit.definition]).sorted { $0.code < $1.code }),
        ("Reader (WorkflowSchema XML)", WorkflowSchemaDiagnostics.definitions),
        ("Rules", Validator.allRules.map(\.definition).sorted { $0.code < $1.code }),
    ]

    /// Every definition, group after group.
    public static var all: [DiagnosticDefinition] { groups.flatMap(\.definitions) }
}
