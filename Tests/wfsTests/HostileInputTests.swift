import Foundation
import Testing

/// Files made to cost a reader more than their size: each is read in time linear in its bytes.
@Suite("hostile inputs")
struct HostileInputTests {
    /// One start tag with 600,000 attributes and the first one repeated at its end: checking each
    /// attribute against every earlier one would take minutes; read in order it is a syntax error.
    @Test func aRepeatedAttributeAmongManyIsFoundInLinearTime() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let count = 600_000
        var text = "<workflow"
        text.reserveCapacity(count * 12)
        for index in 0..<count { text += " a\(index)=\"\"" }
        // The column of the repeated name: one past the space before it.
        let column = text.utf8.count + 2
        text += " a0=\"\"/>\n"
        try CommandRunner.write(text, to: "wide.xml", in: folder)
        let result = try CommandRunner.run(["validate", "wide.xml"], in: folder)
        #expect(result.status == 1, "\(result)")
        #expect(
            result.standardError == """
                wide.xml:1:\(column): error: XML is not well-formed: attribute 'a0' is given twice [WF1001]
                wide.xml:1:11: note: the first 'a0' is here
                1 file checked: 1 error, 0 warnings

                """)
    }

    /// Between a few attributes and many the search changes method; a repeat is found on both sides.
    @Test(arguments: [2, 15, 16, 17, 40])
    func aRepeatedAttributeIsFoundAtEveryWidth(count: Int) throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let names = (0..<count).map { "a\($0)" }
        let text = "<workflow " + names.map { "\($0)=\"\"" }.joined(separator: " ") + " \(names[count / 2])=\"x\"/>\n"
        try CommandRunner.write(text, to: "tag.xml", in: folder)
        let result = try CommandRunner.run(["validate", "tag.xml"], in: folder)
        #expect(result.status == 1, "\(result)")
        #expect(result.standardError.contains("attribute '\(names[count / 2])' is given twice [WF1001]"), "\(result.standardError)")
    }
}
