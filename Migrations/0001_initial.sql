-- 0001_initial: the first schema of the store.
-- Times are UTC text with microseconds, `YYYY-MM-DDTHH:MM:SS.ffffffZ`, so that text order is time order.
-- Hashes are lowercase hexadecimal SHA-256.

-- The project this store belongs to: one row.
CREATE TABLE project (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    root TEXT NOT NULL CHECK (root <> ''),
    createdAt TEXT NOT NULL
);

-- A customer meeting. At most one is open (no end) at a time.
CREATE TABLE session (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE CHECK (name <> ''),
    notes TEXT,
    startedAt TEXT NOT NULL,
    endedAt TEXT CHECK (endedAt IS NULL OR endedAt >= startedAt)
);
CREATE UNIQUE INDEX session_open ON session(endedAt IS NULL) WHERE endedAt IS NULL;
CREATE INDEX session_startedAt ON session(startedAt);

-- One wireframe file, named by its path relative to the project root.
CREATE TABLE document (
    id INTEGER PRIMARY KEY,
    path TEXT NOT NULL UNIQUE CHECK (path <> ''),
    format TEXT NOT NULL CHECK (format IN ('json', 'xml')),
    createdAt TEXT NOT NULL
);

-- An immutable snapshot of a document. A tombstone (`isDeletion`) records that the file went away.
CREATE TABLE revision (
    id INTEGER PRIMARY KEY,
    documentId INTEGER NOT NULL REFERENCES document(id) ON DELETE RESTRICT,
    number INTEGER NOT NULL CHECK (number >= 1),
    parentId INTEGER REFERENCES revision(id) ON DELETE RESTRICT,
    isDeletion INTEGER NOT NULL DEFAULT 0 CHECK (isDeletion IN (0, 1)),
    contentHash TEXT CHECK (contentHash IS NULL OR length(contentHash) = 64),
    sourceHash TEXT CHECK (sourceHash IS NULL OR length(sourceHash) = 64),
    -- Canonical JSON of everything except the screens (appName, root, navigation bars, version).
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
CREATE INDEX revision_document_createdAt ON revision(documentId, createdAt);
CREATE INDEX revision_createdAt ON revision(createdAt);
CREATE INDEX revision_session ON revision(sessionId) WHERE sessionId IS NOT NULL;

-- Canonical screen JSON by content hash, shared by every revision that contains the screen.
CREATE TABLE screenVersion (
    hash TEXT PRIMARY KEY NOT NULL CHECK (length(hash) = 64),
    content BLOB NOT NULL
) WITHOUT ROWID;

-- The screens of a document over time: a screen holds `screenHash` from revision number
-- `validFrom` up to, not including, `validUntil` (NULL while it is still in the head).
CREATE TABLE documentScreen (
    id INTEGER PRIMARY KEY,
    documentId INTEGER NOT NULL REFERENCES document(id) ON DELETE RESTRICT,
    screenKey TEXT NOT NULL,
    screenHash TEXT NOT NULL REFERENCES screenVersion(hash) ON DELETE RESTRICT,
    validFrom INTEGER NOT NULL CHECK (validFrom >= 1),
    validUntil INTEGER CHECK (validUntil IS NULL OR validUntil > validFrom)
);
CREATE INDEX documentScreen_interval ON documentScreen(documentId, validFrom, validUntil);
CREATE UNIQUE INDEX documentScreen_open ON documentScreen(documentId, screenKey) WHERE validUntil IS NULL;

-- The screen-level diff of a revision against its parent. A row with no screen key holds the
-- document's own fields (kind 'document').
CREATE TABLE change (
    id INTEGER PRIMARY KEY,
    revisionId INTEGER NOT NULL REFERENCES revision(id) ON DELETE CASCADE,
    screenKey TEXT,
    previousKey TEXT,
    kind TEXT NOT NULL CHECK (kind IN ('added', 'removed', 'modified', 'renamed', 'document')),
    -- JSON array of {"field", "old", "new"}.
    fields TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(fields)),
    CHECK ((kind = 'document') = (screenKey IS NULL))
);
CREATE INDEX change_revision ON change(revisionId);
CREATE INDEX change_screen ON change(screenKey) WHERE screenKey IS NOT NULL;

-- The exact bytes of each stored revision: zlib-compressed in full, or a delta against the
-- source of the parent revision (`baseRevisionId`).
CREATE TABLE source (
    revisionId INTEGER PRIMARY KEY REFERENCES revision(id) ON DELETE CASCADE,
    encoding TEXT NOT NULL CHECK (encoding IN ('zlib', 'delta')),
    baseRevisionId INTEGER REFERENCES source(revisionId) ON DELETE RESTRICT,
    chainLength INTEGER NOT NULL CHECK (chainLength >= 0),
    size INTEGER NOT NULL CHECK (size >= 0),
    data BLOB NOT NULL,
    CHECK ((encoding = 'delta') = (baseRevisionId IS NOT NULL)),
    CHECK ((encoding = 'zlib') = (chainLength = 0))
);

-- One reading of one file by `wfs import` or the daemon.
CREATE TABLE importAttempt (
    id INTEGER PRIMARY KEY,
    path TEXT NOT NULL,
    outcome TEXT NOT NULL CHECK (outcome IN ('stored', 'unchanged', 'rejected', 'failed', 'deleted')),
    revisionId INTEGER REFERENCES revision(id) ON DELETE SET NULL,
    contentHash TEXT,
    startedAt TEXT NOT NULL,
    durationMicroseconds INTEGER NOT NULL CHECK (durationMicroseconds >= 0),
    author TEXT NOT NULL,
    origin TEXT NOT NULL CHECK (origin IN ('cli', 'daemon', 'reconcile')),
    CHECK ((outcome IN ('stored', 'deleted')) = (revisionId IS NOT NULL))
);
CREATE INDEX importAttempt_path ON importAttempt(path, startedAt);

-- What an import attempt found.
CREATE TABLE diagnostic (
    id INTEGER PRIMARY KEY,
    importAttemptId INTEGER NOT NULL REFERENCES importAttempt(id) ON DELETE CASCADE,
    severity TEXT NOT NULL CHECK (severity IN ('error', 'warning', 'note')),
    code TEXT NOT NULL,
    message TEXT NOT NULL,
    line INTEGER NOT NULL CHECK (line >= 1),
    "column" INTEGER NOT NULL CHECK ("column" >= 1),
    path TEXT
);
CREATE INDEX diagnostic_importAttempt ON diagnostic(importAttemptId);
