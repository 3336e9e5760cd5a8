import Foundation
import Hummingbird
import WireframeModel
import WireframeStore
import WireframeSync

/// What several pages share: reading a request's query and form, and the pieces that show a
/// revision or a diagnostic the same way on every page.
enum PageSupport {
    /// A query parameter, nil when absent or blank. Read as a browser's GET form sends it (a space
    /// as `+`), which the framework's own reading leaves as `+`.
    static func query(_ request: Request, _ name: String) -> String? {
        field(fields(request.uri.query ?? ""), name)
    }

    /// A form's fields (`application/x-www-form-urlencoded`), each name once.
    static func form(_ request: Request, context: WebContext) async throws -> [String: String] {
        fields(String(buffer: try await request.body.collect(upTo: context.maxUploadSize)))
    }

    /// The fields of URL-encoded text (a query or a form body), each name once (the first).
    static func fields(_ text: String) -> [String: String] {
        func decoded(_ text: Substring) -> String {
            String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text)
        }
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = parts.first else { continue }
            let key = decoded(name)
            if fields[key] == nil { fields[key] = parts.count > 1 ? decoded(parts[1]) : "" }
        }
        return fields
    }

    /// A form field, nil when absent or blank.
    static func field(_ form: [String: String], _ name: String) -> String? {
        guard let value = form[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
        return value
    }

    /// A time as the command line takes it; a 400 with the CLI's words otherwise.
    static func time(_ text: String?) throws -> Timestamp? {
        try text.map { try Times.parse($0) }
    }

    /// The hidden field that carries a login's CSRF token (empty without a login).
    static func csrfField(_ login: Logins.Login?) -> HTML {
        guard let login else { return "" }
        return "<input type=\"hidden\" name=\"csrf\" value=\"\(login.csrfToken)\">"
    }

    /// A redirect after a form (303: the browser then GETs `location`).
    static func redirect(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
    }

    /// A revision as a link and its document and number: `#42 app.json@3`.
    static func revisionLink(_ revision: Revision) -> HTML {
        "<a href=\"/revisions/\(revision.id)\">#\(revision.id)</a> \(revision.documentPath)@\(revision.number)"
    }

    /// A diagnostic as the command line prints it, `path:line:column: error: message [code]`; the
    /// location links to that line of the revision's source when `revisionId` is given.
    static func diagnostic(_ diagnostic: Diagnostic, path: String, revisionId: Int64?) -> HTML {
        let place = "\(diagnostic.path ?? path):\(diagnostic.location.line):\(diagnostic.location.column)"
        let location: HTML =
            if let revisionId, diagnostic.path == nil || diagnostic.path == path {
                "<a href=\"/revisions/\(revisionId)#L\(diagnostic.location.line)\">\(place)</a>"
            } else {
                "\(place)"
            }
        let severity = diagnostic.severity.rawValue
        return
            "<li class=\"\(severity)\"><code>\(location): \(severity): \(diagnostic.message) [\(diagnostic.code.rawValue)]</code></li>"
    }

    /// Screen titles by key, read from canonical screen JSON.
    static func titles(_ contents: [String: [UInt8]]) -> [String: String] {
        var titles: [String: String] = [:]
        for (key, json) in contents {
            guard
                let object = try? JSONSerialization.jsonObject(with: Data(json)) as? [String: Any],
                let title = object["title"] as? String, !title.isEmpty
            else { continue }
            titles[key] = title
        }
        return titles
    }

    /// A list of screens named by their titles (their keys in a tooltip), or nothing.
    static func screenList(_ label: String, _ keys: [String], titles: [String: String], cssClass: String) -> HTML {
        guard !keys.isEmpty else { return "" }
        let names = keys.map { key -> HTML in
            "<a href=\"/screens/\(URLText.pathSegment(key))\" title=\"\(key)\">\(titles[key] ?? key)</a>"
        }
        return "<span class=\"\(cssClass)\">\(label): \(HTML.joined(names, separator: ", "))</span> "
    }
}
