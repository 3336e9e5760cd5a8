-- 0004_document_renames: a document keeps its identity (its row, its revisions, its screens)
-- when its file is renamed.
--
-- - `previous_path`: on a rename revision, the path the document had before it (the document's
--   row then holds the new path). The revision is the next of the document, its content the
--   renamed file's: a pure rename has no screen changes, a rename with edits has the edits'.
--   NULL on every other revision. A rename is of a live document: it has a parent and is no
--   deletion.
ALTER TABLE revision ADD COLUMN previous_path text
  CHECK(previous_path IS NULL OR (previous_path <> '' AND NOT is_deletion AND parent_id IS NOT NULL));

-- - a REF or `log` that names a path a document left (`old.json@2`):
CREATE INDEX revision_previous_path ON revision(previous_path) WHERE previous_path IS NOT NULL;
-- - where a document's history starts when a log does not follow renames:
CREATE INDEX revision_renamed ON revision(document_id, number) WHERE previous_path IS NOT NULL;
