import Testing
import WireframeFormats
import WireframeModel

/// How file names are written in text: control characters escaped, bytes that are not UTF-8 shown.
struct FileNameTextTests {
    @Test(arguments: [
        ("app.json", "app.json"),
        ("a\nb.json", "a\\nb.json"),
        ("tab\there\r.json", "tab\\there\\r.json"),
        ("\u{1B}[31mred.json", "\\u{1B}[31mred.json"),
        ("del\u{7F}\u{85}.json", "del\\u{7F}\\u{85}.json"),
        ("line\u{2028}sep.json", "line\\u{2028}sep.json"),
        ("café→ü.json", "café→ü.json"),
    ])
    func controlCharactersAreEscaped(name: String, shown: String) {
        #expect(name.escapingControlCharacters == shown)
    }

    @Test func aNameThatIsUTF8IsShownAsItIs() {
        #expect(ProjectFiles.shownName(Array("café.json".utf8)) == nil)
    }

    @Test func bytesThatAreNotUTF8AreWrittenInHex() {
        #expect(ProjectFiles.shownName(Array("caf".utf8) + [0xE9] + Array(".json".utf8)) == "caf\\xE9.json")
        // A character cut short, then a whole one: only the stray bytes are escaped.
        #expect(ProjectFiles.shownName([0xC3] + Array("é".utf8) + [0xFF, 0x41]) == "\\xC3é\\xFFA")
    }
}
