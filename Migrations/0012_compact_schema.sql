-- 0012_compact_schema: the same tables, indexes and triggers, written in short SQL.
--
-- SQLite keeps the text of every CREATE statement in `sqlite_schema` and parses all of it when a
-- connection first reads the store. The texts written by the migrations before (with their
-- comments, indentation and spaces) were 8.6 KB in 45 entries: 14 pages of 1 KiB in every store,
-- parsed by every command. Every table is made again here with the same columns in the same
-- order, the same types, defaults, keys, foreign keys and checks (but the length of a screen
-- version's hash prefix, below), written without comments and
-- without the spaces SQL does not need; the rows are copied in the order of each table's key.
-- Where a check read `x IS NULL OR f(x)` and `f(NULL)` is NULL, it is written `f(x)`: a CHECK
-- whose value is NULL passes, so the two are the same constraint.
--
-- Why each index exists (every query of StoreQueries, StoreRejections, DirectReader and
-- StoreWrites was checked with EXPLAIN QUERY PLAN; docs/PERFORMANCE.md, session 11):
-- - `revision(documentId, number)` (the UNIQUE constraint): a revision by number; one number per
--   document.
-- - `revision_document_createdAt`: a document's head and its revision at a time (newest first).
-- - `revision_createdAt`: `log` of every document and `audit` by time, newest first, and the
--   attempts held by revisions (`recentAttempts`).
-- - `revision_session`: `log --session`, `audit --from SESSION`, and `ON DELETE SET NULL` of a
--   session; only the revisions made in a session.
-- - `importAttempt_path`: the newest attempt of a path (`status`: documents waiting for a fix).
-- - `importAttempt_startedAt`: the newest attempts (`status`).
-- - `importAttempt_refused`: the rejected and failed attempts alone (`status`).
-- - `diagnostic_importAttempt`: an attempt's diagnostics, and `ON DELETE CASCADE` of an attempt.
-- - `session(name)` (UNIQUE): a session by name; `session_open`: at most one open session, and
--   finding it.
-- - `document(path)` (UNIQUE): a document by path.
-- Three indexes are dropped:
-- - `change_screen` and `change_previousKey` (0001, 0003: `log --screen KEY`, the changes of a key
--   and the renames from it; 12 KB of a 300-revision history). A change of a screen key in a
--   revision always opens or closes an interval of that key in that revision (an added, modified
--   or renamed-to key opens one at the revision's number, a removed, modified or renamed-from key
--   closes one there), so the revisions `log --screen KEY` lists are found through the interval
--   table's own key `(documentId, screenKey, validFrom)`: for each document, the key's intervals,
--   the revisions numbered where they start or end (`revision(documentId, number)`), kept when one
--   of their changes names the key (a range of `change`'s key) or when they are a first revision
--   whose `added` changes are its intervals (0007). The work follows the key's intervals, as it
--   followed its changes. The import never records a change without that interval; `wfs verify`
--   reports one (`integrityProblems`).
-- - `session_startedAt`. Sessions are only ever listed whole in order of their start (`session
--   list`, the names a wrong session name suggests), where a sort of the sessions read replaces the
--   index; the open session is found through `session_open`.
--
-- A screen version keeps the first 3 bytes of its SHA-256 instead of 4 (0010): one byte less in
-- each of its rows, a tree filled at random by prefix (~2 KB of a 300-revision history). A version
-- is found by its prefix and confirmed by its content, as before; with a million versions, about
-- one lookup in 16 meets a row of another content (the candidate's pack is inflated and compared),
-- one in 4,000 before. `wfs verify` checks every prefix against the recomputed hash.
--
-- GRDB's own table of applied migrations, `grdb_migrations(identifier TEXT NOT NULL PRIMARY
-- KEY)`, is made `WITHOUT ROWID`: one tree instead of a table and the index of its key. GRDB
-- creates it only if it is missing and reads and inserts identifiers by name.
--
-- Old tables are renamed `*_0011`, the new ones made under the old names, the rows copied, the
-- old tables dropped (the migrator turns foreign keys off and checks them before it commits). The
-- indexes and triggers are made after the rows are copied, so the counts stay as they are. An
-- existing store is vacuumed afterwards.

DROP TRIGGER document_counted;
DROP TRIGGER document_uncounted;
DROP TRIGGER revision_counted;
DROP TRIGGER revision_uncounted;
DROP TRIGGER session_counted;
DROP TRIGGER session_uncounted;
DROP TRIGGER importAttempt_counted;
DROP TRIGGER importAttempt_uncounted;
DROP TRIGGER change_counted;
DROP TRIGGER change_uncounted;
DROP TRIGGER screenVersion_counted;
DROP TRIGGER screenVersion_uncounted;
DROP TRIGGER documentScreen_counted;
DROP TRIGGER documentScreen_uncounted;
DROP TRIGGER documentScreen_oneOpenInserted;
DROP TRIGGER documentScreen_oneOpenUpdated;
DROP INDEX session_open;
DROP INDEX session_startedAt;
DROP INDEX revision_document_createdAt;
DROP INDEX revision_createdAt;
DROP INDEX revision_session;
DROP INDEX change_screen;
DROP INDEX change_previousKey;
DROP INDEX importAttempt_path;
DROP INDEX importAttempt_startedAt;
DROP INDEX importAttempt_refused;
DROP INDEX diagnostic_importAttempt;

ALTER TABLE grdb_migrations RENAME TO grdb_migrations_0011;
ALTER TABLE project RENAME TO project_0011;
ALTER TABLE session RENAME TO session_0011;
ALTER TABLE document RENAME TO document_0011;
ALTER TABLE revisionHeader RENAME TO revisionHeader_0011;
ALTER TABLE revision RENAME TO revision_0011;
ALTER TABLE change RENAME TO change_0011;
ALTER TABLE source RENAME TO source_0011;
ALTER TABLE screenPack RENAME TO screenPack_0011;
ALTER TABLE screenVersion RENAME TO screenVersion_0011;
ALTER TABLE documentScreen RENAME TO documentScreen_0011;
ALTER TABLE importAttempt RENAME TO importAttempt_0011;
ALTER TABLE diagnostic RENAME TO diagnostic_0011;
ALTER TABLE tableCount RENAME TO tableCount_0011;

CREATE TABLE grdb_migrations(identifier TEXT NOT NULL PRIMARY KEY)WITHOUT ROWID;
CREATE TABLE project(id INTEGER PRIMARY KEY CHECK(id=1),root TEXT NOT NULL CHECK(root<>''),createdAt INTEGER NOT NULL);
CREATE TABLE session(id INTEGER PRIMARY KEY,name TEXT NOT NULL UNIQUE CHECK(name<>''),notes TEXT,startedAt INTEGER NOT NULL,endedAt INTEGER CHECK(endedAt IS NULL OR(typeof(endedAt)='integer'AND endedAt>=startedAt)));
CREATE TABLE document(id INTEGER PRIMARY KEY,path TEXT NOT NULL UNIQUE CHECK(path<>''),format TEXT NOT NULL CHECK(format IN('json','xml')),createdAt INTEGER NOT NULL);
CREATE TABLE revisionHeader(id INTEGER PRIMARY KEY,data BLOB NOT NULL);
CREATE TABLE revision(id INTEGER PRIMARY KEY,documentId INTEGER NOT NULL REFERENCES document(id)ON DELETE RESTRICT,number INTEGER NOT NULL CHECK(number>=1),parentId INTEGER REFERENCES revision(id)ON DELETE RESTRICT,isDeletion INTEGER NOT NULL DEFAULT 0 CHECK(isDeletion IN(0,1)),contentHash BLOB CHECK(length(contentHash)=32),sourceHash BLOB CHECK(length(sourceHash)=32),headerId INTEGER REFERENCES revisionHeader(id)ON DELETE RESTRICT,screenCount INTEGER NOT NULL DEFAULT 0 CHECK(screenCount>=0),createdAt INTEGER NOT NULL,author TEXT NOT NULL,origin TEXT NOT NULL CHECK(origin IN('cli','daemon','reconcile')),message TEXT,sessionId INTEGER REFERENCES session(id)ON DELETE SET NULL,addedFromIntervals INTEGER NOT NULL DEFAULT 0 CHECK(addedFromIntervals IN(0,1)),attemptLead INTEGER CHECK(attemptLead>=0),attemptDuration INTEGER CHECK(attemptDuration>=0),UNIQUE(documentId,number),CHECK((isDeletion=1)=(contentHash IS NULL)),CHECK((isDeletion=1)=(sourceHash IS NULL)),CHECK((number=1)=(parentId IS NULL)),CHECK((attemptLead IS NULL)=(attemptDuration IS NULL)));
CREATE TABLE change(revisionId INTEGER NOT NULL REFERENCES revision(id)ON DELETE CASCADE,position INTEGER NOT NULL CHECK(position>=0),screenKey TEXT,previousKey TEXT,kind INTEGER NOT NULL CHECK(kind BETWEEN 0 AND 4),fields TEXT CHECK(fields IS NULL OR(json_valid(fields)AND fields<>'[]')),PRIMARY KEY(revisionId,position),CHECK((kind=4)=(screenKey IS NULL)))WITHOUT ROWID;
CREATE TABLE source(revisionId INTEGER PRIMARY KEY REFERENCES revision(id)ON DELETE CASCADE,encoding TEXT NOT NULL CHECK(encoding IN('zlib','delta')),baseRevisionId INTEGER REFERENCES source(revisionId)ON DELETE RESTRICT,chainLength INTEGER NOT NULL CHECK(chainLength>=0),size INTEGER NOT NULL CHECK(size>=0),data BLOB NOT NULL,CHECK((encoding='delta')=(baseRevisionId IS NOT NULL)),CHECK((encoding='zlib')=(chainLength=0)));
CREATE TABLE screenPack(id INTEGER PRIMARY KEY,size INTEGER NOT NULL CHECK(size>=0),lengths BLOB NOT NULL,data BLOB NOT NULL);
CREATE TABLE screenVersion(hashPrefix BLOB NOT NULL CHECK(length(hashPrefix)=3),id INTEGER NOT NULL CHECK(id>=1),PRIMARY KEY(hashPrefix,id))WITHOUT ROWID;
CREATE TABLE documentScreen(documentId INTEGER NOT NULL REFERENCES document(id)ON DELETE RESTRICT,validFrom INTEGER NOT NULL CHECK(validFrom>=1),screenKey TEXT NOT NULL,validUntil INTEGER CHECK(validUntil>validFrom),versionId INTEGER NOT NULL CHECK(versionId>=1),PRIMARY KEY(documentId,screenKey,validFrom))WITHOUT ROWID;
CREATE TABLE importAttempt(id INTEGER PRIMARY KEY,path TEXT NOT NULL,outcome TEXT NOT NULL CHECK(outcome IN('stored','unchanged','rejected','failed','deleted')),revisionId INTEGER REFERENCES revision(id)ON DELETE SET NULL,contentHash BLOB CHECK(length(contentHash)=32),startedAt INTEGER NOT NULL,durationMicroseconds INTEGER NOT NULL CHECK(durationMicroseconds>=0),author TEXT NOT NULL,origin TEXT NOT NULL CHECK(origin IN('cli','daemon','reconcile')),CHECK((outcome IN('stored','deleted'))=(revisionId IS NOT NULL)));
CREATE TABLE diagnostic(id INTEGER PRIMARY KEY,importAttemptId INTEGER NOT NULL REFERENCES importAttempt(id)ON DELETE CASCADE,severity TEXT NOT NULL CHECK(severity IN('error','warning','note')),code TEXT NOT NULL,message TEXT NOT NULL,line INTEGER NOT NULL CHECK(line>=1),"column" INTEGER NOT NULL CHECK("column">=1),path TEXT);
CREATE TABLE tableCount(name TEXT PRIMARY KEY,count INTEGER NOT NULL CHECK(count>=0))WITHOUT ROWID;

INSERT INTO grdb_migrations SELECT identifier FROM grdb_migrations_0011 ORDER BY identifier;
INSERT INTO project SELECT * FROM project_0011 ORDER BY id;
INSERT INTO session SELECT * FROM session_0011 ORDER BY id;
INSERT INTO document SELECT * FROM document_0011 ORDER BY id;
INSERT INTO revisionHeader SELECT * FROM revisionHeader_0011 ORDER BY id;
INSERT INTO revision SELECT * FROM revision_0011 ORDER BY id;
INSERT INTO change SELECT * FROM change_0011 ORDER BY revisionId, position;
INSERT INTO source SELECT * FROM source_0011 ORDER BY revisionId;
INSERT INTO screenPack SELECT * FROM screenPack_0011 ORDER BY id;
INSERT INTO screenVersion SELECT substr(hashPrefix,1,3), id FROM screenVersion_0011 ORDER BY 1, 2;
INSERT INTO documentScreen SELECT * FROM documentScreen_0011 ORDER BY documentId, screenKey, validFrom;
INSERT INTO importAttempt SELECT * FROM importAttempt_0011 ORDER BY id;
INSERT INTO diagnostic SELECT * FROM diagnostic_0011 ORDER BY id;
INSERT INTO tableCount SELECT * FROM tableCount_0011 ORDER BY name;

DROP TABLE diagnostic_0011;
DROP TABLE importAttempt_0011;
DROP TABLE documentScreen_0011;
DROP TABLE screenVersion_0011;
DROP TABLE screenPack_0011;
DROP TABLE source_0011;
DROP TABLE change_0011;
DROP TABLE revision_0011;
DROP TABLE revisionHeader_0011;
DROP TABLE document_0011;
DROP TABLE session_0011;
DROP TABLE project_0011;
DROP TABLE tableCount_0011;
DROP TABLE grdb_migrations_0011;

CREATE UNIQUE INDEX session_open ON session(endedAt IS NULL)WHERE endedAt IS NULL;
CREATE INDEX revision_document_createdAt ON revision(documentId,createdAt);
CREATE INDEX revision_createdAt ON revision(createdAt);
CREATE INDEX revision_session ON revision(sessionId)WHERE sessionId IS NOT NULL;
CREATE INDEX importAttempt_path ON importAttempt(path,startedAt);
CREATE INDEX importAttempt_startedAt ON importAttempt(startedAt);
CREATE INDEX importAttempt_refused ON importAttempt(path,startedAt)WHERE outcome IN('rejected','failed');
CREATE INDEX diagnostic_importAttempt ON diagnostic(importAttemptId);

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
-- At most one open interval (validUntil NULL) per document and screen key (0009).
CREATE TRIGGER documentScreen_oneOpenInserted BEFORE INSERT ON documentScreen WHEN NEW.validUntil IS NULL BEGIN SELECT RAISE(ABORT,'documentScreen: a second open interval for one screen key')WHERE EXISTS(SELECT 1 FROM documentScreen WHERE documentId=NEW.documentId AND screenKey=NEW.screenKey AND validUntil IS NULL);END;
CREATE TRIGGER documentScreen_oneOpenUpdated BEFORE UPDATE OF documentId,screenKey,validFrom,validUntil ON documentScreen WHEN NEW.validUntil IS NULL BEGIN SELECT RAISE(ABORT,'documentScreen: a second open interval for one screen key')WHERE EXISTS(SELECT 1 FROM documentScreen WHERE documentId=NEW.documentId AND screenKey=NEW.screenKey AND validUntil IS NULL AND NOT(documentId=OLD.documentId AND screenKey=OLD.screenKey AND validFrom=OLD.validFrom));END;
