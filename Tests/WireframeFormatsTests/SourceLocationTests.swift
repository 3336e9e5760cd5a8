import Foundation
import Testing
import WireframeModel

/// Locations keep their numbers in 32 bits: what goes in comes out, the encoding is unchanged,
/// and numbers outside the range are kept at its ends.
private typealias Location = WireframeModel.SourceLocation

struct SourceLocationTests {
    @Test func keepsItsNumbers() {
        var location = Location(line: 12, column: 7, offset: 345)
        #expect(location.line == 12)
        #expect(location.column == 7)
        #expect(location.offset == 345)
        location.line = 2_000_000
        location.column += 1
        location.offset = 2_147_483_000
        #expect(location == Location(line: 2_000_000, column: 8, offset: 2_147_483_000))
        #expect(location.description == "2000000:8")
    }

    @Test func isSmall() {
        #expect(MemoryLayout<Location>.size == 12)
        #expect(MemoryLayout<Location?>.stride == 16)
    }

    @Test func numbersOutsideTheRangeAreKeptAtItsEnds() {
        let location = Location(line: Int(Int32.max) + 10, column: -5_000_000_000, offset: 1 << 40)
        #expect(location.line == Int(Int32.max))
        #expect(location.column == Int(Int32.min))
        #expect(location.offset == Int(Int32.max))
    }

    @Test func ordersByLineThenColumn() {
        #expect(Location(line: 1, column: 9, offset: 8) < Location(line: 2, column: 1, offset: 10))
        #expect(Location(line: 2, column: 1, offset: 10) < Location(line: 2, column: 3, offset: 12))
        #expect(!(Location(line: 2, column: 3, offset: 12) < Location(line: 2, column: 3, offset: 0)))
    }

    @Test func encodesLineColumnAndOffset() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(Location(line: 3, column: 14, offset: 159))
        #expect(String(decoding: data, as: UTF8.self) == #"{"column":14,"line":3,"offset":159}"#)
        let decoded = try JSONDecoder().decode(Location.self, from: Data(#"{"line":2,"column":71,"offset":828}"#.utf8))
        #expect(decoded == Location(line: 2, column: 71, offset: 828))
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Location.self, from: Data(#"{"line":2,"column":71}"#.utf8))
        }
    }
}
