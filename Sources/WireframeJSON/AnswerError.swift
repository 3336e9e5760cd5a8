/// A question the store holds no answer to, in the words the command line prints after
/// `wfs: error:` (the web API answers it with a 404 and the same words).
public struct AnswerError: Error, CustomStringConvertible, Sendable {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
