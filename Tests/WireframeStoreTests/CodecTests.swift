import Foundation
import Testing
@testable import WireframeSQLite
import WireframeStore
import WireframeTestSupport

@Suite struct CodecTests {
    @Test(arguments: [
        ("", ""), ("abc", "abd"),
        (
            String(repeating: "line of text\n", count: 500),
            String(repeating: "line of text\n", count: 250) + "new\n" + String(repeating: "line of text\n", count: 250)
        ),
        ("0123456789abcdefghijklmnopqrstuvwxyz", "xyz0123456789abcdefghijklmnopqrstuvw"),
    ])
    func deltasRoundTrip(base: String, target: String) throws {
        let delta = SourceCodec.delta(from: Array(base.utf8), to: Array(target.utf8))
        #expect(try Self.applyAlone(delta, to: Array(base.utf8), size: target.utf8.count) == Array(target.utf8))
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
            #expect(try Self.applyAlone(delta, to: base, size: target.count) == target, "round \(round)")
            if base.count > 10_000 {
                #expect(delta.count < 64 * edits + 2 * changedBytes, "round \(round): \(delta.count) bytes for \(edits) edits")
            }
        }
    }

    /// A wireframe's screens look alike (the same keys, indentation and types), so a few bytes
    /// after an edit often agree with another screen's: the edits of a 200 KB file, each
    /// changing its length, are still each a few bytes of delta, the rest copies in place.
    @Test func editsOfLookAlikeScreensCostTheirOwnBytes() throws {
        let screens = (0..<1_000).map { number in
            "    {\n      \"name\": \"screen\(number)\",\n      \"title\": \"Screen \(number % 7)\",\n"
                + "      \"type\": \"view\",\n      \"subroutes\": [\"screen\((number * 7) % 1_000)\"]\n    }"
        }
        let base = Array(("{\n  \"routes\": [\n" + screens.joined(separator: ",\n") + "\n  ]\n}\n").utf8)
        for places in [[500], [120, 640, 910], [3, 998]] {
            var edited = screens
            for place in places { edited[place] = edited[place].replacingOccurrences(of: "\"Screen ", with: "\"Renamed screen ") }
            let target = Array(("{\n  \"routes\": [\n" + edited.joined(separator: ",\n") + "\n  ]\n}\n").utf8)
            let delta = SourceCodec.delta(from: base, to: target)
            #expect(try Self.applyAlone(delta, to: base, size: target.count) == target)
            #expect(delta.count <= 24 * places.count, "\(delta.count) bytes for \(places.count) edits")
        }
    }

    /// A delta that cannot be shorter than the limit is given up (nil); one that can is the same
    /// delta as without a limit. Blocks repeated by the thousand (indentation) still rebuild.
    @Test func deltasGiveUpPastTheirLimit() throws {
        let indented = (0..<20_000).map { "        {\"name\": \"screen\($0)\"},\n" }.joined()
        let base = Array(indented.utf8)
        var edited = base
        edited.replaceSubrange(1_000..<1_010, with: Array("changed".utf8))
        let unrelated = Array((0..<20_000).map { "        {\"title\": \"Other \($0 * 7)\"},\n" }.joined().utf8)

        let small = try #require(SourceCodec.delta(from: base, to: edited, shorterThan: edited.count / 8))
        #expect(small == SourceCodec.delta(from: base, to: edited))
        #expect(try Self.applyAlone(small, to: base, size: edited.count) == edited)
        #expect(SourceCodec.delta(from: base, to: unrelated, shorterThan: unrelated.count / 8) == nil)
        let whole = SourceCodec.delta(from: base, to: unrelated)
        #expect(try Self.applyAlone(whole, to: base, size: unrelated.count) == unrelated)
    }

    @Test func zlibRoundTrips() throws {
        let bytes = Array(String(repeating: "wireframe ", count: 1000).utf8)
        let compressed = try SourceCodec.compress(bytes)
        #expect(compressed.count < bytes.count / 10)
        #expect(try SourceCodec.decompress(compressed, size: bytes.count) == bytes)
    }

    @Test func malformedDeltasThrow() {
        // A copy past the base's end, an unknown operation, a size the delta does not give.
        #expect(throws: SourceCodec.CodecError.malformedDelta) { _ = try SourceCodec.apply(chain: [([0, 100, 5], 5)], to: [1, 2]) }
        #expect(throws: SourceCodec.CodecError.malformedDelta) { _ = try SourceCodec.apply(chain: [([7], 0)], to: [1, 2]) }
        #expect(throws: SourceCodec.CodecError.malformedDelta) { _ = try SourceCodec.apply(chain: [([0, 0, 2], 3)], to: [1, 2]) }
    }

    /// A chain of deltas applied at once gives what applying them one after the other gives,
    /// for chains of random edits (inserts, deletions, moves, empty versions) of 0–60 links.
    @Test func deltaChainsApplyAsOneAfterTheOther() throws {
        var generator = SplitMix64(seed: 0xC4A1)
        let alphabet = Array("{}[]\":, \nabcdefghijklmnopqrstuvwxyz0123456789".utf8)
        for round in 0..<60 {
            let length = Int(generator.next() % (round < 10 ? 50 : 20_000))
            let base = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            var versions = [base]
            for _ in 0..<round {
                var target = versions[versions.count - 1]
                switch generator.next() % 5 {
                case 0: target.insert(contentsOf: Array("inserted text".utf8), at: Int(generator.next() % UInt64(target.count + 1)))
                case 1:
                    let at = Int(generator.next() % UInt64(target.count + 1))
                    target.removeSubrange(at..<min(target.count, at + Int(generator.next() % 300)))
                case 2:
                    let at = Int(generator.next() % UInt64(target.count + 1))
                    let moved = Array(target[at..<min(target.count, at + 500)])
                    target.removeSubrange(at..<min(target.count, at + 500))
                    target.insert(contentsOf: moved, at: Int(generator.next() % UInt64(target.count + 1)))
                case 3: target = []
                default: target.append(contentsOf: base.prefix(100))
                }
                versions.append(target)
            }
            let chain = zip(versions, versions.dropFirst()).map { (delta: SourceCodec.delta(from: $0, to: $1), size: $1.count) }
            var oneByOne = base
            for link in chain { oneByOne = try Self.applyAlone(link.delta, to: oneByOne, size: link.size) }
            #expect(oneByOne == versions[versions.count - 1], "round \(round)")
            #expect(try SourceCodec.apply(chain: chain, to: base) == versions[versions.count - 1], "round \(round)")
        }
    }

    @Test func malformedDeltaChainsThrow() throws {
        let base = Array("0123456789abcdef0123456789abcdef".utf8)
        let good = (delta: SourceCodec.delta(from: base, to: Array("0123456789abcdef!".utf8)), size: 17)
        // A copy past the end of the previous result (17 bytes), a wrong size, an unknown operation, a cut insert.
        for bad in [
            (delta: [UInt8]([0, 10, 8]), size: 8), (delta: [UInt8]([0, 0, 17]), size: 16), (delta: [UInt8]([2]), size: 0),
            (delta: [UInt8]([1, 5, 65]), size: 5),
        ] {
            #expect(throws: SourceCodec.CodecError.malformedDelta) { _ = try SourceCodec.apply(chain: [good, bad], to: base) }
        }
        #expect(try SourceCodec.apply(chain: [good, (delta: [0, 10, 7], size: 7)], to: base) == Array("abcdef!".utf8))
    }

    @Test func timestampTextIsUTCWithSixFractionDigits() {
        #expect(Timestamp(microseconds: 0).text == "1970-01-01T00:00:00.000000Z")
        #expect(Timestamp(microseconds: -1).text == "1969-12-31T23:59:59.999999Z")
        #expect(Timestamp(microseconds: 1_795_186_800_000_042).text == "2026-11-20T15:00:00.000042Z")
        #expect(Timestamp(microseconds: 253_402_300_799_999_999).text == "9999-12-31T23:59:59.999999Z")
        var value: Int64 = -62_135_596_800_000_000
        while value <= 253_402_300_799_999_999 {
            #expect(Timestamp(text: Timestamp(microseconds: value).text)?.microseconds == value)
            value += 98_765_432_109_876_543  // ~3 years and an odd number of microseconds
        }
    }

    @Test func timestampsRoundTripThroughText() throws {
        let time = Timestamp(microseconds: 1_795_000_123_456_789)
        #expect(Timestamp(text: time.text) == time)
        #expect(time.text.hasSuffix("Z"))
        #expect(Timestamp.parse("2026-11-20T15:00", defaultOffsetSeconds: 0)?.text == "2026-11-20T15:00:00.000000Z")
        #expect(Timestamp.parse("2026-11-20T15:00+01:00", defaultOffsetSeconds: nil)?.text == "2026-11-20T14:00:00.000000Z")
        #expect(Timestamp.parse("1969-12-31T23:59:59.5Z", defaultOffsetSeconds: nil)?.microseconds == -500_000)
        #expect(Timestamp.parse("2026-13-01", defaultOffsetSeconds: 0) == nil)
        #expect(Timestamp.parse("2026-11-20", defaultOffsetSeconds: -3600)?.text == "2026-11-20T01:00:00.000000Z")
        #expect(Timestamp.parse("2026-11-20 15:00:30z", defaultOffsetSeconds: nil)?.text == "2026-11-20T15:00:30.000000Z")
        #expect(Timestamp.parse("2026-11-20T15:00", defaultOffsetSeconds: nil) == nil)
        #expect(Timestamp.parse("Kickoff", defaultOffsetSeconds: 0) == nil)
        #expect(Timestamp.parse("2026-11-20T15:00:00.Z", defaultOffsetSeconds: nil) == nil)
        #expect(Timestamp.parse("2026-11-20T15:00:00.1234567Z", defaultOffsetSeconds: nil)?.microseconds ?? 0 % 1_000_000 != 0)
    }

    /// A pack's list of lengths: varints, 7 bits a byte, read back exactly; a list
    /// cut in the middle of a number is refused.
    @Test func packLengthsAreVarints() {
        let values = [0, 1, 127, 128, 200, 16_383, 16_384, 200_000, Int(Int32.max)]
        var bytes: [UInt8] = []
        for value in values { Varint.append(value, to: &bytes) }
        #expect(bytes.count == 1 + 1 + 1 + 2 + 2 + 2 + 3 + 3 + 5)
        #expect(ScreenPacks.lengths(Data(bytes)) == values)
        #expect(ScreenPacks.lengths(Data()) == [])
        #expect(ScreenPacks.lengths(Data([0x80])) == nil)
        #expect(ScreenPacks.lengths(Data(repeating: 0xFF, count: 9) + [1]) == nil)
    }

    /// One delta applied to its base, decoded as plainly as the format reads: the reference that
    /// the chain's composition (``SourceCodec/apply(chain:to:)``) is held to.
    static func applyAlone(_ delta: [UInt8], to base: [UInt8], size: Int) throws -> [UInt8] {
        var output: [UInt8] = []
        var index = 0
        func varint() throws -> Int {
            guard let value = Varint.read(delta, at: &index) else { throw SourceCodec.CodecError.malformedDelta }
            return value
        }
        while index < delta.count {
            let operation = delta[index]
            index += 1
            switch operation {
            case 0:
                let offset = try varint()
                let length = try varint()
                guard offset + length <= base.count else { throw SourceCodec.CodecError.malformedDelta }
                output.append(contentsOf: base[offset..<(offset + length)])
            case 1:
                let length = try varint()
                guard index + length <= delta.count else { throw SourceCodec.CodecError.malformedDelta }
                output.append(contentsOf: delta[index..<(index + length)])
                index += length
            default:
                throw SourceCodec.CodecError.malformedDelta
            }
        }
        guard output.count == size else { throw SourceCodec.CodecError.malformedDelta }
        return output
    }
}
