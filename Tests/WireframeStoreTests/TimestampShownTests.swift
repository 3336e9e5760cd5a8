import Foundation
import Testing
import WireframeStore

/// Times as people read them: whole seconds in the reader's zone with its offset, naming the same
/// second as the stored text, and read back as a REF's time.
@Suite struct TimestampShownTests {
    let time = Timestamp(text: "2026-12-05T12:02:31.398683Z")!

    @Test func wholeSecondsInTheZoneWithItsOffset() throws {
        let paris = try #require(TimeZone(identifier: "Europe/Paris"))
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        let kolkata = try #require(TimeZone(identifier: "Asia/Kolkata"))
        #expect(time.shown(in: paris) == "2026-12-05T13:02:31+01:00")
        #expect(time.shown(in: newYork) == "2026-12-05T07:02:31-05:00")
        #expect(time.shown(in: kolkata) == "2026-12-05T17:32:31+05:30")
        #expect(time.shown(in: try #require(TimeZone(identifier: "UTC"))) == "2026-12-05T12:02:31Z")
        // Summer time is the offset of that day.
        #expect(Timestamp(text: "2026-07-01T10:00:00Z")?.shown(in: paris) == "2026-07-01T12:00:00+02:00")
        // Before 1970 too.
        #expect(Timestamp(text: "1969-12-31T23:59:59.5Z")?.shown(in: paris) == "1970-01-01T00:59:59+01:00")
    }

    @Test func theShownTextReadsBackAsTheSameSecond() throws {
        for zone in ["Europe/Paris", "America/New_York", "Asia/Kolkata", "UTC"] {
            let shown = time.shown(in: try #require(TimeZone(identifier: zone)))
            let read = try #require(Timestamp.parse(shown, defaultOffsetSeconds: nil), "\(shown)")
            #expect(read.microseconds == time.microseconds / 1_000_000 * 1_000_000, "\(zone)")
        }
        // The stored text keeps every microsecond, in UTC.
        #expect(time.text == "2026-12-05T12:02:31.398683Z")
    }
}
