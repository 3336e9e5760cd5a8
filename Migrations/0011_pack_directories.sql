-- 0011_pack_directories: a screen pack is the directory of its versions; a version row keeps only
-- what finds it by content.
--
-- A version's row was its id, the first 4 bytes of its hash, its pack, start and length, and the
-- prefix had an index of its own (a 1,000-screen document with 300 versions: ~1,600 versions,
-- 32 KB of table and 22 KB of index). Versions are written into packs in id order, so a pack now
-- takes the id of its first version, holds the versions whose ids follow, and lists their
-- lengths (`lengths`, varints): a version's pack is the pack with the greatest id not above its
-- own, its start and length follow from the list. `screenVersion` keeps the prefix and the id,
-- keyed by both (`WITHOUT ROWID`): one tree, found by prefix as before. The intervals keep their
-- version ids; `documentScreen` is rebuilt without its foreign key on `screenVersion(id)`, which
-- is no longer a key (`wfs verify` reads every interval's version).
--
-- Between the two parts, at the line `-- wfs:move-packs`, Swift code (`ScreenPacks.movePacks`)
-- writes every version, in id order, into the new packs and every interval into the new table.

CREATE TABLE screenPack_new (
    id INTEGER PRIMARY KEY,
    size INTEGER NOT NULL CHECK (size >= 0),
    lengths BLOB NOT NULL,
    data BLOB NOT NULL
);
CREATE TABLE screenVersion_new (
    hashPrefix BLOB NOT NULL CHECK (length(hashPrefix) = 4),
    id INTEGER NOT NULL CHECK (id >= 1),
    PRIMARY KEY (hashPrefix, id)
) WITHOUT ROWID;
CREATE TABLE documentScreen_new (
    documentId INTEGER NOT NULL REFERENCES document(id) ON DELETE RESTRICT,
    validFrom INTEGER NOT NULL CHECK (validFrom >= 1),
    screenKey TEXT NOT NULL,
    validUntil INTEGER CHECK (validUntil IS NULL OR validUntil > validFrom),
    versionId INTEGER NOT NULL CHECK (versionId >= 1),
    PRIMARY KEY (documentId, screenKey, validFrom)
) WITHOUT ROWID;

-- wfs:move-packs

DROP TABLE documentScreen;
DROP TABLE screenVersion;
DROP TABLE screenPack;
ALTER TABLE screenPack_new RENAME TO screenPack;
ALTER TABLE screenVersion_new RENAME TO screenVersion;
ALTER TABLE documentScreen_new RENAME TO documentScreen;

CREATE TRIGGER screenVersion_counted AFTER INSERT ON screenVersion BEGIN UPDATE tableCount SET count = count + 1 WHERE name = 'screenVersion'; END;
CREATE TRIGGER screenVersion_uncounted AFTER DELETE ON screenVersion BEGIN UPDATE tableCount SET count = count - 1 WHERE name = 'screenVersion'; END;
CREATE TRIGGER documentScreen_counted AFTER INSERT ON documentScreen BEGIN UPDATE tableCount SET count = count + 1 WHERE name = 'documentScreen'; END;
CREATE TRIGGER documentScreen_uncounted AFTER DELETE ON documentScreen BEGIN UPDATE tableCount SET count = count - 1 WHERE name = 'documentScreen'; END;
CREATE TRIGGER documentScreen_oneOpenInserted BEFORE INSERT ON documentScreen WHEN NEW.validUntil IS NULL BEGIN
    SELECT RAISE(ABORT, 'documentScreen: a second open interval for one screen key')
    WHERE EXISTS (SELECT 1 FROM documentScreen WHERE documentId = NEW.documentId AND screenKey = NEW.screenKey AND validUntil IS NULL);
END;
CREATE TRIGGER documentScreen_oneOpenUpdated BEFORE UPDATE OF documentId, screenKey, validFrom, validUntil ON documentScreen
WHEN NEW.validUntil IS NULL BEGIN
    SELECT RAISE(ABORT, 'documentScreen: a second open interval for one screen key')
    WHERE EXISTS (SELECT 1 FROM documentScreen WHERE documentId = NEW.documentId AND screenKey = NEW.screenKey AND validUntil IS NULL
        AND NOT (documentId = OLD.documentId AND screenKey = OLD.screenKey AND validFrom = OLD.validFrom));
END;
