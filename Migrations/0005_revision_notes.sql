-- 0005_revision_notes: messages given to revisions after they were stored (`wfs note`).
--
-- A revision's message is its newest note's (the greatest id), else `revision.message`, which a
-- note never changes: every message a revision ever had stays. A note names who wrote it and
-- when (microseconds); the revision's own author and time stay the revision's. An empty message
-- removes the revision's message.
CREATE TABLE revisionNote(
  id INTEGER PRIMARY KEY,
  revisionId INTEGER NOT NULL REFERENCES revision(id)ON DELETE CASCADE,
  message TEXT NOT NULL,
  author TEXT NOT NULL CHECK(author<>''),
  createdAt INTEGER NOT NULL);

-- - a revision's newest note: one range of this index.
CREATE INDEX revisionNote_revision ON revisionNote(revisionId,id);
