-- 0005_compact_changes: the changes of a revision as one range of their table, and no copy of a
-- stored revision's hash in its import attempt.
--
-- - `change` is keyed (WITHOUT ROWID) by revision and position within the revision (0, 1, …, in
--   the order the import recorded them), so the changes of a revision are one range of the
--   table's key and the separate `change(revisionId)` index is gone. The kind is a small integer
--   (0 added, 1 removed, 2 modified, 3 renamed, 4 document); a change with no fields has NULL
--   instead of '[]'. The indexes on the screen key and the previous key stay, for `log --screen`.
-- - The import attempt of a stored revision no longer keeps the content hash: it is the hash of
--   that revision (`revision.contentHash`, through `importAttempt.revisionId`). Attempts that
--   stored nothing (unchanged, rejected, failed) keep theirs.
--
-- The table is rebuilt as SQLite's "generalized ALTER TABLE" procedure says (the migrator turns
-- foreign keys off and checks them before it commits). An existing store is vacuumed afterwards.

CREATE TABLE change_new (
    revisionId INTEGER NOT NULL REFERENCES revision(id) ON DELETE CASCADE,
    position INTEGER NOT NULL CHECK (position >= 0),
    screenKey TEXT,
    previousKey TEXT,
    kind INTEGER NOT NULL CHECK (kind BETWEEN 0 AND 4),
    -- JSON array of {"field", "old", "new"}; NULL when no field is listed.
    fields TEXT CHECK (fields IS NULL OR (json_valid(fields) AND fields <> '[]')),
    PRIMARY KEY (revisionId, position),
    CHECK ((kind = 4) = (screenKey IS NULL))
) WITHOUT ROWID;
INSERT INTO change_new (revisionId, position, screenKey, previousKey, kind, fields)
SELECT revisionId, ROW_NUMBER() OVER (PARTITION BY revisionId ORDER BY id) - 1, screenKey, previousKey,
    CASE kind WHEN 'added' THEN 0 WHEN 'removed' THEN 1 WHEN 'modified' THEN 2 WHEN 'renamed' THEN 3 ELSE 4 END,
    NULLIF(fields, '[]')
FROM change;
DROP TABLE change;
ALTER TABLE change_new RENAME TO change;
CREATE INDEX change_screen ON change(screenKey) WHERE screenKey IS NOT NULL;
CREATE INDEX change_previousKey ON change(previousKey) WHERE previousKey IS NOT NULL;

UPDATE importAttempt SET contentHash = NULL WHERE outcome = 'stored';
