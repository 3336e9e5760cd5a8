-- 0001_baseline: the whole schema of a store, as a new store is made.
--
-- Later changes are new files (0002_..., 0003_...), never edits of this one: see README.md.
--
-- Conventions:
-- - Times are INTEGER microseconds since the Unix epoch (UTC).
-- - Hashes are SHA-256, kept as their 32 bytes (shown as lowercase hexadecimal by `wfs`).
-- - Compressed data is zlib (RFC 1950) with its Adler-32 checksum, checked on every read.
-- - Tables whose rows are always read by a range of their key are `WITHOUT ROWID`: one tree
--   instead of a table and an index.
-- - `tableCount` keeps each large table's row count, maintained by triggers, so that
--   `wfs status` does not count rows.
-- - The statements are the text SQLite keeps in `sqlite_schema` and parses when a connection
--   first reads the store, so the comments are outside them.

-- GRDB's table of applied migrations (one row: '0001_baseline'). GRDB makes it with a rowid
-- before the first migration runs; it is made again here as one tree, which GRDB reads and
-- fills by name all the same.
DROP TABLE grdb_migrations;
CREATE TABLE grdb_migrations(identifier TEXT NOT NULL PRIMARY KEY)WITHOUT ROWID;

-- The project: one row, the root folder `wfs init` recorded.
CREATE TABLE project(
  id INTEGER PRIMARY KEY CHECK(id=1),
  root TEXT NOT NULL CHECK(root<>''),
  createdAt INTEGER NOT NULL);

-- A session (a customer meeting): a named span of time; at most one is open (endedAt NULL).
CREATE TABLE session(
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE CHECK(name<>''),
  notes TEXT,
  startedAt INTEGER NOT NULL,
  endedAt INTEGER CHECK(endedAt IS NULL OR(typeof(endedAt)='integer'AND endedAt>=startedAt)));

-- A document: a wireframe file, by its path relative to the project root.
CREATE TABLE document(
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL UNIQUE CHECK(path<>''),
  format TEXT NOT NULL CHECK(format IN('json','xml')),
  createdAt INTEGER NOT NULL);

-- A revision's canonical JSON without its screens; revisions whose header is the same share a row.
CREATE TABLE revisionHeader(
  id INTEGER PRIMARY KEY,
  data BLOB NOT NULL);

-- A revision: version `number` (1, 2, ... without gaps) of a document. A deletion (tombstone)
-- has no hashes and no header. `addedFromIntervals`: the revision's `added` changes are not
-- rows of `change` but its screen intervals that start at its number (a document's first
-- revision). `attemptLead` and `attemptDuration`: the import attempt that stored it (microseconds
-- from its start to the revision's time, and its duration), kept here instead of a row of
-- `importAttempt` (counted as one by the triggers).
CREATE TABLE revision(
  id INTEGER PRIMARY KEY,
  documentId INTEGER NOT NULL REFERENCES document(id)ON DELETE RESTRICT,
  number INTEGER NOT NULL CHECK(number>=1),
  parentId INTEGER REFERENCES revision(id)ON DELETE RESTRICT,
  isDeletion INTEGER NOT NULL DEFAULT 0 CHECK(isDeletion IN(0,1)),
  contentHash BLOB CHECK(length(contentHash)=32),
  sourceHash BLOB CHECK(length(sourceHash)=32),
  headerId INTEGER REFERENCES revisionHeader(id)ON DELETE RESTRICT,
  screenCount INTEGER NOT NULL DEFAULT 0 CHECK(screenCount>=0),
  createdAt INTEGER NOT NULL,
  author TEXT NOT NULL,
  origin TEXT NOT NULL CHECK(origin IN('cli','daemon','reconcile')),
  message TEXT,
  sessionId INTEGER REFERENCES session(id)ON DELETE SET NULL,
  addedFromIntervals INTEGER NOT NULL DEFAULT 0 CHECK(addedFromIntervals IN(0,1)),
  attemptLead INTEGER CHECK(attemptLead>=0),
  attemptDuration INTEGER CHECK(attemptDuration>=0),
  UNIQUE(documentId,number),
  CHECK((isDeletion=1)=(contentHash IS NULL)),
  CHECK((isDeletion=1)=(sourceHash IS NULL)),
  CHECK((number=1)=(parentId IS NULL)),
  CHECK((attemptLead IS NULL)=(attemptDuration IS NULL)));

-- What a revision changed against its parent, in the order the import recorded it (position
-- 0, 1, ...). Kind: 0 added, 1 removed, 2 modified, 3 renamed (from previousKey), 4 the
-- document's own fields (no screen key). `fields`: a JSON array of {field, old, new}, NULL
-- when empty.
CREATE TABLE change(
  revisionId INTEGER NOT NULL REFERENCES revision(id)ON DELETE CASCADE,
  position INTEGER NOT NULL CHECK(position>=0),
  screenKey TEXT,
  previousKey TEXT,
  kind INTEGER NOT NULL CHECK(kind BETWEEN 0 AND 4),
  fields TEXT CHECK(fields IS NULL OR(json_valid(fields)AND fields<>'[]')),
  PRIMARY KEY(revisionId,position),
  CHECK((kind=4)=(screenKey IS NULL)))WITHOUT ROWID;

-- A revision's exact source bytes: zlib-compressed whole ('zlib'), or a delta (copies and
-- literals) against the source of `baseRevisionId` ('delta'), at most `chainLength` deltas from a
-- whole source. `size` is the source's length.
CREATE TABLE source(
  revisionId INTEGER PRIMARY KEY REFERENCES revision(id)ON DELETE CASCADE,
  encoding TEXT NOT NULL CHECK(encoding IN('zlib','delta')),
  baseRevisionId INTEGER REFERENCES source(revisionId)ON DELETE RESTRICT,
  chainLength INTEGER NOT NULL CHECK(chainLength>=0),
  size INTEGER NOT NULL CHECK(size>=0),
  data BLOB NOT NULL,
  CHECK((encoding='delta')=(baseRevisionId IS NOT NULL)),
  CHECK((encoding='zlib')=(chainLength=0)));

-- Canonical screen JSON of consecutive screen versions, end to end, zlib-compressed. A pack
-- takes the id of its first version and holds the versions whose ids follow; `lengths` lists
-- their lengths (varints), `size` is the uncompressed size. A version's pack is the pack with
-- the greatest id not above the version's id.
CREATE TABLE screenPack(
  id INTEGER PRIMARY KEY,
  size INTEGER NOT NULL CHECK(size>=0),
  lengths BLOB NOT NULL,
  data BLOB NOT NULL);

-- A distinct canonical screen, found by the first 3 bytes of its SHA-256 and confirmed by its
-- content (its JSON is in its pack).
CREATE TABLE screenVersion(
  hashPrefix BLOB NOT NULL CHECK(length(hashPrefix)=3),
  id INTEGER NOT NULL CHECK(id>=1),
  PRIMARY KEY(hashPrefix,id))WITHOUT ROWID;

-- The screens of a document over time: the screen `screenKey` holds version `versionId` from
-- revision number `validFrom` up to, not including, `validUntil` (NULL while it is in the head).
-- Keyed by key first, so one key's intervals are one range, and a document's screens come in
-- key order.
CREATE TABLE documentScreen(
  documentId INTEGER NOT NULL REFERENCES document(id)ON DELETE RESTRICT,
  validFrom INTEGER NOT NULL CHECK(validFrom>=1),
  screenKey TEXT NOT NULL,
  validUntil INTEGER CHECK(validUntil>validFrom),
  versionId INTEGER NOT NULL CHECK(versionId>=1),
  PRIMARY KEY(documentId,screenKey,validFrom))WITHOUT ROWID;

-- An import that stored nothing (unchanged, rejected, failed) or a deletion; a stored import is
-- kept on its revision (`attemptLead`). `contentHash`: the version's hash, when it was read.
CREATE TABLE importAttempt(
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL,
  outcome TEXT NOT NULL CHECK(outcome IN('stored','unchanged','rejected','failed','deleted')),
  revisionId INTEGER REFERENCES revision(id)ON DELETE SET NULL,
  contentHash BLOB CHECK(length(contentHash)=32),
  startedAt INTEGER NOT NULL,
  durationMicroseconds INTEGER NOT NULL CHECK(durationMicroseconds>=0),
  author TEXT NOT NULL,
  origin TEXT NOT NULL CHECK(origin IN('cli','daemon','reconcile')),
  CHECK((outcome IN('stored','deleted'))=(revisionId IS NOT NULL)));

-- The diagnostics of an import attempt, at 1-based locations.
CREATE TABLE diagnostic(
  id INTEGER PRIMARY KEY,
  importAttemptId INTEGER NOT NULL REFERENCES importAttempt(id)ON DELETE CASCADE,
  severity TEXT NOT NULL CHECK(severity IN('error','warning','note')),
  code TEXT NOT NULL,
  message TEXT NOT NULL,
  line INTEGER NOT NULL CHECK(line>=1),
  "column" INTEGER NOT NULL CHECK("column">=1),
  path TEXT);

-- Row counts of the large tables, kept by the triggers below.
CREATE TABLE tableCount(
  name TEXT PRIMARY KEY,
  count INTEGER NOT NULL CHECK(count>=0))WITHOUT ROWID;

INSERT INTO tableCount(name,count)VALUES
  ('change',0),('document',0),('documentScreen',0),('importAttempt',0),
  ('revision',0),('screenVersion',0),('session',0);

-- Why each index exists:
-- - `revision(documentId, number)` (UNIQUE above): a revision by number; one number per document.
-- - a document's head and its revision at a time, newest first:
CREATE INDEX revision_document_createdAt ON revision(documentId,createdAt);
-- - `log` of every document and `audit` by time, newest first; `status`'s recent attempts:
CREATE INDEX revision_createdAt ON revision(createdAt);
-- - `log --session`, `audit --from SESSION`, and `ON DELETE SET NULL` of a session:
CREATE INDEX revision_session ON revision(sessionId)WHERE sessionId IS NOT NULL;
-- - at most one open session, and finding it:
CREATE UNIQUE INDEX session_open ON session(endedAt IS NULL)WHERE endedAt IS NULL;
-- - the newest attempt of a path (`status`: documents waiting for a fix):
CREATE INDEX importAttempt_path ON importAttempt(path,startedAt);
-- - the newest attempts (`status`):
CREATE INDEX importAttempt_startedAt ON importAttempt(startedAt);
-- - the rejected and failed attempts alone (`status`):
CREATE INDEX importAttempt_refused ON importAttempt(path,startedAt)WHERE outcome IN('rejected','failed');
-- - an attempt's diagnostics, and `ON DELETE CASCADE` of an attempt:
CREATE INDEX diagnostic_importAttempt ON diagnostic(importAttemptId);
-- `log --screen KEY` needs no index of its own: every change of a key opens or closes an
-- interval of that key at that revision, so the revisions are found through `documentScreen`'s key.

-- Row counts. A revision that keeps its import attempt counts as an attempt too.
CREATE TRIGGER document_counted AFTER INSERT ON document BEGIN UPDATE tableCount SET count=count+1 WHERE name='document';END;
CREATE TRIGGER document_uncounted AFTER DELETE ON document BEGIN UPDATE tableCount SET count=count-1 WHERE name='document';END;
CREATE TRIGGER revision_counted AFTER INSERT ON revision BEGIN UPDATE tableCount SET count=count+1 WHERE name='revision'OR(name='importAttempt'AND NEW.attemptLead IS NOT NULL);END;
CREATE TRIGGER revision_uncounted AFTER DELETE ON revision BEGIN UPDATE tableCount SET count=count-1 WHERE name='revision'OR(name='importAttempt'AND OLD.attemptLead IS NOT NULL);END;
CREATE TRIGGER session_counted AFTER INSERT ON session BEGIN UPDATE tableCount SET count=count+1 WHERE name='session';END;
CREATE TRIGGER session_uncounted AFTER DELETE ON session BEGIN UPDATE tableCount SET count=count-1 WHERE name='session';END;
CREATE TRIGGER importAttempt_counted AFTER INSERT ON importAttempt BEGIN UPDATE tableCount SET count=count+1 WHERE name='importAttempt';END;
CREATE TRIGGER importAttempt_uncounted AFTER DELETE ON importAttempt BEGIN UPDATE tableCount SET count=count-1 WHERE name='importAttempt';END;
CREATE TRIGGER change_counted AFTER INSERT ON change BEGIN UPDATE tableCount SET count=count+1 WHERE name='change';END;
CREATE TRIGGER change_uncounted AFTER DELETE ON change BEGIN UPDATE tableCount SET count=count-1 WHERE name='change';END;
CREATE TRIGGER screenVersion_counted AFTER INSERT ON screenVersion BEGIN UPDATE tableCount SET count=count+1 WHERE name='screenVersion';END;
CREATE TRIGGER screenVersion_uncounted AFTER DELETE ON screenVersion BEGIN UPDATE tableCount SET count=count-1 WHERE name='screenVersion';END;
CREATE TRIGGER documentScreen_counted AFTER INSERT ON documentScreen BEGIN UPDATE tableCount SET count=count+1 WHERE name='documentScreen';END;
CREATE TRIGGER documentScreen_uncounted AFTER DELETE ON documentScreen BEGIN UPDATE tableCount SET count=count-1 WHERE name='documentScreen';END;

-- At most one open interval (validUntil NULL) per document and screen key.
CREATE TRIGGER documentScreen_oneOpenInserted BEFORE INSERT ON documentScreen WHEN NEW.validUntil IS NULL BEGIN SELECT RAISE(ABORT,'documentScreen: a second open interval for one screen key')WHERE EXISTS(SELECT 1 FROM documentScreen WHERE documentId=NEW.documentId AND screenKey=NEW.screenKey AND validUntil IS NULL);END;
CREATE TRIGGER documentScreen_oneOpenUpdated BEFORE UPDATE OF documentId,screenKey,validFrom,validUntil ON documentScreen WHEN NEW.validUntil IS NULL BEGIN SELECT RAISE(ABORT,'documentScreen: a second open interval for one screen key')WHERE EXISTS(SELECT 1 FROM documentScreen WHERE documentId=NEW.documentId AND screenKey=NEW.screenKey AND validUntil IS NULL AND NOT(documentId=OLD.documentId AND screenKey=OLD.screenKey AND validFrom=OLD.validFrom));END;
