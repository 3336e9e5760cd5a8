// Keeps this test target buildable in a clone where its test files are not yet committed.
