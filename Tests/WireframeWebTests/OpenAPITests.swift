import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
import WireframeJSON
import WireframeWeb
import Yams

/// `docs/openapi.yaml` describes the routes the server has, and its answers have the shapes it says.
@Suite("The OpenAPI description")
struct OpenAPITests {
    static func document() throws -> [String: Any] {
        let text = try String(contentsOf: BuiltCLI.packageRoot.appending(path: "docs/openapi.yaml"), encoding: .utf8)
        return try #require(try Yams.load(yaml: text) as? [String: Any])
    }

    static let methods: Set<String> = ["get", "put", "post", "delete", "patch", "head", "options"]

    @Test func itsPathsAndMethodsAreExactlyTheServersRoutes() throws {
        let paths = try #require(try Self.document()["paths"] as? [String: Any])
        var documented = Set<String>()
        for (path, item) in paths {
            let operations = try #require(item as? [String: Any])
            for method in operations.keys where Self.methods.contains(method) { documented.insert("\(method.uppercased()) \(path)") }
        }
        #expect(documented == Set(WebServer.apiRoutes))
        #expect(WebServer.apiRoutes.count == 8)
    }

    /// A request for each documented JSON answer, with its required parameters.
    static let requests: [String: String] = [
        "/api/log": "/api/log", "/api/show": "/api/show?ref=app.json", "/api/diff": "/api/diff?from=1&to=app.json",
        "/api/audit": "/api/audit?from=Kickoff", "/api/status": "/api/status", "/api/sessions": "/api/sessions",
    ]

    @Test func eachJSONAnswerHasTheDocumentedShape() async throws {
        let document = try Self.document()
        let paths = try #require(document["paths"] as? [String: Any])
        let project = try APITests.project(.sqlite)
        let app = try WebServer.makeApplication(options: project.options(), logger: Logger(label: "test"))
        let answers = try await app.test(.router) { client -> [String: String] in
            var answers: [String: String] = [:]
            for (path, uri) in Self.requests {
                answers[path] = try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .ok, "\(uri)")
                    return String(buffer: response.body)
                }
            }
            return answers
        }
        var checked = 0
        for (path, item) in paths {
            guard let get = (item as? [String: Any])?["get"] as? [String: Any],
                let ok = (get["responses"] as? [String: Any])?["200"] as? [String: Any],
                let schema = ((ok["content"] as? [String: Any])?["application/json"] as? [String: Any])?["schema"]
            else { continue }
            let answer = try #require(answers[path], "no request for \(path)")
            let value = try JSONDecoder().decode(JSONValue.self, from: Data(answer.utf8))
            var problems: [String] = []
            Self.validate(value, against: schema, in: document, at: path, problems: &problems)
            #expect(problems.isEmpty, "\(problems)")
            checked += 1
        }
        #expect(checked == Self.requests.count)
    }

    /// Checks types, required properties and the properties and items that are described; a
    /// `$ref` is followed within the document.
    static func validate(
        _ value: JSONValue, against schema: Any, in document: [String: Any], at place: String, problems: inout [String]
    ) {
        guard var schema = schema as? [String: Any] else { return }
        if let reference = schema["$ref"] as? String {
            var target: Any? = document
            for part in reference.dropFirst(2).split(separator: "/") { target = (target as? [String: Any])?[String(part)] }
            guard let resolved = target as? [String: Any] else { return problems.append("\(place): unresolved \(reference)") }
            schema = resolved
        }
        let types: [String] = (schema["type"] as? [String]) ?? (schema["type"] as? String).map { [$0] } ?? []
        if !types.isEmpty, !types.contains(where: { Self.isOfType(value, $0) }) {
            problems.append("\(place): \(value) is not \(types)")
            return
        }
        switch value {
        case .object(let object):
            for key in schema["required"] as? [String] ?? [] where object[key] == nil { problems.append("\(place): no \(key)") }
            for (key, property) in schema["properties"] as? [String: Any] ?? [:] {
                if let member = object[key] {
                    validate(member, against: property, in: document, at: place + "." + key, problems: &problems)
                }
            }
        case .array(let array):
            guard let items = schema["items"] else { return }
            for (index, element) in array.enumerated() {
                validate(element, against: items, in: document, at: "\(place)[\(index)]", problems: &problems)
            }
        default:
            return
        }
    }

    static func isOfType(_ value: JSONValue, _ type: String) -> Bool {
        switch (type, value) {
        case ("object", .object), ("array", .array), ("string", .string), ("null", .null), ("boolean", .bool),
            ("integer", .integer), ("number", .integer), ("number", .number):
            return true
        default:
            return false
        }
    }
}
