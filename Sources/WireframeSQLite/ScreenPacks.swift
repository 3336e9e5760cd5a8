import CZlib
import Foundation
import GRDB

/// Where the canonical JSON of screen versions is kept: packs of consecutive versions put end to
/// end and zlib-compressed together (screens of ~130 bytes compress badly one by one, and well
/// side by side).
///
/// A pack is also the directory of its versions: its id is the id of its
/// first version, the versions it holds have the ids that follow, and its `lengths` column lists
/// their lengths (varints), so a version's pack, start and length follow from its id. The
/// `screenVersion` table keeps only what finds a version by content: the first bytes of its hash
/// and its id, keyed by both (`WITHOUT ROWID`).
///
/// Writing fills the newest pack up to ``packSize`` bytes of JSON (rewriting it, in the same
/// transaction as the revision that adds the screens), then starts the next one; so a pack is
/// at most ``packSize`` bytes to decompress when a screen is read.
enum ScreenPacks {
    /// The uncompressed size at which a pack is full.
    static let packSize = 16 * 1024

    /// The lengths of a pack's versions, from its `lengths` column; nil when they are not a list
    /// of varints.
    static func lengths(_ data: Data) -> [Int]? {
        var result: [Int] = []
        var index = data.startIndex
        while index < data.endIndex {
            guard let length = Varint.read(data, at: &index) else { return nil }
            result.append(length)
        }
        return result
    }

    /// Adds screen versions in one transaction: the newest pack is filled, then new ones.
    struct Writer {
        /// Whether a pack that is still being filled is compressed; false inside a batch, whose
        /// writes rewrite the same pack one after another and whose commit compresses it once
        /// (``compressNewest(_:)``).
        private let compressing: Bool
        private var opened = false
        /// The id of the pack being filled: the id of its first version.
        private var packId: Int64 = 1
        private var bytes: [UInt8] = []
        private var lengths: [UInt8] = []
        private var stored = false
        private var nextVersionId: Int64 = 1
        private var pending: [(prefix: Data, id: Int64)] = []
        private var newIds: [Data: Int64] = [:]

        /// A writer that reads the newest pack of the store when it is first given a version.
        init(compressing: Bool = true) {
            self.compressing = compressing
        }

        private mutating func open(_ db: Database) throws {
            opened = true
            guard
                let row = try Row.fetchOne(
                    db.cachedStatement(sql: "SELECT id, size, lengths, data FROM screenPack ORDER BY id DESC LIMIT 1"))
            else { return }
            let id: Int64 = row[0]
            let size: Int64 = row[1]
            guard let lengths = ScreenPacks.lengths(row[2]) else {
                throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "screen pack \(id) has no list of lengths")
            }
            nextVersionId = id + Int64(lengths.count)
            if size < Int64(ScreenPacks.packSize) {
                packId = id
                bytes = try ScreenPacks.decompress(row[3], size: size, packId: id)
                self.lengths = [UInt8](row[2] as Data)
                stored = true
            } else {
                packId = nextVersionId
            }
        }

        /// The id this writer gave a new version with this hash, if it did.
        func addedId(hash: Data) -> Int64? { newIds[hash] }

        /// The id of a new version with these bytes (the caller found no stored one with its hash);
        /// the same id again for the same hash within this writer.
        mutating func add(_ db: Database, hash: Data, content: [UInt8]) throws -> Int64 {
            if let id = newIds[hash] { return id }
            let id = try add(db, prefix: HashBytes.prefix(hash), content: content)
            newIds[hash] = id
            return id
        }

        /// The id of a new version with these bytes and this hash prefix.
        mutating func add(_ db: Database, prefix: Data, content: [UInt8]) throws -> Int64 {
            if !opened { try open(db) }
            if !bytes.isEmpty, bytes.count + content.count > ScreenPacks.packSize {
                try flush(db, full: true)
                packId = nextVersionId
                bytes = []
                lengths = []
                stored = false
            }
            let id = nextVersionId
            nextVersionId += 1
            pending.append((prefix, id))
            bytes += content
            Varint.append(content.count, to: &lengths)
            return id
        }

        /// Writes the pack being filled and the versions added to it.
        mutating func finish(_ db: Database) throws {
            try flush(db, full: false)
        }

        /// Writes the pack: a pack that is still being filled is compressed fast (zlib level 1:
        /// it is written again by the next import that adds screens, so each import pays for it),
        /// or not at all inside a batch, a full one at zlib's default level, once, when the next
        /// screen does not fit (also when that import adds nothing else to it, so that no full
        /// pack keeps the fast compression).
        private mutating func flush(_ db: Database, full: Bool) throws {
            guard !pending.isEmpty || (full && stored) else { return }
            let level = full ? SourceCodec.defaultLevel : compressing ? SourceCodec.fastLevel : Z_NO_COMPRESSION
            let data = Data(try SourceCodec.compress(bytes, level: level))
            if stored {
                try db.cachedStatement(sql: "UPDATE screenPack SET size = ?, lengths = ?, data = ? WHERE id = ?")
                    .execute(arguments: [bytes.count, Data(lengths), data, packId])
            } else {
                try db.cachedStatement(sql: "INSERT INTO screenPack (id, size, lengths, data) VALUES (?, ?, ?, ?)")
                    .execute(arguments: [packId, bytes.count, Data(lengths), data])
                stored = true
            }
            let insert = try db.cachedStatement(sql: "INSERT INTO screenVersion (hashPrefix, id) VALUES (?, ?)")
            for version in pending {
                try insert.execute(arguments: [version.prefix, version.id])
            }
            pending.removeAll()
        }
    }

    /// Compresses the newest pack at zlib level 1 when a batch's writes left it stored as it is
    /// (zlib's stored blocks make it a few bytes longer than its JSON); a pack that is full or
    /// compressed already is left alone.
    static func compressNewest(_ db: Database) throws {
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT id, size, length(data) FROM screenPack ORDER BY id DESC LIMIT 1"))
        else { return }
        let id: Int64 = row[0]
        let size: Int64 = row[1]
        let length: Int64 = row[2]
        guard size < Int64(packSize), length > size else { return }
        guard let data = try Data.fetchOne(db.cachedStatement(sql: "SELECT data FROM screenPack WHERE id = ?"), arguments: [id]) else {
            return
        }
        let bytes = try decompress(data, size: size, packId: id)
        try db.cachedStatement(sql: "UPDATE screenPack SET data = ? WHERE id = ?")
            .execute(arguments: [Data(try SourceCodec.compress(bytes, level: SourceCodec.fastLevel)), id])
    }

    /// The id of the stored version with this content (whose hash is `hash`), if any: the
    /// versions whose hash begins as this one does, of which the one whose
    /// stored JSON is these bytes. A candidate's pack is inflated only when a prefix matches and
    /// the length (from the pack's list) is the content's.
    static func versionId(_ db: Database, hash: Data, content: [UInt8], packs: inout Reader) throws -> Int64? {
        let candidates = try Int64.fetchAll(
            db.cachedStatement(sql: "SELECT id FROM screenVersion WHERE hashPrefix = ?"), arguments: [HashBytes.prefix(hash)])
        for id in candidates where try packs.length(db, id: id) == content.count {
            if try packs.content(db, id: id) == content { return id }
        }
        return nil
    }

    /// The id and JSON of the stored version with this hash, if any: the versions whose hash
    /// begins as this one does, of which the one whose JSON hashes to it.
    static func version(_ db: Database, hash: Data, packs: inout Reader) throws -> (id: Int64, content: [UInt8])? {
        let candidates = try Int64.fetchAll(
            db.cachedStatement(sql: "SELECT id FROM screenVersion WHERE hashPrefix = ?"), arguments: [HashBytes.prefix(hash)])
        for id in candidates {
            let content = try packs.content(db, id: id)
            if HashBytes.sha256(content) == hash { return (id, content) }
        }
        return nil
    }

    /// One pack as read: its first version's id, where each version starts (one more entry than
    /// versions: the last is the pack's size), and its JSON, inflated when first needed.
    struct Pack {
        let id: Int64
        let offsets: [Int]
        let compressed: Data
        var bytes: [UInt8]?

        var count: Int { offsets.count - 1 }
        func holds(_ versionId: Int64) -> Bool { versionId >= id && versionId - id < Int64(count) }

        /// A pack's row (id, size, lengths, data) checked: its lengths add up to its size.
        init(id: Int64, size: Int64, lengths: Data, data: Data) throws {
            guard let lengths = ScreenPacks.lengths(lengths), size >= 0 else {
                throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "screen pack \(id) has no list of lengths")
            }
            var offsets = [0]
            offsets.reserveCapacity(lengths.count + 1)
            for length in lengths { offsets.append(offsets[offsets.count - 1] + length) }
            guard offsets[offsets.count - 1] == size else {
                throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "the lengths of screen pack \(id) do not add up to its size")
            }
            self.id = id
            self.offsets = offsets
            self.compressed = data
        }
    }

    /// Reads screen JSON out of packs, decompressing each pack once per reader.
    struct Reader {
        private var packs: [Pack] = []
        private var last = -1

        init() {}

        /// The index in `packs` of the pack that holds a version, read from the store when no pack
        /// read so far holds it (a pack this transaction's writer filled further is read again).
        private mutating func packIndex(_ db: Database, id: Int64) throws -> Int {
            try packIndex(id: id) { id in
                guard
                    let row = try Row.fetchOne(
                        db.cachedStatement(sql: "SELECT id, size, lengths, data FROM screenPack WHERE id <= ? ORDER BY id DESC LIMIT 1"),
                        arguments: [id]),
                    let lengths = row[2] as Data?, let data = row[3] as Data?
                else { return nil }
                return try Pack(id: row[0], size: row[1], lengths: lengths, data: data)
            }
        }

        /// ``packIndex(_:id:)`` with the pack row read by `fetch` (the newest pack whose id is at
        /// most the version's; nil when there is none).
        private mutating func packIndex(id: Int64, fetch: (Int64) throws -> Pack?) throws -> Int {
            if last >= 0, packs[last].holds(id) { return last }
            if let index = packs.lastIndex(where: { $0.holds(id) }) {
                last = index
                return index
            }
            guard let pack = try fetch(id), pack.holds(id) else {
                throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "screen version \(id) is in no screen pack")
            }
            packs.append(pack)
            last = packs.count - 1
            return last
        }

        /// The length of a version's JSON, from its pack's list (the pack is not inflated).
        mutating func length(_ db: Database, id: Int64) throws -> Int {
            let pack = packs[try packIndex(db, id: id)]
            let slot = Int(id - pack.id)
            return pack.offsets[slot + 1] - pack.offsets[slot]
        }

        /// The bytes of a version.
        mutating func content(_ db: Database, id: Int64) throws -> [UInt8] {
            try content(index: try packIndex(db, id: id), id: id)
        }

        /// The bytes of a version, its pack's row read by `pack` (see ``packIndex(id:fetch:)``).
        mutating func content(id: Int64, pack fetch: (Int64) throws -> Pack?) throws -> [UInt8] {
            try content(index: try packIndex(id: id, fetch: fetch), id: id)
        }

        private mutating func content(index: Int, id: Int64) throws -> [UInt8] {
            if packs[index].bytes == nil {
                let pack = packs[index]
                packs[index].bytes = try ScreenPacks.decompress(pack.compressed, size: Int64(pack.offsets[pack.count]), packId: pack.id)
            }
            let pack = packs[index]
            let slot = Int(id - pack.id)
            guard let bytes = pack.bytes else { return [] }
            return Array(bytes[pack.offsets[slot]..<pack.offsets[slot + 1]])
        }

        /// The bytes of versions by id.
        mutating func contents(_ db: Database, ids: Set<Int64>) throws -> [Int64: [UInt8]] {
            var result: [Int64: [UInt8]] = Dictionary(minimumCapacity: ids.count)
            for id in ids.sorted() { result[id] = try content(db, id: id) }
            return result
        }

        /// The hash and bytes of versions by id; the hash is computed from the bytes (a version
        /// keeps only its first bytes).
        mutating func versions(_ db: Database, ids: Set<Int64>) throws -> [Int64: (hash: String, content: [UInt8])] {
            var result: [Int64: (hash: String, content: [UInt8])] = Dictionary(minimumCapacity: ids.count)
            for id in ids.sorted() {
                let bytes = try content(db, id: id)
                result[id] = (HashBytes.sha256Hex(bytes), bytes)
            }
            return result
        }
    }

    /// Where each version of a pack starts, from its `lengths` column's bytes, into `offsets`
    /// (one more entry than versions: the last is the pack's size); false when they are not a
    /// list of varints.
    static func offsets(lengths: UnsafeRawBufferPointer, into offsets: inout [Int]) -> Bool {
        offsets.removeAll(keepingCapacity: true)
        offsets.append(0)
        var index = 0
        var end = 0
        while index < lengths.count {
            guard let length = Varint.read(lengths, at: &index) else { return false }
            end += length
            offsets.append(end)
        }
        return true
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
}
