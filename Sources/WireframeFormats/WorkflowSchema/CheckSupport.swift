import Foundation
import WireframeModel

/// What several checks share: value reading (§1.8) and walks over created objects.
enum CheckSupport {
    /// The object values of every parameter, in order.
    static func children(of object: SchemaObject) -> [SchemaObject] {
        object.parameters.flatMap { parameter in
            parameter.values.compactMap { if case .object(let child) = $0 { child } else { nil } }
        }
    }

    /// The objects a controller builds in its own context (views, items, sections, cells, …),
    /// depth first, without entering nested controllers or actions; only the given parameters of
    /// the controller when `parameters` is set. `visit` gets each object and whether it is
    /// dynamic: under a proxy (its `default` or `template`) or a branch of a conditional schema.
    static func ownedObjects(
        of controller: SchemaObject, parameters: Set<String>? = nil, _ visit: (SchemaObject, _ dynamic: Bool) -> Void
    ) {
        var stack: [(SchemaObject, Bool)] = []
        for parameter in controller.parameters.reversed() where parameter.name != "actions" {
            if let parameters, !parameters.contains(parameter.name) { continue }
            for case .object(let child) in parameter.values.reversed() { stack.append((child, false)) }
        }
        while let (object, dynamic) = stack.popLast() {
            if object.schemaClass.isController || object.node.definition.kind == .action { continue }
            visit(object, dynamic)
            // Read from the storage, last first: no parameter or value list per object.
            let isProxy = object.isProxy
            let isConditional = object.mode == .conditional
            object.forEachChildReversed { name, child in
                stack.append((child, dynamic || isProxy || (isConditional && name != "condition")))
            }
        }
    }

    /// The named views of a controller's view hierarchy (§3.15): its view, table sections and
    /// header/footer, and those of its child controllers (stack, tabs, hosted), templates
    /// included, bar items excluded. `complete` is false when part of it comes from data or
    /// another file (a keyPath view, section, cell or controller).
    ///
    /// Kept in the controller's node once made: A05 and A06 both ask for it.
    static func namedViews(of index: Int, in graph: SchemaGraph) -> (views: [String: [SchemaObject]], complete: Bool) {
        if let known = graph.controllers[index].namedViews { return known }
        let found = collectNamedViews(of: index, in: graph)
        graph.controllers[index].namedViews = found
        return found
    }

    private static func collectNamedViews(of index: Int, in graph: SchemaGraph) -> (views: [String: [SchemaObject]], complete: Bool) {
        var views: [String: [SchemaObject]] = [:]
        var complete = true
        var controllers = [index]
        // The controllers gone through: compared in order while they are few (a set was
        // allocated for every hierarchy, most of which have one or two controllers).
        var seenFew: [Int] = []
        var seenMany: Set<Int>?
        let known = ParameterNameFacts.known
        var stack: [SchemaObject] = []
        while let current = controllers.popLast() {
            if seenMany != nil {
                guard seenMany?.insert(current).inserted == true else { continue }
            } else {
                guard !seenFew.contains(current) else { continue }
                seenFew.append(current)
                if seenFew.count > 16 { seenMany = Set(seenFew) }
            }
            let node = graph.controllers[current]
            controllers += node.children
            // Each parameter's objects appended in place (a list was made per name).
            for name in Self.hierarchyRoots {
                node.object.forEachObject(name) { stack.append($0) }
            }
            while let object = stack.popLast() {
                if object.isProxy,
                    object.schemaClass.isSubclass(of: .view) || object.schemaClass.isSubclass(of: .viewController)
                        || object.schemaClass == .tableSection || object.schemaClass == .object
                {
                    complete = false
                }
                if object.schemaClass.isController || object.definition.kind == .action { continue }
                if object.definition.kind == .view, let name = object.workflowName, !name.isEmpty {
                    views[name, default: []].append(object)
                }
                // Read from the storage: no parameter or value list per object, and whether a
                // parameter holds bar items read as a bit of its name's facts (by the name's
                // position) instead of hashing the name into a set.
                let storage = object.arena.storage
                let range = storage.nodes[Int(object.index)].parameters
                for at in Int(range.lowerBound)..<Int(range.upperBound) {
                    let values = storage.parameters[at].values
                    var isBar: Bool?
                    for value in Int(values.lowerBound)..<Int(values.upperBound) {
                        guard case .object(let child) = storage.values[value] else { continue }
                        if isBar == nil {
                            isBar = ParameterNameFacts.of(storage.parameters[at].name, names: storage.names, known: known).contains(.bar)
                        }
                        if isBar == false { stack.append(SchemaObject(object.arena, child)) }
                    }
                }
            }
        }
        return (views, complete)
    }

    /// The parameters of a controller whose objects start its view hierarchy, in order.
    private static let hierarchyRoots = ["view", "sections", "tableHeaderView", "tableFooterView", "viewControllers"]

    /// The classes that register with a form as inputs (§3.7).
    static let formInputs: Set<SchemaClass> = [.textField, .textView, .switch, .slider, .datePicker, .searchBar]

    /// The number a property reads as (§1.8): the leading numeric prefix with `.` as the decimal
    /// point; nil when there is none (the original then uses 0).
    static func numericPrefix(_ text: String) -> Double? {
        var scalars = Substring(text).unicodeScalars.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        var prefix = ""
        if let first = scalars.first, first == "+" || first == "-" {
            prefix.unicodeScalars.append(first)
            scalars = scalars.dropFirst()
        }
        var sawDigit = false
        var sawPoint = false
        for scalar in scalars {
            if ("0"..."9").contains(scalar) {
                sawDigit = true
            } else if scalar == ".", !sawPoint {
                sawPoint = true
            } else {
                break
            }
            prefix.unicodeScalars.append(scalar)
        }
        return sawDigit ? Double(prefix) : nil
    }

    /// Whether text is a decimal number in the document locale (`<number>`, comparisons; §1.8):
    /// an optional sign, digits with optional grouping separators, at most one decimal separator.
    /// Without a locale both `.` and `,` are accepted as the decimal separator.
    static func isDecimal(_ text: String, locale: String?) -> Bool {
        let separator: String
        let grouping: String
        if let locale {
            let resolved = Locale(identifier: locale)
            separator = resolved.decimalSeparator ?? "."
            grouping = resolved.groupingSeparator ?? ""
        } else {
            separator = "."
            grouping = ""
        }
        var body = Substring(text.trimmingCharacters(in: .whitespaces))
        if let first = body.first, first == "+" || first == "-" { body = body.dropFirst() }
        var sawDigit = false
        var sawSeparator = false
        for character in body {
            if character.isASCII, character.isNumber {
                sawDigit = true
            } else if String(character) == separator || (locale == nil && character == ","), !sawSeparator {
                sawSeparator = true
            } else if !grouping.isEmpty,
                String(character) == grouping || (grouping == "\u{A0}" && character == " ") || (grouping == "\u{202F}" && character == " "),
                !sawSeparator
            {
                continue
            } else {
                return false
            }
        }
        return sawDigit
    }
}

/// A fixed set of names that several checks test every parameter name against.
struct NameSet: Sendable {
    private let names: Set<String>

    init(_ names: [String]) { self.names = Set(names) }

    /// Whether the set holds a name with exactly the scalars of `name` (a `Set<String>` alone
    /// also matches a canonically equivalent spelling).
    func contains(_ name: String) -> Bool {
        guard let index = names.firstIndex(of: name) else { return false }
        return names[index].hasSameUTF8(as: name)
    }
}

/// What the object checks and the mapper ask of a parameter name, read by the name's position in
/// a read's storage: the known names (`KnownNames`, which every read's table of names starts
/// with) have theirs in a table made once, so that a parameter costs one load instead of a
/// search of each check's set of names; a name given to a setter is asked by its text.
struct ParameterNameFacts: OptionSet, Sendable {
    let rawValue: UInt8

    /// A YES/NO parameter (P06, `BooleanValueCheck`).
    static let boolean = ParameterNameFacts(rawValue: 1)
    /// A numeric parameter (P07, `NumericValueCheck`).
    static let numeric = ParameterNameFacts(rawValue: 2)
    /// `value` (a YES/NO value on `bool`, a number on a slider).
    static let value = ParameterNameFacts(rawValue: 4)
    /// A message parameter (`message` or a name ending in `Message`, `SchemaMapper.isMessageParameter`).
    static let message = ParameterNameFacts(rawValue: 8)
    /// `validations` (D10, `ValidationValueCheck`).
    static let validations = ParameterNameFacts(rawValue: 16)
    /// A parameter that holds bar items (`navigationItem`, `toolbarItems`, `items`), left out of
    /// a view hierarchy (`CheckSupport.namedViews`).
    static let bar = ParameterNameFacts(rawValue: 32)

    /// The facts of a name, from its text.
    static func of(_ name: String) -> ParameterNameFacts {
        var facts: ParameterNameFacts = []
        if BooleanValueCheck.parameters.contains(name) { facts.insert(.boolean) }
        if NumericValueCheck.parameters.contains(name) { facts.insert(.numeric) }
        if name == "value" { facts.insert(.value) }
        if SchemaMapper.isMessageParameter(name) { facts.insert(.message) }
        if name == "validations" { facts.insert(.validations) }
        if name == "navigationItem" || name == "toolbarItems" || name == "items" { facts.insert(.bar) }
        return facts
    }

    /// The facts of each known name, by its position.
    static let known: [ParameterNameFacts] = KnownNames.workflowSchema.names.map(of)

    /// The facts of the name at that position of a storage's names; `known` is `Self.known`,
    /// read once by the caller.
    @inline(__always)
    static func of(_ position: Int32, names: [String], known: [ParameterNameFacts]) -> ParameterNameFacts {
        Int(position) < known.count ? known[Int(position)] : of(names[Int(position)])
    }
}

/// A tag that a check compares objects with, found by its position among the known names when
/// the object's tag is a known name (one comparison of numbers instead of strings).
struct KnownTag: Sendable {
    let name: String
    /// Its position among the known names, -1 when it is none.
    private let position: Int32
    private let knownCount: Int32

    init(_ name: String) {
        self.name = name
        position = KnownNames.workflowSchema.names.firstIndex(of: name).map { Int32($0) } ?? -1
        knownCount = Int32(KnownNames.workflowSchema.count)
    }

    /// Whether the object's tag is this one.
    @inline(__always)
    func matches(_ object: SchemaObject) -> Bool {
        let tag = object.node.tag
        // A position below the known count is a known name, and names are unique among them.
        return tag < knownCount ? tag == position : object.tag == name
    }
}
