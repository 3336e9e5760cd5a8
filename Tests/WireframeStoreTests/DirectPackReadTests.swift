import Foundation
import GRDB
import Testing
@testable import WireframeStore

/// `DirectReader` reads the differing screens of a comparison pack after pack, in id order, with
/// one inflated buffer and zlib's raw inflate: the same contents as the store's own reader, over
/// many packs and in any key order; a damaged pack is not answered.
@Suite struct DirectPackReadTests {
    /// A screen's content of about 3,000 bytes (five or six to a pack), distinct for each key and version.
    static func content(_ key: String, _ version: Int) -> String {
        "{\"name\":\"\(key)\",\"v\":\(version),\"t\":\"" + String(repeating: "\(key)-\(version) ", count: 500) + "\"}"
    }

    /// Revisions of one document whose screens change in turns, so that a comparison's versions
    /// lie in many packs and their ids are not in key order.
    static func history(_ store: WireframeStore) throws -> [Revision] {
        let keys = (0..<14).map { "s" + String(($0 * 5) % 14) }
        var versions = Dictionary(uniqueKeysWithValues: keys.map { ($0, 0) })
        var head: Int64?
        var revisions: [Revision] = []
        for round in 0..<7 {
            // Each round changes the screens of a few keys (in an order unlike the keys'), drops one
            // and brings back one dropped before.
            for (offset, key) in keys.enumerated() where (offset + round) % 3 == 0 { versions[key, default: 0] += 1 }
            let present = keys.enumerated().filter { $0.offset != round && $0.offset != round + 6 }.map(\.element)
            let screens = present.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { ($0, Self.content($0, versions[$0] ?? 0)) }
            let record = try store.recordImport(newRevision(screens: screens, expectedHead: head, at: .at(Int64(round))))
            let revision = try #require(record.revision)
            head = revision.id
            revisions.append(revision)
        }
        return revisions
    }

    @Test func readsWhatTheStoreReadsAcrossPacks() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let revisions = try Self.history(store)
        let packs = try store.reader.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM screenPack") ?? 0 }
        #expect(packs > 5)
        let reader = try #require(DirectReader.open(path: store.path))
        defer { reader.close() }
        // Read through a small page cache: the store has more pages than it holds.
        let pragma = { (name: String) in try reader.with("PRAGMA \(name)") { statement in try statement.step() ? statement.int64(0) : -1 } }
        #expect(try pragma("cache_size") == 16)
        #expect(try pragma("page_count") > 16)
        var read = 0
        for old in revisions {
            for new in revisions {
                let direct = try reader.screenComparison(oldId: old.id, newId: new.id)
                let stored = try store.screenComparison(oldId: old.id, newId: new.id)
                #expect(direct.keys == stored.keys, "\(old.id) → \(new.id)")
                #expect(direct.oldIds == stored.oldIds && direct.newIds == stored.newIds, "\(old.id) → \(new.id)")
                #expect(direct.oldContents == stored.oldContents, "\(old.id) → \(new.id)")
                #expect(direct.newContents == stored.newContents, "\(old.id) → \(new.id)")
                read += direct.oldScreens.count + direct.newScreens.count
            }
        }
        #expect(read > 200)
    }

    /// A pack whose data is damaged, cut short or of another size than its row says is not
    /// answered by the direct read (the store's reader then reports it).
    @Test func aDamagedPackIsNotAnswered() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let revisions = try Self.history(store)
        let (first, last) = (revisions[0].id, revisions[revisions.count - 1].id)
        try store.close()
        let queue = try DatabaseQueue(path: store.path)
        defer { try? queue.close() }
        let (id, size, lengths, data) = try queue.read { db in
            let row = try #require(try Row.fetchOne(db, sql: "SELECT id, size, lengths, data FROM screenPack ORDER BY id LIMIT 1"))
            return (row[0] as Int64, row[1] as Int64, row[2] as Data, row[3] as Data)
        }
        var flipped = data
        flipped[flipped.count / 2] ^= 0xFF
        var badHeader = data
        badHeader[0] = 0x79
        let damages: [(String, StatementArguments)] = [
            ("UPDATE screenPack SET data = ? WHERE id = ?", [data.prefix(data.count / 2), id]),
            ("UPDATE screenPack SET data = ? WHERE id = ?", [flipped, id]),
            ("UPDATE screenPack SET data = ? WHERE id = ?", [badHeader, id]),
            ("UPDATE screenPack SET size = ? WHERE id = ?", [size + 1, id]),
            ("UPDATE screenPack SET lengths = x'80' WHERE id = ?", [id]),
        ]
        for (sql, arguments) in damages {
            try queue.write { db in try db.execute(sql: sql, arguments: arguments) }
            let reader = try #require(DirectReader.open(path: store.path))
            #expect(throws: (any Error).self, "\(sql)") { try reader.screenComparison(oldId: first, newId: last) }
            reader.close()
            try queue.write { db in
                try db.execute(sql: "UPDATE screenPack SET size = ?, lengths = ?, data = ? WHERE id = ?", arguments: [size, lengths, data, id])
            }
        }
        // Undamaged again: answered.
        let reader = try #require(DirectReader.open(path: store.path))
        defer { reader.close() }
        #expect(try !reader.screenComparison(oldId: first, newId: last).oldScreens.isEmpty)
    }

    @Test func rawInflateTakesExactlyWhatZlibWrote() throws {
        let bytes = Array(Self.content("home", 3).utf8)
        let compressed = try SourceCodec.compress(bytes, level: SourceCodec.defaultLevel)
        let inflater = ScreenPacks.RawInflater()
        func inflate(_ input: [UInt8], size: Int) -> [UInt8]? {
            let output = UnsafeMutableRawBufferPointer.allocate(byteCount: max(size, 1), alignment: 1)
            defer { output.deallocate() }
            let done = input.withUnsafeBytes { inflater.inflate($0, into: UnsafeMutableRawBufferPointer(rebasing: output[..<size])) }
            return done ? Array(UnsafeRawBufferPointer(rebasing: output[..<size])) : nil
        }
        #expect(inflate(compressed, size: bytes.count) == bytes)
        // Again on the same stream, and the checksum's bytes are not needed.
        #expect(inflate(Array(compressed.dropLast(4)), size: bytes.count) == bytes)
        #expect(inflate(compressed, size: bytes.count - 1) == nil)
        #expect(inflate(compressed, size: bytes.count + 1) == nil)
        #expect(inflate(Array(compressed.prefix(compressed.count / 2)), size: bytes.count) == nil)
        #expect(inflate([compressed[0] & 0xF0 | 7] + compressed.dropFirst(), size: bytes.count) == nil)
        #expect(inflate([compressed[0], compressed[1] | 0x20] + compressed.dropFirst(2), size: bytes.count) == nil)
        #expect(inflate(Array(compressed.prefix(2)), size: bytes.count) == nil)
        #expect(inflate(compressed, size: 0) == nil)
        #expect(inflate(compressed, size: bytes.count) == bytes)
    }

    @Test func offsetsFromLengths() {
        var offsets: [Int] = [7]
        var lengths: [UInt8] = []
        for length in [3, 200, 0, 70_000] { ScreenPacks.appendVarint(length, to: &lengths) }
        #expect(lengths.withUnsafeBytes { ScreenPacks.offsets(lengths: $0, into: &offsets) })
        #expect(offsets == [0, 3, 203, 203, 70_203])
        #expect(![UInt8]([0x80]).withUnsafeBytes { ScreenPacks.offsets(lengths: $0, into: &offsets) })
        #expect([UInt8]().withUnsafeBytes { ScreenPacks.offsets(lengths: $0, into: &offsets) })
        #expect(offsets == [0])
    }

    @Test func sortsNumbers() {
        var generator = SystemRandomNumberGenerator()
        for count in [0, 1, 2, 3, 10, 100, 1_337] {
            for _ in 0..<5 {
                var values = (0..<count).map { _ in UInt64.random(in: 0..<UInt64(max(1, count / 2)), using: &generator) << 20 }
                let expected = values.sorted()
                DirectReader.sort(&values)
                #expect(values == expected, "\(count)")
            }
        }
        var descending: [UInt64] = (0..<500).reversed().map { UInt64($0) }
        DirectReader.sort(&descending)
        #expect(descending == (0..<500).map { UInt64($0) })
    }
}
