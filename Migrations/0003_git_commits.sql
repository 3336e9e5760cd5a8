-- 0003_git_commits: the git commit a revision or an attempt was imported from (`wfs import --git`).
--
-- - `gitCommit`: the commit's full object name as lowercase hexadecimal (40 digits for SHA-1
--   repositories, 64 for SHA-256 ones); NULL for a version not imported from git. On `revision`
--   for a stored version or a deletion, on `importAttempt` for an attempt that stored nothing
--   (unchanged, rejected, failed): together they say which files of which commits are imported,
--   so that an import run again skips them.
-- - The commit's author is the revision's `author` ("Name <email>"), its author time the
--   revision's `createdAt`, its message the revision's `message`.
ALTER TABLE revision ADD COLUMN gitCommit TEXT CHECK(gitCommit IS NULL OR(length(gitCommit)IN(40,64)AND NOT gitCommit GLOB '*[^0-9a-f]*'));
ALTER TABLE importAttempt ADD COLUMN gitCommit TEXT CHECK(gitCommit IS NULL OR(length(gitCommit)IN(40,64)AND NOT gitCommit GLOB '*[^0-9a-f]*'));

-- - which files of the imported commits the store has, read once by each `import --git`:
CREATE INDEX revision_gitCommit ON revision(gitCommit)WHERE gitCommit IS NOT NULL;
CREATE INDEX importAttempt_gitCommit ON importAttempt(gitCommit)WHERE gitCommit IS NOT NULL;
