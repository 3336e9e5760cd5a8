-- 0009_intervals_by_key: a document's screen intervals keyed by screen key, without the index of
-- the open ones.
--
-- `documentScreen` was keyed `(documentId, validFrom, screenKey)`, and the open intervals (the
-- head's screens) were found, and kept unique per key, through a partial unique index on
-- `(documentId, screenKey)`: the 1,000 open intervals of a 1,000-screen document a second time
-- (20 KB of a 400 KB store). The table is now keyed `(documentId, screenKey, validFrom)`:
-- - the intervals of one key are one range of the key, so an import closes a key's open interval
--   through the table's own key (the index's only other use);
-- - a document's intervals are read in key order (one range of the key per document), so two
--   revisions' screens can be walked side by side without sorting, and a deletion lists its open
--   screens without sorting them;
-- - "at most one open interval per key" is kept by two triggers that refuse an insert or an update
--   that would open a second one (a lookup of one range of the key each), instead of the index.
-- Reading a revision's screens reads the document's intervals, as it did for a recent revision
-- (the old key's range `validFrom <= number` held nearly all of them).
--
-- The table is rebuilt with the same columns in the same order (SQLite's "generalized ALTER TABLE"
-- procedure); its count triggers (0006) are made again. An existing store is vacuumed afterwards.

CREATE TABLE documentScreen_new (
    documentId INTEGER NOT NULL REFERENCES document(id) ON DELETE RESTRICT,
    validFrom INTEGER NOT NULL CHECK (validFrom >= 1),
    screenKey TEXT NOT NULL,
    validUntil INTEGER CHECK (validUntil IS NULL OR validUntil > validFrom),
    versionId INTEGER NOT NULL REFERENCES screenVersion(id) ON DELETE RESTRICT,
    PRIMARY KEY (documentId, screenKey, validFrom)
) WITHOUT ROWID;
INSERT INTO documentScreen_new (documentId, validFrom, screenKey, validUntil, versionId)
SELECT documentId, validFrom, screenKey, validUntil, versionId FROM documentScreen ORDER BY documentId, screenKey, validFrom;
DROP INDEX documentScreen_open;
DROP TABLE documentScreen;
ALTER TABLE documentScreen_new RENAME TO documentScreen;

CREATE TRIGGER documentScreen_counted AFTER INSERT ON documentScreen BEGIN UPDATE tableCount SET count = count + 1 WHERE name = 'documentScreen'; END;
CREATE TRIGGER documentScreen_uncounted AFTER DELETE ON documentScreen BEGIN UPDATE tableCount SET count = count - 1 WHERE name = 'documentScreen'; END;

-- At most one open interval (validUntil NULL) per document and screen key.
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
