import Foundation
import GRDB
import Testing
@testable import WireframeStore

/// Migration 0011: a screen pack takes its first version's id and lists its versions' lengths; a
/// version is found by id through the packs, and by content through its hash prefix.
@Suite struct PackDirectoryTests {
    /// A screen's JSON of `length` bytes, distinct for each `number`.
    static func screen(_ number: Int, length: Int) -> [UInt8] {
        let text = "{\"n\":\(number),\"t\":\"" + String(repeating: "x", count: max(0, length - 12 - String(number).count)) + "\"}"
        return Array(text.utf8)
    }

    @Test func versionsFillPacksThatListThem() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // 3 imports' worth of versions, 200 to 300 bytes each (one of 200 000 bytes): several packs,
        // the newest one filled further by each transaction.
        var contents: [[UInt8]] = []
        for round in 0..<3 {
            try store.writer.write { db in
                var packs = ScreenPacks.Writer()
                for index in 0..<60 {
                    let number = round * 60 + index
                    let content = Self.screen(number, length: number == 100 ? 200_000 : 200 + number % 100)
                    let id = try packs.add(db, hash: HashBytes.sha256(content), content: content)
                    #expect(id == Int64(contents.count + 1))
                    contents.append(content)
                }
                try packs.finish(db)
            }
        }
        let (packs, rows) = try store.reader.read { db in
            (try Row.fetchAll(db, sql: "SELECT id, size, lengths FROM screenPack ORDER BY id"),
             try Int64.fetchAll(db, sql: "SELECT id FROM screenVersion ORDER BY id"))
        }
        #expect(rows == Array(1...Int64(contents.count)))
        #expect(packs.count > 3)
        // Each pack starts at the version after the previous pack's last, and its lengths are its
        // versions' lengths, adding up to its size, which is at most a pack's size unless one
        // version alone is larger.
        var next: Int64 = 1
        for pack in packs {
            let id: Int64 = pack[0], size: Int64 = pack[1]
            let lengths = try #require(ScreenPacks.lengths(pack[2]))
            #expect(id == next)
            #expect(lengths == contents[Int(id - 1)..<Int(id - 1) + lengths.count].map(\.count))
            #expect(Int64(lengths.reduce(0, +)) == size)
            #expect(size <= Int64(ScreenPacks.packSize) || lengths.count == 1)
            next = id + Int64(lengths.count)
        }
        #expect(next == Int64(contents.count + 1))
        // Read back by id (in any order), by content, by hash.
        try store.reader.read { db in
            var reader = ScreenPacks.Reader()
            for id in stride(from: contents.count, through: 1, by: -7) {
                #expect(try reader.content(db, id: Int64(id)) == contents[id - 1])
                #expect(try reader.length(db, id: Int64(id)) == contents[id - 1].count)
            }
            let all = try reader.contents(db, ids: Set(1...Int64(contents.count)))
            #expect(all.count == contents.count && all.allSatisfy { contents[Int($0.key - 1)] == $0.value })
            for (index, content) in contents.enumerated() where index % 5 == 0 {
                #expect(try ScreenPacks.versionId(db, hash: HashBytes.sha256(content), content: content, packs: &reader) == Int64(index + 1))
                #expect(try ScreenPacks.version(db, hash: HashBytes.sha256(content), packs: &reader)?.id == Int64(index + 1))
            }
            // Ids that no pack holds.
            var refused = 0
            for id in [Int64(contents.count + 1), 0] {
                do { _ = try reader.content(db, id: id) } catch is DatabaseError { refused += 1 }
            }
            #expect(refused == 2)
        }
        #expect(try store.screenStorageProblems().isEmpty)
        var seen = 0
        try store.forEachScreenVersion { id, prefix, content in
            #expect(content == contents[Int(id - 1)])
            #expect(HashBytes.sha256Hex(content).hasPrefix(prefix))
            seen += 1
        }
        #expect(seen == contents.count)
    }

    @Test func verifyReportsVersionsAndPacksThatDoNotHoldTogether() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try store.writer.write { db in
            var packs = ScreenPacks.Writer()
            for number in 0..<3 {
                let content = Self.screen(number, length: 100)
                _ = try packs.add(db, hash: HashBytes.sha256(content), content: content)
            }
            try packs.finish(db)
        }
        #expect(try store.screenStorageProblems().isEmpty)
        // A row of an id that no pack holds, and a version of the pack left without its row.
        try store.writer.write { db in
            try db.execute(sql: "UPDATE screenVersion SET id = 9 WHERE id = 3")
        }
        #expect(try store.screenStorageProblems() == [
            "screen version 9 lies outside every screen pack", "screen packs hold 3 versions, of which 1 have no row",
        ])
        // Lengths that do not add up to the pack's size.
        try store.writer.write { db in
            try db.execute(sql: "UPDATE screenVersion SET id = 3 WHERE id = 9")
            try db.execute(sql: "UPDATE screenPack SET lengths = ? WHERE id = 1", arguments: [Data([100, 100])])
        }
        #expect(try store.screenStorageProblems().contains("screen pack 1 does not list lengths that add up to its size"))
    }
}

/// Migration 0011 on a schema-0010 store whose version ids have gaps and whose packs are not
/// numbered in the order of their versions (no import writes such a store; the migration takes it
/// all the same): the versions get the ids 1, 2, … in the order of their old ids, and the intervals
/// follow them.
@Suite struct PackDirectoryMigrationTests {
    @Test func versionsAndIntervalsMoveOntoNewIdsInTheOrderOfTheOldOnes() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/store.sqlite"
        let texts = ["A1", "B22", "C333"]
        func prefix(_ text: String) -> Data { HashBytes.sha256(Array(text.utf8)).prefix(4) }  // schema 0010 kept 4 bytes
        do {
            let queue = try DatabaseQueue(path: path)
            try WireframeStore.migrator.migrate(queue, upTo: "0010_screen_hash_prefix")
            try queue.write { db in
                try db.execute(sql: "INSERT INTO project (id, root, createdAt) VALUES (1, ?, 0)", arguments: [folder])
                try db.execute(sql: "INSERT INTO document (id, path, format, createdAt) VALUES (1, 'app.json', 'json', 0)")
                // Pack 9 holds "B22" then "A1"; pack 4 holds "C333".
                for (id, text) in [(9, "B22A1"), (4, "C333")] {
                    try db.execute(
                        sql: "INSERT INTO screenPack (id, size, data) VALUES (?, ?, ?)",
                        arguments: [id, text.utf8.count, Data(try SourceCodec.compress(Array(text.utf8)))])
                }
                for (id, text, pack, start) in [(3, "A1", 9, 3), (8, "B22", 9, 0), (20, "C333", 4, 0)] {
                    try db.execute(
                        sql: "INSERT INTO screenVersion (id, hashPrefix, packId, start, length) VALUES (?, ?, ?, ?, ?)",
                        arguments: [id, prefix(text), pack, start, text.utf8.count])
                }
                for (key, from, until, version) in [("a", 1, 2, 3), ("a", 2, nil, 20), ("b", 1, nil, 8)] as [(String, Int, Int?, Int)] {
                    try db.execute(
                        sql: "INSERT INTO documentScreen (documentId, validFrom, screenKey, validUntil, versionId) VALUES (1, ?, ?, ?, ?)",
                        arguments: [from, key, until, version])
                }
            }
            try queue.close()
        }
        let store = try WireframeStore.open(path: path)
        try store.reader.read { db in
            let versions = try Row.fetchAll(db, sql: "SELECT hashPrefix, id FROM screenVersion ORDER BY id")
            #expect(versions.map { $0[0] as Data } == texts.map { prefix($0).prefix(3) })  // 3 bytes since migration 0012
            #expect(versions.map { $0[1] as Int64 } == [1, 2, 3])
            let intervals = try Row.fetchAll(db, sql: "SELECT screenKey, validFrom, versionId FROM documentScreen ORDER BY screenKey, validFrom")
            #expect(intervals.map { "\($0[0] as String)@\($0[1] as Int64)=\($0[2] as Int64)" } == ["a@1=1", "a@2=3", "b@1=2"])
            let packs = try Row.fetchAll(db, sql: "SELECT id, size, lengths FROM screenPack ORDER BY id")
            #expect(packs.map { [$0[0] as Int64, $0[1] as Int64] } == [[1, 9]])
            #expect(ScreenPacks.lengths(packs[0][2]) == [2, 3, 4])
            var reader = ScreenPacks.Reader()
            for (index, text) in texts.enumerated() { #expect(try reader.content(db, id: Int64(index + 1)) == Array(text.utf8)) }
            #expect(try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").isEmpty)
        }
        #expect(try store.screenStorageProblems().isEmpty)
        #expect(try store.countMismatches().filter { ["screenVersion", "documentScreen"].contains($0.table) }.isEmpty)
    }
}
