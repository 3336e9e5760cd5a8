import Foundation
import WireframeTestSupport

/// Runs the built `wfs` binary on temporary projects, for end-to-end tests of the store commands.
struct StoreCLI {
    /// What a run printed and how it ended.
    struct Run {
        var status: Int32
        var output: String
        var error: String
    }

    /// The project folder (also the current folder of every run).
    let root: String

    /// A new empty project folder.
    init() throws {
        root = NSTemporaryDirectory() + "wfs-e2e-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    /// A view of an existing folder (runs use it as their current folder; `remove` deletes it).
    init(folder: String) {
        root = folder
    }

    /// Removes the project folder.
    func remove() { try? FileManager.default.removeItem(atPath: root) }

    /// The `wfs` binary built beside the tests.
    static let binary: String = {
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL?.deletingLastPathComponent() {
            candidates += [executable, executable.deletingLastPathComponent()]
        }
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
        candidates.append(Bundle.main.bundleURL)
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(package.appendingPathComponent(".build/debug"))
        for folder in candidates {
            let path = folder.appendingPathComponent("wfs").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return package.appendingPathComponent(".build/debug/wfs").path
    }()

    /// Runs `wfs` with arguments in the project folder.
    @discardableResult
    func run(_ arguments: String..., environment: [String: String] = [:]) throws -> Run {
        try run(arguments: arguments, environment: environment)
    }

    /// Runs `wfs` with arguments in the project folder.
    func run(arguments: [String], environment: [String: String] = [:]) throws -> Run {
        var variables: [String: String?] = ["WFS_STORE": nil, "WFS_AUTHOR": "tester", "NO_COLOR": "1"]
        for (key, value) in environment { variables[key] = value }
        let run = try ChildProcess.run(Self.binary, arguments, in: root, environment: ChildProcess.environment(variables))
        return Run(status: run.status, output: run.output, error: run.error)
    }

    /// Writes a file in the project.
    func write(_ relativePath: String, _ text: String) throws {
        let path = root + "/" + relativePath
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// A small valid wireframe: `home` links to every other screen; titles by key.
    static func wireframe(_ titles: [(String, String)], appName: String = "Demo") -> String {
        let others = titles.map(\.0).filter { $0 != "home" }
        let routes = titles.map { key, title in
            key == "home"
                ? "    {\"name\": \"home\", \"title\": \"\(title)\", \"subroutes\": [\(others.map { "\"\($0)\"" }.joined(separator: ", "))]}"
                : "    {\"name\": \"\(key)\", \"title\": \"\(title)\"}"
        }
        return "{\n  \"appName\": \"\(appName)\",\n  \"root\": \"home\",\n  \"routes\": [\n\(routes.joined(separator: ",\n"))\n  ]\n}\n"
    }

    /// Decodes JSON output.
    static func json(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }
}
