/// One parameter of a WorkflowSchema class (spec §2): its name, accepted value classes and marks.
public struct ParameterDefinition: Sendable, Hashable {
    /// The parameter (and parameter tag) name.
    public var name: String
    /// The classes a value may have; text counts as `string`.
    public var accepts: [SchemaClass]
    /// Whether it may repeat (`name[]`); values are always a list.
    public var isArray: Bool
    /// Whether it must be present (`name!`).
    public var isMandatory: Bool
    /// Whether it is created lazily (`name~`); a static reader checks it eagerly anyway.
    public var isLazy: Bool
    /// The allowed strings of an enumeration or bitmask, if it is one (§2.9).
    public var allowedValues: [String]?
    /// Whether the allowed values combine as a bitmask.
    public var isBitmask: Bool

    /// Whether a value of `valueClass` is accepted.
    public func accepts(_ valueClass: SchemaClass) -> Bool {
        accepts.contains { valueClass.isSubclass(of: $0) }
    }
}

/// A default-routing entry: a bare child of `valueClass` goes to `parameter` (first match wins).
public struct DefaultRoute: Sendable, Hashable {
    /// The class a bare child must be (or inherit from).
    public var valueClass: SchemaClass
    /// The parameter it goes to.
    public var parameter: String
}

/// The broad kind of a tag, for the model mapping and the messages.
public enum TagKind: String, Sendable, Hashable {
    /// tabs, navigation, screen, form, table.
    case controller
    /// Views (UIView subclasses).
    case view
    /// Navigation, bar, tab and alert items, segments, sections, form triggers.
    case item
    /// Gesture recognisers.
    case gesture
    /// Actions.
    case action
    /// Conditions.
    case condition
    /// string, number, bool, date, image, null.
    case value
    /// message.
    case message
    /// object, view, viewController: objects only with `keyPath`.
    case abstract
}

/// A registered WorkflowSchema tag.
///
/// The fields live in one immutable box, so a copy (into an open object, a created object, a
/// check) is one reference count; the box also holds a small hash table of the parameter names,
/// because grouping asks for a parameter by name for every value it places.
public struct TagDefinition: Sendable, Hashable {
    private final class Storage: Sendable {
        let tag: String
        let schemaClass: SchemaClass
        let kind: TagKind
        let isAbstract: Bool
        let parameters: [ParameterDefinition]
        let defaults: [DefaultRoute]
        /// The position of the first parameter of each name.
        let positions: [String: Int]
        /// The parameter names, compared without copying the definitions.
        let names: [String]
        /// The names of the mandatory parameters, in order: P05 asks for them at every object.
        let mandatoryNames: [String]
        /// The positions of the mandatory parameters (the first parameter of each name), in order.
        let mandatoryIndices: [Int]
        let stringDefault: String?
        /// The accepted classes of each parameter as a set: `parameter(at:accepts:)` is one test.
        let acceptSets: [SchemaClassSet]
        /// The classes of the default routes: `admits` is one test.
        let defaultClasses: SchemaClassSet
        /// Whether a parameter is named `text`: the mapper asks at every element.
        let hasTextParameter: Bool
        /// The position of the parameter of each default route (the first of its name), or nil.
        let defaultIndices: [Int?]
        /// The position of `stringDefault` (the first parameter of its name), or nil.
        let stringDefaultIndex: Int?

        init(
            tag: String, schemaClass: SchemaClass, kind: TagKind, isAbstract: Bool, parameters: [ParameterDefinition],
            defaults: [DefaultRoute]
        ) {
            self.tag = tag
            self.schemaClass = schemaClass
            self.kind = kind
            self.isAbstract = isAbstract
            self.parameters = parameters
            self.defaults = defaults
            stringDefault = defaults.first { SchemaClass.string.isSubclass(of: $0.valueClass) }?.parameter
            var positions: [String: Int] = [:]
            // The first parameter of a name wins, as with a linear search.
            for (position, parameter) in parameters.enumerated() where positions[parameter.name] == nil {
                positions[parameter.name] = position
            }
            self.positions = positions
            names = parameters.map(\.name)
            mandatoryNames = parameters.filter(\.isMandatory).map(\.name)
            var mandatoryIndices: [Int] = []
            for name in mandatoryNames {
                if let index = parameters.firstIndex(where: { $0.name == name }) { mandatoryIndices.append(index) }
            }
            self.mandatoryIndices = mandatoryIndices
            acceptSets = parameters.map { SchemaClassSet($0.accepts) }
            defaultClasses = SchemaClassSet(defaults.map(\.valueClass))
            hasTextParameter = parameters.contains { $0.name == "text" }
            defaultIndices = defaults.map { route in parameters.firstIndex { $0.name == route.parameter } }
            stringDefaultIndex = stringDefault.flatMap { name in parameters.firstIndex { $0.name == name } }
        }

        /// The position of the first parameter of that name.
        func index(of name: String) -> Int? { positions.value(spelledExactly: name) }
    }

    private var storage: Storage

    /// Creates a definition.
    init(
        tag: String, schemaClass: SchemaClass, kind: TagKind, isAbstract: Bool, parameters: [ParameterDefinition],
        defaults: [DefaultRoute]
    ) {
        storage = Storage(
            tag: tag, schemaClass: schemaClass, kind: kind, isAbstract: isAbstract, parameters: parameters,
            defaults: defaults)
    }

    /// The tag name, case-sensitive.
    public var tag: String {
        get { storage.tag }
        set { self = replacing(tag: newValue) }
    }
    /// Its class.
    public var schemaClass: SchemaClass {
        get { storage.schemaClass }
        set { self = replacing(schemaClass: newValue) }
    }
    /// Its kind.
    public var kind: TagKind {
        get { storage.kind }
        set { self = replacing(kind: newValue) }
    }
    /// Whether it is abstract (`object`, `view`, `viewController`): an object only with `keyPath`.
    public var isAbstract: Bool {
        get { storage.isAbstract }
        set { self = replacing(isAbstract: newValue) }
    }
    /// Every parameter, shared ones included, in declaration order.
    public var parameters: [ParameterDefinition] {
        get { storage.parameters }
        set { self = replacing(parameters: newValue) }
    }
    /// The default routing of bare children, in order.
    public var defaults: [DefaultRoute] {
        get { storage.defaults }
        set { self = replacing(defaults: newValue) }
    }

    private func replacing(
        tag: String? = nil, schemaClass: SchemaClass? = nil, kind: TagKind? = nil, isAbstract: Bool? = nil,
        parameters: [ParameterDefinition]? = nil, defaults: [DefaultRoute]? = nil
    ) -> TagDefinition {
        TagDefinition(
            tag: tag ?? self.tag, schemaClass: schemaClass ?? self.schemaClass, kind: kind ?? self.kind,
            isAbstract: isAbstract ?? self.isAbstract, parameters: parameters ?? self.parameters,
            defaults: defaults ?? self.defaults)
    }

    public static func == (lhs: TagDefinition, rhs: TagDefinition) -> Bool {
        if lhs.storage === rhs.storage { return true }
        return lhs.tag == rhs.tag && lhs.schemaClass == rhs.schemaClass && lhs.kind == rhs.kind
            && lhs.isAbstract == rhs.isAbstract && lhs.parameters == rhs.parameters && lhs.defaults == rhs.defaults
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(tag)
        hasher.combine(schemaClass)
        hasher.combine(kind)
        hasher.combine(isAbstract)
        hasher.combine(parameters)
        hasher.combine(defaults)
    }

    /// The parameter of that name.
    public func parameter(_ name: String) -> ParameterDefinition? {
        storage.index(of: name).map { storage.parameters[$0] }
    }

    /// The position in `parameters` of the parameter of that name.
    func parameterIndex(_ name: String) -> Int? { storage.index(of: name) }

    /// The name of the parameter at that position.
    func parameterName(at index: Int) -> String { storage.names[index] }

    /// The names of the mandatory parameters, in declaration order.
    var mandatoryParameterNames: [String] { storage.mandatoryNames }

    /// The positions in `parameters` of the mandatory parameters (the first of each name), in
    /// declaration order: grouping keeps an object's parameters by position.
    var mandatoryParameterIndices: [Int] { storage.mandatoryIndices }

    /// Whether it has a parameter of that name.
    func hasParameter(_ name: String) -> Bool { storage.index(of: name) != nil }

    /// Whether it has a parameter named `text` (known without a lookup).
    var hasTextParameter: Bool { storage.hasTextParameter }

    /// Whether the parameter at that position accepts a value of `valueClass`.
    func parameter(at index: Int, accepts valueClass: SchemaClass) -> Bool {
        valueClass.lineage.intersects(storage.acceptSets[index])
    }

    /// The parameter a raw string goes to: the first default that accepts text.
    public var stringDefault: String? { storage.stringDefault }

    /// Whether a bare child of that class is admitted as an object (§1.3 step 2).
    public func admits(_ childClass: SchemaClass) -> Bool {
        childClass.lineage.intersects(storage.defaultClasses)
    }

    /// The position of the default parameter for a bare object child of that class (§1.7 step
    /// 3), found without its name: nil when there is none or it names no parameter.
    func defaultParameterIndex(for childClass: SchemaClass) -> Int? {
        let lineage = childClass.lineage
        guard let route = storage.defaults.firstIndex(where: { lineage.contains($0.valueClass) }) else { return nil }
        return storage.defaultIndices[route]
    }

    /// The position of `stringDefault` among the parameters, nil when there is none or it names no parameter.
    var stringDefaultIndex: Int? { storage.stringDefaultIndex }

    /// The default parameter for a bare object child of that class (§1.7 step 3).
    public func defaultParameter(for childClass: SchemaClass) -> String? {
        let lineage = childClass.lineage
        return storage.defaults.first { lineage.contains($0.valueClass) }?.parameter
    }
}

extension Dictionary where Key == String {
    /// The value under a key with exactly the scalars of `name`. A `String` key also matches a
    /// canonically equivalent spelling (a Kelvin sign for a K), and XML compares names scalar by
    /// scalar.
    func value(spelledExactly name: String) -> Value? {
        guard let index = index(forKey: name), self[index].key.hasSameUTF8(as: name) else { return nil }
        return self[index].value
    }
}

/// The registry of the 68 core tags (spec §2), kept as data.
public enum TagRegistry {
    /// Every core tag, by name.
    public static let tags: [String: TagDefinition] = {
        var result: [String: TagDefinition] = [:]
        for definition in definitions { result[definition.tag] = definition }
        return result
    }()

    /// The core tag names, sorted.
    public static let tagNames: [String] = tags.keys.sorted()

    /// Every parameter name of any class, sorted (for "did you mean" and unknown-tag checks).
    public static let allParameterNames: Set<String> = {
        var names = Set<String>()
        for definition in definitions { for parameter in definition.parameters { names.insert(parameter.name) } }
        names.formUnion(["default", "template", "successValue", "failureValue", "condition"])
        return names
    }()

    /// The definition of a tag, if registered.
    public static func definition(of tag: String) -> TagDefinition? { lookup.definition(of: tag) }

    /// The definitions by tag, and the pseudo-classes made from them.
    struct Lookup: Sendable {
        /// The position in `definitions` of each tag's definition.
        let positions: [String: Int]
        let definitions: [TagDefinition]
        /// Each definition's pseudo-classes as a keyPath proxy and as a conditional schema, made
        /// once: a proxy or conditional element otherwise built a definition and its tables.
        let proxies: [TagDefinition]
        let conditionals: [TagDefinition]
        /// `definitions`, `proxies` and `conditionals` in one array (a registered definition at
        /// `entry`, its proxy at `entry + definitions.count`, its conditional schema at
        /// `entry + 2 * definitions.count`): a read's storage refers to definitions by their
        /// position here.
        let all: [TagDefinition]

        init(_ definitions: [TagDefinition]) {
            var positions: [String: Int] = [:]
            var kept: [TagDefinition] = []
            // The first definition of a name wins (the registry has no two).
            for definition in definitions where positions[definition.tag] == nil {
                positions[definition.tag] = kept.count
                kept.append(definition)
            }
            self.positions = positions
            self.definitions = kept
            proxies = kept.map { $0.effective(for: .proxy(keyPath: "")) }
            conditionals = kept.map { $0.effective(for: .conditional) }
            all = kept + proxies + conditionals
        }

        /// The position in `definitions` of a tag's definition, if registered.
        func entry(ofTag tag: String) -> Int? { entry(of: tag) }

        /// The definition that groups the children of an object of that definition and mode:
        /// the registered pseudo-class when the tag is registered, else made here.
        func effective(_ definition: TagDefinition, for mode: ObjectMode) -> TagDefinition {
            switch mode {
            case .ordinary:
                return definition
            case .proxy, .conditional:
                guard let entry = entry(of: definition.tag), definitions[entry] == definition else {
                    return definition.effective(for: mode)
                }
                return mode == .conditional ? conditionals[entry] : proxies[entry]
            }
        }

        func definition(of tag: String) -> TagDefinition? {
            entry(of: tag).map { definitions[$0] }
        }

        private func entry(of tag: String) -> Int? { positions.value(spelledExactly: tag) }
    }

    /// The table (built once, on first use; the schema builder keeps a reference to it).
    static let lookup = Lookup(definitions)

    /// The proxy pseudo-class of keyPath tags: parameters `default` (eager) and `template` (lazy), no defaults.
    public static let proxyParameters: [ParameterDefinition] = [
        parameter("default: any"), parameter("template~: any"),
    ]

    /// The conditional pseudo-class: a condition (bare) and lazy `successValue`/`failureValue`.
    public static let conditionalParameters: [ParameterDefinition] = [
        parameter("condition: condition"), parameter("successValue~: any"), parameter("failureValue~: any"),
    ]

    /// The default routing of conditional schemas.
    public static let conditionalDefaults: [DefaultRoute] = [DefaultRoute(valueClass: .condition, parameter: "condition")]

    // MARK: Enumerations (§2.9)

    static let enumerations: [String: (values: [String], bitmask: Bool)] = [
        "destinationType": (["delegate", "rootDelegate", "self", "descendant"], false),
        "layout": (["vertical", "center", "fill"], false),
        "accessoryType": (["none", "disclosureIndicator", "detailDisclosureIndicatorButton", "checkmark"], false),
        "cellStyle": (["default", "value1", "value2", "subtitle"], false),
        "selectionStyle": (["none", "blue", "gray"], false),
        "barButtonStyle": (["plain", "bordered", "done"], false),
        "systemItem": (
            [
                "done", "cancel", "edit", "save", "add", "flexibleSpace", "fixedSpace", "compose", "reply",
                "action", "organize", "bookmarks", "search", "refresh", "stop", "camera", "trash", "play",
                "pause", "rewind", "fastForward", "undo", "redo", "pageCurl",
            ], false
        ),
        "segmentedControlStyle": (["plain", "bordered", "bar"], false),
        "datePickerMode": (["time", "date", "dateAndTime", "countDownTimer"], false),
        "viewMode": (["never", "whileEditing", "unlessEditing", "always"], false),
        "direction": (["up", "down", "left", "right"], false),
        "requirement": (["any", "all"], false),
        "barStyle": (["default", "black"], false),
        "autocapitalizationType": (["none", "words", "sentences", "allCharacters"], false),
        "yesNo": (["default", "no", "yes"], false),
        "keyboardType": (
            [
                "default", "asciiCapable", "numbersAndPunctuation", "url", "numberPad", "phonePad",
                "namePhonePad", "emailAddress", "decimalPad", "twitter",
            ], false
        ),
        "keyboardAppearance": (["default", "alert"], false),
        "returnKeyType": (
            [
                "default", "go", "google", "join", "next", "route", "search", "send", "yahoo", "done", "emergencyCall",
            ], false
        ),
        "accessibilityTraits": (
            [
                "button", "link", "searchField", "image", "selected", "playsSound", "keyboardKey", "staticText",
                "summaryElement", "notEnabled", "updatesFrequently", "startsMediaSession", "adjustable",
                "allowsDirectInteraction", "causesPageTurn",
            ], true
        ),
        "dataDetectorTypes": (["phoneNumber", "link", "address", "calendarEvent"], true),
    ]

    // MARK: The DSL

    /// Parses `name[]!~: type|type` (spec §0 notation) with an optional `=enumeration` suffix.
    /// The notation is ASCII and is read as bytes, split and trimmed as `Substring` would split
    /// and trim it (reading it by `Character` cost about 10 M instructions once per process).
    static func parameter(_ text: String) -> ParameterDefinition {
        let bytes = Array(text.utf8)
        var declaration = bytes[...]
        var enumeration: String?
        if let equals = declaration.firstIndex(of: UInt8(ascii: "=")) {
            enumeration = String(decoding: declaration[(equals + 1)...], as: UTF8.self)
            declaration = declaration[..<equals]
        }
        let parts = declaration.split(separator: UInt8(ascii: ":"), maxSplits: 1).map(trimmingSpaces)
        var name = parts.first ?? []
        var isArray = false
        var isMandatory = false
        var isLazy = false
        flags: while let last = name.last {
            switch last {
            case UInt8(ascii: "]"), UInt8(ascii: "["): isArray = true
            case UInt8(ascii: "!"): isMandatory = true
            case UInt8(ascii: "~"): isLazy = true
            default: break flags
            }
            name.removeLast()
        }
        let types = parts.count > 1 ? parts[1].split(separator: UInt8(ascii: "|")).map { String(decoding: $0, as: UTF8.self) } : []
        let accepts = types.flatMap { typeClasses($0) }
        let allowed = enumeration.flatMap { enumerations[$0] }
        return ParameterDefinition(
            name: String(decoding: name, as: UTF8.self), accepts: accepts, isArray: isArray, isMandatory: isMandatory,
            isLazy: isLazy, allowedValues: allowed?.values, isBitmask: allowed?.bitmask ?? false)
    }

    /// The bytes without spaces at either end.
    private static func trimmingSpaces(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var trimmed = bytes
        while trimmed.first == UInt8(ascii: " ") { trimmed.removeFirst() }
        while trimmed.last == UInt8(ascii: " ") { trimmed.removeLast() }
        return trimmed
    }

    static func typeClasses(_ type: String) -> [SchemaClass] {
        switch type {
        case "str": [.string]
        case "num": [.number]
        case "any": [.object]
        case "controller": [.viewController]
        case "controller-action": [.controllerAction]
        case "date-obj": [.date]
        case "toolbar*": [.toolbar]
        case "actionButtonItem*": [.actionButtonItem]
        default: SchemaClass(rawValue: type).map { [$0] } ?? []
        }
    }

    static func routes(_ text: String) -> [DefaultRoute] {
        // Bytes, as in `parameter(_:)`.
        Array(text.utf8).split(separator: UInt8(ascii: ",")).compactMap { entry in
            let sides = entry.split(separator: UInt8(ascii: ">")).map { String(decoding: trimmingSpaces($0), as: UTF8.self) }
            guard sides.count == 2, let valueClass = typeClasses(sides[0]).first else { return nil }
            return DefaultRoute(valueClass: valueClass, parameter: sides[1])
        }
    }

    // MARK: Shared parameter groups (§2.1)

    static let controllerParameters = [
        "title: str", "hidesBottomBarWhenPushed: str", "navigationItem~: navigationItem",
        "tabBarItem: tabBarItem", "toolbarItems[]: barButtonItem", "actions[]: action",
        "shouldForwardAllMessages: str|num",
    ]
    static let controllerDefaults = "navigationItem>navigationItem, tabBarItem>tabBarItem, action>actions"
    static let viewParameters = [
        "accessibilityLabel: str", "accessibilityHint: str", "accessibilityValue: str|num",
        "accessibilityTraits: str|num=accessibilityTraits", "gestures[]: gesture", "hidden: str|num",
    ]
    static let viewDefaults = "gesture>gestures"
    static let barParameters = ["barStyle: str|num=barStyle", "translucent: str|num"]
    static let textInputParameters = [
        "autocapitalizationType: str|num=autocapitalizationType", "autocorrectionType: str|num=yesNo",
        "spellCheckingType: str|num=yesNo", "keyboardType: str|num=keyboardType",
        "keyboardAppearance: str|num=keyboardAppearance", "returnKeyType: str|num=returnKeyType",
        "enablesReturnKeyAutomatically: str|num", "secureTextEntry: str|num", "inputView: view",
        "inputAccessoryView: view",
    ]
    static let conditionParameters = ["failureMessage: str", "value~: any"]

    static func make(
        _ tag: String, _ schemaClass: SchemaClass, _ kind: TagKind, _ own: [String], defaults: String = "",
        shared: [String] = [], sharedDefaults: String = "", sharedDefaultsFirst: Bool = false, abstract: Bool = false
    ) -> TagDefinition {
        let ownRoutes = routes(defaults)
        let sharedRoutes = routes(sharedDefaults)
        return TagDefinition(
            tag: tag, schemaClass: schemaClass, kind: kind, isAbstract: abstract,
            parameters: (own + shared).map(parameter),
            defaults: sharedDefaultsFirst ? sharedRoutes + ownRoutes : ownRoutes + sharedRoutes)
    }

    static func controller(_ tag: String, _ schemaClass: SchemaClass, _ own: [String], defaults: String) -> TagDefinition {
        make(tag, schemaClass, .controller, own, defaults: defaults, shared: controllerParameters, sharedDefaults: controllerDefaults)
    }

    static func view(
        _ tag: String, _ schemaClass: SchemaClass, _ own: [String], defaults: String = "", extra: [String] = [],
        defaultsAfterGestures: Bool = false
    ) -> TagDefinition {
        make(
            tag, schemaClass, .view, own, defaults: defaults, shared: viewParameters + extra,
            sharedDefaults: viewDefaults, sharedDefaultsFirst: defaultsAfterGestures)
    }

    static func condition(_ tag: String, _ schemaClass: SchemaClass, _ own: [String], defaults: String) -> TagDefinition {
        make(tag, schemaClass, .condition, own, defaults: defaults, shared: conditionParameters)
    }

    // MARK: The tags

    static let definitions: [TagDefinition] = [
        // §2.2 values, messages, abstract tags
        make("string", .string, .value, ["key: str", "value: str", "table: str"], defaults: "str>value"),
        make("number", .number, .value, ["value!: str|num"], defaults: "any>value"),
        make("bool", .number, .value, ["value!: str|num"], defaults: "any>value"),
        make("date", .date, .value, ["value!: date-obj|num|str", "format: str"], defaults: "str>value"),
        make(
            "image", .image, .value,
            [
                "accessibilityLabel: str", "accessibilityHint: str", "accessibilityValue: str|num",
                "accessibilityTraits: str|num=accessibilityTraits", "name!: str",
            ], defaults: "str>name"),
        make("null", .null, .value, []),
        make(
            "message", .message, .message,
            [
                "name!: str", "destinationType: str|num=destinationType", "destinationName: str",
            ], defaults: "str>name"),
        make("object", .object, .abstract, [], abstract: true),
        make("view", .view, .abstract, [], abstract: true),
        make("viewController", .viewController, .abstract, [], abstract: true),
        // §2.3 controllers
        controller("tabs", .tabs, ["viewControllers[]!: controller"], defaults: "controller>viewControllers"),
        controller(
            "navigation", .navigation,
            [
                "viewControllers[]!: controller", "navigationBarHidden: str|num", "toolbarHidden: str|num",
            ], defaults: "controller>viewControllers"),
        controller(
            "screen", .screen, ["view~: view|controller", "toolbar: toolbar*"],
            defaults: "toolbar*>toolbar, view>view, controller>view"),
        controller(
            "form", .form,
            [
                "view!~: view|controller", "triggers[]: trigger", "formAccessoryView: formAccessoryView",
            ], defaults: "view>view, controller>view, trigger>triggers, formAccessoryView>formAccessoryView"),
        controller(
            "table", .table,
            [
                "style: str|num", "sections[]!~: tableSection", "tableHeaderView~: view", "tableFooterView~: view",
            ], defaults: "tableSection>sections"),
        // §2.4 views
        view(
            "container", .container,
            [
                "views[]: view|controller", "layout: str|num=layout", "numberOfColumns: str|num",
                "rightAlignLastColumn: str|num",
            ], defaults: "view>views, controller>views"),
        view(
            "label", .label, ["adjustsFontSizeToFitWidth: str|num", "numberOfLines: str|num", "text: str"],
            defaults: "str>text"),
        view(
            "button", .button, ["title: str", "image: image", "message~: message|str"],
            defaults: "str>title, image>image"),
        view("imageView", .imageView, ["imageName: str", "image: image"], defaults: "str>imageName, image>image"),
        view(
            "textField", .textField,
            [
                "adjustsFontSizeToFitWidth: str|num", "clearsOnBeginEditing: str|num", "placeholder: str", "text: str",
                "validations[]: condition", "clearButtonMode: str|num=viewMode", "leftView: view",
                "leftViewMode: str|num=viewMode", "rightView: view", "rightViewMode: str|num=viewMode",
            ], defaults: "condition>validations", extra: textInputParameters),
        view(
            "textView", .textView,
            [
                "dataDetectorTypes: str|num=dataDetectorTypes", "editable: str|num", "text: str",
                "validations[]: condition",
            ], defaults: "condition>validations", extra: textInputParameters),
        view(
            "switch", .switch, ["on: str|num", "onValue: any", "offValue: any", "message~: message|str"],
            defaults: "message>message"),
        view(
            "slider", .slider,
            [
                "continuous: str|num", "value: str|num", "minimumValue: str|num", "maximumValue: str|num",
                "message: message|str", "validations[]: condition",
            ], defaults: "condition>validations"),
        view(
            "segmentedControl", .segmentedControl,
            [
                "apportionsSegmentWidthsByContent: str|num", "momentary: str|num", "segments[]: segment",
                "segmentedControlStyle: str|num=segmentedControlStyle", "selectedSegmentIndex: str|num",
            ], defaults: "segment>segments"),
        view(
            "datePicker", .datePicker,
            [
                "datePickerMode: num|str=datePickerMode", "date: date-obj|str", "minimumDate: date-obj|str",
                "maximumDate: date-obj|str", "countDownDuration: num|str", "minuteInterval: num|str", "message: message",
            ], defaults: "date-obj>date, message>message", defaultsAfterGestures: true),
        view(
            "searchBar", .searchBar,
            [
                "placeholder: str", "prompt: str", "scopeButtonItems[]: actionButtonItem*",
                "showsBookmarkButton: str|num", "showsCancelButton: str|num", "showsSearchResultsButton: str|num",
                "text: str", "validations[]: condition", "searchMessage~: message|str", "cancelMessage~: message|str",
                "bookmarkMessage~: message|str", "resultsListMessage~: message|str", "textDidChangeMessage: message|str",
            ], defaults: "condition>validations", extra: barParameters),
        view("toolbar", .toolbar, ["items[]: barButtonItem"], defaults: "barButtonItem>items", extra: barParameters),
        view(
            "navigationBar", .navigationBar, ["items[]: navigationItem"], defaults: "navigationItem>items",
            extra: barParameters, defaultsAfterGestures: true),
        make(
            "tableCell", .tableCell, .view,
            [
                "text!: str", "detailText: str", "accessoryType: str|num=accessoryType",
                "selectionStyle: str|num=selectionStyle", "style: str|num=cellStyle", "selectable: str|num",
                "image: image", "message~: message|str", "detailDisclosureMessage~: message|str",
                "indentationLevel: str|num",
            ], defaults: "str>text, image>image", shared: viewParameters),
        make(
            "formAccessoryView", .formAccessoryView, .view, ["nextButtonTitle!: str", "previousButtonTitle!: str"],
            shared: ["items[]: barButtonItem"] + viewParameters + barParameters, sharedDefaults: viewDefaults),
        // §2.5 items, sections, triggers
        make(
            "navigationItem", .navigationItem, .item,
            [
                "title: str", "titleView: view", "prompt: str", "hidesBackButton: str|num",
                "leftItemsSupplementBackButton: str|num", "leftBarButtonItem: barButtonItem",
                "leftBarButtonItems[]: barButtonItem", "rightBarButtonItem: barButtonItem",
                "rightBarButtonItems[]: barButtonItem", "backBarButtonItem: str|image|barButtonItem",
            ]),
        make(
            "barButtonItem", .barButtonItem, .item,
            [
                "enabled: str|num", "image: image", "title: str", "style: str|num=barButtonStyle",
                "systemItem: str|num=systemItem", "message~: message|str",
            ], defaults: "str>title, image>image"),
        make("tabBarItem", .tabBarItem, .item, ["image!: image", "title!: str", "badgeValue: str"], defaults: "image>image"),
        make(
            "actionButtonItem", .actionButtonItem, .item, ["title!: str", "message!~: message|str"],
            defaults: "str>title, message>message"),
        make(
            "cancelButtonItem", .cancelButtonItem, .item, ["title: str", "message~: message|str"],
            defaults: "str>title, message>message"),
        make(
            "destructiveButtonItem", .destructiveButtonItem, .item, ["title!: str", "message!~: message|str"],
            defaults: "str>title, message>message"),
        make(
            "segment", .segment, .item, ["title: str", "image: image", "message~: message|str", "enabled: str|num"],
            defaults: "str>title, image>image, message>message"),
        make(
            "tableSection", .tableSection, .item, ["headerTitle: str", "footerTitle: str", "cells[]: tableCell"],
            defaults: "str>headerTitle, tableCell>cells"),
        make(
            "trigger", .trigger, .item,
            [
                "condition: condition", "successMessage~: message|str", "successTriggers[]: trigger",
                "failureMessage: message|str", "failureTriggers[]: trigger",
            ], defaults: "condition>condition"),
        // §2.6 gestures
        make(
            "tapGesture", .tapGesture, .gesture,
            [
                "message!~: message|str", "numberOfTapsRequired: str|num", "numberOfTouchesRequired: str|num",
            ]),
        make(
            "longPressGesture", .longPressGesture, .gesture,
            [
                "beginMessage~: message|str", "endMessage~: message|str", "numberOfTapsRequired: str|num",
                "numberOfTouchesRequired: str|num", "minimumPressDuration: str|num", "allowableMovement: str|num",
            ]),
        make(
            "swipeGesture", .swipeGesture, .gesture,
            [
                "message!~: message|str", "numberOfTouchesRequired: str|num", "direction: str|num=direction",
            ]),
        // §2.7 actions
        make(
            "showAlert", .showAlert, .action,
            [
                "title~: str", "message!~: str", "cancelButtonItem: actionButtonItem*",
                "otherButtonItems[]: actionButtonItem*",
            ], defaults: "str>message, cancelButtonItem>cancelButtonItem, actionButtonItem*>otherButtonItems"),
        make(
            "showActionSheet", .showActionSheet, .action,
            [
                "title~: str", "cancelButtonItem: actionButtonItem*", "destructiveButtonItem: actionButtonItem*",
                "otherButtonItems[]: actionButtonItem*",
            ],
            defaults: "cancelButtonItem>cancelButtonItem, destructiveButtonItem>destructiveButtonItem, actionButtonItem*>otherButtonItems"),
        make(
            "sendMessage", .sendMessage, .action, ["message!~: message|str", "actions[]: action", "valueNames[]: str"],
            defaults: "str>message, message>message, action>actions"),
        make(
            "loadSchema", .loadSchema, .action, ["path!: str", "successAction!: controller-action", "failureAction!: action"],
            defaults: "str>path, controller-action>successAction, action>failureAction"),
        make("pushController", .pushController, .action, ["controller~: controller"], defaults: "controller>controller"),
        make("presentController", .presentController, .action, ["controller~: controller"], defaults: "controller>controller"),
        make(
            "replaceRootController", .replaceRootController, .action, ["controller~: controller"],
            defaults: "controller>controller"),
        make("popController", .popController, .action, []),
        make("dismissController", .dismissController, .action, []),
        make("showViews", .showViews, .action, ["viewNames[]!: str"], defaults: "str>viewNames"),
        make("hideViews", .hideViews, .action, ["viewNames[]!: str"], defaults: "str>viewNames"),
        make("updateViews", .updateViews, .action, ["viewNames[]!: str", "parameterName!: str", "value~: any"]),
        make("storeValue", .storeValue, .action, ["name!: str", "value~: any", "transient: str|num"], defaults: "str>name"),
        make("endEditing", .endEditing, .action, []),
        make("multipleActions", .multipleActions, .action, ["actions[]!: action"], defaults: "action>actions"),
        make(
            "conditionalAction", .conditionalAction, .action,
            [
                "condition!: condition", "successAction: action", "failureAction: action",
            ], defaults: "condition>condition, action>successAction"),
        // §2.8 conditions
        condition("isEqual", .isEqual, ["otherValue!~: any"], defaults: "any>otherValue"),
        condition("isLessThan", .comparison, ["otherValue!~: any"], defaults: "any>otherValue"),
        condition("isLessThanOrEqualTo", .comparison, ["otherValue!~: any"], defaults: "any>otherValue"),
        condition("isGreaterThan", .comparison, ["otherValue!~: any"], defaults: "any>otherValue"),
        condition("isGreaterThanOrEqualTo", .comparison, ["otherValue!~: any"], defaults: "any>otherValue"),
        condition("isPresent", .isPresent, [], defaults: "any>value"),
        condition("isTrue", .isTrue, [], defaults: "any>value"),
        condition("doesMatchRegularExpression", .doesMatchRegularExpression, ["pattern!: str"], defaults: "str>pattern"),
        condition("not", .not, ["condition: condition"], defaults: "condition>condition"),
        condition(
            "multipleConditions", .multipleConditions,
            [
                "conditions[]!: condition", "requirement: str|num=requirement",
            ], defaults: "condition>conditions"),
    ]
}
