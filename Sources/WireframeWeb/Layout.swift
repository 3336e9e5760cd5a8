import HTTPTypes
import Hummingbird

/// The frame of every page: the document head, the site's navigation and the one style sheet.
enum Layout {
    /// A whole page around `body`.
    /// `viewer` is the name of whoever is logged in (nil: nobody).
    static func page(title: String, status: HTTPResponse.Status = .ok, viewer: String? = nil, body: HTML) -> Response {
        let account: HTML =
            if let viewer {
                """
                <span class="account">\(viewer) · <a href="/logout">Log out</a></span>
                """
            } else {
                #"<span class="account"><a href="/login">Log in</a></span>"#
            }
        let page: HTML = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title) · Wireframe Store</title>
            <link rel="stylesheet" href="/static/site.css">
            <script src="/static/live.js" defer></script>
            </head>
            <body>
            <nav class="site"><a href="/">Project</a> <a href="/history">History</a> <a href="/compare">Compare</a> <a href="/meetings">Meetings</a> \(account)</nav>
            <main>
            \(body)
            </main>
            </body>
            </html>

            """
        return Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: page.markup)))
    }

    /// The site's style sheet (served at `/static/site.css`; inline styles are refused by the
    /// Content-Security-Policy).
    static let styleSheet = """
        body { font: 15px/1.45 system-ui, sans-serif; margin: 0; color: #1d1d1f; }
        nav.site { background: #1d3557; padding: 0.6em 1.2em; }
        nav.site a { color: #fff; margin-right: 1.2em; text-decoration: none; }
        main { padding: 1em 1.6em; max-width: 72em; }
        table { border-collapse: collapse; }
        th, td { text-align: left; padding: 0.25em 0.9em 0.25em 0; vertical-align: top; }
        .error { color: #b00020; }
        .warning { color: #8a5a00; }
        code, pre { font: 13px/1.4 ui-monospace, monospace; }
        nav.site .account { float: right; color: #fff; }
        p.live { background: #fff3c4; padding: 0.5em 1em; border: 1px solid #e0c060; }
        pre.source { background: #f6f8fa; padding: 0.5em 0; overflow-x: auto; }
        pre.source a.line { display: inline-block; width: 4em; padding-right: 1em; text-align: right; color: #8c959f; text-decoration: none; }
        pre.source span:target { background: #fff3c4; }
        .added { color: #1a7f37; } .removed { color: #cf222e; } .modified { color: #9a6700; }
        img.graph { max-width: 100%; border: 1px solid #d0d7de; }
        form.inline { display: inline; }
        form p label { display: inline-block; min-width: 7em; }
        .muted { color: #57606a; }

        """
}
