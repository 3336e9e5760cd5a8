-- 0003_git_commits: the git commit a revision or an attempt was imported from (`wfs import --git`).
--
-- - `git_commit`: the commit's full object name as lowercase hexadecimal (40 digits for SHA-1
--   repositories, 64 for SHA-256 ones); NULL for a version not imported from git. Every attempt
--   is a row of `import_attempt`, so that table alone says which files of which commits are
--   imported (an import run again skips them); the revision keeps it to show it.
-- - The commit's author is the revision's `author` ("Name <email>"), its author time the
--   revision's `created_at`, its message the revision's `message`.
-- - The number follows the SQLite store's migrations, so that one change has one number.
ALTER TABLE revision ADD COLUMN git_commit text CHECK(git_commit ~ '^([0-9a-f]{40}|[0-9a-f]{64})$');
ALTER TABLE import_attempt ADD COLUMN git_commit text CHECK(git_commit ~ '^([0-9a-f]{40}|[0-9a-f]{64})$');

-- - which files of the imported commits the store has, read once by each `import --git`:
CREATE INDEX import_attempt_git_commit ON import_attempt(git_commit) WHERE git_commit IS NOT NULL;
