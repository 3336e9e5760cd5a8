import Foundation
import GRDB

/// Where the canonical JSON of screen versions is kept: packs of consecutive versions put end to
/// end and zlib-compressed together (screens of ~130 bytes compress badly one by one, and well
/// side by side). A version's row says which pack and which bytes of it.
///
/// Writing fills the newest pack up to ``packSize`` bytes of JSON (rewriting it, in the same
/// transaction as the revision that adds the screens), then starts the next one; so a pack is
/// at most ``packSize`` bytes to decompress when a screen is read.
enum ScreenPacks {
    /// The uncompressed size at which a pack is full.
    static let packSize = 16 * 1024

    /// Adds screen versions in one transaction: the newest pack is filled, then new ones.
    struct Writer {
        private var opened = false
        private var packId: Int64 = 1
        private var bytes: [UInt8] = []
        private var stored = false
        private var nextVersionId: Int64 = 1
        private var pending: [ScreenVersionRecord] = []
        private var newIds: [Data: Int64] = [:]
        private let versionTable: String
        private let wholeHash: Bool

        /// A writer that reads the newest pack and version of the store when it is first given a
        /// version (`versionTable` is the versions' table, another name only while migration 0004
        /// builds it, whose table keeps whole hashes: `wholeHash`; since migration 0010 a version
        /// keeps the first ``HashBytes/prefixLength`` bytes).
        init(versionTable: String = "screenVersion", wholeHash: Bool = false) {
            self.versionTable = versionTable
            self.wholeHash = wholeHash
        }

        private mutating func open(_ db: Database) throws {
            opened = true
            nextVersionId = (try Int64.fetchOne(db.cachedStatement(sql: "SELECT MAX(id) FROM \(versionTable)")) ?? 0) + 1
            guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT id, size, data FROM screenPack ORDER BY id DESC LIMIT 1"))
            else { return }
            let id: Int64 = row[0], size: Int64 = row[1]
            if size < Int64(ScreenPacks.packSize) {
                packId = id
                bytes = try ScreenPacks.decompress(row[2], size: size, packId: id)
                stored = true
            } else {
                packId = id + 1
            }
        }

        /// The id this writer gave a new version with this hash, if it did.
        func addedId(hash: Data) -> Int64? { newIds[hash] }

        /// The id of a new version with these bytes (the caller found no stored one with its hash);
        /// the same id again for the same hash within this writer.
        mutating func add(_ db: Database, hash: Data, content: [UInt8]) throws -> Int64 {
            if let id = newIds[hash] { return id }
            if !opened { try open(db) }
            if !bytes.isEmpty, bytes.count + content.count > ScreenPacks.packSize {
                try flush(db, full: true)
                packId += 1
                bytes = []
                stored = false
            }
            let id = nextVersionId
            nextVersionId += 1
            pending.append(
                ScreenVersionRecord(
                    id: id, hashPrefix: wholeHash ? hash : HashBytes.prefix(hash), packId: packId, start: Int64(bytes.count),
                    length: Int64(content.count)))
            bytes += content
            newIds[hash] = id
            return id
        }

        /// Writes the pack being filled and the versions added to it.
        mutating func finish(_ db: Database) throws {
            try flush(db, full: false)
        }

        /// Writes the pack: a pack that is still being filled is compressed fast (zlib level 1:
        /// it is written again by the next import that adds screens, so each import pays for it),
        /// a full one at zlib's default level, once, when the next screen does not fit (also when
        /// that import adds nothing else to it, so that no full pack keeps the fast compression).
        private mutating func flush(_ db: Database, full: Bool) throws {
            guard !pending.isEmpty || (full && stored) else { return }
            let data = Data(try SourceCodec.compress(bytes, level: full ? SourceCodec.defaultLevel : SourceCodec.fastLevel))
            if stored {
                try db.cachedStatement(sql: "UPDATE screenPack SET size = ?, data = ? WHERE id = ?").execute(arguments: [bytes.count, data, packId])
            } else {
                try db.cachedStatement(sql: "INSERT INTO screenPack (id, size, data) VALUES (?, ?, ?)").execute(arguments: [packId, bytes.count, data])
                stored = true
            }
            let insert = try db.cachedStatement(
                sql: "INSERT INTO \(versionTable) (id, \(wholeHash ? "hash" : "hashPrefix"), packId, start, length) VALUES (?, ?, ?, ?, ?)")
            for version in pending {
                try insert.execute(arguments: [version.id, version.hashPrefix, version.packId, version.start, version.length])
            }
            pending.removeAll()
        }
    }

    /// The id of the stored version with this content (whose hash is `hash`), if any: the
    /// versions whose hash begins as this one does (migration 0010), of which the one whose
    /// stored JSON is these bytes. A candidate's pack is read only when a prefix matches.
    static func versionId(_ db: Database, hash: Data, content: [UInt8], packs: inout Reader) throws -> Int64? {
        let candidates = try Row.fetchAll(
            db.cachedStatement(sql: "SELECT id, packId, start, length FROM screenVersion WHERE hashPrefix = ?"),
            arguments: [HashBytes.prefix(hash)])
        for row in candidates where (row[3] as Int64) == Int64(content.count) {
            if try packs.content(db, packId: row[1], start: row[2], length: row[3]) == content { return row[0] }
        }
        return nil
    }

    /// The id and JSON of the stored version with this hash, if any: the versions whose hash
    /// begins as this one does, of which the one whose JSON hashes to it.
    static func version(_ db: Database, hash: Data, packs: inout Reader) throws -> (id: Int64, content: [UInt8])? {
        let candidates = try Row.fetchAll(
            db.cachedStatement(sql: "SELECT id, packId, start, length FROM screenVersion WHERE hashPrefix = ?"),
            arguments: [HashBytes.prefix(hash)])
        for row in candidates {
            let content = try packs.content(db, packId: row[1], start: row[2], length: row[3])
            if HashBytes.sha256(content) == hash { return (row[0], content) }
        }
        return nil
    }

    /// Reads screen JSON out of packs, decompressing each pack once per reader.
    struct Reader {
        private var packs: [Int64: [UInt8]] = [:]

        init() {}

        /// The bytes of a version stored at `start..<start+length` of a pack.
        mutating func content(_ db: Database, packId: Int64, start: Int64, length: Int64) throws -> [UInt8] {
            let pack: [UInt8]
            // A pack read before this transaction's writer filled it further is read again.
            if let cached = packs[packId], start + length <= Int64(cached.count) {
                pack = cached
            } else {
                guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT size, data FROM screenPack WHERE id = ?"), arguments: [packId]) else {
                    throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "screen pack \(packId) is missing")
                }
                pack = try ScreenPacks.decompress(row[1], size: row[0], packId: packId)
                packs[packId] = pack
            }
            guard start >= 0, length >= 0, start + length <= Int64(pack.count) else {
                throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "a screen version lies outside screen pack \(packId)")
            }
            return Array(pack[Int(start)..<Int(start + length)])
        }

        /// Integers as the text of a JSON array (`[1,2,3]`), their digits written into one buffer.
        static func jsonList(_ values: [Int64]) -> String {
            var bytes: [UInt8] = [UInt8(ascii: "[")]
            bytes.reserveCapacity(values.count * 6 + 2)
            var digits: [UInt8] = Array(repeating: 0, count: 20)
            for (index, value) in values.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                if value < 0 { bytes.append(UInt8(ascii: "-")) }
                var rest = value.magnitude
                var count = 0
                repeat {
                    digits[count] = UInt8(ascii: "0") &+ UInt8(rest % 10)
                    rest /= 10
                    count += 1
                } while rest > 0
                for position in stride(from: count - 1, through: 0, by: -1) { bytes.append(digits[position]) }
            }
            bytes.append(UInt8(ascii: "]"))
            return String(decoding: bytes, as: UTF8.self)
        }

        /// The bytes of versions by id, in one query.
        mutating func contents(_ db: Database, ids: Set<Int64>) throws -> [Int64: [UInt8]] {
            guard !ids.isEmpty else { return [:] }
            let rows = try Row.fetchCursor(
                db.cachedStatement(sql: "SELECT id, packId, start, length FROM screenVersion WHERE id IN (SELECT value FROM json_each(?))"),
                arguments: [Self.jsonList(ids.sorted())])
            var result: [Int64: [UInt8]] = Dictionary(minimumCapacity: ids.count)
            while let row = try rows.next() { result[row[0]] = try content(db, packId: row[1], start: row[2], length: row[3]) }
            return result
        }

        /// The hash and bytes of versions by id, in one query; the hash is computed from the bytes
        /// (a version keeps only its first bytes, migration 0010).
        mutating func versions(_ db: Database, ids: Set<Int64>) throws -> [Int64: (hash: String, content: [UInt8])] {
            guard !ids.isEmpty else { return [:] }
            // The ids go in as one JSON array: one statement, prepared once, whatever their number
            // (written into the SQL as a list, the statement took longer to prepare than to run).
            let list = Self.jsonList(ids.sorted())
            let rows = try Row.fetchCursor(
                db.cachedStatement(sql: "SELECT id, packId, start, length FROM screenVersion WHERE id IN (SELECT value FROM json_each(?))"),
                arguments: [list])
            var result: [Int64: (hash: String, content: [UInt8])] = Dictionary(minimumCapacity: ids.count)
            while let row = try rows.next() {
                let bytes = try content(db, packId: row[1], start: row[2], length: row[3])
                result[row[0]] = (HashBytes.sha256Hex(bytes), bytes)
            }
            return result
        }
    }

    static func decompress(_ data: Data?, size: Int64, packId: Int64) throws -> [UInt8] {
        guard let data, size >= 0 else {
            throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "screen pack \(packId) has no data")
        }
        do {
            return try SourceCodec.decompress([UInt8](data), size: Int(size))
        } catch {
            throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "screen pack \(packId) cannot be decompressed: \(error)")
        }
    }

    /// Migration 0004's Swift step: every screen version of the old table (hash text → JSON) into
    /// packs, in the order the intervals first used them, and every interval into the new table.
    static func moveScreens(_ db: Database) throws {
        var writer = Writer(versionTable: "screenVersion_new", wholeHash: true)
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
}
