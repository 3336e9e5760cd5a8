import WireframeModel

/// X05, X06 and X07 dispatch: no top-level object, several (only the last is used), and a root
/// that is not a controller. Each has its own file; this runs them in order.
enum TopLevelObjectsCheck {
    static func run(
        _ objects: [(tag: String, location: SourceLocation, role: SchemaRole)], document: XMLElementNode,
        into diagnostics: inout [Diagnostic]
    ) {
        guard let last = objects.last else {
            diagnostics.append(NoTopLevelObjectCheck.diagnostic(at: document.location))
            return
        }
        for object in objects.dropLast() {
            diagnostics.append(SeveralTopLevelObjectsCheck.diagnostic(tag: object.tag, at: object.location))
        }
        if case .object(let definition, _) = last.role, !definition.schemaClass.isController {
            diagnostics.append(RootNotControllerCheck.diagnostic(tag: last.tag, at: last.location))
        }
    }
}
