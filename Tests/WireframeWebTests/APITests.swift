import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Synchronization
import Testing
import WireframeTestSupport
import WireframeWeb

/// The JSON API gives exactly what `wfs … --format json` prints on the same store, and the
/// command line's words for a question it cannot answer.
@Suite("The JSON API")
struct APITests {
    /// Two documents, two revisions of one, and a meeting that saw the first.
    static func project(_ engine: WebEngine) throws -> WebTestProject {
        let project = try WebTestProject(engine)
        try project.write("app.json", WebTestProject.wireframe([("home", "Home"), ("about", "About")]))
        try project.write("plans/shop.json", WebTestProject.wireframe([("home", "Shop")]))
        try project.importFiles(["app.json", "plans"])
        let cli = try BuiltCLI.run(
            ["session", "add", "Kickoff", "--start", "2020-01-01T10:00", "--end", "2020-01-01T11:00"], project: project)
        #expect(cli.status == 0, "\(cli)")
        try project.write("app.json", WebTestProject.wireframe([("home", "Home page"), ("about", "About"), ("team", "Team")]))
        try project.importFiles(["app.json"], author: "bob")
        return project
    }

    static func application(_ project: WebTestProject, tokens: String? = nil, requireTokenForReads: Bool = false) throws
        -> some ApplicationProtocol
    {
        var tokensFile: String?
        if let tokens {
            tokensFile = project.root + "/tokens"
            try tokens.write(toFile: project.root + "/tokens", atomically: true, encoding: .utf8)
        }
        return try WebServer.makeApplication(
            options: project.options(tokensFile: tokensFile, requireTokenForReads: requireTokenForReads), logger: Logger(label: "test"))
    }

    /// Each route and the command whose `--format json` it gives.
    static let pairs: [(uri: String, command: [String])] = [
        ("/api/log", ["log"]),
        ("/api/log?document=app.json&limit=1", ["log", "--document", "app.json", "--limit", "1"]),
        ("/api/log?screen=team", ["log", "--screen", "team"]),
        ("/api/log?session=Kickoff", ["log", "--session", "Kickoff"]),
        ("/api/log?since=2000-01-01&until=2999-01-01T10:00", ["log", "--since", "2000-01-01", "--until", "2999-01-01T10:00"]),
        ("/api/show?ref=app.json", ["show", "app.json"]),
        ("/api/show?ref=1", ["show", "1"]),
        ("/api/diff?from=1&to=app.json", ["diff", "1", "app.json"]),
        ("/api/audit?from=Kickoff", ["audit", "--from", "Kickoff"]),
        ("/api/audit?from=Kickoff&to=now", ["audit", "--from", "Kickoff", "--to", "now"]),
        ("/api/status", ["status"]),
        ("/api/sessions", ["session", "list"]),
    ]

    @Test(arguments: WebEngine.available)
    func everyReadGivesWhatTheCommandPrints(engine: WebEngine) async throws {
        let project = try Self.project(engine)
        let app = try Self.application(project)
        try await app.test(.router) { client in
            for (uri, command) in Self.pairs {
                let cli = try BuiltCLI.run(command + ["--format", "json"], project: project)
                #expect(cli.status == 0, "\(command): \(cli)")
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .ok, "\(uri)")
                    #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
                    #expect(String(buffer: response.body) == cli.output, "\(uri)")
                }
            }
        }
    }

    /// Questions the store cannot answer, and the command line's words for each.
    static let refusals: [(uri: String, command: [String], status: HTTPResponse.Status)] = [
        ("/api/show?ref=999", ["show", "999"], .notFound),
        ("/api/show?ref=nowhere.json", ["show", "nowhere.json"], .notFound),
        ("/api/diff?from=1&to=app.json@noSuchMeeting", ["diff", "1", "app.json@noSuchMeeting"], .badRequest),
        ("/api/log?since=yesterdayish", ["log", "--since", "yesterdayish"], .badRequest),
        ("/api/log?screen=tema", ["log", "--screen", "tema"], .notFound),
        ("/api/log?document=nowhere.json", ["log", "--document", "nowhere.json"], .notFound),
        ("/api/audit?from=Nobody", ["audit", "--from", "Nobody"], .badRequest),
    ]

    @Test(arguments: WebEngine.available)
    func aBadQuestionIsAFourHundredWithTheCommandsWords(engine: WebEngine) async throws {
        let project = try Self.project(engine)
        let app = try Self.application(project)
        try await app.test(.router) { client in
            for (uri, command, status) in Self.refusals {
                let cli = try BuiltCLI.run(command + ["--format", "json"], project: project)
                #expect(cli.status != 0, "\(command) succeeded")
                let words = cli.error.split(separator: "\n").first.map { $0.replacingOccurrences(of: "wfs: error: ", with: "") }
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == status, "\(uri): \(response.status) \(String(buffer: response.body))")
                    let body = try JSONDecoder().decode([String: String].self, from: Data(String(buffer: response.body).utf8))
                    #expect(body["error"] == words, "\(uri)")
                }
            }
            try await client.execute(uri: "/api/show", method: .get) { response in
                #expect(response.status == .badRequest)
                #expect(String(buffer: response.body).contains("missing query parameter 'ref'"))
            }
            try await client.execute(uri: "/api/log?limit=-1", method: .get) { response in
                #expect(response.status == .badRequest)
            }
        }
    }

    static let tokens = "alice 0123456789abcdef0123\nbob fedcba9876543210fedc\n"

    @Test(arguments: WebEngine.available)
    func startingOrRecordingAMeetingNeedsAToken(engine: WebEngine) async throws {
        let project = try Self.project(engine)
        let app = try Self.application(project, tokens: Self.tokens)
        try await app.test(.router) { client in
            let body = ByteBuffer(string: #"{"name": "Review"}"#)
            try await client.execute(uri: "/api/sessions", method: .post, body: body) { response in
                #expect(response.status == .unauthorized)
                #expect(response.headers[.wwwAuthenticate] == "Bearer")
            }
            try await client.execute(
                uri: "/api/sessions", method: .post, headers: [.authorization: "Bearer not-a-token-of-this-server"], body: body
            ) { response in
                #expect(response.status == .unauthorized)
                #expect(response.headers[.wwwAuthenticate] == "Bearer")
            }
            try await client.execute(
                uri: "/api/sessions", method: .post, headers: [.authorization: "Bearer 0123456789abcdef0123"], body: body
            ) { response in
                #expect(response.status == .created, "\(String(buffer: response.body))")
                #expect(String(buffer: response.body).contains(#""open" : true"#))
            }
            let recorded = ByteBuffer(
                string: #"{"name": "Demo", "start": "2021-03-01T09:00", "end": "2021-03-01T10:00", "notes": "went well"}"#)
            try await client.execute(
                uri: "/api/sessions", method: .post, headers: [.authorization: "Bearer fedcba9876543210fedc"], body: recorded
            ) { response in
                #expect(response.status == .created, "\(String(buffer: response.body))")
            }
            let duplicate = ByteBuffer(string: #"{"name": "Kickoff", "start": "2022-01-01", "end": "2022-01-02"}"#)
            try await client.execute(
                uri: "/api/sessions", method: .post, headers: [.authorization: "Bearer fedcba9876543210fedc"], body: duplicate
            ) { response in
                #expect(response.status == .conflict)
            }
            try await client.execute(
                uri: "/api/sessions", method: .post, headers: [.authorization: "Bearer fedcba9876543210fedc"],
                body: ByteBuffer(string: #"{"name": "Half", "start": "2022-01-01"}"#)
            ) { response in
                #expect(response.status == .badRequest)
            }
            let cli = try BuiltCLI.run(["session", "list", "--format", "json"], project: project)
            #expect(cli.output.contains("Review") && cli.output.contains("went well"))
            // The token's name is the meeting's author: alice started one, bob recorded one.
            #expect(cli.output.contains(#""author" : "alice""#) && cli.output.contains(#""author" : "bob""#), "\(cli.output)")
            try await client.execute(uri: "/api/sessions", method: .get) { response in
                #expect(String(buffer: response.body) == cli.output)
            }
        }
    }

    @Test
    func withTokensForReadsAReadNeedsOne() async throws {
        let project = try Self.project(.sqlite)
        let app = try Self.application(project, tokens: Self.tokens, requireTokenForReads: true)
        try await app.test(.router) { client in
            try await client.execute(uri: "/api/log", method: .get) { response in
                #expect(response.status == .unauthorized)
                #expect(response.headers[.wwwAuthenticate] == "Bearer")
            }
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .unauthorized)
            }
            try await client.execute(uri: "/api/log", method: .get, headers: [.authorization: "Bearer 0123456789abcdef0123"]) { response in
                #expect(response.status == .ok)
            }
            try await client.execute(uri: "/static/site.css", method: .get) { response in
                #expect(response.status == .ok)
            }
        }
    }

    @Test
    func withoutTokensNothingCanBeWritten() async throws {
        let project = try Self.project(.sqlite)
        let app = try Self.application(project)
        try await app.test(.router) { client in
            try await client.execute(
                uri: "/api/sessions", method: .post, headers: [.authorization: "Bearer 0123456789abcdef0123"],
                body: ByteBuffer(string: #"{"name": "Review"}"#)
            ) { response in
                #expect(response.status == .unauthorized)
                #expect(String(buffer: response.body).contains("without --tokens"))
            }
        }
    }
}

/// Keeps every log message and its metadata, for a test that looks for what must never be logged.
final class CapturedLog: LogHandler, @unchecked Sendable {
    let lines = Mutex<[String]>([])
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let text = "\(event.level) \(event.message) \(metadata.merging(event.metadata ?? [:]) { $1 })"
        lines.withLock { $0.append(text) }
    }
}

@Suite("What the server logs")
struct RequestLogTests {
    @Test
    func aTokenIsNeverLogged() async throws {
        let project = try APITests.project(.sqlite)
        try APITests.tokens.write(toFile: project.root + "/tokens", atomically: true, encoding: .utf8)
        let log = CapturedLog()
        let app = try WebServer.makeApplication(
            options: project.options(tokensFile: project.root + "/tokens", requireTokenForReads: true),
            logger: Logger(label: "test") { _ in log })
        try await app.test(.router) { client in
            for token in ["0123456789abcdef0123", "wrong-token-never-logged"] {
                let headers: HTTPFields = [.authorization: "Bearer \(token)"]
                try await client.execute(uri: "/api/log", method: .get, headers: headers) { _ in }
                try await client.execute(
                    uri: "/api/sessions", method: .post, headers: headers, body: ByteBuffer(string: #"{"name": "Logged"}"#)
                ) { _ in }
                try await client.execute(uri: "/api/show?ref=999", method: .get, headers: headers) { _ in }
            }
        }
        let lines = log.lines.withLock { $0 }
        #expect(lines.contains { $0.contains("Logged") }, "the write is logged: \(lines)")
        #expect(!lines.contains { $0.contains("0123456789abcdef0123") || $0.contains("wrong-token-never-logged") })
    }
}
