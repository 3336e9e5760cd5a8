-- 0003_change_previous_key: `wfs log --screen KEY` finds the revisions that changed a screen
-- through the change indexes (the key, or the key it was renamed from) instead of looking at the
-- changes of every revision, so its time follows the number of matches, not the history's length.
-- Renames are rare: the index holds only the rows that have a previous key.
CREATE INDEX change_previousKey ON change(previousKey) WHERE previousKey IS NOT NULL;
