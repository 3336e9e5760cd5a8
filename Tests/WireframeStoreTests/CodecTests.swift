import Testing
import WireframeStore
import WireframeTestSupport

@Suite struct CodecTests {
    @Test(arguments: [
        ("", ""), ("abc", "abd"), (String(repeating: "line of text\n", count: 500), String(repeating: "line of text\n", count: 250) + "new\n" + String(repeating: "line of text\n", count: 250)),
        ("0123456789abcdefghijklmnopqrstuvwxyz", "xyz0123456789abcdefghijklmnopqrstuvw"),
    ])
    func deltasRoundTrip(base: String, target: String) throws {
        let delta = SourceCodec.delta(from: Array(base.utf8), to: Array(target.utf8))
        #expect(try SourceCodec.apply(delta, to: Array(base.utf8), size: target.utf8.count) == Array(target.utf8))
    }

    /// Random files and random edits of them (inserts, deletions, replacements, moved blocks, at
    /// the ends too): every delta rebuilds its target, and a few small edits of a large file give
    /// a small delta (the unchanged stretches are copies, not inserts).
    @Test func randomEditsRoundTripAndStaySmall() throws {
        var generator = SplitMix64(seed: 0x5EED)
        let alphabet = Array("{}[]\":, \nabcdefghijklmnopqrstuvwxyz0123456789é".utf8)
        for round in 0..<200 {
            let length = round < 20 ? Int(generator.next() % 40) : Int(generator.next() % 60_000)
            var base = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            if round % 3 == 0 {  // repetitive text, as in generated wireframes
                base = Array(String(repeating: "\"screen\": {\"title\": \"Title\"},\n", count: length / 30 + 1).utf8)
            }
            var target = base
            let edits = Int(generator.next() % 4) + 1
            var changedBytes = 0
            for _ in 0..<edits {
                let at = target.isEmpty ? 0 : Int(generator.next() % UInt64(target.count + 1))
                let size = Int(generator.next() % 24) + 1
                switch generator.next() % 4 {
                case 0: target.insert(contentsOf: (0..<size).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }, at: at)
                case 1: target.removeSubrange(at..<min(target.count, at + size))
                case 2: target.replaceSubrange(at..<min(target.count, at + size), with: Array("replaced".utf8))
                default:
                    let moved = Array(target[at..<min(target.count, at + size * 10)])
                    target.removeSubrange(at..<min(target.count, at + size * 10))
                    target.append(contentsOf: moved)
                    changedBytes += moved.count
                }
                changedBytes += size + 8
            }
            let delta = SourceCodec.delta(from: base, to: target)
            #expect(try SourceCodec.apply(delta, to: base, size: target.count) == target, "round \(round)")
            if base.count > 10_000 {
                #expect(delta.count < 64 * edits + 2 * changedBytes, "round \(round): \(delta.count) bytes for \(edits) edits")
            }
        }
    }

    @Test func zlibRoundTrips() throws {
        let bytes = Array(String(repeating: "wireframe ", count: 1000).utf8)
        let compressed = try SourceCodec.compress(bytes)
        #expect(compressed.count < bytes.count / 10)
        #expect(try SourceCodec.decompress(compressed, size: bytes.count) == bytes)
    }

    @Test func malformedDeltasThrow() {
        #expect(throws: SourceCodec.CodecError.malformedDelta) { _ = try SourceCodec.apply([0, 100, 5], to: [1, 2], size: 5) }
    }

    @Test func timestampsRoundTripThroughText() throws {
        let time = Timestamp(microseconds: 1_795_000_123_456_789)
        #expect(Timestamp(text: time.text) == time)
        #expect(time.text.hasSuffix("Z"))
        #expect(Timestamp.parse("2026-11-20T15:00", defaultOffsetSeconds: 0)?.text == "2026-11-20T15:00:00.000000Z")
        #expect(Timestamp.parse("2026-11-20T15:00+01:00", defaultOffsetSeconds: nil)?.text == "2026-11-20T14:00:00.000000Z")
        #expect(Timestamp.parse("1969-12-31T23:59:59.5Z", defaultOffsetSeconds: nil)?.microseconds == -500_000)
        #expect(Timestamp.parse("2026-13-01", defaultOffsetSeconds: 0) == nil)
        #expect(Timestamp.parse("2026-11-20T15:00:00.1234567Z", defaultOffsetSeconds: nil)?.microseconds ?? 0 % 1_000_000 != 0)
    }
}

