public import HTTPTypes
import Hummingbird
import WireframeStore
import WireframeSync

/// A request the server answers with a 4xx (or 5xx) and the words the command line would use.
public struct WebError: Error, Sendable {
    /// The status.
    public var status: HTTPResponse.Status
    /// What went wrong, in the CLI's words.
    public var message: String
    /// Fields the answer carries besides the error's own (`Allow` of a 405).
    public var headers: HTTPFields

    public init(_ status: HTTPResponse.Status, _ message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.message = message
        self.headers = headers
    }

    /// The status and words of an error a route threw: the CLI's message for the store's and
    /// the sync module's errors, a 4xx when the request named something that is not there or
    /// that cannot be read, a bare 500 (the detail only in the log) for anything else.
    public static func from(_ error: any Error) -> WebError {
        switch error {
        case let error as WebError:
            return error
        case let error as SyncError:
            return WebError(error.isUsageError ? .badRequest : .unprocessableContent, error.description)
        case let error as StoreError:
            switch error {
            case .unknownSession, .unknownRevision, .unknownDocument, .noRevision:
                return WebError(.notFound, error.description)
            case .duplicateSession, .overlappingSession, .sessionAlreadyOpen, .noOpenSession, .invalidSessionInterval, .headMoved:
                return WebError(.conflict, error.description)
            case .busy, .unavailable:
                return WebError(.serviceUnavailable, error.description)
            default:
                return WebError(.internalServerError, "the store could not answer; the server's log says why")
            }
        case let error as HTTPError:
            return WebError(error.status, error.body ?? error.status.reasonPhrase)
        default:
            return WebError(.internalServerError, "the server could not answer; its log says why")
        }
    }
}
