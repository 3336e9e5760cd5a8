import WireframeModel

/// Runs the attribute checks of an object tag (S08, S09, S10, X10) and of a parameter tag.
enum AttributeCheck {
    /// The attributes an object tag may carry (spec §1.6).
    static let known = ["name", "class", "keyPath", "valueName", "conditional"]

    /// Whether the name is one of `known`, compared without going through the array.
    static func isKnown(_ name: String) -> Bool {
        switch name {
        case "name", "class", "keyPath", "valueName", "conditional": true
        default: false
        }
    }

    static func run(_ element: XMLElementNode, definition: TagDefinition, mode: ObjectMode, into diagnostics: inout [Diagnostic]) {
        // Most objects have no attributes: nothing to check then.
        guard !element.attributes.isEmpty else { return }
        for attribute in element.attributes {
            if attribute.name.containsColon {
                diagnostics.append(NamespacePrefixCheck.diagnostic(name: attribute.name, isTag: false, at: attribute.location))
            } else if !isKnown(attribute.name) {
                diagnostics.append(UnknownAttributeCheck.diagnostic(name: attribute.name, tag: element.name, at: attribute.location))
            }
        }
        AttributeConflictCheck.run(element, into: &diagnostics)
        if let styleClass = element.attribute("class") { StyleClassCheck.run(styleClass, into: &diagnostics) }
    }

    /// Parameter tags use no attributes at all.
    static func runOnParameter(_ element: XMLElementNode, into diagnostics: inout [Diagnostic]) {
        for attribute in element.attributes {
            diagnostics.append(UnknownAttributeCheck.parameterDiagnostic(name: attribute.name, tag: element.name, at: attribute.location))
        }
    }
}
