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

/// Called by SQLite after each commit of a WAL connection with the frames the WAL now holds;
/// keeps the count in `context` (an `int`, read with `wfs_wal_frames_load`).
static int wfs_wal_frames_hook(void *context, sqlite3 *db, const char *name, int frames) {
    (void)db;
    (void)name;
    __atomic_store_n((int *)context, frames, __ATOMIC_RELEASE);
    return SQLITE_OK;
}

/// Counts the WAL's frames after each commit of `db` in `*frames` instead of checkpointing: a
/// WAL hook replaces SQLite's automatic checkpoint (which is itself a WAL hook), so the
/// connection's commits never checkpoint. (`PRAGMA wal_autocheckpoint` would put it back.)
static inline void wfs_sqlite_count_wal_frames(sqlite3 *db, int *frames) {
    sqlite3_wal_hook(db, wfs_wal_frames_hook, frames);
}

/// The frames the WAL held after the last commit that `wfs_sqlite_count_wal_frames` counted.
static inline int wfs_wal_frames_load(int *frames) {
    return __atomic_load_n(frames, __ATOMIC_ACQUIRE);
}

/// Sets `*frames` to `now` if it still holds `seen` (no commit since it was read).
static inline void wfs_wal_frames_reset(int *frames, int seen, int now) {
    __atomic_compare_exchange_n(frames, &seen, now, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}
