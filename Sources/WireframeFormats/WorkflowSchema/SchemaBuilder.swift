import WireframeModel

/// Phases 1 and 2 of spec §1.1 in one pass over the elements as the XML reader delivers them.
///
/// At each start tag it decides whether the element is an object or a parameter tag (§1.3) and
/// reports the parse-phase diagnostics (X02–X10, S01–S05, S07–S10, D03); at each end tag it
/// groups what the element held into the parameters of its object (§1.7, S06 and P02–P05).
/// Elements dropped after an error are skipped with their content, as the original drops them.
struct SchemaBuilder: XMLContentHandler {
    /// Diagnostics of the parse phase, in document order.
    var diagnostics: [Diagnostic] = []
    /// Diagnostics of grouping (the creation phase).
    var grouper = SchemaGrouper()
    /// The document element (its children are the top-level nodes).
    var document: XMLElementNode?
    /// Every object built, in the order they ended.
    var storage = SchemaStorage()
    /// The root object (the last top-level object): its position in `storage`.
    var rootIndex: Int32?
    /// How many ordinary controller objects were created: room the mapper reserves for their keys.
    var controllerCount = 0

    private enum Kind { case object, parameter }

    /// An open object: what it has grouped so far.
    private struct OpenObject {
        /// The tag as a number of `grouper.name(_:)` (its position among the known names): no
        /// string is counted when the record is written, copied or handed to grouping.
        var tag: Int32
        /// The tag's position among the storage's names.
        var tagID: Int32
        /// The definition's position among the storage's definitions, and its kind.
        var definition: SchemaStorage.DefinitionRef
        var schemaClass: SchemaClass
        var mode: SchemaStorage.Mode
        var location: SourceLocation
        /// Its attributes in the store (written when it opens).
        var attributes: Range<Int32>
        /// Where the names of the parameters of the definition that groups its children (in
        /// `effectives`) start in the known names' table (-1: none).
        var nameStart: Int32
        /// The position of that definition in `TagRegistry.lookup.all` (-1: not the registry's).
        var effectivePosition: Int32
        /// Where its parameters start in the grouper.
        var mark: SchemaGrouper.Mark

        var isProxy: Bool { if case .proxy = mode { true } else { false } }
    }

    /// An open parameter tag: its values until it ends.
    private struct OpenParameter {
        /// Its name as a number of `grouper.name(_:)`.
        var name: Int32
        /// Its position in the parameters of the open object's (effective) definition.
        var index: Int
        var location: SourceLocation
        /// The first value, kept apart: most parameter tags hold one, which then needs no array.
        var first: SchemaStorage.Value?
        /// The values after the first.
        var rest: [SchemaStorage.Value] = []
        var sawObject = false
        var sawText = false
        /// Whether a child was dropped after an error; the parameter is then skipped to avoid cascades.
        var lostChild = false
        /// Grouping diagnostics before it started: those of its values are dropped with it.
        var grouperMark: Int

        mutating func append(_ value: SchemaStorage.Value) {
            if first == nil { first = value } else { rest.append(value) }
        }
    }

    init() {}

    /// A builder with room in its storage for a file of that many bytes (about one object per
    /// 100 bytes in the corpus): growing the arrays copied them several times.
    init(reservingFor byteCount: Int) {
        let objects = byteCount / 96
        storage.nodes.reserveCapacity(objects)
        storage.attributes.reserveCapacity(objects)
    }

    /// Room for the storage's parameters and values, once the file's lines are counted: two
    /// parameters for every three lines of an indented file and three values for every four (the
    /// corpus file has about 0.6 and 0.67 a line), or as many as the objects expected from the
    /// size of a file with few lines. Growing them by doubling copied them, and the blocks freed
    /// and made larger at every read took most of a read's page faults.
    mutating func reserve(lineCount: Int, byteCount: Int) {
        let objects = byteCount / 96
        storage.parameters.reserveCapacity(max(objects, lineCount * 2 / 3))
        storage.values.reserveCapacity(max(objects + objects / 4, lineCount * 3 / 4))
    }

    /// The known names: where the registry's parameter names are among them.
    private let knownNames = KnownNames.workflowSchema
    /// The registry's definitions and pseudo-classes (`TagRegistry.Lookup.all`), and how many
    /// are registered: kept here, as a copy of the lookup counted each of its six arrays.
    private let registry = TagRegistry.lookup.all
    private let registeredCount = TagRegistry.lookup.definitions.count
    private var kinds: [Kind] = []
    /// The open objects. A record holds no reference (its tag is a number), so that writing,
    /// copying and removing one counts nothing.
    private var objects: [OpenObject] = []
    /// The definition that groups the children of each open object (the pseudo-class of a proxy
    /// or conditional), beside `objects`.
    private var effectives: [TagDefinition] = []
    private var parameters: [OpenParameter] = []
    private var topLevel: [(tag: String, location: SourceLocation, role: SchemaRole)] = []
    /// Inside a dropped element: how many elements are open there.
    private var skipped = 0
    /// The document element's name, kept apart: reading it from `document` copied the element.
    private var documentName: String?

    mutating func startElement(_ element: XMLElementNode) {
        if skipped > 0 {
            skipped += 1
            return
        }
        guard let documentName else {
            document = element
            documentName = element.name
            DocumentElementCheck.run(element, into: &diagnostics)
            return
        }
        let parent = kinds.last
        // The open object is read in place (a copy of it costs a reference count per field).
        if parent == .object, let last = objects.indices.last, objects[last].isProxy,
            element.name != "default", element.name != "template"
        {
            diagnostics.append(ProxyChildCheck.diagnostic(child: element.name, tag: grouper.name(objects[last].tag), at: element.location))
            skipped = 1
            return
        }
        if !open(element, parent: parent, documentName: documentName) {
            if parent == .parameter { parameters[parameters.count - 1].lostChild = true }
            skipped = 1
        }
    }

    /// Classifies an element and opens it; false when it is dropped after an error.
    private mutating func open(_ element: XMLElementNode, parent: Kind?, documentName: String) -> Bool {
        let tag = element.name
        // The tag as a number for grouping: its position among the known names, as most are.
        let tagNumber = element.nameID >= 0 ? element.nameID : grouper.addName(tag)
        if tag.utf8.count == documentName.utf8.count, tag == documentName {
            diagnostics.append(DocumentNameReuseCheck.diagnostic(tag: tag, at: element.location))
            return false
        }
        let registered = element.definition
        // A registered tag has no prefix: only other names are searched for a colon (a known
        // name's answer is in the known names' table).
        if registered == nil, element.nameID >= 0 ? knownNames.hasColon(at: Int(element.nameID)) : tag.containsColon {
            diagnostics.append(NamespacePrefixCheck.diagnostic(name: tag, isTag: true, at: element.location))
        }

        // The role (spec §1.3 step 3): an object of `registered` made in `objectMode`, or a
        // parameter tag when `objectMode` is nil (kept apart rather than as a `SchemaRole`,
        // whose definition was counted at each copy).
        var objectMode: ObjectMode?
        var demoted = false
        var abstract = false
        if let definition = registered {
            var admitted = true
            if parent == .object, let last = objects.indices.last { admitted = effectives[last].admits(definition.schemaClass) }
            if !admitted {
                demoted = true
            } else if let keyPath = element.attribute("keyPath") {
                objectMode = .proxy(keyPath: keyPath.value)
            } else if let conditional = element.attribute("conditional"), BooleanText.isTrue(conditional.value) {
                objectMode = .conditional
            } else if !definition.isAbstract {
                objectMode = .ordinary
            } else {
                abstract = true
            }
        }

        if let definition = registered, let mode = objectMode {
            AttributeCheck.run(element, definition: definition, mode: mode, into: &diagnostics)
            if mode == .ordinary, definition.schemaClass.isController { controllerCount += 1 }
            if parent == nil { topLevel.append((tag, element.location, .object(definition, mode))) }
            kinds.append(.object)
            let attributeStart = Int32(storage.attributes.count)
            // Most objects have no attributes: appending an empty array still cost a call.
            if !element.attributes.isEmpty { storage.attributes += element.attributes }
            // Tags and definitions by their positions in the tables the storage starts with (a
            // registered tag is always a known name); anything else is added to the storage.
            let tagID = element.nameID >= 0 ? element.nameID : storage.addName(tag)
            let stored: SchemaStorage.Mode
            switch mode {
            case .ordinary: stored = .ordinary
            case .proxy(let keyPath): stored = .proxy(keyPath: storage.addText(keyPath))
            case .conditional: stored = .conditional
            }
            let effective: TagDefinition
            let definitionPosition: Int32
            let nameStart: Int32
            let effectivePosition: Int32
            if element.registryEntry >= 0 {
                // The pseudo-classes follow the registered definitions in `registry`.
                let entry = Int(element.registryEntry)
                let position =
                    switch mode {
                    case .ordinary: entry
                    case .proxy: entry + registeredCount
                    case .conditional: entry + 2 * registeredCount
                    }
                definitionPosition = element.registryEntry
                effective = registry[position]
                nameStart = knownNames.parameterNameStart(ofDefinitionAt: position)
                effectivePosition = Int32(position)
            } else {
                definitionPosition = storage.addDefinition(definition)
                effective = TagRegistry.lookup.effective(definition, for: mode)
                nameStart = -1
                effectivePosition = -1
            }
            effectives.append(effective)
            objects.append(
                OpenObject(
                    tag: tagNumber, tagID: tagID,
                    definition: SchemaStorage.DefinitionRef(position: definitionPosition, kind: definition.kind),
                    schemaClass: definition.schemaClass, mode: stored,
                    location: element.location, attributes: attributeStart..<Int32(storage.attributes.count),
                    nameStart: nameStart, effectivePosition: effectivePosition, mark: grouper.open()))
            return true
        } else {
            var parameterIndex: Int?
            switch parent {
            case nil:
                if abstract {
                    diagnostics.append(AbstractTagCheck.diagnostic(tag: tag, at: element.location))
                } else {
                    diagnostics.append(TopLevelParameterCheck.diagnostic(tag: tag, at: element.location))
                }
                return false
            case .parameter:
                if abstract {
                    diagnostics.append(AbstractTagCheck.diagnostic(tag: tag, at: element.location))
                } else if let open = parameters.last {
                    diagnostics.append(NestedParameterCheck.diagnostic(tag: tag, parameter: grouper.name(open.name), at: element.location))
                }
                return false
            case .object:
                guard let last = objects.indices.last else { return false }
                parameterIndex = candidateIndex(tagNumber, inObjectAt: last)
                if parameterIndex == nil {
                    let open = objects[last]
                    let parentDefinition = effectives[last]
                    if abstract {
                        diagnostics.append(AbstractTagCheck.diagnostic(tag: tag, at: element.location))
                    } else if demoted, let definition = registered {
                        diagnostics.append(
                            MisplacedTagCheck.diagnostic(
                                tag: tag, parent: grouper.name(open.tag), childClass: definition.schemaClass,
                                parentDefinition: parentDefinition, at: element.location))
                    } else if TagRegistry.allParameterNames.contains(tag) {
                        diagnostics.append(
                            UnknownParameterCheck.diagnostic(
                                name: tag, parent: grouper.name(open.tag), parentDefinition: parentDefinition, at: element.location))
                    } else {
                        diagnostics.append(
                            UnknownTagCheck.diagnostic(
                                tag: tag, parentDefinition: parentDefinition, at: element.location))
                    }
                    return false
                }
            }
            guard let parameterIndex else { return false }
            AttributeCheck.runOnParameter(element, into: &diagnostics)
            kinds.append(.parameter)
            parameters.append(
                OpenParameter(
                    name: tagNumber, index: parameterIndex, location: element.location, grouperMark: grouper.diagnostics.count))
            return true
        }
    }

    mutating func text(_ text: XMLTextNode) {
        guard skipped == 0 else { return }
        switch kinds.last {
        case nil:
            diagnostics.append(TextInDocumentElementCheck.diagnostic(at: text.location))
        case .object:
            let index = objects.count - 1
            if objects[index].isProxy {
                diagnostics.append(ProxyChildCheck.textDiagnostic(tag: grouper.name(objects[index].tag), at: text.location))
                return
            }
            if text.nonBlankChunks > 1 { diagnostics.append(SplitTextCheck.diagnostic(inParameter: false, at: text.location)) }
            // The string default's name is that of its parameter (`candidate` -1 below).
            guard effectives[index].stringDefault != nil else {
                grouper.diagnostics.append(TextNotAllowedCheck.diagnostic(tag: grouper.name(objects[index].tag), at: text.location))
                return
            }
            let facts = SchemaStorage.ValueFacts(location: text.location, isDynamic: false, tag: -1)
            // The fields grouping needs, read once (reading them from the array in the arguments
            // of the grouper's calls copied the whole open object).
            let tag = objects[index].tag
            let mark = objects[index].mark
            let definition = effectives[index]
            guard
                let chosen = grouper.choose(
                    valueClass: .string, candidate: -1, candidateIndex: definition.stringDefaultIndex, fallbackFor: nil,
                    tag: tag, definition: definition, facts: facts)
            else { return }
            checkEnumeration(text.value, at: text.location, parameter: chosen, of: definition)
            grouper.place(
                .text(storage.addText(text.value), text.location), at: chosen,
                tag: tag, since: mark, definition: definition, facts: facts)
        case .parameter:
            let index = parameters.count - 1
            if parameters[index].sawObject || parameters[index].sawText {
                diagnostics.append(IgnoredTextCheck.diagnostic(parameter: grouper.name(parameters[index].name), at: text.location))
                return
            }
            if text.nonBlankChunks > 1 { diagnostics.append(SplitTextCheck.diagnostic(inParameter: true, at: text.location)) }
            parameters[index].sawText = true
            parameters[index].append(.text(storage.addText(text.value), text.location))
        }
    }

    mutating func endElement() {
        if skipped > 0 {
            skipped -= 1
            return
        }
        switch kinds.popLast() {
        case nil:
            if let document { TopLevelObjectsCheck.run(topLevel, document: document, into: &diagnostics) }
        case .object:
            // `removeLast` after the test, not `popLast`: the optional it returns was destroyed
            // through the generic value witness, about 150 instructions per element.
            guard !objects.isEmpty else { return }
            let open = objects.removeLast()
            let effective = effectives.removeLast()
            grouper.checkMandatory(
                tag: open.tag, isOrdinary: open.mode == .ordinary, location: open.location, since: open.mark, definition: effective)
            let parameters = grouper.close(open.mark, definition: effective, nameStart: open.nameStart, into: &storage)
            storage.nodes.append(
                SchemaStorage.Node(
                    tag: open.tagID, definition: open.definition, schemaClass: open.schemaClass, mode: open.mode,
                    location: open.location, attributes: open.attributes, parameters: parameters))
            add(Int32(storage.nodes.count - 1), schemaClass: open.schemaClass, tag: open.tag)
        case .parameter:
            guard !parameters.isEmpty else { return }
            let open = parameters.removeLast()
            guard !objects.isEmpty else { return }
            if open.lostChild {
                grouper.diagnostics.removeSubrange(open.grouperMark...)
                return
            }
            let index = objects.count - 1
            // Read once (see `text(_:)`).
            let tag = objects[index].tag
            let mark = objects[index].mark
            let definition = effectives[index]
            func assign(_ value: SchemaStorage.Value) {
                let valueClass: SchemaClass =
                    if case .object(let object) = value { storage.nodes[Int(object)].schemaClass } else { .string }
                let facts = storage.facts(of: value)
                guard
                    let chosen = grouper.choose(
                        valueClass: valueClass, candidate: open.name, candidateIndex: open.index, fallbackFor: nil,
                        tag: tag, definition: definition, facts: facts)
                else { return }
                if case .text(let text, let location) = value {
                    checkEnumeration(storage.text(text), at: location, parameter: chosen, of: definition)
                }
                grouper.place(value, at: chosen, tag: tag, since: mark, definition: definition, facts: facts)
            }
            assign(open.first ?? .text(storage.addText(""), open.location))
            for value in open.rest { assign(value) }
        }
    }

    /// Hands a finished object to what holds it: an object, a parameter tag, or the document.
    private mutating func add(_ object: Int32, schemaClass: SchemaClass, tag: Int32) {
        switch kinds.last {
        case nil:
            rootIndex = object
        case .object:
            let index = objects.count - 1
            let facts = storage.facts(of: .object(object))
            // Read once (see `text(_:)`).
            let parentTag = objects[index].tag
            let mark = objects[index].mark
            let definition = effectives[index]
            guard
                let chosen = grouper.choose(
                    valueClass: schemaClass, candidate: tag, candidateIndex: candidateIndex(tag, inObjectAt: index),
                    fallbackFor: schemaClass, tag: parentTag, definition: definition, facts: facts)
            else { return }
            grouper.place(.object(object), at: chosen, tag: parentTag, since: mark, definition: definition, facts: facts)
        case .parameter:
            let index = parameters.count - 1
            parameters[index].sawObject = true
            parameters[index].append(.object(object))
        }
    }
}

extension SchemaBuilder {
    /// The position of the parameter named `name` (a number of `grouper.name(_:)`: its position
    /// among the known names when it is one) in the definition that groups the children of
    /// `object`: read from the known names' table when both are known, else looked up by the name.
    @inline(__always)
    private func candidateIndex(_ position: Int32, inObjectAt index: Int) -> Int? {
        // The open object is read in place (a copy of it was made with memcpy).
        let definition = objects[index].effectivePosition
        if definition >= 0, position >= 0, Int(position) < knownNames.count {
            return knownNames.parameterIndex(ofDefinitionAt: definition, name: position)
        }
        return effectives[index].parameterIndex(grouper.name(position))
    }

    /// The enumeration check of a text value put into the parameter at `chosen` (§2.9), before
    /// it is placed, into grouping's diagnostics.
    @inline(__always)
    private mutating func checkEnumeration(_ text: String, at location: SourceLocation, parameter chosen: Int, of definition: TagDefinition)
    {
        guard let allowed = definition.parameters[chosen].allowedValues else { return }
        EnumerationCheck.run(
            text, parameter: definition.parameterName(at: chosen), allowed: allowed,
            isBitmask: definition.parameters[chosen].isBitmask, at: location, into: &grouper.diagnostics)
    }
}

extension String {
    /// Whether the name has a namespace prefix (`x:name`), read from the contiguous bytes.
    var containsColon: Bool {
        utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: ":")) } ?? utf8.contains(UInt8(ascii: ":"))
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
        let bytes = text.utf8
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return booleanWords.contains(text.lowercased()) }
        // ASCII: lowercase byte by byte into one number instead of building a string.
        guard let code = packedLowercase(bytes) else { return false }
        return booleanWordCodes.contains(code)
    }

    private static let booleanWords: Set<String> = ["yes", "no", "true", "false", "1", "0", "y", "n"]
    private static let booleanWordCodes: [UInt64] = booleanWords.compactMap { packedLowercase($0.utf8) }

    /// At most seven ASCII bytes, lowercased, with their count in the top byte; nil when longer.
    private static func packedLowercase(_ bytes: String.UTF8View) -> UInt64? {
        guard bytes.count <= 7 else { return nil }
        var code = UInt64(bytes.count) << 56
        for (index, byte) in bytes.enumerated() {
            let lowered = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            code |= UInt64(lowered) << (8 * UInt64(index))
        }
        return code
    }
}
