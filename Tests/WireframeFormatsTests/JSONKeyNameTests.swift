import Testing
@testable import WireframeFormats

/// The JSON reader's key names are spelled out by hand; they must be the names of the cases.
struct JSONKeyNameTests {
    @Test func everyKeyIsSpelledAsItsCaseIsNamed() {
        #expect(JSONKey.names.count == JSONKey.allCases.count)
        for key in JSONKey.allCases {
            #expect(key.name == String(describing: key))
            #expect(JSONKey(name: String(describing: key)) == key)
        }
        #expect(Set(JSONKey.names).count == JSONKey.names.count)
    }
}
