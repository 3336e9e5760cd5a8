-- 0002_import_attempt_time: `wfs status` lists the latest import attempts of the whole store.
CREATE INDEX importAttempt_startedAt ON importAttempt(startedAt);
