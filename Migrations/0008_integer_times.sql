-- 0008_integer_times: times as integers, the import attempt of a stored revision in the
-- revision's row, a shorter hash index, change fields without key names.
--
-- 1. Every time (`project.createdAt`, `session.startedAt` and `endedAt`, `document.createdAt`,
--    `revision.createdAt`, `importAttempt.startedAt`) was 27 characters of UTC text,
--    `YYYY-MM-DDTHH:MM:SS.ffffffZ`, in its row and in each index on it. It is now the integer
--    number of microseconds since 1970-01-01T00:00:00Z (8 bytes; the same order). A text is
--    converted only when it is exactly what the program writes (the pattern, and a number that
--    reads back as the same date and time: '2026-02-30' does not), else the conversion gives
--    NULL and the migration fails on the column's NOT NULL: nothing is stored wrong.
-- 2. The import attempt that stored a revision (outcome `stored`, or `deleted` for a tombstone)
--    was a row of `importAttempt` with the revision's path, author and origin, and two index
--    entries. It is now two integers of the revision's row: `attemptLead`, the microseconds from
--    the attempt's start to the revision's `createdAt` (so the start is `createdAt - attemptLead`),
--    and `attemptDuration`. An attempt is moved only when that gives it back exactly: the only one
--    of its revision, with the outcome of the revision's kind, the document's path, the revision's
--    author and origin, no content hash and no diagnostics, started no later than the revision's
--    time. Any other attempt stays a row. `tableCount` keeps counting every attempt.
-- 3. The hash-prefix index of `screenVersion` on 4 bytes instead of 8 (below).
-- 4. Change fields as `[field, old, new]` arrays instead of objects (below).
--
-- The five tables are rebuilt (SQLite's "generalized ALTER TABLE" procedure: the migrator turns
-- foreign keys off and checks them before it commits); their indexes and count triggers are made
-- again. An existing store is vacuumed afterwards.

CREATE TABLE project_new (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    root TEXT NOT NULL CHECK (root <> ''),
    createdAt INTEGER NOT NULL
);
INSERT INTO project_new (id, root, createdAt) SELECT id, root, CASE WHEN createdAt GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9].[0-9][0-9][0-9][0-9][0-9][0-9]Z' AND strftime('%Y-%m-%dT%H:%M:%S', CAST(strftime('%s', substr(createdAt, 1, 19)) AS INTEGER), 'unixepoch') = substr(createdAt, 1, 19)
        THEN CAST(strftime('%s', substr(createdAt, 1, 19)) AS INTEGER) * 1000000 + CAST(substr(createdAt, 21, 6) AS INTEGER) END FROM project;
DROP TABLE project;
ALTER TABLE project_new RENAME TO project;

CREATE TABLE session_new (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE CHECK (name <> ''),
    notes TEXT,
    startedAt INTEGER NOT NULL,
    endedAt INTEGER CHECK (endedAt IS NULL OR (typeof(endedAt) = 'integer' AND endedAt >= startedAt))
);
INSERT INTO session_new (id, name, notes, startedAt, endedAt)
SELECT id, name, notes, CASE WHEN startedAt GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9].[0-9][0-9][0-9][0-9][0-9][0-9]Z' AND strftime('%Y-%m-%dT%H:%M:%S', CAST(strftime('%s', substr(startedAt, 1, 19)) AS INTEGER), 'unixepoch') = substr(startedAt, 1, 19)
        THEN CAST(strftime('%s', substr(startedAt, 1, 19)) AS INTEGER) * 1000000 + CAST(substr(startedAt, 21, 6) AS INTEGER) END,
    CASE WHEN endedAt IS NULL THEN NULL ELSE coalesce(CASE WHEN endedAt GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9].[0-9][0-9][0-9][0-9][0-9][0-9]Z' AND strftime('%Y-%m-%dT%H:%M:%S', CAST(strftime('%s', substr(endedAt, 1, 19)) AS INTEGER), 'unixepoch') = substr(endedAt, 1, 19)
        THEN CAST(strftime('%s', substr(endedAt, 1, 19)) AS INTEGER) * 1000000 + CAST(substr(endedAt, 21, 6) AS INTEGER) END, 'invalid') END
FROM session;
DROP TABLE session;
ALTER TABLE session_new RENAME TO session;
CREATE UNIQUE INDEX session_open ON session(endedAt IS NULL) WHERE endedAt IS NULL;
CREATE INDEX session_startedAt ON session(startedAt);

CREATE TABLE document_new (
    id INTEGER PRIMARY KEY,
    path TEXT NOT NULL UNIQUE CHECK (path <> ''),
    format TEXT NOT NULL CHECK (format IN ('json', 'xml')),
    createdAt INTEGER NOT NULL
);
INSERT INTO document_new (id, path, format, createdAt) SELECT id, path, format, CASE WHEN createdAt GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9].[0-9][0-9][0-9][0-9][0-9][0-9]Z' AND strftime('%Y-%m-%dT%H:%M:%S', CAST(strftime('%s', substr(createdAt, 1, 19)) AS INTEGER), 'unixepoch') = substr(createdAt, 1, 19)
        THEN CAST(strftime('%s', substr(createdAt, 1, 19)) AS INTEGER) * 1000000 + CAST(substr(createdAt, 21, 6) AS INTEGER) END FROM document;
DROP TABLE document;
ALTER TABLE document_new RENAME TO document;

CREATE TABLE revision_new (
    id INTEGER PRIMARY KEY,
    documentId INTEGER NOT NULL REFERENCES document(id) ON DELETE RESTRICT,
    number INTEGER NOT NULL CHECK (number >= 1),
    parentId INTEGER REFERENCES revision(id) ON DELETE RESTRICT,
    isDeletion INTEGER NOT NULL DEFAULT 0 CHECK (isDeletion IN (0, 1)),
    contentHash BLOB CHECK (contentHash IS NULL OR length(contentHash) = 32),
    sourceHash BLOB CHECK (sourceHash IS NULL OR length(sourceHash) = 32),
    headerId INTEGER REFERENCES revisionHeader(id) ON DELETE RESTRICT,
    screenCount INTEGER NOT NULL DEFAULT 0 CHECK (screenCount >= 0),
    createdAt INTEGER NOT NULL,
    author TEXT NOT NULL,
    origin TEXT NOT NULL CHECK (origin IN ('cli', 'daemon', 'reconcile')),
    message TEXT,
    sessionId INTEGER REFERENCES session(id) ON DELETE SET NULL,
    addedFromIntervals INTEGER NOT NULL DEFAULT 0 CHECK (addedFromIntervals IN (0, 1)),
    attemptLead INTEGER CHECK (attemptLead IS NULL OR attemptLead >= 0),
    attemptDuration INTEGER CHECK (attemptDuration IS NULL OR attemptDuration >= 0),
    UNIQUE (documentId, number),
    CHECK ((isDeletion = 1) = (contentHash IS NULL)),
    CHECK ((isDeletion = 1) = (sourceHash IS NULL)),
    CHECK ((number = 1) = (parentId IS NULL)),
    CHECK ((attemptLead IS NULL) = (attemptDuration IS NULL))
);
INSERT INTO revision_new (
    id, documentId, number, parentId, isDeletion, contentHash, sourceHash, headerId, screenCount, createdAt, author, origin,
    message, sessionId, addedFromIntervals)
SELECT id, documentId, number, parentId, isDeletion, contentHash, sourceHash, headerId, screenCount, CASE WHEN createdAt GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9].[0-9][0-9][0-9][0-9][0-9][0-9]Z' AND strftime('%Y-%m-%dT%H:%M:%S', CAST(strftime('%s', substr(createdAt, 1, 19)) AS INTEGER), 'unixepoch') = substr(createdAt, 1, 19)
        THEN CAST(strftime('%s', substr(createdAt, 1, 19)) AS INTEGER) * 1000000 + CAST(substr(createdAt, 21, 6) AS INTEGER) END,
    author, origin, message, sessionId, addedFromIntervals
FROM revision ORDER BY id;

CREATE TABLE importAttempt_new (
    id INTEGER PRIMARY KEY,
    path TEXT NOT NULL,
    outcome TEXT NOT NULL CHECK (outcome IN ('stored', 'unchanged', 'rejected', 'failed', 'deleted')),
    revisionId INTEGER REFERENCES revision(id) ON DELETE SET NULL,
    contentHash BLOB CHECK (contentHash IS NULL OR length(contentHash) = 32),
    startedAt INTEGER NOT NULL,
    durationMicroseconds INTEGER NOT NULL CHECK (durationMicroseconds >= 0),
    author TEXT NOT NULL,
    origin TEXT NOT NULL CHECK (origin IN ('cli', 'daemon', 'reconcile')),
    CHECK ((outcome IN ('stored', 'deleted')) = (revisionId IS NOT NULL))
);
INSERT INTO importAttempt_new (id, path, outcome, revisionId, contentHash, startedAt, durationMicroseconds, author, origin)
SELECT id, path, outcome, revisionId, contentHash, CASE WHEN startedAt GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9].[0-9][0-9][0-9][0-9][0-9][0-9]Z' AND strftime('%Y-%m-%dT%H:%M:%S', CAST(strftime('%s', substr(startedAt, 1, 19)) AS INTEGER), 'unixepoch') = substr(startedAt, 1, 19)
        THEN CAST(strftime('%s', substr(startedAt, 1, 19)) AS INTEGER) * 1000000 + CAST(substr(startedAt, 21, 6) AS INTEGER) END, durationMicroseconds, author, origin
FROM importAttempt ORDER BY id;

-- The attempts that the revision's row gives back exactly (2. above).
CREATE TEMP TABLE foldedAttempt AS
SELECT a.id AS attemptId, r.id AS revisionId, r.createdAt - a.startedAt AS lead, a.durationMicroseconds AS duration
FROM importAttempt_new a
JOIN revision_new r ON r.id = a.revisionId
JOIN document d ON d.id = r.documentId
WHERE a.outcome = CASE r.isDeletion WHEN 1 THEN 'deleted' ELSE 'stored' END
    AND a.path = d.path AND a.author = r.author AND a.origin = r.origin AND a.contentHash IS NULL
    AND a.startedAt <= r.createdAt
    AND NOT EXISTS (SELECT 1 FROM diagnostic g WHERE g.importAttemptId = a.id)
    AND (SELECT COUNT(*) FROM importAttempt_new b WHERE b.revisionId = r.id) = 1;
UPDATE revision_new SET (attemptLead, attemptDuration) = (SELECT lead, duration FROM foldedAttempt f WHERE f.revisionId = revision_new.id)
WHERE id IN (SELECT revisionId FROM foldedAttempt);
DELETE FROM importAttempt_new WHERE id IN (SELECT attemptId FROM foldedAttempt);
DROP TABLE foldedAttempt;

DROP TABLE importAttempt;
DROP TABLE revision;
ALTER TABLE revision_new RENAME TO revision;
ALTER TABLE importAttempt_new RENAME TO importAttempt;
CREATE INDEX revision_document_createdAt ON revision(documentId, createdAt);
CREATE INDEX revision_createdAt ON revision(createdAt);
CREATE INDEX revision_session ON revision(sessionId) WHERE sessionId IS NOT NULL;
CREATE INDEX importAttempt_path ON importAttempt(path, startedAt);
CREATE INDEX importAttempt_startedAt ON importAttempt(startedAt);
CREATE INDEX importAttempt_refused ON importAttempt(path, startedAt) WHERE outcome IN ('rejected', 'failed');

-- The count triggers of the rebuilt tables (0006); a revision that holds its attempt counts as one attempt too.
CREATE TRIGGER document_counted AFTER INSERT ON document BEGIN UPDATE tableCount SET count = count + 1 WHERE name = 'document'; END;
CREATE TRIGGER document_uncounted AFTER DELETE ON document BEGIN UPDATE tableCount SET count = count - 1 WHERE name = 'document'; END;
CREATE TRIGGER revision_counted AFTER INSERT ON revision BEGIN
    UPDATE tableCount SET count = count + 1 WHERE name = 'revision' OR (name = 'importAttempt' AND NEW.attemptLead IS NOT NULL);
END;
CREATE TRIGGER revision_uncounted AFTER DELETE ON revision BEGIN
    UPDATE tableCount SET count = count - 1 WHERE name = 'revision' OR (name = 'importAttempt' AND OLD.attemptLead IS NOT NULL);
END;
CREATE TRIGGER session_counted AFTER INSERT ON session BEGIN UPDATE tableCount SET count = count + 1 WHERE name = 'session'; END;
CREATE TRIGGER session_uncounted AFTER DELETE ON session BEGIN UPDATE tableCount SET count = count - 1 WHERE name = 'session'; END;
CREATE TRIGGER importAttempt_counted AFTER INSERT ON importAttempt BEGIN UPDATE tableCount SET count = count + 1 WHERE name = 'importAttempt'; END;
CREATE TRIGGER importAttempt_uncounted AFTER DELETE ON importAttempt BEGIN UPDATE tableCount SET count = count - 1 WHERE name = 'importAttempt'; END;

-- 3. Finding a screen version by hash: the first 4 bytes of the hash (instead of 8) narrow the
--    search to the row, and the whole hash is then compared; with a million versions, about one
--    lookup in 4,000 meets a second row.
DROP INDEX screenVersion_hash;
CREATE INDEX screenVersion_hash ON screenVersion(substr(hash, 1, 4));

-- 4. A change's fields were a JSON array of objects, `[{"field":"title","new":"B","old":"A"}]`,
--    the three key names repeated in every field of every row. They are now arrays,
--    `[["title","A","B"]]` (`null` for a value the field has not). The new text is checked
--    against the old, field by field, before it replaces it.
CREATE TEMP TABLE fieldArray AS
SELECT c.revisionId, c.position, c.fields AS old,
    (SELECT json_group_array(json_array(j.value ->> 'field', j.value ->> 'old', j.value ->> 'new')) FROM json_each(c.fields) j) AS new
FROM change c WHERE c.fields IS NOT NULL;
CREATE TEMP TABLE fieldCheck (same INTEGER NOT NULL CHECK (same = 1));
INSERT INTO fieldCheck SELECT json_array_length(new) = json_array_length(old) FROM fieldArray;
INSERT INTO fieldCheck
SELECT json_type(o.value) = 'object' AND (n.value ->> 0) IS (o.value ->> 'field') AND (n.value ->> 1) IS (o.value ->> 'old') AND (n.value ->> 2) IS (o.value ->> 'new')
FROM fieldArray f, json_each(f.new) n, json_each(f.old) o WHERE o.key = n.key;
UPDATE change SET fields = (SELECT f.new FROM fieldArray f WHERE f.revisionId = change.revisionId AND f.position = change.position)
WHERE fields IS NOT NULL;
DROP TABLE fieldCheck;
DROP TABLE fieldArray;
