import WireframeModel

/// C07: an imageView without an image (neither `image` nor `imageName`). An `image` without a
/// name is reported as a missing mandatory parameter (P05).
enum ImageViewCheck {
    static let code: DiagnosticCode = "WF1307"
    static let definition = DiagnosticDefinition(code, [.error], "imageView without an image (an image without name is P05)", check: "C07")

    static func run(_ object: SchemaObject, into diagnostics: inout [Diagnostic]) {
        guard object.schemaClass == .imageView, !object.has("image"), !object.has("imageName") else { return }
        diagnostics.append(Diagnostic(.error, code, message, at: object.location))
    }

    static let message = "'imageView' needs an 'image' or an 'imageName'"
}
