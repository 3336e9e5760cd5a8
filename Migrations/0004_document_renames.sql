-- 0004_document_renames: a document keeps its identity (its row, its revisions, its screens)
-- when its file is renamed.
--
-- - `previousPath`: on a rename revision, the path the document had before it (the document's
--   row then holds the new path). The revision is the next of the document, its content the
--   renamed file's: a pure rename has no screen changes, a rename with edits has the edits'.
--   NULL on every other revision. A rename is of a live document: it has a parent and is no
--   deletion.
ALTER TABLE revision ADD COLUMN previousPath TEXT CHECK(previousPath IS NULL OR(previousPath<>''AND isDeletion=0 AND parentId IS NOT NULL));

-- - a REF or `log` that names a path a document left (`old.json@2`):
CREATE INDEX revision_previousPath ON revision(previousPath)WHERE previousPath IS NOT NULL;
-- - where a document's history starts when a log does not follow renames:
CREATE INDEX revision_renamed ON revision(documentId,number)WHERE previousPath IS NOT NULL;
