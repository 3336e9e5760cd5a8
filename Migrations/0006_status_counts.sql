-- 0006_status_counts: what `wfs status` reads without scanning history.
--
-- - `tableCount` keeps the number of rows of each table that `wfs status` counts, kept exact by
--   triggers on every insert and delete. `SELECT COUNT(*)` reads a whole table (SQLite keeps no
--   row count): with 10,000 revisions the seven counts took 8 ms, growing with history.
-- - `importAttempt_refused` indexes only the attempts that were rejected or failed, by path and
--   time, so that the documents waiting for a fix are found among the refused attempts instead of
--   by reading every attempt ever made.

CREATE TABLE tableCount (
    name TEXT PRIMARY KEY,
    count INTEGER NOT NULL CHECK (count >= 0)
) WITHOUT ROWID;

INSERT INTO tableCount (name, count) SELECT 'document', COUNT(*) FROM document;
INSERT INTO tableCount (name, count) SELECT 'revision', COUNT(*) FROM revision;
INSERT INTO tableCount (name, count) SELECT 'screenVersion', COUNT(*) FROM screenVersion;
INSERT INTO tableCount (name, count) SELECT 'documentScreen', COUNT(*) FROM documentScreen;
INSERT INTO tableCount (name, count) SELECT 'change', COUNT(*) FROM change;
INSERT INTO tableCount (name, count) SELECT 'session', COUNT(*) FROM session;
INSERT INTO tableCount (name, count) SELECT 'importAttempt', COUNT(*) FROM importAttempt;

CREATE TRIGGER document_counted AFTER INSERT ON document BEGIN UPDATE tableCount SET count = count + 1 WHERE name = 'document'; END;
CREATE TRIGGER document_uncounted AFTER DELETE ON document BEGIN UPDATE tableCount SET count = count - 1 WHERE name = 'document'; END;
CREATE TRIGGER revision_counted AFTER INSERT ON revision BEGIN UPDATE tableCount SET count = count + 1 WHERE name = 'revision'; END;
CREATE TRIGGER revision_uncounted AFTER DELETE ON revision BEGIN UPDATE tableCount SET count = count - 1 WHERE name = 'revision'; END;
CREATE TRIGGER screenVersion_counted AFTER INSERT ON screenVersion BEGIN UPDATE tableCount SET count = count + 1 WHERE name = 'screenVersion'; END;
CREATE TRIGGER screenVersion_uncounted AFTER DELETE ON screenVersion BEGIN UPDATE tableCount SET count = count - 1 WHERE name = 'screenVersion'; END;
CREATE TRIGGER documentScreen_counted AFTER INSERT ON documentScreen BEGIN UPDATE tableCount SET count = count + 1 WHERE name = 'documentScreen'; END;
CREATE TRIGGER documentScreen_uncounted AFTER DELETE ON documentScreen BEGIN UPDATE tableCount SET count = count - 1 WHERE name = 'documentScreen'; END;
CREATE TRIGGER change_counted AFTER INSERT ON change BEGIN UPDATE tableCount SET count = count + 1 WHERE name = 'change'; END;
CREATE TRIGGER change_uncounted AFTER DELETE ON change BEGIN UPDATE tableCount SET count = count - 1 WHERE name = 'change'; END;
CREATE TRIGGER session_counted AFTER INSERT ON session BEGIN UPDATE tableCount SET count = count + 1 WHERE name = 'session'; END;
CREATE TRIGGER session_uncounted AFTER DELETE ON session BEGIN UPDATE tableCount SET count = count - 1 WHERE name = 'session'; END;
CREATE TRIGGER importAttempt_counted AFTER INSERT ON importAttempt BEGIN UPDATE tableCount SET count = count + 1 WHERE name = 'importAttempt'; END;
CREATE TRIGGER importAttempt_uncounted AFTER DELETE ON importAttempt BEGIN UPDATE tableCount SET count = count - 1 WHERE name = 'importAttempt'; END;

CREATE INDEX importAttempt_refused ON importAttempt(path, startedAt) WHERE outcome IN ('rejected', 'failed');
