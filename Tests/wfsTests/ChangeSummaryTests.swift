import Testing
import WireframeStore

@testable import wfs

/// `TextForm.changeSummary` (one pass) says what the filter-and-join form it replaced said.
@Suite("Change summary")
struct ChangeSummaryTests {
    /// The earlier form, kept here as the reference.
    static func reference(_ changes: [RecordedChange], limit: Int) -> String {
        var parts: [String] = []
        func keys(_ kind: RecordedChange.Kind) -> [String] {
            let all = changes.filter { $0.kind == kind }.map(\.screenKey)
            return all.count > limit ? Array(all.prefix(limit)) + ["… \(all.count - limit) more"] : all
        }
        let added = keys(.added)
        let removed = keys(.removed)
        let modified = keys(.modified)
        let renamed = changes.filter { $0.kind == .renamed }.map { "\($0.previousKey ?? "?")→\($0.screenKey)" }
        if !added.isEmpty { parts.append("added " + added.joined(separator: ", ")) }
        if !removed.isEmpty { parts.append("removed " + removed.joined(separator: ", ")) }
        if !modified.isEmpty { parts.append("modified " + modified.joined(separator: ", ")) }
        if !renamed.isEmpty { parts.append("renamed " + renamed.joined(separator: ", ")) }
        let document = changes.filter { $0.kind == .document }.flatMap(\.fields).map(\.field)
        if !document.isEmpty { parts.append("document " + document.joined(separator: ", ")) }
        return parts.isEmpty ? "no screen changes" : parts.joined(separator: "; ")
    }

    @Test func sameTextAsTheFilteringForm() {
        var seed: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let kinds: [RecordedChange.Kind] = [.added, .removed, .modified, .renamed, .document]
        var checked = 0
        for round in 0..<400 {
            let count = round < 20 ? round : next(40)
            var changes: [RecordedChange] = []
            for index in 0..<count {
                let kind = kinds[next(kinds.count)]
                let fields = kind == .document ? (0..<next(3)).map { RecordedField(field: "f\(index)-\($0)", old: nil, new: "x") } : []
                changes.append(
                    RecordedChange(
                        kind: kind, screenKey: "screen\(index) é", previousKey: next(4) == 0 ? nil : "old\(index)", fields: fields))
            }
            for limit in [0, 1, 2, 3, 10] {
                #expect(TextForm.changeSummary(changes, limit: limit) == Self.reference(changes, limit: limit))
                checked += 1
            }
            #expect(TextForm.changeSummary(changes) == Self.reference(changes, limit: 10))
        }
        #expect(checked == 2000)
        #expect(TextForm.changeSummary([]) == "no screen changes")
        let many =
            (0..<12).map { RecordedChange(kind: .added, screenKey: "s\($0)") } + [
                RecordedChange(kind: .renamed, screenKey: "b", previousKey: "a")
            ]
        #expect(TextForm.changeSummary(many) == "added s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, … 2 more; renamed a→b")
        #expect(TextForm.changeSummary(many, limit: 0) == "added … 12 more; renamed a→b")
    }
}
