import WireframeModel

/// C03: a barButtonItem with none or several of title, image and systemItem; an image bar button
/// whose image has no accessibilityLabel.
enum BarButtonItemCheck {
    static let code: DiagnosticCode = "WF1303"
    static let definition = DiagnosticDefinition(
        code, [.error],
        "barButtonItem with none or several of title, image and systemItem; image bar button whose image has no accessibilityLabel",
        check: "C03")

    static func run(_ object: SchemaObject, into diagnostics: inout [Diagnostic]) {
        guard object.schemaClass == .barButtonItem else { return }
        let given = ["title", "image", "systemItem"].filter { object.has($0) }
        if given.isEmpty {
            diagnostics.append(Diagnostic(.error, code, noneMessage, at: object.location))
        } else if given.count > 1 {
            diagnostics.append(Diagnostic(.error, code, severalMessage(given), at: object.location))
        } else if given == ["image"], let image = object.objects("image").first, image.mode == .ordinary,
            !image.has("accessibilityLabel")
        {
            diagnostics.append(Diagnostic(.error, code, imageLabelMessage, at: image.location))
        }
    }

    static let noneMessage = "'barButtonItem' needs one of 'title', 'image' or 'systemItem'"
    static func severalMessage(_ given: [String]) -> String {
        "'barButtonItem' must have only one of 'title', 'image' or 'systemItem', found "
            + given.map { "'\($0)'" }.joined(separator: " and ")
    }
    static let imageLabelMessage = "the image of an image bar button needs an 'accessibilityLabel'"
}
