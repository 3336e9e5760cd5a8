import WireframeModel

/// Phase 1 (spec §1.2–§1.5): decides for each element whether it is an object or a parameter tag,
/// and reports the parse-phase diagnostics (X02–X10, S01–S05, S07–S10, D03).
struct SchemaBuilder {
    var diagnostics: [Diagnostic] = []
    var documentName = "workflow"

    /// The open parent of an element.
    enum Parent {
        case document
        case object(SchemaNode)
        case parameter(SchemaNode)
    }

    /// Builds the top-level nodes; returns the objects among them in document order.
    mutating func build(_ document: XMLElementNode) -> [SchemaNode] {
        documentName = document.name
        DocumentElementCheck.run(document, into: &diagnostics)
        var objects: [SchemaNode] = []
        for child in document.children {
            switch child {
            case .text(let text):
                if !text.isBlank { diagnostics.append(TextInDocumentElementCheck.diagnostic(at: text.location)) }
            case .element(let element):
                guard let node = classify(element, parent: .document) else { continue }
                if case .object = node.role {
                    objects.append(node)
                } else {
                    diagnostics.append(TopLevelParameterCheck.diagnostic(tag: node.name, at: node.location))
                }
            }
        }
        TopLevelObjectsCheck.run(objects.map { ($0.name, $0.location, $0.role) }, document: document, into: &diagnostics)
        return objects
    }

    /// Classifies one element and its subtree; nil when it is dropped after an error.
    mutating func classify(_ element: XMLElementNode, parent: Parent) -> SchemaNode? {
        let tag = element.name
        if tag == documentName {
            diagnostics.append(DocumentNameReuseCheck.diagnostic(tag: tag, at: element.location))
            return nil
        }
        if tag.utf8.contains(UInt8(ascii: ":")) { diagnostics.append(NamespacePrefixCheck.diagnostic(name: tag, isTag: true, at: element.location)) }

        var role: SchemaNode.Role = .parameter
        var demoted = false
        var abstract = false
        if let definition = TagRegistry.definition(of: tag) {
            var admitted = true
            if case .object(let parentNode) = parent, let parentDefinition = parentNode.effectiveDefinition {
                admitted = parentDefinition.admits(definition.schemaClass)
            }
            if !admitted {
                demoted = true
            } else if let keyPath = element.attribute("keyPath") {
                role = .object(definition, .proxy(keyPath: keyPath.value))
            } else if let conditional = element.attribute("conditional"), BooleanText.isTrue(conditional.value) {
                role = .object(definition, .conditional)
            } else if !definition.isAbstract {
                role = .object(definition, .ordinary)
            } else {
                abstract = true
            }
        }

        var node = SchemaNode(name: tag, role: role, element: element)
        switch role {
        case .object(let definition, let mode):
            AttributeCheck.run(element, definition: definition, mode: mode, into: &diagnostics)
            for child in element.children {
                switch child {
                case .text(let text):
                    guard !text.isBlank else { continue }
                    if case .proxy = mode {
                        diagnostics.append(ProxyChildCheck.textDiagnostic(tag: tag, at: text.location))
                        continue
                    }
                    if text.nonBlankChunks > 1 { diagnostics.append(SplitTextCheck.diagnostic(inParameter: false, at: text.location)) }
                    node.children.append(.text(text))
                case .element(let childElement):
                    if case .proxy = mode, childElement.name != "default", childElement.name != "template" {
                        diagnostics.append(ProxyChildCheck.diagnostic(child: childElement.name, tag: tag, at: childElement.location))
                        continue
                    }
                    if let childNode = classify(childElement, parent: .object(node)) { node.children.append(.node(childNode)) }
                }
            }
            return node
        case .parameter:
            switch parent {
            case .document:
                if abstract {
                    diagnostics.append(AbstractTagCheck.diagnostic(tag: tag, at: element.location))
                    return nil
                }
                return node  // reported by the caller (S04)
            case .parameter(let parentNode):
                if abstract {
                    diagnostics.append(AbstractTagCheck.diagnostic(tag: tag, at: element.location))
                } else {
                    diagnostics.append(NestedParameterCheck.diagnostic(tag: tag, parameter: parentNode.name, at: element.location))
                }
                return nil
            case .object(let parentNode):
                guard let parentDefinition = parentNode.effectiveDefinition else { return nil }
                if parentDefinition.parameter(tag) == nil {
                    if abstract {
                        diagnostics.append(AbstractTagCheck.diagnostic(tag: tag, at: element.location))
                    } else if demoted, let definition = TagRegistry.definition(of: tag) {
                        diagnostics.append(MisplacedTagCheck.diagnostic(
                            tag: tag, parent: parentNode.name, childClass: definition.schemaClass,
                            parentDefinition: parentDefinition, at: element.location))
                    } else if TagRegistry.allParameterNames.contains(tag) {
                        diagnostics.append(UnknownParameterCheck.diagnostic(
                            name: tag, parent: parentNode.name, parentDefinition: parentDefinition, at: element.location))
                    } else {
                        diagnostics.append(UnknownTagCheck.diagnostic(
                            tag: tag, parentDefinition: parentDefinition, at: element.location))
                    }
                    return nil
                }
            }
            AttributeCheck.runOnParameter(element, into: &diagnostics)
            var sawObject = false
            var sawText = false
            for child in element.children {
                switch child {
                case .text(let text):
                    guard !text.isBlank else { continue }
                    if sawObject || sawText {
                        diagnostics.append(IgnoredTextCheck.diagnostic(parameter: tag, at: text.location))
                        continue
                    }
                    if text.nonBlankChunks > 1 { diagnostics.append(SplitTextCheck.diagnostic(inParameter: true, at: text.location)) }
                    sawText = true
                    node.children.append(.text(text))
                case .element(let childElement):
                    if let childNode = classify(childElement, parent: .parameter(node)) {
                        sawObject = true
                        node.children.append(.node(childNode))
                    } else {
                        node.lostChild = true
                    }
                }
            }
            return node
        }
    }
}

/// Boolean text as the original reads it (`boolValue`, spec §1.8).
enum BooleanText {
    /// True if, after whitespace, an optional sign and leading zeros, the next character is Y, y, T, t or 1–9.
    static func isTrue(_ text: String) -> Bool {
        var scalars = Substring(text).unicodeScalars.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        if let first = scalars.first, first == "+" || first == "-" { scalars = scalars.dropFirst() }
        scalars = scalars.drop { $0 == "0" }
        guard let first = scalars.first else { return false }
        return "YyTt123456789".unicodeScalars.contains(first)
    }

    /// Whether the text is recognisably a yes/no value.
    static func isBooleanLike(_ text: String) -> Bool {
        ["yes", "no", "true", "false", "1", "0", "y", "n"].contains(text.lowercased())
    }
}
