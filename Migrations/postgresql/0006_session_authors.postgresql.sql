-- 0006_session_authors: who recorded a meeting, and who last changed it.
--
-- `author` started the meeting or recorded it afterwards (the configured author of `wfs`, the
-- token's name on the web app, an annotated tag's tagger); `changed_by` last ended, renamed or
-- re-noted it, at `changed_at` (microseconds). Meetings stored before this migration, and those
-- of lightweight tags, have no author; a meeting never changed has neither of the other two.
ALTER TABLE session ADD COLUMN author text CHECK(author <> '');
ALTER TABLE session ADD COLUMN changed_by text CHECK(changed_by <> '');
ALTER TABLE session ADD COLUMN changed_at bigint;
