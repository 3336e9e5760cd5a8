import Foundation
import GRDB
import Testing
import WireframeModel
@testable import WireframeSQLite
import WireframeStore

/// Migration 0010: a screen version keeps the first 4 bytes of its hash; content addressing stays
/// exact (a match of the prefix is confirmed by the content), and every hash the store hands back
/// is the whole SHA-256 of the screen's JSON.
@Suite struct ScreenHashPrefixTests {
    @Test func versionsThatShareAPrefixAreToldApartByTheirContent() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = Array("A1".utf8)
        let second = Array("B1".utf8)
        let firstHash = HashBytes.sha256(first)
        // Another hash with the same first 4 bytes (no SHA-256 of a short text is known to share
        // them; the store takes the hash its caller gives, so a made-up one shows the collision).
        var otherHash = firstHash
        otherHash[otherHash.startIndex + 31] ^= 0x01
        try store.writer.write { db in
            var packs = ScreenPacks.Writer()
            let firstId = try packs.add(db, hash: firstHash, content: first)
            let otherId = try packs.add(db, hash: otherHash, content: second)
            try packs.finish(db)
            #expect(firstId != otherId)
            let prefixes = try Data.fetchAll(db, sql: "SELECT hashPrefix FROM screenVersion ORDER BY id")
            #expect(prefixes == [Data(firstHash.prefix(3)), Data(firstHash.prefix(3))])  // 3 bytes since migration 0012
            var reader = ScreenPacks.Reader()
            #expect(try ScreenPacks.versionId(db, hash: firstHash, content: first, packs: &reader) == firstId)
            #expect(try ScreenPacks.versionId(db, hash: otherHash, content: second, packs: &reader) == otherId)
            // Same prefix, other bytes: no stored version.
            #expect(try ScreenPacks.versionId(db, hash: firstHash, content: Array("A2".utf8), packs: &reader) == nil)
            // By hash: the candidate whose JSON hashes to it, and none for a hash no JSON has.
            #expect(try ScreenPacks.version(db, hash: firstHash, packs: &reader)?.id == firstId)
            #expect(try ScreenPacks.version(db, hash: otherHash, packs: &reader) == nil)
        }
        #expect(try store.screenStorageProblems().isEmpty)
        #expect(try store.screenContents([HashBytes.hex(firstHash), HashBytes.hex(otherHash)]) == [HashBytes.hex(firstHash): first])

        // The same content stored twice (which an import never does) is reported.
        try store.writer.write { db in
            var packs = ScreenPacks.Writer()
            _ = try packs.add(db, prefix: HashBytes.prefix(firstHash), content: first)
            try packs.finish(db)
        }
        #expect(try store.screenStorageProblems() == ["screen version \(HashBytes.hex(firstHash)) is stored more than once"])
    }

    @Test func importsShareVersionsByContentAndHandBackWholeHashes() throws {
        let (store, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try #require(
            try store.recordImport(newRevision(screens: [("a", "A1"), ("b", "B1")], expectedHead: nil, at: .at(0))).revision)
        let second = try #require(
            try store.recordImport(newRevision(screens: [("a", "A2"), ("b", "B1")], expectedHead: first.id, at: .at(1))).revision)
        // "a" comes back to its first content: its first version again, found by prefix and content.
        let third = try #require(
            try store.recordImport(newRevision(screens: [("a", "A1"), ("b", "B1"), ("c", "A2")], expectedHead: second.id, at: .at(2)))
                .revision)
        #expect(try store.counts()["screenVersion"] == 3)
        let versions = try store.reader.read { db in
            try Row.fetchAll(db, sql: "SELECT screenKey, validFrom, versionId FROM documentScreen ORDER BY screenKey, validFrom")
        }
        #expect(versions.map { "\($0[0] as String)@\($0[1] as Int64)=\($0[2] as Int64)" } == ["a@1=1", "a@2=3", "a@3=1", "b@1=2", "c@3=3"])
        #expect(try store.screenHashes(revisionId: third.id) == ["a": hash("A1"), "b": hash("B1"), "c": hash("A2")])
        let head = try #require(try store.headState(documentPath: "app.json"))
        #expect(head.screenHashes == ["a": hash("A1"), "b": hash("B1"), "c": hash("A2")])
        let comparison = try store.screenComparison(oldId: first.id, newId: third.id)
        #expect(comparison.keys == ["a", "b", "c"])
        #expect(comparison.oldScreenVersions.isEmpty && comparison.newScreenVersions == ["c": "#3"])
        #expect(comparison.contents == ["#3": Array("A2".utf8)])
        var seen: [String] = []
        try store.forEachScreenVersion { id, prefix, content in
            seen.append("\(id) \(prefix) \(String(decoding: content, as: UTF8.self))")
            #expect(hash(String(decoding: content, as: UTF8.self)).hasPrefix(prefix) && prefix.count == 6)
        }
        #expect(seen.count == 3)
    }
}
