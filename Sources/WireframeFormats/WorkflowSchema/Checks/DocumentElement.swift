import WireframeModel

/// X02 and X03: the document element's name (only `workflow` is valid for the DTD) and its
/// attributes (only `lang` is used, and it must look like a locale identifier).
enum DocumentElementCheck {
    static let nameCode: DiagnosticCode = "WF1002"
    static let attributeCode: DiagnosticCode = "WF1003"
    static let nameDefinition = DiagnosticDefinition(nameCode, [.warning], "document element not `workflow`", check: "X02")
    static let attributeDefinition = DiagnosticDefinition(
        attributeCode, [.note, .warning], "other document attributes (note); implausible `lang` (warning)", check: "X03")

    static func run(_ document: XMLElementNode, into diagnostics: inout [Diagnostic]) {
        if document.name != "workflow" {
            diagnostics.append(Diagnostic(.warning, nameCode, nameMessage(document.name), at: document.location))
        }
        for attribute in document.attributes {
            if attribute.name == "lang" {
                if !isPlausibleLocale(attribute.value) {
                    diagnostics.append(Diagnostic(.warning, attributeCode, localeMessage(attribute.value), at: attribute.valueLocation))
                }
            } else {
                diagnostics.append(Diagnostic(.note, attributeCode, attributeMessage(attribute.name), at: attribute.location))
            }
        }
    }

    /// Two or three letters, then `-` or `_` separated parts of letters and digits.
    static func isPlausibleLocale(_ value: String) -> Bool {
        let parts = value.split(separator: "-", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        guard let language = parts.first, (2...3).contains(language.count),
            language.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("A"..."Z").contains($0) })
        else { return false }
        return parts.dropFirst().allSatisfy { part in
            (2...8).contains(part.count)
                && part.unicodeScalars.allSatisfy {
                    ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                }
        }
    }

    static func nameMessage(_ name: String) -> String {
        "document element is '\(name)'; WorkflowSchema documents use 'workflow'"
    }
    static func localeMessage(_ value: String) -> String { "'\(value)' is not a plausible locale identifier" }
    static func attributeMessage(_ name: String) -> String {
        "attribute '\(name)' of the document element is ignored; only 'lang' is used"
    }
}
