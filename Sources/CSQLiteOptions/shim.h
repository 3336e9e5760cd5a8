#include <sqlite3.h>

/// Whether closing the last connection to a WAL database checkpoints it and removes the `-wal`
/// and `-shm` files (SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE off, SQLite's default) or leaves the WAL
/// for the next connection (on). `sqlite3_db_config` is variadic, which Swift cannot call.
/// Returns the setting now in force (1: no checkpoint on close), or -1 when SQLite refused.
static inline int wfs_sqlite_set_no_checkpoint_on_close(sqlite3 *db, int on) {
    int now = -1;
    if (sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, on, &now) != SQLITE_OK) return -1;
    return now;
}
