public import WireframeStore
public import WireframeSync
import WireframeModel

/// `wfs show --format json` and `GET /api/show`: a revision's wireframe as canonical JSON.
public enum ShowAnswer {
    /// The canonical JSON of `revision`, with its final newline.
    ///
    /// - Throws: ``AnswerError`` when the revision records a deletion (it has no wireframe).
    public static func json(history: History, revision: Revision) throws -> String {
        guard let json = try history.prettyJSON(of: revision) else {
            throw AnswerError("revision \(revision.id) records the deletion of '\(revision.documentPath.escapingControlCharacters)'")
        }
        return json
    }
}
