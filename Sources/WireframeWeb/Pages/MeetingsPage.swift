import Hummingbird
import WireframeStore
import WireframeSync

/// `/meetings`: the meetings (sessions) in order, and forms to start, end, add, rename and note
/// them (after a login); `/meetings/audit?from=A&to=B`, what changed between two of them.
enum MeetingsPage {
    static func add(to router: Router<WebContext>, server: Server) {
        router.get("/meetings") { request, _ in
            try PageAccess.checkRead(request, server: server)
            let login = server.logins.login(of: request)
            let sessions = try await server.pool.withStore { store in try store.sessions() }
            return Layout.page(title: "Meetings", viewer: login?.name, body: body(sessions.reversed(), login: login, server: server))
        }
        router.post("/meetings/start") { request, context in
            try await write(request, context: context, server: server) { form, store, author in
                let name = try name(form)
                _ = try store.startSession(name: name, notes: PageSupport.field(form, "notes"), at: .now(), author: author)
            }
        }
        router.post("/meetings/end") { request, context in
            try await write(request, context: context, server: server) { _, store, author in
                _ = try store.endSession(at: .now(), by: author)
            }
        }
        router.post("/meetings/add") { request, context in
            try await write(request, context: context, server: server) { form, store, author in
                let name = try name(form)
                guard let start = try PageSupport.time(PageSupport.field(form, "start")),
                    let end = try PageSupport.time(PageSupport.field(form, "end"))
                else { throw WebError(.badRequest, "a past meeting needs its start and its end") }
                _ = try store.addSession(name: name, notes: PageSupport.field(form, "notes"), start: start, end: end, author: author)
            }
        }
        router.post("/meetings/rename") { request, context in
            try await write(request, context: context, server: server) { form, store, author in
                guard let old = PageSupport.field(form, "name") else { throw WebError(.badRequest, "name the meeting to rename") }
                guard let new = form["newName"] else { throw WebError(.badRequest, "give the meeting's new name") }
                try SessionName.check(new)
                _ = try store.editSession(named: old, newName: new, notes: nil, at: .now(), by: author)
            }
        }
        router.post("/meetings/notes") { request, context in
            try await write(request, context: context, server: server) { form, store, author in
                guard let name = PageSupport.field(form, "name") else { throw WebError(.badRequest, "name the meeting whose notes change") }
                // Empty notes remove them, as 'wfs session edit --notes ""' does.
                _ = try store.editSession(
                    named: name, newName: nil, notes: form["notes"]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "", at: .now(),
                    by: author)
            }
        }
        router.get("/meetings/audit") { request, _ in
            try PageAccess.checkRead(request, server: server)
            guard let from = PageSupport.query(request, "from") else {
                throw WebError(.badRequest, "an audit needs 'from': the earlier meeting or a time")
            }
            let to = PageSupport.query(request, "to")
            return Layout.page(
                title: "Audit", viewer: server.logins.login(of: request)?.name,
                body: try await AuditSection.body(from: from, to: to, pool: server.pool))
        }
    }

    /// A new meeting's name from the form, checked as 'wfs session start' checks it.
    static func name(_ form: [String: String]) throws -> String {
        let name = form["name"] ?? ""
        try SessionName.check(name)
        return name
    }

    /// Runs a write from a form: the writer checked (``PageAccess/writer(_:form:server:)``), the
    /// store changed in the login's name (the meeting's author or changer), then back to the list.
    static func write(
        _ request: Request, context: WebContext, server: Server,
        _ body: @escaping @Sendable ([String: String], any Store, String) throws -> Void
    ) async throws -> Response {
        let form = try await PageSupport.form(request, context: context)
        let author = try PageAccess.writer(request, form: form, server: server)
        try await server.pool.withStore { store in try body(form, store, author) }
        context.logger.info("meeting changed", metadata: ["meeting.author": "\(author)", "request.path": "\(request.uri.path)"])
        return PageSupport.redirect("/meetings")
    }

    /// Who started or recorded a meeting, and who last changed it when someone else did.
    static func by(_ session: Session) -> HTML {
        var author: HTML = "<span class=\"muted\">unknown</span>"
        if let name = session.author { author = "\(name)" }
        guard let changer = session.changedBy, changer != session.author else { return author }
        return "\(author) <span class=\"muted\">(changed by \(changer))</span>"
    }

    static func body(_ sessions: [Session], login: Logins.Login?, server: Server) -> HTML {
        let csrf = PageSupport.csrfField(login)
        let canWrite = login != nil
        let rows = sessions.map { session -> HTML in
            let name = URLText.query(session.name)
            let edit: HTML =
                canWrite
                ? """
                <td><form method="post" action="/meetings/rename" class="inline">\(csrf)<input type="hidden" name="name" value="\(session.name)">\
                <input name="newName" placeholder="new name" size="12" aria-label="New name of \(session.name)"><button type="submit">Rename</button></form>
                <form method="post" action="/meetings/notes" class="inline">\(csrf)<input type="hidden" name="name" value="\(session.name)">\
                <input name="notes" value="\(session.notes ?? "")" size="20" aria-label="Notes of \(session.name)"><button type="submit">Save notes</button></form></td>
                """ : ""
            return """
                <tr><td><a href="/history?meeting=\(name)">\(session.name)</a></td><td>\(session.startedAt.shown)</td>\
                <td>\(session.endedAt?.shown ?? "open")</td><td>\(by(session))</td><td>\(session.notes ?? "")</td>\
                <td><a href="/meetings/audit?from=\(name)">changes since</a></td>\(edit)</tr>
                """
        }
        let options = sessions.map { "<option value=\"\($0.name)\">\($0.name)</option>" as HTML }
        // From the last meeting that ended (what the customer saw last) to now: the question the
        // page is opened with; an open meeting has no end to compare from.
        let lastEnded = sessions.filter { !$0.isOpen }.max { ($0.endedAt ?? $0.startedAt) < ($1.endedAt ?? $1.startedAt) }
        let fromOptions = sessions.map { session -> HTML in
            let selected: HTML = session.name == lastEnded?.name ? " selected" : ""
            return "<option value=\"\(session.name)\"\(selected)>\(session.name)</option>"
        }
        let auditForm: HTML = """
            <h2>What changed between two meetings</h2>
            <form method="get" action="/meetings/audit">
            <label>From <select name="from">\(HTML.joined(fromOptions, separator: ""))</select></label>
            <label>To <select name="to"><option value="now">now</option>\(HTML.joined(options, separator: ""))</select></label>
            <button type="submit">Show the changes</button>
            </form>
            """
        let forms: HTML
        if server.tokens.isEmpty {
            forms =
                "<p class=\"muted\">This server was started without --tokens, so meetings cannot be changed here; use 'wfs session' on the command line.</p>"
        } else if let login {
            let open = sessions.first(where: \.isOpen)
            let endForm: HTML =
                open.map { session -> HTML in
                    "<form method=\"post\" action=\"/meetings/end\">\(csrf)<p>Meeting \(session.name) is open. <button type=\"submit\">End it now</button></p></form>"
                } ?? ""
            forms = """
                <h2>Start a meeting now</h2>
                <form method="post" action="/meetings/start" id="start-meeting">\(csrf)
                <p><label for="start-name">Name</label> <input id="start-name" name="name" required></p>
                <p><label for="start-notes">Notes</label> <input id="start-notes" name="notes" size="40"></p>
                <p><button type="submit">Start</button> <span class="muted">as \(login.name)</span></p>
                </form>
                \(endForm)
                <h2>Add a past meeting</h2>
                <form method="post" action="/meetings/add" id="add-meeting">\(csrf)
                <p><label for="add-name">Name</label> <input id="add-name" name="name" required></p>
                <p><label for="add-start">Start</label> <input id="add-start" name="start" placeholder="2026-11-20T15:00" required></p>
                <p><label for="add-end">End</label> <input id="add-end" name="end" placeholder="2026-11-20T16:00" required></p>
                <p><label for="add-notes">Notes</label> <input id="add-notes" name="notes" size="40"></p>
                <p><button type="submit">Add</button></p>
                </form>
                """
        } else {
            forms = "<p><a href=\"/login?next=/meetings\">Log in with a token</a> to start, end, add, rename or note meetings.</p>"
        }
        return """
            <h1>Meetings</h1>
            \(sessions.isEmpty ? "<p class=\"muted\">No meetings yet.</p>" as HTML : "")\
            <table class="meetings">
            <tr><th>Name</th><th>Started</th><th>Ended</th><th>By</th><th>Notes</th><th></th>\(canWrite ? "<th></th>" as HTML : "")</tr>
            \(HTML.joined(rows, separator: "\n"))
            </table>
            \(sessions.isEmpty ? "" : auditForm)
            \(forms)
            """
    }
}
