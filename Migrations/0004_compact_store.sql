-- 0004_compact_store: a smaller store with the same content.
--
-- - Hashes are 32-byte BLOBs instead of 64-character hexadecimal text (`revision`,
--   `importAttempt`, `screenVersion`); `wfs` shows them as lowercase hexadecimal as before.
-- - A screen version has an integer id; its canonical JSON lives zlib-compressed in a
--   `screenPack` with other screen versions (about 16 KB of JSON per pack), and its row keeps its
--   hash and where in the pack its bytes are.
-- - An interval refers to its screen version by id, and the interval table is keyed (WITHOUT
--   ROWID) by document, first revision number and screen key, so the screens of a revision are one
--   range of that table.
--
-- Tables are rebuilt as SQLite's "generalized ALTER TABLE" procedure says (the migrator turns
-- foreign keys off and checks them before it commits). `wfs_unhex` is a function the migration
-- registers (this SQLite has no `unhex`). The screen versions are moved into packs by Swift code
-- between the two parts of this file, at the line `-- wfs:move-screens`.

CREATE TABLE revision_new (
    id INTEGER PRIMARY KEY,
    documentId INTEGER NOT NULL REFERENCES document(id) ON DELETE RESTRICT,
    number INTEGER NOT NULL CHECK (number >= 1),
    parentId INTEGER REFERENCES revision(id) ON DELETE RESTRICT,
    isDeletion INTEGER NOT NULL DEFAULT 0 CHECK (isDeletion IN (0, 1)),
    contentHash BLOB CHECK (contentHash IS NULL OR length(contentHash) = 32),
    sourceHash BLOB CHECK (sourceHash IS NULL OR length(sourceHash) = 32),
    header BLOB,
    screenCount INTEGER NOT NULL DEFAULT 0 CHECK (screenCount >= 0),
    createdAt TEXT NOT NULL,
    author TEXT NOT NULL,
    origin TEXT NOT NULL CHECK (origin IN ('cli', 'daemon', 'reconcile')),
    message TEXT,
    sessionId INTEGER REFERENCES session(id) ON DELETE SET NULL,
    UNIQUE (documentId, number),
    CHECK ((isDeletion = 1) = (contentHash IS NULL)),
    CHECK ((isDeletion = 1) = (sourceHash IS NULL)),
    CHECK ((number = 1) = (parentId IS NULL))
);
INSERT INTO revision_new (
    id, documentId, number, parentId, isDeletion, contentHash, sourceHash, header, screenCount, createdAt, author,
    origin, message, sessionId)
SELECT id, documentId, number, parentId, isDeletion, wfs_unhex(contentHash), wfs_unhex(sourceHash), header, screenCount,
    createdAt, author, origin, message, sessionId
FROM revision;
DROP TABLE revision;
ALTER TABLE revision_new RENAME TO revision;
CREATE INDEX revision_document_createdAt ON revision(documentId, createdAt);
CREATE INDEX revision_createdAt ON revision(createdAt);
CREATE INDEX revision_session ON revision(sessionId) WHERE sessionId IS NOT NULL;

CREATE TABLE importAttempt_new (
    id INTEGER PRIMARY KEY,
    path TEXT NOT NULL,
    outcome TEXT NOT NULL CHECK (outcome IN ('stored', 'unchanged', 'rejected', 'failed', 'deleted')),
    revisionId INTEGER REFERENCES revision(id) ON DELETE SET NULL,
    contentHash BLOB CHECK (contentHash IS NULL OR length(contentHash) = 32),
    startedAt TEXT NOT NULL,
    durationMicroseconds INTEGER NOT NULL CHECK (durationMicroseconds >= 0),
    author TEXT NOT NULL,
    origin TEXT NOT NULL CHECK (origin IN ('cli', 'daemon', 'reconcile')),
    CHECK ((outcome IN ('stored', 'deleted')) = (revisionId IS NOT NULL))
);
INSERT INTO importAttempt_new (id, path, outcome, revisionId, contentHash, startedAt, durationMicroseconds, author, origin)
SELECT id, path, outcome, revisionId, wfs_unhex(contentHash), startedAt, durationMicroseconds, author, origin
FROM importAttempt;
DROP TABLE importAttempt;
ALTER TABLE importAttempt_new RENAME TO importAttempt;
CREATE INDEX importAttempt_path ON importAttempt(path, startedAt);
CREATE INDEX importAttempt_startedAt ON importAttempt(startedAt);

-- Canonical screen JSON, zlib-compressed, of consecutive screen versions put end to end.
CREATE TABLE screenPack (
    id INTEGER PRIMARY KEY,
    size INTEGER NOT NULL CHECK (size >= 0),
    data BLOB NOT NULL
);

-- A distinct canonical screen: its SHA-256 and where its JSON is (`length` bytes from `start`
-- in the uncompressed pack). Shared by every revision and document that has the screen.
CREATE TABLE screenVersion_new (
    id INTEGER PRIMARY KEY,
    hash BLOB NOT NULL CHECK (length(hash) = 32),
    packId INTEGER NOT NULL REFERENCES screenPack(id) ON DELETE RESTRICT,
    start INTEGER NOT NULL CHECK (start >= 0),
    length INTEGER NOT NULL CHECK (length >= 0)
);

-- The screens of a document over time: a screen holds version `versionId` from revision number
-- `validFrom` up to, not including, `validUntil` (NULL while it is still in the head).
CREATE TABLE documentScreen_new (
    documentId INTEGER NOT NULL REFERENCES document(id) ON DELETE RESTRICT,
    validFrom INTEGER NOT NULL CHECK (validFrom >= 1),
    screenKey TEXT NOT NULL,
    validUntil INTEGER CHECK (validUntil IS NULL OR validUntil > validFrom),
    versionId INTEGER NOT NULL REFERENCES screenVersion(id) ON DELETE RESTRICT,
    PRIMARY KEY (documentId, validFrom, screenKey)
) WITHOUT ROWID;

-- wfs:move-screens

DROP TABLE documentScreen;
DROP TABLE screenVersion;
ALTER TABLE screenVersion_new RENAME TO screenVersion;
ALTER TABLE documentScreen_new RENAME TO documentScreen;
-- Finding a screen version by hash (an import that brings back a known screen): the first 8
-- bytes of the hash are enough to find the row, the whole hash is then compared.
CREATE INDEX screenVersion_hash ON screenVersion(substr(hash, 1, 8));
CREATE UNIQUE INDEX documentScreen_open ON documentScreen(documentId, screenKey) WHERE validUntil IS NULL;
