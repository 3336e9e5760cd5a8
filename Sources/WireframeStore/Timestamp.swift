public import Foundation

/// A point in time with microsecond precision.
///
/// The store keeps its microseconds since the epoch, an integer; the text form `YYYY-MM-DDTHH:MM:SS.ffffffZ` is what output and JSON show.
public struct Timestamp: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    /// Microseconds since 1970-01-01T00:00:00Z.
    public var microseconds: Int64

    /// Creates a timestamp from microseconds since the epoch.
    public init(microseconds: Int64) { self.microseconds = microseconds }

    /// Creates a timestamp from a date, truncated to microseconds.
    public init(_ date: Date) {
        self.microseconds = Int64((date.timeIntervalSince1970 * 1_000_000).rounded(.down))
    }

    /// The current time.
    public static func now() -> Timestamp { Timestamp(Date()) }

    /// The same instant as a date.
    public var date: Date { Date(timeIntervalSince1970: Double(microseconds) / 1_000_000) }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.microseconds < rhs.microseconds }

    /// Whole seconds in UTC, `YYYY-MM-DDTHH:MM:SSZ`: the text form without its fraction, and
    /// what ``parse(_:defaultOffsetSeconds:)`` hands to Foundation once it has the fraction.
    private static let secondsStyle = Date.ISO8601FormatStyle()

    /// The text form, `YYYY-MM-DDTHH:MM:SS.ffffffZ` (UTC), as shown.
    public var text: String {
        let (seconds, fraction) = floorDivision(microseconds, 1_000_000)
        var text = Date(timeIntervalSince1970: TimeInterval(seconds)).formatted(Self.secondsStyle)
        text.removeLast()  // "Z", after the fraction
        let digits = String(fraction)
        return text + "." + String(repeating: "0", count: 6 - digits.count) + digits + "Z"
    }

    public var description: String { text }

    /// The zone times are shown in: the reader's (`TZ`, else the system's), read once.
    private static let readerZone = TimeZone.current

    /// The form people read, as `git log` shows a time: whole seconds in the reader's zone, with
    /// its offset, `YYYY-MM-DDTHH:MM:SS+HH:MM` (`Z` in UTC). It names the same second as
    /// ``text`` and reads back as a REF's time (`app.json@2026-12-05T13:02:31+01:00`); JSON and
    /// the store keep ``text``, full precision in UTC.
    public var shown: String { shown(in: Self.readerZone) }

    /// ``shown`` in another zone.
    public func shown(in zone: TimeZone) -> String {
        let seconds = floorDivision(microseconds, 1_000_000).quotient
        let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds)))
        var text = Date(timeIntervalSince1970: TimeInterval(seconds + Int64(offset))).formatted(Self.secondsStyle)
        guard offset != 0 else { return text }
        text.removeLast()  // "Z": the wall clock of the zone, its offset written after it
        let minutes = abs(offset) / 60
        let hours = minutes / 60
        let rest = minutes % 60
        return text + (offset < 0 ? "-" : "+") + (hours < 10 ? "0" : "") + String(hours) + ":" + (rest < 10 ? "0" : "") + String(rest)
    }

    /// Reads the stored text form (also accepts fewer fraction digits, none, or no seconds).
    public init?(text: String) {
        guard let parsed = Self.parse(text, defaultOffsetSeconds: nil) else { return nil }
        self = parsed
    }

    /// Reads an ISO 8601 date and time, `YYYY-MM-DD[THH:MM[:SS[.ffffff]]][Z|±HH:MM]` (a space may
    /// stand for the `T`).
    ///
    /// Without a zone designator the time is taken in `defaultOffsetSeconds` from UTC; when that is
    /// nil, a zone is required. The parts a person may leave out are filled in and the fraction
    /// (microseconds, more digits cut off) taken aside; Foundation's ISO 8601 parser reads the rest.
    public static func parse(_ text: String, defaultOffsetSeconds: Int?) -> Timestamp? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 10 else { return nil }
        var index = 10
        var clock = "00:00:00"
        var fraction: Int64 = 0
        func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "T") || bytes[index] == UInt8(ascii: " ") {
            // HH:MM, then :SS if given.
            guard index + 6 <= bytes.count, bytes[index + 3] == UInt8(ascii: ":") else { return nil }
            clock = String(decoding: bytes[(index + 1)..<(index + 6)], as: UTF8.self)
            index += 6
            if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
                guard index + 3 <= bytes.count else { return nil }
                clock += String(decoding: bytes[index..<(index + 3)], as: UTF8.self)
                index += 3
                if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                    index += 1
                    var digits = 0
                    while index < bytes.count, isDigit(bytes[index]) {
                        if digits < 6 { fraction = fraction * 10 + Int64(bytes[index] - 48) }
                        digits += 1
                        index += 1
                    }
                    guard digits > 0 else { return nil }
                    for _ in min(digits, 6)..<6 { fraction *= 10 }
                }
            } else {
                clock += ":00"
            }
        }
        let zone: String
        if index < bytes.count {
            zone = String(decoding: bytes[index...], as: UTF8.self)
        } else {
            guard let defaultOffsetSeconds else { return nil }
            let minutes = abs(defaultOffsetSeconds) / 60
            let hours = String(minutes / 60)
            let rest = String(minutes % 60)
            zone = (defaultOffsetSeconds < 0 ? "-" : "+") + (hours.count < 2 ? "0" : "") + hours + ":" + (rest.count < 2 ? "0" : "") + rest
        }
        let whole = String(decoding: bytes[0..<10], as: UTF8.self) + "T" + clock + zone
        guard let date = try? secondsStyle.parse(whole) else { return nil }
        return Timestamp(microseconds: Int64(date.timeIntervalSince1970.rounded()) * 1_000_000 + fraction)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let parsed = Timestamp(text: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a timestamp: \(text)")
        }
        self = parsed
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}

private func floorDivision(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
    var quotient = value / divisor
    var remainder = value % divisor
    if remainder < 0 {
        quotient -= 1
        remainder += divisor
    }
    return (quotient, remainder)
}
