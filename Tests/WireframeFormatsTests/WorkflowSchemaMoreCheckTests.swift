import Foundation
import Testing
import WireframeFormats
import WireframeModel

/// The checks added after the first set: each fires at the marker, and a near miss does not fire.
extension WorkflowSchemaCheckTests {
    /// Reads source and expects no diagnostic with this code.
    func expectNone(_ source: String, _ code: DiagnosticCode, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let result = WorkflowSchemaFixtures.read(source)
        #expect(
            !result.diagnostics.contains { $0.code == code }, "\(WorkflowSchemaFixtures.describe(result.diagnostics))",
            sourceLocation: sourceLocation)
    }

    /// Reads a project of files in a temporary folder (the first is the entry) and returns its diagnostics with that code.
    func projectDiagnostics(_ files: [(String, String)], code: DiagnosticCode) throws -> [Diagnostic] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wfs-checks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        var reader = WorkflowSchemaReader()
        reader.entryIsAppRoot = true
        let project = reader.read(fileAt: files[0].0, projectRoot: folder.path)
        return project.diagnostics.filter { $0.code == code }
    }

    // MARK: S, P

    @Test func s11UnusedName() {
        expectOnly(
            "<workflow><screen><multipleActions name=\"viewDidLoad\"><showAlert 1️⃣name=\"x\">Hi</showAlert></multipleActions></screen></workflow>",
            "WF1111", .note,
            "'name' on 'showAlert' inside 'multipleActions' is never used; only a controller's top-level actions are matched by name")
        expectOnly(
            "<workflow><screen><title><string 1️⃣name=\"t\">T</string></title></screen></workflow>", "WF1111", .note,
            "'name' on 'string' is never used")
        expectOnly(
            "<workflow><screen><container><button><title>B</title><image 1️⃣name=\"logo\">logo</image></button></container></screen></workflow>",
            "WF1111", .note,
            "'name' on 'image' is never used; the image's own name is its 'name' parameter or its text")
        expectNone(
            "<workflow><screen><multipleActions name=\"viewDidLoad\"><showAlert>Hi</showAlert></multipleActions></screen></workflow>",
            "WF1111")
    }

    @Test func p06BooleanValue() {
        expectOnly(
            "<workflow><screen><container><label><text>A</text><hidden>1️⃣on</hidden></label></container></screen></workflow>",
            "WF1206", .warning, "'on' is not a yes/no value for 'hidden'; it reads as NO")
        expectNone(
            "<workflow><screen><container><label><text>A</text><hidden>YES</hidden></label></container></screen></workflow>", "WF1206")
    }

    @Test func p07NumericValue() {
        expectOnly(
            "<workflow><screen><container><label><text>A</text><numberOfLines>1️⃣two</numberOfLines></label></container></screen></workflow>",
            "WF1207", .warning, "'two' is not a number for 'numberOfLines'; it reads as 0")
        expectNone(
            "<workflow><screen><container><label><text>A</text><numberOfLines>2</numberOfLines></label></container></screen></workflow>",
            "WF1207")
    }

    @Test func p08TableStyle() {
        expectOnly(
            "<workflow><table><style>1️⃣groupd</style><tableSection><tableCell>A</tableCell></tableSection><showAlert>Hi</showAlert></table></workflow>",
            "WF1208", .warning, "table style 'groupd' is neither 'plain' nor 'grouped'; the table is plain; did you mean 'grouped'?")
        expectNone(
            "<workflow><table><style>grouped</style><tableSection><tableCell>A</tableCell></tableSection></table></workflow>", "WF1208")
    }

    @Test func p09EmptyParameter() {
        expectOnly("<workflow><screen>1️⃣<title/></screen></workflow>", "WF1209", .note, "empty parameter 'title' sets the empty string")
        expectNone("<workflow><screen><title>T</title></screen></workflow>", "WF1209")
    }

    // MARK: C

    @Test func c09RegularExpression() {
        expectOnly(
            "<workflow><screen><conditionalAction name=\"viewDidLoad\"><doesMatchRegularExpression><value>x</value><pattern>1️⃣(a</pattern></doesMatchRegularExpression><showAlert>Hi</showAlert></conditionalAction></screen></workflow>",
            "WF1309", .error, "'(a' is not a valid regular expression")
        expectNone(
            "<workflow><screen><conditionalAction name=\"viewDidLoad\"><doesMatchRegularExpression><value>x</value><pattern>(a)</pattern></doesMatchRegularExpression><showAlert>Hi</showAlert></conditionalAction></screen></workflow>",
            "WF1309")
        expectNone(
            "<workflow><screen><conditionalAction name=\"viewDidLoad\"><doesMatchRegularExpression><value>x</value><pattern>Abc09</pattern></doesMatchRegularExpression><showAlert>Hi</showAlert></conditionalAction></screen></workflow>",
            "WF1309")
    }

    @Test func c11DateValue() {
        expectOnly(
            "<workflow><screen><datePicker><date><format>yyyy-MM-dd</format>1️⃣soon</date></datePicker></screen></workflow>",
            "WF1311", .warning, "date 'soon' does not match format 'yyyy-MM-dd'")
        expectOnly(
            "<workflow><screen><datePicker><date>1️⃣soon</date></datePicker></screen></workflow>",
            "WF1311", .warning, "'soon' contains no recognisable date")
        expectNone(
            "<workflow><screen><datePicker><date><format>yyyy-MM-dd</format>2012-12-18</date></datePicker></screen></workflow>", "WF1311")
        expectNone("<workflow><screen><datePicker><date>18 Dec 2012</date></datePicker></screen></workflow>", "WF1311")
    }

    @Test func c12NumberValue() {
        expectOnly(
            "<workflow lang=\"fr\"><screen><container><switch><accessibilityLabel>S</accessibilityLabel><onValue><number>1️⃣1.5</number></onValue><offValue><number>0</number></offValue></switch></container></screen></workflow>",
            "WF1312", .warning, "'1.5' is not a decimal number in locale 'fr'")
        expectNone(
            "<workflow lang=\"fr\"><screen><container><switch><accessibilityLabel>S</accessibilityLabel><onValue><number>1,5</number></onValue><offValue><number>0</number></offValue></switch></container></screen></workflow>",
            "WF1312")
    }

    // MARK: M

    @Test func m06IgnoredDestinationName() {
        expectOnly(
            "<workflow><screen><sendMessage name=\"viewDidLoad\"><message><name>go</name><destinationType>self</destinationType><destinationName>1️⃣x</destinationName></message></sendMessage><showAlert name=\"go\">Hi</showAlert></screen></workflow>",
            "WF1406", .note, "'destinationName' is ignored with destination 'self'; only 'descendant' and 'rootDelegate' use it")
        expectNone(
            "<workflow><screen><sendMessage name=\"viewDidLoad\"><message><name>go</name><destinationType>rootDelegate</destinationType><destinationName>x</destinationName></message></sendMessage></screen></workflow>",
            "WF1406")
    }

    @Test func m10LifecycleTypo() {
        expectOnly(
            "<workflow><screen><showAlert name=\"1️⃣viewDidlod\">Hi</showAlert></screen></workflow>", "WF1410", .warning,
            "action 'viewDidlod' never fires: no message targets it and it is not the lifecycle event 'viewDidLoad' (names are case-sensitive)"
        )
        expectNone(
            "<workflow><screen><container><button><title>B</title><message>viewDidlod</message></button></container><showAlert name=\"viewDidlod\">Hi</showAlert></screen></workflow>",
            "WF1410")
    }

    @Test func m13UnreachableAction() {
        expectOnly(
            "<workflow><screen><showAlert name=\"1️⃣orphan\">Hi</showAlert></screen></workflow>", "WF1413", .note,
            "no message in this file is named 'orphan', so action 'orphan' of 'screen' never runs")
        // With a misspelt message (also reported by M01), the note suggests the message's name.
        let misspelt = WorkflowSchemaFixtures.read(
            "<workflow><screen><container><button><title>B</title><message>showDetail</message></button></container><showAlert name=\"showDetails\">Hi</showAlert></screen></workflow>"
        )
        #expect(
            misspelt.diagnostics.filter { $0.code == "WF1413" }.map(\.message) == [
                "no message in this file is named 'showDetails', so action 'showDetails' of 'screen' never runs; did you mean 'showDetail'?"
            ])
        expectNone(
            "<workflow><screen><container><button><title>B</title><message>orphan</message></button></container><showAlert name=\"orphan\">Hi</showAlert></screen></workflow>",
            "WF1413")
    }

    @Test func m14ResponseName() {
        expectOnly(
            "<workflow><screen><sendMessage name=\"viewDidLoad\"><message><name>x</name><destinationType>rootDelegate</destinationType></message><showAlert name=\"1️⃣succes\">Hi</showAlert></sendMessage></screen></workflow>",
            "WF1414", .warning, "response action 'succes' never runs; replies are named 'success' or 'failure'; did you mean 'success'?")
        expectNone(
            "<workflow><screen><sendMessage name=\"viewDidLoad\"><message><name>x</name><destinationType>rootDelegate</destinationType></message><showAlert name=\"success\">Hi</showAlert></sendMessage></screen></workflow>",
            "WF1414")
    }

    @Test func m15FormSubmission() {
        expectOnly(
            "<workflow>1️⃣<form><textField name=\"a\"><placeholder>P</placeholder><isPresent/></textField></form></workflow>", "WF1415",
            .note,
            "form validates its inputs but has no 'didNotSubmit' action; a failed validation shows nothing")
        expectOnly(
            "<workflow>1️⃣<form><switch name=\"s\"><accessibilityLabel>S</accessibilityLabel></switch></form></workflow>", "WF1415", .note,
            "nothing submits this form: no 'submit' message reaches it and it has no text field to press return in")
        expectNone(
            "<workflow><form><textField name=\"a\"><placeholder>P</placeholder><isPresent/></textField><showAlert name=\"didNotSubmit\">No</showAlert></form></workflow>",
            "WF1415")
        expectNone(
            "<workflow><form><container><switch name=\"s\"><accessibilityLabel>S</accessibilityLabel></switch><button><title>Go</title><message>submit</message></button></container></form></workflow>",
            "WF1415")
    }

    @Test func m16CellSelection() {
        expectOnly(
            "<workflow><table><tableSection>1️⃣<tableCell><text>A</text><accessoryType>disclosureIndicator</accessoryType></tableCell></tableSection></table></workflow>",
            "WF1416", .note, "cell has no 'message' and table 'table' has no 'didSelectCell' action; tapping does nothing")
        expectOnly(
            "<workflow><table><tableSection>1️⃣<tableCell>A</tableCell><tableCell>B</tableCell><tableCell><text>C</text><message>c</message></tableCell></tableSection><showAlert name=\"c\">C</showAlert></table></workflow>",
            "WF1416", .note, "2 cells have no 'message' and table 'table' has no 'didSelectCell' action; tapping does nothing")
        expectNone(
            "<workflow><table><tableSection><tableCell><text>A</text><accessoryType>disclosureIndicator</accessoryType></tableCell></tableSection><showAlert name=\"didSelectCell\">Hi</showAlert></table></workflow>",
            "WF1416")
        // Display-only rows: no cell sends anything and none shows a disclosure indicator.
        expectNone("<workflow><table><tableSection><tableCell>A</tableCell></tableSection></table></workflow>", "WF1416")
    }

    // MARK: A

    @Test func a01NavigationStack() {
        expectOnly(
            "<workflow><screen><presentController name=\"viewDidLoad\"><screen>1️⃣<pushController name=\"viewDidAppear\"><screen/></pushController></screen></presentController></screen></workflow>",
            "WF1501", .warning,
            "'pushController' needs a navigation stack, but 'screen/presentController@viewDidLoad/screen' is never in one (\"Cannot find navigation controller\")"
        )
        expectNone(
            "<workflow><navigation><screen><pushController name=\"viewDidLoad\"><screen/></pushController></screen></navigation></workflow>",
            "WF1501")
        expectNone("<workflow><screen><pushController name=\"viewDidLoad\"><screen/></pushController></screen></workflow>", "WF1501")
    }

    @Test func a03MissingController() {
        expectOnly(
            "<workflow><screen>1️⃣<pushController name=\"viewDidLoad\"/></screen></workflow>", "WF1503", .warning,
            "'pushController' has no 'controller' and is not a 'loadSchema' success action, so there is no 'schema' to show")
        expectNone(
            "<workflow><screen><loadSchema name=\"viewDidLoad\"><path>x.xml</path><presentController/><showAlert>Failed</showAlert></loadSchema></screen></workflow>",
            "WF1503")
    }

    @Test func a04Dismiss() throws {
        let fired = try projectDiagnostics(
            [("main.xml", "<workflow><screen><dismissController name=\"viewDidLoad\"/></screen></workflow>")], code: "WF1504")
        #expect(fired.map(\.message) == ["'dismissController' has nothing to dismiss: 'screen' presents nothing and is never presented"])
        #expect(fired.first?.location.column == 19)
        let presented = try projectDiagnostics(
            [
                (
                    "main.xml",
                    "<workflow><screen><presentController name=\"viewDidLoad\"><screen><dismissController name=\"viewDidAppear\"/></screen></presentController></screen></workflow>"
                )
            ], code: "WF1504")
        #expect(presented.isEmpty)
        expectNone("<workflow><screen><dismissController name=\"viewDidLoad\"/></screen></workflow>", "WF1504")
    }

    @Test func a05ViewNames() {
        expectOnly(
            "<workflow><screen><container><label name=\"theLabel\">A</label></container><showViews name=\"viewDidLoad\">1️⃣theLabl</showViews></screen></workflow>",
            "WF1505", .warning, "no view named 'theLabl' in the view hierarchy of 'screen'; did you mean 'theLabel'?")
        expectNone(
            "<workflow><screen><container><label name=\"theLabel\">A</label></container><showViews name=\"viewDidLoad\">theLabel</showViews></screen></workflow>",
            "WF1505")
    }

    @Test func a06UpdateViews() {
        expectOnly(
            "<workflow><screen><container><label name=\"theLabel\">A</label></container><updateViews name=\"viewDidLoad\"><viewNames>theLabel</viewNames><parameterName>1️⃣txt</parameterName><value>B</value></updateViews></screen></workflow>",
            "WF1506", .error, "'txt' is not a parameter of 'label' (view 'theLabel'), so it cannot be updated; did you mean 'text'?")
        expectOnly(
            "<workflow><screen><container><label name=\"theLabel\">A</label></container><updateViews name=\"viewDidLoad\"><viewNames>theLabel</viewNames><parameterName>text</parameterName><value>1️⃣<container/></value></updateViews></screen></workflow>",
            "WF1506", .error, "parameter 'text' of 'label' expects text, found 'container'")
        expectNone(
            "<workflow><screen><container><label name=\"theLabel\">A</label></container><updateViews name=\"viewDidLoad\"><viewNames>theLabel</viewNames><parameterName>text</parameterName><value>B</value></updateViews></screen></workflow>",
            "WF1506")
    }

    @Test func a07TransientValue() {
        expectOnly(
            "<workflow><screen><storeValue name=\"viewDidLoad\"><name>k</name><transient>1️⃣YES</transient></storeValue></screen></workflow>",
            "WF1507", .note, "transient value 'k' is lost: no later action and no reply uses the context it is stored in")
        expectNone(
            "<workflow><screen><multipleActions name=\"viewDidLoad\"><storeValue><name>k</name><transient>YES</transient></storeValue><showAlert>Hi</showAlert></multipleActions></screen></workflow>",
            "WF1507")
    }

    @Test func a08SequenceStop() {
        expectOnly(
            "<workflow><screen><multipleActions name=\"viewDidLoad\">1️⃣<conditionalAction><isTrue><value>YES</value></isTrue><showAlert>A</showAlert></conditionalAction><showAlert>B</showAlert></multipleActions></screen></workflow>",
            "WF1508", .note,
            "'conditionalAction' without 'failureAction' returns no result on that branch, and the later actions of 'multipleActions' then do not run"
        )
        expectNone(
            "<workflow><screen><multipleActions name=\"viewDidLoad\"><showAlert>B</showAlert><conditionalAction><isTrue><value>YES</value></isTrue><showAlert>A</showAlert></conditionalAction></multipleActions></screen></workflow>",
            "WF1508")
    }

    @Test func a09ConditionalResult() {
        expectOnly(
            "<workflow><navigation><screen><sendMessage name=\"viewDidLoad\"><message>check</message><showAlert name=\"success\">OK</showAlert></sendMessage></screen>1️⃣<conditionalAction name=\"check\"><isTrue><value>YES</value></isTrue><showAlert>A</showAlert></conditionalAction></navigation></workflow>",
            "WF1509", .note,
            "'conditionalAction' 'check' answers a message with response actions but has no 'failureAction'; when its condition fails no response runs"
        )
        expectNone(
            "<workflow><navigation><screen><sendMessage name=\"viewDidLoad\"><message>check</message><showAlert name=\"success\">OK</showAlert></sendMessage></screen><conditionalAction name=\"check\"><isTrue><value>YES</value></isTrue><showAlert>A</showAlert><failureAction><showAlert>B</showAlert></failureAction></conditionalAction></navigation></workflow>",
            "WF1509")
    }

    // MARK: L, D

    @Test func l04LoadCycle() throws {
        let a =
            "<workflow><navigation><screen/><loadSchema name=\"viewDidLoad\"><path>b.xml</path><replaceRootController/><showAlert>F</showAlert></loadSchema></navigation></workflow>"
        let b =
            "<workflow><navigation><screen/><loadSchema name=\"viewDidLoad\"><path>a.xml</path><replaceRootController/><showAlert>F</showAlert></loadSchema></navigation></workflow>"
        let fired = try projectDiagnostics([("a.xml", a), ("b.xml", b)], code: "WF1604")
        #expect(fired.map(\.message) == ["loading 'a.xml' closes a cycle of loads: 'a.xml' → 'b.xml' → 'a.xml'"])
        #expect(fired.map(\.path) == ["b.xml"])
        let c = "<workflow><navigation><screen/></navigation></workflow>"
        #expect(try projectDiagnostics([("a.xml", a), ("b.xml", c)], code: "WF1604").isEmpty)
    }

    @Test func d02ProxySlot() {
        expectOnly(
            "<workflow><navigation>1️⃣<screen keyPath=\"first\"/></navigation></workflow>", "WF1702", .warning,
            "'first' may be missing, and mandatory parameter 'viewControllers' of 'navigation' has no other value; add a 'default'")
        expectNone(
            "<workflow><navigation><screen keyPath=\"first\"><default><screen/></default></screen></navigation></workflow>", "WF1702")
        // A controller action's slot reports; the same under a sendMessage response action is silent.
        let pushed = "<pushController><navigation><screen keyPath=\"first\"/></navigation></pushController>"
        #expect(
            WorkflowSchemaFixtures.read("<workflow><screen><actions>\(pushed)</actions></screen></workflow>").diagnostics.contains {
                $0.code == "WF1702"
            })
        expectNone(
            "<workflow><screen><sendMessage name=\"viewDidLoad\"><message>go</message><actions>\(pushed)</actions></sendMessage><showAlert name=\"go\">Hi</showAlert></screen></workflow>",
            "WF1702")
    }

    @Test func d04TemplateValue() {
        expectOnly(
            "<workflow><table><sections>1️⃣<tableSection keyPath=\"rows\"><template><tableSection><tableCell><string keyPath=\"title\"/></tableCell></tableSection></template></tableSection></sections><storeValue name=\"didSelectCell\"><name>rows</name><value>one</value></storeValue></table></workflow>",
            "WF1704", .warning, "'rows' holds text, not dictionaries, so its 'template' cannot use it; add a 'valueName'")
        expectNone(
            "<workflow><table><sections><tableSection keyPath=\"rows\" valueName=\"title\"><template><tableSection><tableCell><string keyPath=\"title\"/></tableCell></tableSection></template></tableSection></sections><storeValue name=\"didSelectCell\"><name>rows</name><value>one</value></storeValue></table></workflow>",
            "WF1704")
    }

    @Test func d05ProxyClass() {
        expectOnly(
            "<workflow><screen><title><string keyPath=\"t\" 1️⃣class=\"big\"/></title></screen></workflow>", "WF1705", .warning,
            "'class' on keyPath tag 'string' requires the looked-up value to be of style class 'big', which it usually is not")
        expectNone("<workflow><screen><title><string keyPath=\"t\"/></title></screen></workflow>", "WF1705")
    }

    @Test func d07NegatedValue() {
        expectOnly(
            "<workflow><screen><conditionalAction name=\"viewDidLoad\"><not><value>A</value><isPresent><value>1️⃣B</value></isPresent></not><showAlert>Hi</showAlert></conditionalAction></screen></workflow>",
            "WF1707", .warning, "'value' of 'isPresent' inside 'not' is ignored; 'not' tests its own 'value'")
        expectNone(
            "<workflow><screen><conditionalAction name=\"viewDidLoad\"><not><value>A</value><isPresent/></not><showAlert>Hi</showAlert></conditionalAction></screen></workflow>",
            "WF1707")
    }

    @Test func d08ComparisonOperand() {
        expectOnly(
            "<workflow><screen><conditionalAction name=\"viewDidLoad\"><isLessThan><value>1️⃣abc</value><otherValue>3</otherValue></isLessThan><showAlert>Hi</showAlert></conditionalAction></screen></workflow>",
            "WF1708", .warning, "operand 'abc' of 'isLessThan' is not a number; the comparison fails at run time")
        expectNone(
            "<workflow><screen><conditionalAction name=\"viewDidLoad\"><isLessThan><value>2</value><otherValue>3</otherValue></isLessThan><showAlert>Hi</showAlert></conditionalAction></screen></workflow>",
            "WF1708")
    }

    @Test func d10ValidationValue() {
        expectOnly(
            "<workflow><form><textField name=\"a\"><placeholder>P</placeholder><isPresent><value>1️⃣x</value></isPresent></textField><showAlert name=\"didNotSubmit\">No</showAlert></form></workflow>",
            "WF1710", .note, "'value' of validation 'isPresent' is ignored; a validation tests the value of its 'textField'")
        expectNone(
            "<workflow><form><textField name=\"a\"><placeholder>P</placeholder><isPresent/></textField><showAlert name=\"didNotSubmit\">No</showAlert></form></workflow>",
            "WF1710")
    }

    @Test func d11DuplicateInput() {
        expectOnly(
            "<workflow><form><container><textField name=\"a\"><placeholder>P</placeholder></textField><textField name=\"1️⃣a\"><placeholder>Q</placeholder></textField></container></form></workflow>",
            "WF1711", .warning, "another input of this form is named 'a'; the form value 'a' becomes a list")
        expectNone(
            "<workflow><form><container><textField name=\"a\"><placeholder>P</placeholder></textField><textField name=\"b\"><placeholder>Q</placeholder></textField></container></form></workflow>",
            "WF1711")
    }

    @Test func d12UnnamedInput() {
        expectOnly(
            "<workflow><form>1️⃣<textField><placeholder>P</placeholder><isPresent/></textField><showAlert name=\"didNotSubmit\">No</showAlert></form></workflow>",
            "WF1712", .note, "'textField' has validations but no 'name'; its value is validated but never reaches the form values")
        expectNone(
            "<workflow><form><textField name=\"a\"><placeholder>P</placeholder><isPresent/></textField><showAlert name=\"didNotSubmit\">No</showAlert></form></workflow>",
            "WF1712")
    }

    // MARK: M07 inventory

    @Test func m07AppMessages() {
        let source =
            "<workflow><screen><sendMessage name=\"viewDidLoad\"><message><name>getData</name><destinationType>rootDelegate</destinationType><destinationName>s1</destinationName></message></sendMessage><sendMessage name=\"viewWillAppear\">hello</sendMessage><loadSchema name=\"viewDidAppear\"><path>next.xml</path><presentController/><showAlert>F</showAlert></loadSchema></screen></workflow>"
        let messages = WorkflowSchemaReader().appMessages(Array(source.utf8))
        #expect(messages.map(\.name) == ["getData", "hello", "loadSchema"])
        #expect(messages.map(\.kind) == [.rootDelegate, .fromRoot, .loadSchema])
        #expect(messages.first?.destinationName == "s1")
        #expect(messages.last?.path == "next.xml")
    }
}
