import Foundation
import Testing
import WireframeStore

@testable import wfs

/// `JSONStream` writes what `JSONOutput.text` (Foundation's `JSONEncoder`) writes, byte for byte.
@Suite("JSON stream")
struct JSONStreamTests {
    /// Every ASCII byte, slashes, quotes, backslashes and non-ASCII text, in one string.
    static let awkward: String = {
        var text = String(decoding: (0..<0x80).map { UInt8($0) }, as: UTF8.self)
        text += " / \\/ \"quoted\" é ü 漢字 🙂 \u{2028}\u{2029}\u{FEFF} \u{7F}\u{80}\u{9F}"
        return text
    }()

    static func revision(
        _ id: Int64, message: String?, session: String?, deletion: Bool = false, machine: String? = nil, basedOn: Int64? = nil,
        replaces: Replacement? = nil
    ) -> Revision {
        Revision(
            id: id, documentPath: "screens/app \(id).json", number: Int(id % 1000) * 3, parentId: nil, isDeletion: deletion,
            contentHash: deletion ? nil : String(repeating: "ab", count: 32), sourceHash: deletion ? nil : "0f" + awkward,
            screenCount: deletion ? 0 : 1000, createdAt: Timestamp(microseconds: 1_763_000_000_123_456 + id % 1000),
            author: "ada " + awkward, origin: deletion ? .daemon : .cli, message: message, sessionName: session, machine: machine,
            basedOn: basedOn, replaces: replaces)
    }

    static func merged(_ id: Int64, _ merge: MergeRecord) -> Revision {
        var revision = revision(id, message: nil, session: nil, basedOn: id - 1)
        revision.merge = merge
        return revision
    }

    static func streamed(_ values: [RevisionJSON]) -> String {
        var json = JSONStream()
        json.array { json in
            for value in values { json.objectElement { value.writeMembers(to: &$0) } }
        }
        return json.text
    }

    @Test func emptyList() throws {
        #expect(Self.streamed([]) == (try JSONOutput.text([RevisionJSON]())))
    }

    @Test func revisionsWithAndWithoutChanges() throws {
        let changes = [
            RecordedChange(kind: .added, screenKey: "home"), RecordedChange(kind: .added, screenKey: "a/b\\c\"d"),
            RecordedChange(kind: .removed, screenKey: Self.awkward), RecordedChange(kind: .modified, screenKey: "settings"),
            RecordedChange(kind: .renamed, screenKey: "new", previousKey: "old"),
            RecordedChange(
                kind: .document, screenKey: "",
                fields: [RecordedField(field: "appName", old: "A", new: "B"), RecordedField(field: "root", old: nil, new: "x")]),
        ]
        let values = [
            RevisionJSON(Self.revision(1, message: nil, session: nil), changes: nil),
            RevisionJSON(Self.revision(2, message: "first\nsecond\ttab " + Self.awkward, session: "Kickoff"), changes: []),
            RevisionJSON(Self.revision(3, message: "", session: "", deletion: true), changes: changes),
            RevisionJSON(
                Self.revision(Int64.max, message: "m", session: nil), changes: [RecordedChange(kind: .modified, screenKey: "one")]),
            RevisionJSON(Self.revision(-5, message: nil, session: "s"), changes: nil),
            RevisionJSON(Self.revision(6, message: nil, session: nil, machine: "host " + Self.awkward, basedOn: 4), changes: []),
            RevisionJSON(
                Self.revision(
                    7, message: nil, session: nil, machine: "build-7", basedOn: 5,
                    replaces: Replacement(id: 6, author: "bob " + Self.awkward, screens: ["", "cart", Self.awkward])),
                changes: changes),
            RevisionJSON(
                Self.revision(8, message: nil, session: nil, basedOn: nil, replaces: Replacement(id: 7, author: "bob", screens: [])),
                changes: nil),
            RevisionJSON(Self.merged(9, MergeRecord(mergedWith: 8, author: "ada", screens: [])), changes: []),
            RevisionJSON(
                Self.merged(
                    10,
                    MergeRecord(
                        mergedWith: 9, author: "bob " + Self.awkward, screens: ["", "cart", Self.awkward],
                        overwritten: [
                            OverwrittenField(screen: "cart", field: "title", value: "Basket " + Self.awkward, author: "bob"),
                            OverwrittenField(screen: Self.awkward, field: "", value: nil, author: "bob", replaced: false),
                        ])),
                changes: changes),
        ]
        #expect(Self.streamed(values) == (try JSONOutput.text(values)))
        for value in values {
            #expect(Self.streamed([value]) == (try JSONOutput.text([value])))
        }
    }
}
