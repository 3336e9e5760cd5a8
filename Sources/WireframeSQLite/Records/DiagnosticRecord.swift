import GRDB
import WireframeModel
import WireframeStore

/// The `diagnostic` table: what an import attempt found.
struct DiagnosticRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "diagnostic"
    var id: Int64?
    var importAttemptId: Int64
    var severity: String
    var code: String
    var message: String
    var line: Int64
    var column: Int64
    var path: String?

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// Makes the record of a model diagnostic.
    init(importAttemptId: Int64, diagnostic: Diagnostic) {
        self.importAttemptId = importAttemptId
        self.severity = diagnostic.severity.rawValue
        self.code = diagnostic.code.rawValue
        self.message = diagnostic.message
        self.line = Int64(max(1, diagnostic.location.line))
        self.column = Int64(max(1, diagnostic.location.column))
        self.path = diagnostic.path
    }

    /// The model diagnostic.
    func diagnostic() -> Diagnostic {
        Diagnostic(
            Severity(rawValue: severity) ?? .error, DiagnosticCode(rawValue: code), message,
            at: SourceLocation(line: Int(line), column: Int(column)), path: path
        )
    }
}
