import Foundation
import Testing
import WireframeFormats
import WireframeModel

/// One test per check: the `1️⃣` marker in the source is where the diagnostic must point.
@Suite struct WorkflowSchemaCheckTests {
    /// Reads marked source and expects exactly one diagnostic, with this code, severity and message, at the marker.
    func expectOnly(
        _ source: String, _ code: DiagnosticCode, _ severity: Severity, _ message: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let marked = Marked(source)
        let result = WorkflowSchemaFixtures.read(marked.text)
        #expect(result.diagnostics.count == 1, "\(WorkflowSchemaFixtures.describe(result.diagnostics))", sourceLocation: sourceLocation)
        guard let diagnostic = result.diagnostics.first else { return }
        #expect(diagnostic.code == code, sourceLocation: sourceLocation)
        #expect(diagnostic.severity == severity, sourceLocation: sourceLocation)
        #expect(diagnostic.message == message, sourceLocation: sourceLocation)
        #expect(diagnostic.location == marked.location, sourceLocation: sourceLocation)
    }

    /// Reads marked source and expects a diagnostic with this code, severity and message at the
    /// marker, and besides it only diagnostics with the codes in `others`.
    func expectIncludes(
        _ source: String, _ code: DiagnosticCode, _ severity: Severity, _ message: String, others: [DiagnosticCode] = [],
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let marked = Marked(source)
        let result = WorkflowSchemaFixtures.read(marked.text)
        let found = result.diagnostics.filter { $0.code == code && $0.location == marked.location }
        #expect(found.count == 1, "\(WorkflowSchemaFixtures.describe(result.diagnostics))", sourceLocation: sourceLocation)
        #expect(found.first?.severity == severity, sourceLocation: sourceLocation)
        #expect(found.first?.message == message, sourceLocation: sourceLocation)
        let rest = result.diagnostics.filter { !($0.code == code && $0.location == marked.location) }.map(\.code)
        #expect(rest == others, "\(WorkflowSchemaFixtures.describe(result.diagnostics))", sourceLocation: sourceLocation)
    }

    // MARK: X: XML and document

    @Test func x01NotWellFormed() {
        expectOnly(
            "<workflow><screen><title>Example<title>\n1️⃣</screen></workflow>", "WF1001", .error,
            "XML is not well-formed: end tag does not match the open element")
    }

    @Test func x02DocumentElementName() {
        expectOnly("1️⃣<flow><screen/></flow>", "WF1002", .warning, "document element is 'flow'; WorkflowSchema documents use 'workflow'")
    }

    @Test func x03DocumentAttributes() {
        expectOnly(
            "<workflow 1️⃣language=\"fr\"><screen/></workflow>", "WF1003", .note,
            "attribute 'language' of the document element is ignored; only 'lang' is used")
        expectOnly(
            "<workflow lang=\"1️⃣not a locale\"><screen/></workflow>", "WF1003", .warning,
            "'not a locale' is not a plausible locale identifier")
    }

    @Test func x04TextInDocumentElement() {
        expectOnly(
            "<workflow>\n  1️⃣hello\n<screen/></workflow>", "WF1004", .error, "text is not allowed directly inside the document element")
    }

    @Test func x05NoTopLevelObject() {
        expectOnly(
            "1️⃣<workflow></workflow>", "WF1005", .error,
            "the document has no top-level object; it needs one controller such as 'screen'")
    }

    @Test func x06SeveralTopLevelObjects() {
        expectOnly(
            "<workflow>1️⃣<screen/><navigation><screen/></navigation></workflow>", "WF1006", .warning,
            "top-level 'screen' is ignored: only the last top-level object is used")
    }

    @Test func x07RootNotController() {
        expectOnly(
            "<workflow>1️⃣<label>Hi</label></workflow>", "WF1007", .error,
            "root object 'label' is not a controller; use 'tabs', 'navigation', 'screen', 'form' or 'table'")
    }

    @Test func x08DocumentNameReused() {
        expectOnly(
            "<workflow><screen><container>1️⃣<workflow/></container></screen></workflow>", "WF1008", .error,
            "element 'workflow' has the same name as the document element")
    }

    @Test func x09SplitText() {
        expectOnly(
            "<workflow><screen><title>1️⃣a &amp; b</title></screen></workflow>", "WF1009", .warning,
            "text is split by an entity reference, comment or CDATA section; the original keeps only the first part")
        let result = WorkflowSchemaFixtures.read("<workflow><screen><title>a &amp; b</title></screen></workflow>")
        #expect(result.wireframe?.screens.first?.title == "a & b")
    }

    @Test func x10NamespacePrefix() {
        expectOnly(
            "<workflow><screen 1️⃣x:name=\"a\"/></workflow>", "WF1010", .warning,
            "namespace prefix in attribute 'x:name' is not processed; the name is looked up literally")
    }

    // MARK: S: vocabulary and structure

    @Test func s01UnknownTag() {
        expectOnly(
            "<workflow><screen>1️⃣<tabItem><title>A</title></tabItem></screen></workflow>", "WF1101", .error,
            "unknown tag 'tabItem'; did you mean 'tabBarItem'?")
    }

    /// A misspelt action tag where an action goes is an unknown tag with the registered one suggested.
    @Test func s01MisspeltActionTag() {
        expectOnly(
            "<workflow><navigation><screen><button><title>Go</title>1️⃣<pushControler><screen><title>D</title></screen></pushControler></button></screen></navigation></workflow>",
            "WF1101", .error, "unknown tag 'pushControler'; did you mean 'pushController'?")
        // Inside a parameter tag such as `actions`, an unregistered tag is a parameter tag by the
        // format's rule; one that no class knows is suggested the nearest registered tag too.
        expectOnly(
            "<workflow><navigation><screen><actions>1️⃣<pushControler name=\"go\"><screen><title>D</title></screen></pushControler></actions></screen></navigation></workflow>",
            "WF1103", .error,
            "parameter tag 'pushControler' cannot appear directly inside parameter tag 'actions'; did you mean 'pushController'?")
        // A real parameter name in the wrong place is no misspelling: no suggestion.
        expectOnly(
            "<workflow><navigation><screen><actions>1️⃣<title>T</title></actions></screen></navigation></workflow>",
            "WF1103", .error, "parameter tag 'title' cannot appear directly inside parameter tag 'actions'")
    }

    @Test func s02MisplacedTag() {
        expectOnly(
            "<workflow><screen><navigationItem>1️⃣<barButtonItem>Go</barButtonItem></navigationItem></screen></workflow>",
            "WF1102", .error,
            "'barButtonItem' cannot appear directly inside 'navigationItem'; wrap it in 'leftBarButtonItem' or 'leftBarButtonItems' or 'rightBarButtonItem' or 'rightBarButtonItems' or 'backBarButtonItem'"
        )
    }

    @Test func s03NestedParameter() {
        expectOnly(
            "<workflow><screen><actions><showAlert name=\"x\">Hi</showAlert></actions><button><title>T</title><message>1️⃣<name>x</name></message></button></screen></workflow>",
            "WF1103", .error, "parameter tag 'name' cannot appear directly inside parameter tag 'message'")
    }

    @Test func s04TopLevelParameter() {
        expectOnly(
            "<workflow>1️⃣<title>T</title><screen/></workflow>", "WF1104", .error,
            "'title' is a parameter tag and cannot be a top-level element")
    }

    /// An unknown tag at the top level is a parameter tag by the format's rule, but most often a
    /// misspelt object tag: it gets the nearest registered tag, as WF1101 gives one level deeper.
    @Test func s04MisspeltObjectTagGetsASuggestion() {
        expectOnly(
            "<workflow>1️⃣<viewControler/><screen/></workflow>", "WF1104", .error,
            "'viewControler' is a parameter tag and cannot be a top-level element; did you mean 'viewController'?")
        expectOnly(
            "<workflow>1️⃣<tabItem/><screen/></workflow>", "WF1104", .error,
            "'tabItem' is a parameter tag and cannot be a top-level element; did you mean 'tabBarItem'?")
        // Nothing near: no suggestion.
        expectOnly(
            "<workflow>1️⃣<zzzzqqqq/><screen/></workflow>", "WF1104", .error,
            "'zzzzqqqq' is a parameter tag and cannot be a top-level element")
    }

    @Test func s05AbstractTag() {
        expectOnly(
            "<workflow><screen><title>1️⃣<object/></title></screen></workflow>", "WF1105", .error,
            "abstract tag 'object' needs a 'keyPath' attribute")
    }

    @Test func s06TextNotAllowed() {
        expectOnly(
            "<workflow><screen><container>1️⃣Hello</container></screen></workflow>", "WF1106", .error,
            "text is not allowed directly inside 'container'; put it in a parameter tag")
    }

    @Test func s07IgnoredText() {
        expectOnly(
            "<workflow><screen><title><string>A</string> 1️⃣B</title></screen></workflow>", "WF1107", .warning,
            "text in parameter 'title' after its value is ignored")
    }

    @Test func s08UnknownAttribute() {
        expectOnly(
            "<workflow><screen 1️⃣nam=\"a\"/></workflow>", "WF1108", .note,
            "unknown attribute 'nam' on 'screen' is ignored; did you mean 'name'?")
    }

    @Test func s09AttributeConflict() {
        expectOnly(
            "<workflow><screen><title><string keyPath=\"t\" 1️⃣conditional=\"yes\"/></title></screen></workflow>", "WF1109", .warning,
            "'conditional' is ignored on a tag with 'keyPath'")
    }

    @Test func s10StyleClass() {
        expectOnly(
            "<workflow><screen class=\"1️⃣big cancel\"/></workflow>", "WF1110", .warning,
            "class 'big cancel' is a single style name; only letters, digits, '_' and '-' make a usable name")
    }

    // MARK: P: parameters

    @Test func p01UnknownParameter() {
        expectOnly(
            "<workflow><screen><container><button><title>T</title>1️⃣<placeholder>x</placeholder></button></container></screen></workflow>",
            "WF1201", .error, "'placeholder' is not a parameter of 'button'")
    }

    @Test func p02WrongValueKind() {
        expectOnly(
            "<workflow><screen><title>1️⃣<container/></title></screen></workflow>", "WF1202", .error,
            "parameter 'title' of 'screen' expects text, found 'container'")
    }

    @Test func p03ReassignedParameter() {
        expectOnly(
            "<workflow><screen><container/>1️⃣<container/></screen></workflow>", "WF1203", .error,
            "parameter 'view' of 'screen' is given more than once but takes one value")
    }

    @Test func p04Enumeration() {
        expectOnly(
            "<workflow><screen><container><layout>1️⃣Fill</layout></container></screen></workflow>", "WF1204", .error,
            "'Fill' is not an allowed value for 'layout'; allowed values are: vertical, center, fill; did you mean 'fill'?")
    }

    @Test func p05MissingParameter() {
        expectOnly(
            "<workflow><screen>1️⃣<tabBarItem><title>T</title></tabBarItem></screen></workflow>", "WF1205", .error,
            "'tabBarItem' is missing mandatory parameter 'image'")
    }

    // MARK: C: per-class constraints

    @Test func c01Accessibility() {
        expectOnly(
            "<workflow><screen><container>1️⃣<textField name=\"a\"></textField></container></screen></workflow>", "WF1301", .error,
            "'textField' needs a 'placeholder' or an 'accessibilityLabel'")
    }

    @Test func c02SwitchValues() {
        expectOnly(
            "<workflow><screen>1️⃣<switch><accessibilityLabel>S</accessibilityLabel><onValue>1</onValue></switch></screen></workflow>",
            "WF1302", .error, "'switch' needs both 'onValue' and 'offValue', or neither")
    }

    @Test func c03BarButtonItem() {
        expectOnly(
            "<workflow><screen><toolbar>1️⃣<barButtonItem><title>A</title><systemItem>done</systemItem></barButtonItem></toolbar></screen></workflow>",
            "WF1303", .error, "'barButtonItem' must have only one of 'title', 'image' or 'systemItem', found 'title' and 'systemItem'")
    }

    @Test func c04DetailDisclosure() {
        expectOnly(
            "<workflow><table><tableSection>1️⃣<tableCell><text>A</text><accessoryType>detailDisclosureIndicatorButton</accessoryType></tableCell></tableSection></table></workflow>",
            "WF1304", .error, "cell with accessory type 'detailDisclosureIndicatorButton' needs a 'detailDisclosureMessage'")
    }

    @Test func c05ActionSheet() {
        expectOnly(
            "<workflow><screen>1️⃣<showActionSheet name=\"viewDidLoad\"><cancelButtonItem/></showActionSheet></screen></workflow>",
            "WF1305", .error, "'showActionSheet' needs at least two buttons, found 1")
    }

    @Test func c06LongPress() {
        expectOnly(
            "<workflow><screen><label>L1️⃣<longPressGesture/></label></screen></workflow>", "WF1306", .error,
            "'longPressGesture' needs a 'beginMessage' or an 'endMessage'")
    }

    @Test func c07ImageView() {
        expectOnly(
            "<workflow><screen>1️⃣<imageView/></screen></workflow>", "WF1307", .error, "'imageView' needs an 'image' or an 'imageName'")
    }

    @Test func c10StringValue() {
        expectOnly(
            "<workflow><screen><title>1️⃣<string><table>T</table></string></title></screen></workflow>", "WF1310", .error,
            "'string' needs a 'key' or a 'value'")
    }

    // MARK: M: messages and routing

    @Test func m01UnhandledMessage() {
        expectOnly(
            "<workflow><navigation><screen><button><title>T</title><message>1️⃣tapped</message></button></screen><showAlert name=\"tapped\">Hi</showAlert></navigation></workflow>",
            "WF1401", .warning,
            "message 'tapped' has no action in its controller 'navigation/screen' and is dropped; 'navigation' has one, but messages are not propagated: add a 'sendMessage' relay"
        )
    }

    @Test func m02DelegateMessage() {
        expectOnly(
            "<workflow><navigation><screen><sendMessage name=\"viewDidLoad\">1️⃣load</sendMessage></screen></navigation></workflow>",
            "WF1402", .warning, "message 'load' goes to the creator 'navigation', which has no action of that name")
    }

    @Test func m03SelfMessage() {
        expectOnly(
            "<workflow><screen><sendMessage name=\"again\">1️⃣<message><name>again</name><destinationType>self</destinationType></message></sendMessage></screen></workflow>",
            "WF1403", .error, "action sends 'again' to 'self' and handles it itself: infinite recursion")
    }

    @Test func m04DescendantName() {
        expectOnly(
            "<workflow><screen><sendMessage name=\"viewDidLoad\">1️⃣<message><name>x</name><destinationType>descendant</destinationType></message></sendMessage></screen></workflow>",
            "WF1404", .error, "message 'x' to 'descendant' needs a 'destinationName'")
    }

    @Test func m05DescendantTarget() {
        expectOnly(
            "<workflow><screen><sendMessage name=\"viewDidLoad\">1️⃣<message><name>x</name><destinationType>descendant</destinationType><destinationName>theForm</destinationName></message></sendMessage></screen></workflow>",
            "WF1405", .warning, "no descendant controller is named 'theForm'")
    }

    /// A message that misses its action by a typo gets the nearest action name of the controller
    /// that receives it, wherever it is sent from. (The action it misses is WF1413's note: no
    /// message of the file carries its name.)
    @Test func misspeltMessageNamesGetASuggestion() {
        expectIncludes(
            "<workflow><navigation><screen><button><title>T</title><message>1️⃣showDetial</message></button><showAlert name=\"showDetail\">Hi</showAlert></screen></navigation></workflow>",
            "WF1401", .warning,
            "message 'showDetial' has no action in its controller 'navigation/screen' and is dropped; did you mean 'showDetail'?",
            others: ["WF1413"])
        expectIncludes(
            "<workflow><navigation><showAlert name=\"showDetail\">Hi</showAlert><screen><sendMessage name=\"viewDidLoad\">1️⃣showDetial</sendMessage></screen></navigation></workflow>",
            "WF1402", .warning,
            "message 'showDetial' goes to the creator 'navigation', which has no action of that name; did you mean 'showDetail'?",
            others: ["WF1413"])
        expectIncludes(
            "<workflow><screen><showAlert name=\"showDetail\">Hi</showAlert><sendMessage name=\"viewDidLoad\">1️⃣<message><name>showDetial</name><destinationType>self</destinationType></message></sendMessage></screen></workflow>",
            "WF1403", .warning, "message 'showDetial' to 'self' has no action in 'screen'; did you mean 'showDetail'?",
            others: ["WF1413"])
        // Nothing near: the message as before.
        expectIncludes(
            "<workflow><screen><showAlert name=\"showDetail\">Hi</showAlert><sendMessage name=\"viewDidLoad\">1️⃣<message><name>refresh</name><destinationType>self</destinationType></message></sendMessage></screen></workflow>",
            "WF1403", .warning, "message 'refresh' to 'self' has no action in 'screen'", others: ["WF1413"])
    }

    @Test func misspeltDescendantGetsASuggestion() {
        expectOnly(
            "<workflow><navigation><sendMessage name=\"viewDidLoad\">1️⃣<message><name>reload</name><destinationType>descendant</destinationType><destinationName>theFrom</destinationName></message></sendMessage><screen name=\"theForm\"><showAlert name=\"reload\">Hi</showAlert></screen></navigation></workflow>",
            "WF1405", .warning, "no descendant controller is named 'theFrom'; did you mean 'theForm'?")
        expectIncludes(
            "<workflow><navigation><sendMessage name=\"viewDidLoad\">1️⃣<message><name>reloda</name><destinationType>descendant</destinationType><destinationName>theForm</destinationName></message></sendMessage><screen name=\"theForm\"><showAlert name=\"reload\">Hi</showAlert></screen></navigation></workflow>",
            "WF1405", .warning, "descendant 'theForm' has no action for message 'reloda'; did you mean 'reload'?")
    }

    @Test func m08DuplicateAction() {
        expectOnly(
            "<workflow><screen><showAlert name=\"viewDidLoad\">1</showAlert><showAlert name=\"1️⃣viewDidLoad\">2</showAlert></screen></workflow>",
            "WF1408", .warning, "action 'viewDidLoad' is defined again and never runs")
    }

    @Test func m09UnnamedAction() {
        expectOnly(
            "<workflow><screen>1️⃣<showAlert>Hi</showAlert></screen></workflow>", "WF1409", .warning,
            "unnamed 'showAlert' runs for every message and every lifecycle event without an action")
    }

    @Test func m11LifecycleInForm() {
        expectOnly(
            "<workflow><form><label>L</label><showAlert name=\"1️⃣viewDidLoad\">Hi</showAlert></form></workflow>", "WF1411", .warning,
            "'viewDidLoad' never fires in a 'form'; only tabs, navigation and screen perform lifecycle actions")
    }

    @Test func m12ReservedAction() {
        expectOnly(
            "<workflow><form><label>L</label><showAlert name=\"1️⃣submit\">Hi</showAlert></form></workflow>", "WF1412", .warning,
            "action 'submit' never runs: a 'form' handles 'submit' itself")
    }

    // MARK: A, D

    @Test func a02ReplaceRoot() {
        expectOnly(
            "<workflow><screen>1️⃣<replaceRootController name=\"viewDidLoad\"><screen/></replaceRootController></screen></workflow>",
            "WF1502", .error,
            "'replaceRootController' can only be performed by a 'navigation', not by a 'screen'")
    }

    @Test func d03ProxyChild() {
        expectOnly(
            "<workflow><screen><title><string keyPath=\"t\">1️⃣<value>x</value></string></title></screen></workflow>", "WF1703", .error,
            "'value' is not allowed inside keyPath tag 'string'; use 'default' or 'template'")
    }

    @Test func d06ConditionalSchema() {
        expectOnly(
            "<workflow><screen>1️⃣<label conditional=\"yes\"><successValue><label>A</label></successValue></label></screen></workflow>",
            "WF1706", .warning, "conditional 'label' has no condition, so it is always false")
    }
}
