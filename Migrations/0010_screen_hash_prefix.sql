-- 0010_screen_hash_prefix: a screen version keeps the first 4 bytes of its SHA-256, not all 32.
--
-- The 32-byte hash of every screen version was the largest column of the store (a 1,000-screen
-- document with 300 versions: ~1,600 versions, 45 KB of the table and its index). A version is
-- found by the first 4 bytes of its hash (the index below, as before), and the match is made exact
-- by its content: an import compares the stored JSON of each candidate with the new screen's bytes,
-- and a lookup by hash compares the candidate's recomputed hash. What shows or compares a whole
-- screen hash (a head's screens, a diff's screens, `wfs verify`) computes it from the JSON, which is
-- what the hash is of; `wfs verify` checks every stored prefix against the recomputed hash.
--
-- The table is rebuilt with the same columns in the same order, `hash` replaced by `hashPrefix`
-- (SQLite's "generalized ALTER TABLE" procedure); its count triggers (0006) are made again. An
-- existing store is vacuumed afterwards.

CREATE TABLE screenVersion_new (
    id INTEGER PRIMARY KEY,
    hashPrefix BLOB NOT NULL CHECK (length(hashPrefix) = 4),
    packId INTEGER NOT NULL REFERENCES screenPack(id) ON DELETE RESTRICT,
    start INTEGER NOT NULL CHECK (start >= 0),
    length INTEGER NOT NULL CHECK (length >= 0)
);
INSERT INTO screenVersion_new (id, hashPrefix, packId, start, length)
SELECT id, substr(hash, 1, 4), packId, start, length FROM screenVersion ORDER BY id;
DROP INDEX screenVersion_hash;
DROP TABLE screenVersion;
ALTER TABLE screenVersion_new RENAME TO screenVersion;
CREATE INDEX screenVersion_hashPrefix ON screenVersion(hashPrefix);

CREATE TRIGGER screenVersion_counted AFTER INSERT ON screenVersion BEGIN UPDATE tableCount SET count = count + 1 WHERE name = 'screenVersion'; END;
CREATE TRIGGER screenVersion_uncounted AFTER DELETE ON screenVersion BEGIN UPDATE tableCount SET count = count - 1 WHERE name = 'screenVersion'; END;
