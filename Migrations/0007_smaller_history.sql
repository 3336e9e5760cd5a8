-- 0007_smaller_history: the first revision of a document keeps no `added` change rows, and
-- revisions share their headers.
--
-- 1. Every screen of a document's first revision (number 1) is `added`, and its screens are its
--    intervals that start at number 1 (`documentScreen` rows with `validFrom = 1`, one range of
--    that table's key). Those change rows repeated the intervals: 1,000 rows and their index
--    entries for a 1,000-screen document. A revision marked `addedFromIntervals` stores only its
--    other changes (a change of the document's own fields, at position 0); its `added` changes
--    are read from its intervals that start at 1, in key order (SQLite's BINARY order, that of
--    the table's key), after the stored ones. An unmarked revision is read as stored.
--
--    Only rows that are exactly what that reading gives are deleted: a first revision is marked
--    when its `added` rows are its last rows, one per interval starting at 1, in key order,
--    without a previous key or fields. A revision whose rows differ from that keeps them all,
--    unmarked.

ALTER TABLE revision ADD COLUMN addedFromIntervals INTEGER NOT NULL DEFAULT 0 CHECK (addedFromIntervals IN (0, 1));

UPDATE revision SET addedFromIntervals = 1
WHERE number = 1 AND isDeletion = 0
    AND (SELECT COUNT(*) FROM change c WHERE c.revisionId = revision.id AND c.kind = 0)
        = (SELECT COUNT(*) FROM documentScreen d WHERE d.documentId = revision.documentId AND d.validFrom = 1)
    AND (SELECT COUNT(*) FROM change c
            JOIN (SELECT screenKey, ROW_NUMBER() OVER (ORDER BY screenKey) - 1 AS rank
                  FROM documentScreen WHERE documentId = revision.documentId AND validFrom = 1) o
                ON o.screenKey = c.screenKey
            WHERE c.revisionId = revision.id AND c.kind = 0 AND c.previousKey IS NULL AND c.fields IS NULL
                AND c.position = o.rank + (SELECT COUNT(*) FROM change n WHERE n.revisionId = revision.id AND n.kind <> 0))
        = (SELECT COUNT(*) FROM documentScreen d WHERE d.documentId = revision.documentId AND d.validFrom = 1);

DELETE FROM change WHERE kind = 0 AND revisionId IN (SELECT id FROM revision WHERE addedFromIntervals = 1);

-- 2. A revision's canonical header (the document without its screens, ~65 bytes of JSON) was
--    stored in every revision although it seldom changes. Headers are now rows of
--    `revisionHeader`, and a revision names its header by id (NULL for a tombstone); an import
--    whose header is its head's names the head's row. Existing headers are stored once each.

CREATE TABLE revisionHeader (
    id INTEGER PRIMARY KEY,
    data BLOB NOT NULL
);
INSERT INTO revisionHeader (data) SELECT header FROM revision WHERE header IS NOT NULL GROUP BY header ORDER BY MIN(id);
-- Only while the revisions are given their header's id (one lookup each).
CREATE UNIQUE INDEX revisionHeader_data ON revisionHeader(data);
ALTER TABLE revision ADD COLUMN headerId INTEGER REFERENCES revisionHeader(id) ON DELETE RESTRICT;
UPDATE revision SET headerId = (SELECT h.id FROM revisionHeader h WHERE h.data = revision.header) WHERE header IS NOT NULL;
DROP INDEX revisionHeader_data;
ALTER TABLE revision DROP COLUMN header;
