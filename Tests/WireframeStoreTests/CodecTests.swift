import Testing
import WireframeStore

@Suite struct CodecTests {
    @Test(arguments: [
        ("", ""), ("abc", "abd"), (String(repeating: "line of text\n", count: 500), String(repeating: "line of text\n", count: 250) + "new\n" + String(repeating: "line of text\n", count: 250)),
        ("0123456789abcdefghijklmnopqrstuvwxyz", "xyz0123456789abcdefghijklmnopqrstuvw"),
    ])
    func deltasRoundTrip(base: String, target: String) throws {
        let delta = SourceCodec.delta(from: Array(base.utf8), to: Array(target.utf8))
        #expect(try SourceCodec.apply(delta, to: Array(base.utf8), size: target.utf8.count) == Array(target.utf8))
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
