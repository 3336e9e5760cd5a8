public import Hummingbird

/// The request context of every route: Hummingbird's core storage, with this server's limit on
/// request bodies.
public struct WebContext: RequestContext {
    public var coreContext: CoreRequestContextStorage

    public init(source: Source) {
        coreContext = .init(source: source)
    }

    /// The largest request body accepted: a meeting's notes or a login form, never a file.
    public var maxUploadSize: Int { 64 * 1024 }
}
