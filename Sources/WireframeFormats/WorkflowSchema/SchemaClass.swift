/// The classes behind WorkflowSchema tags, with the inheritance that default routing and type
/// checks test against (spec §1.3, §1.7).
///
/// Abstract families (`view`, `viewController`, `action`, …) are here too, because parameter
/// types and default-routing lists name them.
public enum SchemaClass: String, Sendable, Hashable, CaseIterable {
    /// The root class and the value classes.
    case object, string, number, date, image, null, message
    /// Abstract families that parameter types and default routing name.
    case view, viewController, action, controllerAction, condition, gesture
    /// Controllers.
    case tabs, navigation, screen, form, table
    /// Views.
    case container, label, button, imageView, textField, textView, `switch`, slider
    /// More views.
    case segmentedControl, datePicker, searchBar, toolbar, navigationBar, tableCell, formAccessoryView
    /// Items.
    case navigationItem, barButtonItem, tabBarItem, actionButtonItem, cancelButtonItem, destructiveButtonItem
    /// Segments, sections and form triggers.
    case segment, tableSection, trigger
    /// Gestures.
    case tapGesture, longPressGesture, swipeGesture
    /// Actions.
    case showAlert, showActionSheet, sendMessage, loadSchema, pushController, presentController
    /// More actions.
    case replaceRootController, popController, dismissController, showViews, hideViews, updateViews
    /// More actions.
    case storeValue, endEditing, multipleActions, conditionalAction
    /// Conditions (`comparison` is the one class of the four comparison tags).
    case isEqual, comparison, isPresent, isTrue, doesMatchRegularExpression, not, multipleConditions

    /// The direct superclass; nil for `object`.
    public var superclass: SchemaClass? {
        switch self {
        case .object: nil
        case .string, .number, .date, .image, .null, .message, .view, .viewController, .action,
            .condition, .gesture, .navigationItem, .barButtonItem, .tabBarItem, .actionButtonItem,
            .segment, .tableSection, .trigger:
            .object
        case .tabs, .navigation, .screen, .form, .table: .viewController
        case .container, .label, .button, .imageView, .textField, .textView, .switch, .slider,
            .segmentedControl, .datePicker, .searchBar, .toolbar, .navigationBar, .tableCell:
            .view
        case .formAccessoryView: .toolbar
        case .cancelButtonItem, .destructiveButtonItem: .actionButtonItem
        case .tapGesture, .longPressGesture, .swipeGesture: .gesture
        case .controllerAction: .action
        case .pushController, .presentController, .replaceRootController: .controllerAction
        case .showAlert, .showActionSheet, .sendMessage, .loadSchema, .popController, .dismissController,
            .showViews, .hideViews, .updateViews, .storeValue, .endEditing, .multipleActions,
            .conditionalAction:
            .action
        case .isEqual, .comparison, .isPresent, .isTrue, .doesMatchRegularExpression, .not, .multipleConditions:
            .condition
        }
    }

    /// Whether this class is `other` or inherits from it.
    public func isSubclass(of other: SchemaClass) -> Bool {
        var current: SchemaClass? = self
        while let candidate = current {
            if candidate == other { return true }
            current = candidate.superclass
        }
        return false
    }

    /// Whether this class is one of the controllers: a subclass of `viewController` other than
    /// itself, named here (the mapper and the checks ask it for every object; the walk up the
    /// superclasses cost a call and a loop each time). A test holds it to `isSubclass(of:)`.
    public var isController: Bool {
        switch self {
        case .tabs, .navigation, .screen, .form, .table: true
        default: false
        }
    }

    /// Whether this class is `gesture` or one of its subclasses, named here (a test holds it to
    /// `isSubclass(of:)`).
    public var isGesture: Bool {
        switch self {
        case .gesture, .tapGesture, .longPressGesture, .swipeGesture: true
        default: false
        }
    }

    /// A short human name used in messages: the family for abstract classes, else the tag.
    public var displayName: String {
        switch self {
        case .object: "any value"
        case .string: "text"
        case .number: "a number"
        case .date: "a date"
        case .viewController: "a controller"
        case .view: "a view"
        case .action: "an action"
        case .controllerAction: "a controller action"
        case .condition: "a condition"
        case .gesture: "a gesture"
        case .comparison: "a comparison"
        default: "'\(rawValue)'"
        }
    }
}

/// A set of classes as bits, by their position in `SchemaClass.allCases`: whether a class
/// inherits from one of a parameter's accepted classes is then one test of its lineage.
struct SchemaClassSet: Sendable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    init() {}

    init<Classes: Sequence<SchemaClass>>(_ classes: Classes) {
        for schemaClass in classes { insert(schemaClass) }
    }

    mutating func insert(_ schemaClass: SchemaClass) {
        let ordinal = UInt64(schemaClass.ordinal)
        if ordinal < 64 { low |= 1 &<< ordinal } else { high |= 1 &<< (ordinal - 64) }
    }

    @inline(__always)
    func contains(_ schemaClass: SchemaClass) -> Bool {
        let ordinal = UInt64(schemaClass.ordinal)
        return ordinal < 64 ? (low >> ordinal) & 1 != 0 : (high >> (ordinal - 64)) & 1 != 0
    }

    @inline(__always)
    func intersects(_ other: SchemaClassSet) -> Bool { (low & other.low) | (high & other.high) != 0 }
}

extension SchemaClass {
    /// The position in `allCases` (the order of declaration, which is how a case without a
    /// payload is stored; a test checks it for every case).
    @inline(__always)
    var ordinal: Int { Int(unsafeBitCast(self, to: UInt8.self)) }

    /// The class and its superclasses.
    @inline(__always)
    var lineage: SchemaClassSet { Self.lineages[ordinal] }

    private static let lineages: [SchemaClassSet] = allCases.map { schemaClass in
        var lineage = SchemaClassSet()
        var current: SchemaClass? = schemaClass
        while let candidate = current {
            lineage.insert(candidate)
            current = candidate.superclass
        }
        return lineage
    }
}
