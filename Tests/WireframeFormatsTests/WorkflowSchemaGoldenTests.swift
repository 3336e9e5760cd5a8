import Foundation
import Testing
import WireframeFormats
import WireframeModel

/// A deterministic text listing of the screens and transitions extracted from a wireframe.
enum WorkflowSchemaListing {
    static func render(_ wireframe: Wireframe, diagnostics: [Diagnostic]) -> String {
        var lines = ["app: \(wireframe.appName)", "root: \(wireframe.root)", "locale: \(wireframe.locale ?? "-")"]
        for screen in wireframe.screens {
            var header = "screen \(screen.key) [\(screen.container.rawValue)]"
            if !screen.title.isEmpty { header += " title \"\(screen.title)\"" }
            if let presentation = screen.presentation { header += " presentation \(presentation.rawValue)" }
            if let parent = screen.parent { header += " parent \(parent)" }
            lines.append(header)
            for (key, value) in screen.properties.sorted(by: { $0.key < $1.key }) { lines.append("  property \(key) = \"\(value)\"") }
            for link in screen.links { lines.append("  link \(link.kind.rawValue)\(link.isInline ? " inline" : "") -> \(link.target)") }
            for element in screen.elements { render(element, indent: "  ", into: &lines) }
            for action in screen.actions { lines.append("  action \(action.name ?? "(unnamed)"): \(render(action.action))") }
        }
        lines.append("transitions:")
        for transition in WorkflowSchemaTransitions.list(wireframe) {
            lines.append("  \(transition.source): \(transition.chain.joined(separator: " > ")) => \(transition.kind) \(transition.target)")
        }
        lines.append("diagnostics:")
        for diagnostic in diagnostics {
            lines.append("  \(diagnostic.location) \(diagnostic.severity) \(diagnostic.code): \(diagnostic.message)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func render(_ element: Element, indent: String, into lines: inout [String]) {
        var line = "\(indent)\(element.kind)"
        if let reference = element.reference { line += " name=\(reference)" }
        if let styleClass = element.styleClass { line += " class=\(styleClass)" }
        if let text = element.text { line += " \"\(text)\"" }
        for (key, value) in element.properties.sorted(by: { $0.key < $1.key }) { line += " \(key)=\"\(value)\"" }
        for trigger in element.triggers {
            if case .message(let message) = trigger.effect {
                line += " on\(trigger.event.map { " " + $0 } ?? "") -> \(message.destination.rawValue) '\(message.name)'"
                if let name = message.destinationName { line += " (\(name))" }
            }
        }
        lines.append(line)
        for child in element.elements { render(child, indent: indent + "  ", into: &lines) }
    }

    static func render(_ action: Action) -> String {
        switch action.kind {
        case .push(let target): "push \(target)"
        case .present(let target): "present \(target)"
        case .branch(let target): "branch \(target)"
        case .replaceRoot(let target): "replaceRoot \(target)"
        case .pop: "pop"
        case .dismiss: "dismiss"
        case .popToRoot: "popToRoot"
        case .popToView(let target): "popToView \(target)"
        case .alert(let text): "alert \"\(text)\""
        case .url(let url): "url \(url)"
        case .task(let name, let parameter): "task \(name) \(parameter ?? "")"
        case .send(let message):
            "send \(message.destination.rawValue) '\(message.name)'" + (message.destinationName.map { " (\($0))" } ?? "")
        case .sequence(let actions): "sequence [" + actions.map(render).joined(separator: "; ") + "]"
        case .loadSchema(let path, let success, let failure):
            "loadSchema \(path) success [\(success.map(render) ?? "")] failure [\(failure.map(render) ?? "")]"
        case .conditional(let condition, let success, let failure):
            "if \(condition) then [\(success.map(render) ?? "")] else [\(failure.map(render) ?? "")]"
        case .other(let kind, let properties):
            kind
                + (properties.isEmpty
                    ? "" : " " + properties.sorted { $0.key < $1.key }.map { "\($0.key)=\"\($0.value)\"" }.joined(separator: " "))
        }
    }
}

@Suite struct WorkflowSchemaGoldenTests {
    @Test(arguments: WorkflowSchemaFixtures.corpusNames)
    func listingMatchesGolden(name: String) throws {
        let corpus = try #require(WorkflowSchemaFixtures.corpus)
        let result = WorkflowSchemaReader().read(
            WorkflowSchemaFixtures.bytes(corpus.appendingPathComponent("\(name).xml")), path: "\(name).xml")
        let wireframe = try #require(result.wireframe)
        let listing = WorkflowSchemaListing.render(wireframe, diagnostics: result.diagnostics)
        let goldenURL = try #require(WorkflowSchemaFixtures.root?.appendingPathComponent("golden/\(name).txt"))
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            // Record into the source tree, not the copied bundle.
            let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("Fixtures/WorkflowSchema/golden/\(name).txt")
            try FileManager.default.createDirectory(at: source.deletingLastPathComponent(), withIntermediateDirectories: true)
            try listing.write(to: source, atomically: true, encoding: .utf8)
            return
        }
        let golden = try String(contentsOf: goldenURL, encoding: .utf8)
        #expect(listing == golden, "listing of \(name) differs from its golden file; set RECORD_SNAPSHOTS=1 to re-record")
    }
}
