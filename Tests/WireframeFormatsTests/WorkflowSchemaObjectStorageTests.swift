import Testing
import WireframeFormats
import WireframeModel

/// `SchemaObject` keeps its fields in one shared box: copies must still behave as values, and the
/// name lookups that skip hashing must find exactly the names they did before.
@Suite struct WorkflowSchemaObjectStorageTests {
    private func root(_ text: String) throws -> SchemaObject {
        try #require(WorkflowSchemaReader().parse(Array(text.utf8)).root)
    }

    @Test func aCopyChangesAloneAndComparesByValue() throws {
        let text =
            "<workflow><screen name=\"home\"><title>Home</title><container><label><text>A</text></label></container></screen></workflow>"
        let original = try root(text)
        var copy = original
        #expect(copy == original)
        #expect(copy.hashValue == original.hashValue)

        copy.parameters.removeAll { $0.name == "title" }
        copy.tag = "form"
        copy.attributes[0].value = "other"
        #expect(original.tag == "screen")
        #expect(original.text("title") == "Home")
        #expect(original.workflowName == "home")
        #expect(copy.text("title") == nil)
        #expect(copy.workflowName == "other")
        #expect(copy != original)

        // Two objects read separately are equal by their fields, not by their boxes.
        let again = try root(text)
        #expect(again == original)
        #expect(again.hashValue == original.hashValue)
        #expect(Set([again, original]).count == 1)
    }

    /// Objects live in one storage per read: an object of another read given to a setter is
    /// copied in with its sub-tree, and neither read changes.
    @Test func anObjectOfAnotherReadIsCopiedIn() throws {
        let host = try root("<workflow><screen><title>Host</title></screen></workflow>")
        let guest = try root("<workflow><navigation><screen name=\"g\"><title>G</title></screen></navigation></workflow>")
        var changed = host
        changed.parameters.append(SchemaParameter(name: "extra", values: [.object(guest)], location: guest.location))
        let copied = try #require(changed.objects("extra").first)
        #expect(copied == guest)
        #expect(copied.hashValue == guest.hashValue)
        #expect(copied.objects("viewControllers").map(\.workflowName) == ["g"])
        #expect(changed.text("title") == "Host")
        #expect(host.parameter("extra") == nil)
        #expect(guest.objects("viewControllers").first?.text("title") == "G")

        // An object given its own child keeps the child as it was.
        var nested = guest
        let child = try #require(guest.objects("viewControllers").first)
        nested.parameters = [SchemaParameter(name: "viewControllers", values: [.object(child), .object(child)], location: child.location)]
        #expect(nested.objects("viewControllers") == [child, child])
        #expect(guest.objects("viewControllers").count == 1)
        #expect(nested.values("viewControllers").count == 2)
    }

    @Test func aChangedDefinitionChangesTheClass() throws {
        var object = try root("<workflow><screen><title>T</title></screen></workflow>")
        #expect(object.schemaClass == .screen)
        object.definition = try #require(TagRegistry.definition(of: "form"))
        #expect(object.schemaClass == .form)
    }

    @Test func childObjectsNestWithoutABox() throws {
        let object = try root(
            "<workflow><navigation><screen><title>A</title></screen><screen><title>B</title></screen></navigation></workflow>")
        #expect(object.objects("viewControllers").map { $0.text("title") } == ["A", "B"])
        #expect(object.objects("viewControllers").allSatisfy { $0.schemaClass == .screen && !$0.isProxy })
    }

    /// Yes/no words are matched in any ASCII case; anything else, non-ASCII look-alikes and
    /// longer words included, is reported. Long parameter names (kept outside a string's inline
    /// bytes) are found as well as short ones.
    @Test func yesNoWordsAndParameterNames() {
        func p06(_ parameter: String, _ value: String) -> [String] {
            let tag = "<\(parameter)>\(value)</\(parameter)>"
            let source =
                parameter == "navigationBarHidden"
                ? "<workflow><navigation>\(tag)<screen><title>T</title></screen></navigation></workflow>"
                : "<workflow><navigation><screen><title>T</title>\(tag)</screen></navigation></workflow>"
            return WorkflowSchemaFixtures.read(source).diagnostics.filter { $0.code == "WF1206" }.map(\.message)
        }
        for word in ["YES", "No", "tRuE", "FALSE", "1", "0", "Y", "n"] {
            #expect(p06("hidesBottomBarWhenPushed", word).isEmpty, "\(word)")
        }
        #expect(p06("hidesBottomBarWhenPushed", "yess") == ["'yess' is not a yes/no value for 'hidesBottomBarWhenPushed'; it reads as YES"])
        #expect(
            p06("hidesBottomBarWhenPushed", "falsey") == ["'falsey' is not a yes/no value for 'hidesBottomBarWhenPushed'; it reads as NO"])
        #expect(p06("hidesBottomBarWhenPushed", "yés") == ["'yés' is not a yes/no value for 'hidesBottomBarWhenPushed'; it reads as YES"])
        #expect(p06("hidesBottomBarWhenPushed", "nö") == ["'nö' is not a yes/no value for 'hidesBottomBarWhenPushed'; it reads as NO"])
        #expect(p06("navigationBarHidden", "Maybe") == ["'Maybe' is not a yes/no value for 'navigationBarHidden'; it reads as NO"])
        #expect(p06("title", "Maybe").isEmpty)
    }

    /// M08 compares the names of a short list one by one and builds a dictionary for a long one:
    /// both find every repeat, pointing at the first action of that name.
    @Test func repeatedActionNamesInShortAndLongLists() {
        func m08(_ names: [String]) -> [String] {
            let actions = names.map { "<showAlert name=\"\($0)\">x</showAlert>" }.joined(separator: "\n")
            let source = "<workflow><screen>\n\(actions)\n</screen></workflow>"
            return WorkflowSchemaFixtures.read(source).diagnostics.filter { $0.code == "WF1408" }.map {
                "\($0.location.line) \($0.message) first at \($0.notes.map { "\($0.location?.line ?? 0)" }.joined())"
            }
        }
        #expect(
            m08(["a", "b", "a", "a"]) == [
                "4 action 'a' is defined again and never runs first at 2",
                "5 action 'a' is defined again and never runs first at 2",
            ])
        let long = (0..<20).map { "name\($0)" }
        #expect(m08(long).isEmpty)
        #expect(
            m08(long + ["name3", "name19", "name3"]) == [
                "22 action 'name3' is defined again and never runs first at 5",
                "23 action 'name19' is defined again and never runs first at 21",
                "24 action 'name3' is defined again and never runs first at 5",
            ])
        // A repeat of a name seen before the list grew long is found after it has.
        #expect(m08(["x", "y"] + long + ["y"]) == ["24 action 'y' is defined again and never runs first at 3"])
    }

    /// Admission and default routes are tested on sets of classes (each class's lineage as bits):
    /// they must agree with walking the superclasses, for every registered tag and every class.
    @Test func admissionAndDefaultRoutesFollowInheritance() {
        var compared = 0
        let classes = SchemaClass.allCases
        for definition in TagRegistry.tags.values {
            let defaults = definition.defaults
            for schemaClass in classes {
                let admitted = defaults.contains { schemaClass.isSubclass(of: $0.valueClass) }
                let route = defaults.first { schemaClass.isSubclass(of: $0.valueClass) }?.parameter
                if definition.admits(schemaClass) != admitted || definition.defaultParameter(for: schemaClass) != route {
                    Issue.record("\(definition.tag) and \(schemaClass): admits \(definition.admits(schemaClass)), expected \(admitted)")
                }
                compared += 1
            }
        }
        #expect(compared == TagRegistry.tags.count * SchemaClass.allCases.count)
        #expect(TagRegistry.definition(of: "screen")?.admits(.pushController) == true)
        #expect(TagRegistry.definition(of: "label")?.admits(.screen) == false)
    }
}
