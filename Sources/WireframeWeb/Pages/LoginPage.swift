import Foundation
import Hummingbird

/// `/login`: a form taking a token; a good one starts a login (an HttpOnly, SameSite=Strict
/// cookie, never the token itself). `/logout` ends it.
enum LoginPage {
    static func add(to router: Router<WebContext>, server: Server) {
        router.get("/login") { request, _ in
            let next = safeNext(PageSupport.query(request, "next"))
            return Layout.page(title: "Log in", viewer: server.logins.login(of: request)?.name, body: form(next: next, server: server))
        }
        router.post("/login") { request, context in
            let form = try await PageSupport.form(request, context: context)
            try PageAccess.checkSameSite(request)
            guard !server.tokens.isEmpty else {
                throw WebError(.forbidden, "this server was started without --tokens; nobody can log in")
            }
            guard let token = PageSupport.field(form, "token"), let name = server.tokens.name(of: token) else {
                return Layout.page(
                    title: "Log in", status: .unauthorized,
                    body:
                        "<p class=\"error\">That is not one of the server's tokens.</p>\n\(self.form(next: safeNext(form["next"]), server: server))"
                )
            }
            let (id, _) = server.logins.start(name: name)
            context.logger.info("logged in", metadata: ["login.name": "\(name)"])
            var response = PageSupport.redirect(safeNext(form["next"]))
            response.setCookie(
                Cookie(name: Logins.cookieName, value: id, maxAge: Int(Logins.lifetime), path: "/", httpOnly: true, sameSite: .strict))
            return response
        }
        router.get("/logout") { request, _ in
            server.logins.end(request)
            var response = PageSupport.redirect("/")
            response.setCookie(Cookie(name: Logins.cookieName, value: "", maxAge: 0, path: "/", httpOnly: true, sameSite: .strict))
            return response
        }
    }

    /// Where to go after the login: a path on this site, never another site.
    static func safeNext(_ next: String?) -> String {
        guard let next, next.hasPrefix("/"), !next.hasPrefix("//"), !next.contains("\\") else { return "/" }
        return next
    }

    static func form(next: String, server: Server) -> HTML {
        guard !server.tokens.isEmpty else {
            return
                "<h1>Log in</h1>\n<p>This server was started without --tokens: its pages can be read, nothing can be written through it.</p>"
        }
        return """
            <h1>Log in</h1>
            <form method="post" action="/login" id="login">
            <input type="hidden" name="next" value="\(next)">
            <p><label for="token">Token</label> <input id="token" name="token" type="password" autocomplete="current-password" required size="40"></p>
            <p><button type="submit">Log in</button></p>
            </form>
            <p class="muted">Your token is in the server's tokens file (one 'name token' per line); its name becomes the author of what you change.</p>
            """
    }
}
