import Foundation
import GRDB

extension ScreenPacks {
    /// Migration 0004's Swift step: every screen version of the old table (hash text → JSON) into
    /// packs, in the order the intervals first used them, and every interval into the new table.
    /// It writes the layout of schema 0004 (a version row with its whole hash, pack, start and
    /// length; a pack row of id, size, data), which later migrations (0010, 0011) turn into the
    /// current one.
    static func moveScreens(_ db: Database) throws {
        var writer = Writer0004()
        var ids: [String: Int64] = [:]
        let versions = try Row.fetchCursor(
            db,
            sql: """
                SELECT v.hash, v.content FROM screenVersion v
                LEFT JOIN (SELECT screenHash, MIN(id) AS firstUse FROM documentScreen GROUP BY screenHash) f ON f.screenHash = v.hash
                ORDER BY f.firstUse IS NULL, f.firstUse, v.hash
                """)
        while let row = try versions.next() {
            let text: String = row[0]
            let content: Data = row[1]
            ids[text] = try writer.add(db, hash: HashBytes.stored(text), content: [UInt8](content))
        }
        try writer.finish(db)
        let insert = try db.makeStatement(
            sql: "INSERT INTO documentScreen_new (documentId, validFrom, screenKey, validUntil, versionId) VALUES (?, ?, ?, ?, ?)")
        let intervals = try Row.fetchCursor(db, sql: "SELECT documentId, validFrom, screenKey, validUntil, screenHash FROM documentScreen ORDER BY id")
        while let row = try intervals.next() {
            let text: String = row[4]
            guard let id = ids[text] else {
                throw DatabaseError(resultCode: .SQLITE_CONSTRAINT_FOREIGNKEY, message: "an interval refers to a missing screen version \(text)")
            }
            try insert.execute(arguments: [row[0], row[1], row[2], row[3], id])
        }
    }

    /// The pack writer of schema 0004 to 0010, for migration 0004 alone: versions of
    /// `screenVersion_new` (id, whole hash, pack, start, length) in packs of `screenPack` (id,
    /// size, data), packs numbered 1, 2, … The store starts empty of versions.
    struct Writer0004 {
        private var packId: Int64 = 1
        private var bytes: [UInt8] = []
        private var stored = false
        private var nextVersionId: Int64 = 1
        private var pending: [(id: Int64, hash: Data, start: Int64, length: Int64)] = []

        mutating func add(_ db: Database, hash: Data, content: [UInt8]) throws -> Int64 {
            if !bytes.isEmpty, bytes.count + content.count > ScreenPacks.packSize {
                try flush(db, full: true)
                packId += 1
                bytes = []
                stored = false
            }
            let id = nextVersionId
            nextVersionId += 1
            pending.append((id, hash, Int64(bytes.count), Int64(content.count)))
            bytes += content
            return id
        }

        mutating func finish(_ db: Database) throws {
            try flush(db, full: false)
        }

        private mutating func flush(_ db: Database, full: Bool) throws {
            guard !pending.isEmpty || (full && stored) else { return }
            let data = Data(try SourceCodec.compress(bytes, level: full ? SourceCodec.defaultLevel : SourceCodec.fastLevel))
            if stored {
                try db.cachedStatement(sql: "UPDATE screenPack SET size = ?, data = ? WHERE id = ?").execute(arguments: [bytes.count, data, packId])
            } else {
                try db.cachedStatement(sql: "INSERT INTO screenPack (id, size, data) VALUES (?, ?, ?)").execute(arguments: [packId, bytes.count, data])
                stored = true
            }
            let insert = try db.cachedStatement(sql: "INSERT INTO screenVersion_new (id, hash, packId, start, length) VALUES (?, ?, ?, ?, ?)")
            for version in pending {
                try insert.execute(arguments: [version.id, version.hash, packId, version.start, version.length])
            }
            pending.removeAll()
        }
    }
}
