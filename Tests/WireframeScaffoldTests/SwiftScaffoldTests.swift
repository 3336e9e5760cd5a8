import Foundation
import Testing
import WireframeAnalysis
import WireframeFormats
import WireframeModel
@testable import WireframeScaffold
import WireframeTestSupport

/// The Swift scaffold of the examples and of WorkflowSchema files: golden files, and the real
/// compiler's word that each one parses and type-checks against the seed's API (`Stubs/`).
@Suite struct SwiftScaffoldTests {
    static let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let repository = here.deletingLastPathComponent().deletingLastPathComponent()

    static let documents = [
        "Examples/shop.json", "Examples/tabs.json", "Examples/todo.json",
        "Tests/WireframeFormatsTests/Fixtures/WorkflowSchema/corpus/tab_tests.xml",
        "Tests/WireframeFormatsTests/Fixtures/WorkflowSchema/corpus/navigation_stack_tests.xml",
    ]

    /// The scaffold of a file of the repository, as `wfs export --format swift` makes it from
    /// the file's canonical form.
    static func scaffold(of path: String) throws -> (file: String, text: String) {
        let read = DocumentReader().read(path: repository.appendingPathComponent(path).path, displayPath: path)
        let wireframe = try #require(read.wireframe, "\(path): \(read.diagnostics)")
        let name = String(path.split(separator: "/").last ?? "")
        let origin = SwiftScaffold.Origin(document: name, revision: 7, contentHash: String(repeating: "0", count: 64))
        return (SwiftScaffold.fileName(forDocument: name), SwiftScaffold().text(of: CanonicalForm.canonicalize(wireframe), origin: origin))
    }

    @Test(arguments: documents) func matchesItsGoldenFile(_ path: String) throws {
        let (file, text) = try Self.scaffold(of: path)
        if let mismatch = try GoldenComparison.mismatch(text, goldenFile: Self.here.appendingPathComponent("Golden/\(file).txt")) {
            Issue.record(Comment(rawValue: mismatch))
        }
        // The same revision gives the same bytes.
        #expect(try Self.scaffold(of: path).text == text)
    }

    @Test(arguments: documents) func parsesAndTypeChecksAgainstTheAPI(_ path: String) throws {
        let (file, text) = try Self.scaffold(of: path)
        try Self.typeCheck([file: text])
    }

    /// Keys and dependency names that are keywords, start with a digit, differ only in case or
    /// punctuation, or are not ASCII still give distinct, valid names.
    @Test func awkwardNamesStillCompile() throws {
        let json = """
            {"appName": "Names", "root": "class", "routes": [
              {"name": "class", "title": "Class \\"quoted\\" \\\\ title", "type": "navigation", "dependencies": ["self", "default"],
               "subroutes": ["product-detail", "productDetail", "1st", "é"],
               "elements": [{"kind": "list", "reference": "Type", "target": "product-detail"}]},
              {"name": "product-detail", "title": "A", "dependencies": ["Type", "self"]},
              {"name": "productDetail", "title": "B", "dependencies": ["type"]},
              {"name": "1st", "title": "C"},
              {"name": "é", "title": "D", "elements": [{"kind": "button", "text": "Back", "target": "pop"}]}
            ]}
            """
        let read = JSONWireframeReader().read(Array(json.utf8))
        let wireframe = try #require(read.wireframe, "\(read.diagnostics)")
        let origin = SwiftScaffold.Origin(document: "class.json", revision: 1, contentHash: "hash")
        let text = SwiftScaffold().text(of: CanonicalForm.canonicalize(wireframe), origin: origin)
        #expect(text.contains("final class ProductDetailViewController"))
        #expect(text.contains("final class ProductDetailViewController2"))
        #expect(text.contains("openProductDetail: { type in"))
        #expect(text.contains("pop: { provider.navigation?.pop() }"))
        try Self.typeCheck(["ClassWireframe.swift": text])
    }

    @Test func namesAreMadeOfWords() {
        #expect(SwiftNames.typeName("product-detail") == "ProductDetail")
        #expect(SwiftNames.typeName("tabs/screen[2]") == "TabsScreen2")
        #expect(SwiftNames.memberName("Product Id") == "productId")
        #expect(SwiftNames.memberName("class") == "`class`")
        #expect(SwiftNames.typeName("1st") == "_1st")
        #expect(SwiftNames.typeName("é") == "Screen")
        var scope = SwiftNames.Scope(reserved: ["UIView"])
        #expect(scope.unique("UIView") == "UIView2")
        #expect(scope.unique("Home") == "Home")
        #expect(scope.unique("Home") == "Home2")
    }

    /// `swiftc -parse` of each file, then `swiftc -typecheck` of them with the API stubs, against
    /// a `UIKit` module made of the stubs.
    static func typeCheck(_ files: [String: String]) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wfs-scaffold-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let stubs = here.appendingPathComponent("Stubs")
        try FileManager.default.copyItem(atPath: stubs.appendingPathComponent("UIKit.swift.txt").path, toPath: folder + "/UIKit.swift")
        try FileManager.default.copyItem(
            atPath: stubs.appendingPathComponent("WireframeAPI.swift.txt").path, toPath: folder + "/WireframeAPI.swift")
        for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name)) }

        func swiftc(_ arguments: [String]) throws {
            let run = try ChildProcess.run("/usr/bin/env", ["swiftc"] + arguments, in: folder)
            #expect(run.status == 0, "swiftc \(arguments.joined(separator: " ")):\n\(run.error)\(run.output)")
        }
        try swiftc(["-parse"] + files.keys.sorted())
        try swiftc(["-emit-module", "-module-name", "UIKit", "-emit-module-path", folder + "/UIKit.swiftmodule", "UIKit.swift"])
        try swiftc(["-typecheck", "-I", folder, "WireframeAPI.swift"] + files.keys.sorted())
    }
}
