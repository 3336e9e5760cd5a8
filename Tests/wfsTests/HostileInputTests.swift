import Foundation
import Testing

/// Files made to cost a reader more than their size: each is read in time linear in its bytes.
@Suite("hostile inputs")
struct HostileInputTests {
    /// One start tag with 300,000 attributes and the first one repeated at its end: checking each
    /// attribute against every earlier one would take minutes; read in order it is a syntax error.
    @Test func aRepeatedAttributeAmongManyIsFoundInLinearTime() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let count = 300_000
        var text = "<workflow"
        text.reserveCapacity(count * 12)
        for index in 0..<count { text += " a\(index)=\"\"" }
        text += " a0=\"\"/>\n"
        try CommandRunner.write(text, to: "wide.xml", in: folder)
        let result = try CommandRunner.run(["validate", "wide.xml"], in: folder)
        #expect(result.status == 1, "\(result)")
        #expect(result.standardError.contains("error: attribute 'a0' is given twice"), "\(result.standardError.prefix(2_000))")
        #expect(result.standardError.contains("note: the first 'a0' is here"), "\(result.standardError.prefix(2_000))")
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
        #expect(result.standardError.contains("error: attribute '\(names[count / 2])' is given twice"), "\(result.standardError)")
    }
}
