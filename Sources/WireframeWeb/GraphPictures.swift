import Hummingbird
import Synchronization
import WireframeAnalysis
import WireframeReport
import WireframeStore
import WireframeSync

/// Navigation pictures laid out by Graphviz, kept by the revision ids they show.
///
/// Revisions never change, so a picture made once for an id (or a pair of ids) is right forever;
/// `dot` runs only for a picture not yet kept, and never inside a page's own request: pages link
/// to the pictures' URLs.
final class GraphPictures: Sendable {
    /// The most pictures kept; the least recently made goes first.
    static let capacity = 128

    /// Whether `dot` was found at start (pages without it show the list alone, with a note).
    let hasDot: Bool
    private let pictures = Mutex<(byKey: [String: [UInt8]], order: [String])>(([:], []))

    init(hasDot: Bool = Graphviz.dotPath() != nil) {
        self.hasDot = hasDot
    }

    /// One revision's graph.
    func revision(_ id: Int64, pool: StorePool) async throws -> [UInt8] {
        try await picture(key: "\(id)", pool: pool) { store in
            let history = History(store: store)
            let revision = try store.revision(id: id)
            guard let wireframe = try history.wireframe(of: revision) else {
                throw WebError(.notFound, "revision \(id) records the deletion of '\(revision.documentPath)'; it has no graph")
            }
            return NavigationPicture().dot(wireframe)
        }
    }

    /// The later revision's graph with the changes since the earlier one coloured.
    func comparison(_ oldId: Int64, _ newId: Int64, pool: StorePool) async throws -> [UInt8] {
        try await picture(key: "\(oldId)-\(newId)", pool: pool) { store in
            let history = History(store: store)
            let old = try store.revision(id: oldId)
            let new = try store.revision(id: newId)
            let oldWireframe = try history.wireframe(of: old)
            let newWireframe = try history.wireframe(of: new)
            return NavigationPicture().dot(old: oldWireframe, new: newWireframe, diff: WireframeDiff.between(oldWireframe, newWireframe))
        }
    }

    private func picture(key: String, pool: StorePool, dot: @escaping @Sendable (any Store) throws -> String) async throws -> [UInt8] {
        if let kept = pictures.withLock({ $0.byKey[key] }) { return kept }
        guard hasDot else { throw WebError(.notFound, Graphviz.Failure.notInstalled.description) }
        // A picture Graphviz refuses is answered as a picture of the note why (the page around
        // it stands), and is kept like any: the same revisions give the same refusal.
        let svg = try await pool.withStore { store in try ReportPicture.laidOut(try dot(store)).svg }
        pictures.withLock { pictures in
            guard pictures.byKey[key] == nil else { return }
            if pictures.order.count >= Self.capacity { pictures.byKey[pictures.order.removeFirst()] = nil }
            pictures.byKey[key] = svg
            pictures.order.append(key)
        }
        return svg
    }

    /// An SVG answer the browser may keep: what an id names never changes.
    static func response(_ svg: [UInt8], immutable: Bool) -> Response {
        Response(
            status: .ok,
            headers: [
                .contentType: "image/svg+xml",
                .cacheControl: immutable ? "public, max-age=31536000, immutable" : "public, max-age=60",
            ],
            body: .init(byteBuffer: ByteBuffer(bytes: svg)))
    }
}
