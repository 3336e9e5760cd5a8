import Crypto
import Foundation
import Hummingbird
import WireframeReport
import WireframeSync

/// `/report?from=A&to=B`: the printable report between two meetings, the very page `wfs report`
/// writes, with its pictures when `dot` is installed.
enum ReportPage {
    static func add(to router: Router<WebContext>, server: Server) {
        router.get("/report") { request, _ in
            try PageAccess.checkRead(request, server: server)
            guard let from = PageSupport.query(request, "from") else {
                throw WebError(.badRequest, "a report needs 'from': the earlier meeting or a time")
            }
            let to = PageSupport.query(request, "to").flatMap { $0 == "now" ? nil : $0 }
            let hasDot = server.graphs.hasDot
            let page = try await server.pool.withStore { store in
                let report = try MeetingReport.make(history: History(store: store), from: from, to: to)
                return HTMLReport.html(report, pictures: hasDot ? try report.pictures() : [:])
            }
            var response = Response(
                status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                body: .init(byteBuffer: ByteBuffer(string: page)))
            // The report is one self-contained file with its own style element; the policy allows
            // exactly that element (by its hash) and nothing else inline.
            response.headers[.contentSecurityPolicy] = SecurityHeaders<WebContext>.contentSecurityPolicy(allowingStylesOf: page)
            return response
        }
    }
}
