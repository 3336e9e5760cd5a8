-- 0002_concurrent_saves: what each revision was based on, what it replaced, and the machine
-- that made it, so that many writers can store into one history at once.
--
-- - `basedOn`: the head its writer last stored or read for the document before this version
--   (NULL for none). It is the parent unless another writer stored in between. Every revision
--   made before this migration was based on its parent: one writer stored at a time.
-- - `replacesId`: when `basedOn` is not the parent, the head the revision replaced without its
--   writer having seen it (the parent); NULL otherwise.
-- - `replacedScreens`: beside `replacesId`, a JSON array of the screen keys whose changes since
--   `basedOn` (made by others) the revision does not contain, in byte order; the empty key
--   stands for the document's own fields.
-- - `machine`: the host name of the machine the revision was made on; NULL when not recorded.
ALTER TABLE revision ADD COLUMN basedOn INTEGER REFERENCES revision(id)ON DELETE RESTRICT;
ALTER TABLE revision ADD COLUMN replacesId INTEGER REFERENCES revision(id)ON DELETE RESTRICT;
ALTER TABLE revision ADD COLUMN replacedScreens TEXT CHECK((replacesId IS NULL)=(replacedScreens IS NULL)AND(replacedScreens IS NULL OR json_valid(replacedScreens)));
ALTER TABLE revision ADD COLUMN machine TEXT CHECK(machine IS NULL OR machine<>'');
UPDATE revision SET basedOn=parentId;

-- - `log --replacing` and `status`'s list of revisions that replaced a head, newest first:
CREATE INDEX revision_replacing ON revision(id)WHERE replacesId IS NOT NULL;
