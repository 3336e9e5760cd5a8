public import WireframeModel

/// WF0202: a dependency of a route that no path from the root supplies.
///
/// As in route plans (seed 002), inputs travel along the path: a value is available on every
/// screen after the screen that produces it. The root's dependencies are what the app supplies
/// at launch, so they are available everywhere; a screen produces a value through an element
/// whose `reference` has the dependency's name (a text field, a list selection, …).
public struct DependencySupplyRule: Rule {
    public init() {}
    public var code: DiagnosticCode { "WF0202" }
    public var severities: [Severity] { [.warning] }
    public var summary: String { "every dependency is supplied along some path from the root" }

    public func check(_ context: ValidationContext, into diagnostics: inout [Diagnostic]) {
        let wireframe = context.wireframe
        guard let root = context.screen(wireframe.root) else { return }
        let appInputs = Set(root.dependencies)
        let screens = wireframe.screens
        let withDependencies = context.contents.withDependencies
        guard withDependencies.contains(where: { screens[$0].key != root.key }) else { return }
        var producers: [String: [Int]] = [:]
        for position in context.contents.withElements where context.reachable[position] {
            screens[position].forEachElement { element in
                if let reference = element.pointee.reference { producers[reference, default: []].append(position) }
            }
        }
        // The dependencies that need a walk, each numbered once, in the order they come up.
        var numbers: [String: Int] = [:]
        var needed: [String] = []
        for position in withDependencies where context.reachable[position] && screens[position].key != root.key {
            for dependency in screens[position].dependencies where !appInputs.contains(dependency) && numbers[dependency] == nil {
                numbers[dependency] = needed.count
                needed.append(dependency)
            }
        }
        guard !needed.isEmpty else { return }
        // The note offers two remedies; it points at the one place it names: the root, whose
        // dependencies list is where an app-supplied value goes (its last entry when it has one).
        let rootPlace = root.locations.dependencies.last ?? root.locations.key ?? root.locations.definition
        // One walk of the graph answers 64 dependencies at once.
        var supplied: [[UInt64]] = []
        for first in stride(from: 0, to: needed.count, by: 64) {
            let group = needed[first..<min(first + 64, needed.count)]
            supplied.append(context.graph.reachable(afterEach: group.map { producers[$0] ?? [] }))
        }
        for position in withDependencies where context.reachable[position] {
            let screen = screens[position]
            guard screen.key != root.key else { continue }
            for (index, dependency) in screen.dependencies.enumerated() where !appInputs.contains(dependency) {
                guard let number = numbers[dependency],
                    supplied[number / 64][position] & (UInt64(1) << UInt64(number % 64)) == 0
                else { continue }
                let location =
                    index < screen.locations.dependencies.count
                    ? screen.locations.dependencies[index] : screen.locations.definition
                diagnostics.append(
                    Diagnostic(
                        .warning, code, Self.message(dependency, route: screen.key, root: root.key), at: location,
                        notes: [DiagnosticNote(Self.hint(dependency, root: root.key), at: rootPlace)]))
            }
        }
    }

    static func message(_ dependency: String, route: String, root: String) -> String {
        "dependency '\(dependency)' of route '\(route)' is supplied by no path from root '\(root)'"
    }

    static func hint(_ dependency: String, root: String) -> String {
        "give an element on the way the reference '\(dependency)', or list it in the dependencies of '\(root)' if the app supplies it"
    }
}
