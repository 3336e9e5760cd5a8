public import Foundation

/// A point in time with microsecond precision.
///
/// The store keeps its microseconds since the epoch, an integer (migration 0008; it kept the text
/// before); the text form `YYYY-MM-DDTHH:MM:SS.ffffffZ` is what output and JSON show.
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

    /// The text form, `YYYY-MM-DDTHH:MM:SS.ffffffZ` (UTC), as shown.
    public var text: String {
        let (seconds, fraction) = floorDivision(microseconds, 1_000_000)
        let (days, secondOfDay) = floorDivision(seconds, 86_400)
        let (year, month, day) = Self.civil(fromDays: days)
        let hour = secondOfDay / 3600, minute = secondOfDay % 3600 / 60, second = secondOfDay % 60
        guard (0...9999).contains(year) else {
            return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2)).\(pad(fraction, 6))Z"
        }
        // The common case written digit by digit into the string's own buffer: `log` prints one
        // time per revision, and the interpolation of seven padded strings cost ~8,500
        // instructions each time. Every field is in range here, so the text is the same.
        return String(unsafeUninitializedCapacity: 27) { buffer in
            var index = 0
            func digits(_ value: Int64, _ width: Int) {
                var value = value
                for offset in stride(from: width - 1, through: 0, by: -1) {
                    buffer[index + offset] = UInt8(truncatingIfNeeded: 48 + value % 10)
                    value /= 10
                }
                index += width
            }
            func byte(_ character: UInt8) {
                buffer[index] = character
                index += 1
            }
            digits(year, 4)
            byte(UInt8(ascii: "-"))
            digits(month, 2)
            byte(UInt8(ascii: "-"))
            digits(day, 2)
            byte(UInt8(ascii: "T"))
            digits(hour, 2)
            byte(UInt8(ascii: ":"))
            digits(minute, 2)
            byte(UInt8(ascii: ":"))
            digits(second, 2)
            byte(UInt8(ascii: "."))
            digits(fraction, 6)
            byte(UInt8(ascii: "Z"))
            return index
        }
    }

    public var description: String { text }

    /// Reads the stored text form (also accepts fewer fraction digits, none, or no seconds).
    public init?(text: String) {
        guard let parsed = Self.parse(text, defaultOffsetSeconds: nil) else { return nil }
        self = parsed
    }

    /// Reads an ISO 8601 date and time, `YYYY-MM-DD[THH:MM[:SS[.ffffff]]][Z|±HH:MM]`.
    ///
    /// Without a zone designator the time is taken in `defaultOffsetSeconds` from UTC; when that is
    /// nil, a zone is required.
    public static func parse(_ text: String, defaultOffsetSeconds: Int?) -> Timestamp? {
        let scalars = Array(text.utf8)
        var index = 0
        func number(_ digits: Int) -> Int64? {
            guard index + digits <= scalars.count else { return nil }
            var value: Int64 = 0
            for offset in 0..<digits {
                let byte = scalars[index + offset]
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int64(byte - 48)
            }
            index += digits
            return value
        }
        func expect(_ byte: UInt8) -> Bool {
            guard index < scalars.count, scalars[index] == byte else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect(45), let month = number(2), expect(45), let day = number(2),
            (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        var hour: Int64 = 0, minute: Int64 = 0, second: Int64 = 0, fraction: Int64 = 0
        if index < scalars.count, scalars[index] == 84 || scalars[index] == 32 {  // "T" or " "
            index += 1
            guard let parsedHour = number(2), expect(58), let parsedMinute = number(2) else { return nil }
            hour = parsedHour
            minute = parsedMinute
            if expect(58) {
                guard let parsedSecond = number(2) else { return nil }
                second = parsedSecond
                if expect(46) {
                    var digits = 0
                    while index < scalars.count, scalars[index] >= 48, scalars[index] <= 57 {
                        if digits < 6 { fraction = fraction * 10 + Int64(scalars[index] - 48) }
                        digits += 1
                        index += 1
                    }
                    guard digits > 0 else { return nil }
                    if digits < 6 { for _ in digits..<6 { fraction *= 10 } }
                }
            }
            guard hour < 24, minute < 60, second < 61 else { return nil }
        }
        var offsetSeconds: Int64
        if expect(90) || expect(122) {  // "Z" or "z"
            offsetSeconds = 0
        } else if index < scalars.count, scalars[index] == 43 || scalars[index] == 45 {  // "+" or "-"
            let sign: Int64 = scalars[index] == 45 ? -1 : 1
            index += 1
            guard let offsetHours = number(2) else { return nil }
            _ = expect(58)
            guard let offsetMinutes = number(2) else { return nil }
            offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
        } else {
            guard let defaultOffsetSeconds else { return nil }
            offsetSeconds = Int64(defaultOffsetSeconds)
        }
        guard index == scalars.count else { return nil }
        let days = Self.days(fromCivil: year, month, day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Timestamp(microseconds: seconds * 1_000_000 + fraction)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let adjustedYear = month <= 2 ? year - 1 : year
        let era = floorDivision(adjustedYear, 400).quotient
        let yearOfEra = adjustedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01.
    static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = floorDivision(shifted, 146_097).quotient
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
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

private func pad(_ value: Int64, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}
