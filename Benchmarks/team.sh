#!/usr/bin/env bash
# Team benchmark: many writers storing into one PostgreSQL store, side by side with git clones
# pushing to one bare repository; one writer on PostgreSQL against SQLite; queries at scale.
#
#   Benchmarks/team.sh --postgresql URL [--wfs PATH] [--wiregen PATH] [--writers N] [--versions M]
#                      [--screens S] [--scale R1,R2] [--keep DIR]
#
# URL names a PostgreSQL server as a role that may create databases (e.g. the throwaway cluster of
# `.ci/postgresql.sh start`); the benchmark creates its databases there and drops them afterwards.
#
# 1. Writers: N writers (default 8), each with its own document of S screens (default 1,000) and M
#    versions (default 25), each version stored by one `wfs import` process into one PostgreSQL
#    store, all writers at once. Beside it, N git clones of one bare repository commit the same
#    edits (write, add, commit) and push each commit, pulling (rebase) and pushing again when the
#    push is refused, as a team sharing a repository does. Reports accepted revisions (pushes) per
#    second, the ratio, and the refusals each side met. Then the same edits saved in N clones each
#    watched by its own wfsd (each save stored before the next), the per-save path of a team.
# 2. One writer: the same M versions of one document, one `wfs import` per version, into PostgreSQL
#    and into SQLite.
# 3. Queries at R revisions (default 1,000 and 10,000; one 100-screen document built through wfsd on
#    PostgreSQL): `wfs log --limit 20`, `diff` of the first and last revision, `audit`.
#
# Needs bash, python3, git, a release build (swift build -c release --product wfs --product wfsd).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
wfs="$here/../.build/release/wfs"
wiregen="$here/wiregen.py"
postgresql=""
writers=8
versions=25
screens=1000
scale="1000,10000"
keep=""
while [ $# -gt 0 ]; do
  case "$1" in
    --postgresql) postgresql="$2"; shift 2 ;;
    --wfs) wfs="$2"; shift 2 ;;
    --wiregen) wiregen="$2"; shift 2 ;;
    --writers) writers="$2"; shift 2 ;;
    --versions) versions="$2"; shift 2 ;;
    --screens) screens="$2"; shift 2 ;;
    --scale) scale="$2"; shift 2 ;;
    --keep) keep="$2"; shift 2 ;;
    *) echo "unknown argument: $1" >&2; exit 64 ;;
  esac
done
[ -n "$postgresql" ] || { echo "name a PostgreSQL server with --postgresql URL" >&2; exit 64; }
[ -x "$wfs" ] || { echo "no wfs binary at $wfs; build it with: swift build -c release --product wfs --product wfsd" >&2; exit 2; }
command -v psql >/dev/null || { echo "psql is needed (Debian: postgresql-client)" >&2; exit 2; }
if [ -n "$keep" ]; then
  mkdir -p "$keep"
  work="$(cd "$keep" && pwd)"
else
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work/bin"
cp "$wfs" "$work/bin/wfs"
[ ! -x "$(dirname "$wfs")/wfsd" ] || cp "$(dirname "$wfs")/wfsd" "$work/bin/wfsd"
export WFS_BENCH_WORK="$work" WFS_BENCH_WFS="$work/bin/wfs" WFS_BENCH_WIREGEN="$wiregen" WFS_BENCH_PG="$postgresql"
export WFS_BENCH_WRITERS="$writers" WFS_BENCH_VERSIONS="$versions" WFS_BENCH_SCREENS="$screens" WFS_BENCH_SCALE="$scale"
export GIT_AUTHOR_NAME=Bench GIT_AUTHOR_EMAIL=bench@example.invalid GIT_COMMITTER_NAME=Bench GIT_COMMITTER_EMAIL=bench@example.invalid
exec python3 - <<'PY'
import os, shutil, statistics, subprocess, sys, threading, time, urllib.parse
work, wfs, wiregen, server = (os.environ[k] for k in ("WFS_BENCH_WORK", "WFS_BENCH_WFS", "WFS_BENCH_WIREGEN", "WFS_BENCH_PG"))
writers, versions, screens = (int(os.environ[k]) for k in ("WFS_BENCH_WRITERS", "WFS_BENCH_VERSIONS", "WFS_BENCH_SCREENS"))
scales = [int(x) for x in os.environ["WFS_BENCH_SCALE"].split(",") if x]
env = dict(os.environ, WFS_AUTHOR="bench", NO_COLOR="1")
env.pop("WFS_STORE", None)

def run(args, cwd, check=True, extra=None):
    return subprocess.run(args, cwd=cwd, env=dict(env, **(extra or {})), check=check,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE).returncode

def psql(sql):
    subprocess.run(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", server, "-c", sql], check=True,
                   stdout=subprocess.DEVNULL)

def database_url(name):
    """The server's URL with its database replaced by `name` (query parameters kept)."""
    parts = urllib.parse.urlsplit(server)
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, "/" + name, parts.query, parts.fragment))

created = []
def fresh_database(name):
    psql(f'DROP DATABASE IF EXISTS "{name}"')
    psql(f'CREATE DATABASE "{name}"')
    created.append(name)
    return database_url(name)

def timed(args, cwd, repeat=5, extra=None):
    samples = []
    for _ in range(repeat):
        start = time.perf_counter(); run(args, cwd, extra=extra); samples.append(time.perf_counter() - start)
    return statistics.median(samples)

def history(name, count, size, seed):
    folder = os.path.join(work, name)
    subprocess.run([sys.executable, wiregen, "history", str(size), str(count), folder, "--seed", str(seed)], check=True,
                   stdout=subprocess.DEVNULL)
    return [os.path.join(folder, f) for f in sorted(os.listdir(folder))]

try:
    edits = [history(f"versions{i}", versions, screens, 100 + i) for i in range(writers)]

    # 1a. git: one bare repository, a clone per writer, a push per commit, pull and retry when refused.
    bare = os.path.join(work, "team.git")
    run(["git", "init", "-q", "--bare", bare], work)
    seed_clone = os.path.join(work, "seed")
    run(["git", "clone", "-q", bare, seed_clone], work)
    run(["git", "commit", "-q", "--allow-empty", "-m", "start"], seed_clone)
    run(["git", "push", "-q", "origin", "HEAD"], seed_clone)
    clones = []
    for i in range(writers):
        clone = os.path.join(work, f"git{i}")
        run(["git", "clone", "-q", bare, clone], work)
        clones.append(clone)
    refused = [0] * writers
    def git_writer(i):
        clone = clones[i]
        for number, source in enumerate(edits[i], start=1):
            shutil.copyfile(source, os.path.join(clone, f"doc{i}.json"))
            run(["git", "add", f"doc{i}.json"], clone)
            run(["git", "commit", "-q", "-m", f"doc{i} version {number}"], clone)
            while run(["git", "push", "-q", "origin", "HEAD"], clone, check=False) != 0:
                refused[i] += 1
                run(["git", "pull", "-q", "--rebase", "origin", "HEAD"], clone)
    start = time.perf_counter()
    threads = [threading.Thread(target=git_writer, args=(i,)) for i in range(writers)]
    for t in threads: t.start()
    for t in threads: t.join()
    git_seconds = time.perf_counter() - start

    # 1b. wfs: one PostgreSQL store, a clone folder per writer, one `wfs import` per version.
    team = fresh_database("wfs_bench_team")
    run([wfs, "init", "--store", team], work)
    failed = [0] * writers
    def wfs_writer(i):
        folder = os.path.join(work, f"wfs{i}")
        os.makedirs(folder, exist_ok=True)
        for source in edits[i]:
            shutil.copyfile(source, os.path.join(folder, f"doc{i}.json"))
            if run([wfs, "import", "--store", team, "--root", folder, f"doc{i}.json"], folder, check=False) != 0:
                failed[i] += 1
    start = time.perf_counter()
    threads = [threading.Thread(target=wfs_writer, args=(i,)) for i in range(writers)]
    for t in threads: t.start()
    for t in threads: t.join()
    wfs_seconds = time.perf_counter() - start
    run([wfs, "verify", "--store", team], work)
    total = writers * versions
    git_rate, wfs_rate = total / git_seconds, total / wfs_seconds
    print(f"# {writers} writers, {versions} versions each of their own {screens}-screen document")
    print("| side | accepted per second | refused (per accepted) | wall time |")
    print("|---|---|---|---|")
    print(f"| git: clones pushing to one bare repository | {git_rate:.1f} | {sum(refused)} ({sum(refused) / total:.2f}) | {git_seconds:.1f} s |")
    print(f"| wfs import into one PostgreSQL store | {wfs_rate:.1f} | {sum(failed)} ({sum(failed) / total:.2f}) | {wfs_seconds:.1f} s |")

    # 1c. The per-save path of a team: a daemon in each clone, the same edits saved one after another
    # in each clone (each save stored before the next), all clones at once, into one PostgreSQL store.
    wfsd = os.path.join(os.path.dirname(wfs), "wfsd")
    daemons_store = fresh_database("wfs_bench_daemons")
    run([wfs, "init", "--store", daemons_store], work)
    daemons = []
    def stored_count(path):
        with open(path) as f:
            return sum(1 for line in f if "import.outcome=stored" in line)
    for i in range(writers):
        folder = os.path.join(work, f"daemon{i}")
        os.makedirs(folder)
        shutil.copyfile(edits[i][0], os.path.join(folder, f"doc{i}.json"))
        log_path = os.path.join(work, f"daemon{i}.log")
        with open(log_path, "w") as log:
            process = subprocess.Popen([wfsd], cwd=folder, stdout=subprocess.DEVNULL, stderr=log,
                                       env=dict(env, WFS_SETTLE_MILLISECONDS="0", WFS_STORE=daemons_store, WFS_ROOT=folder))
        daemons.append((process, folder, log_path))
    try:
        for process, folder, log_path in daemons:
            deadline = time.monotonic() + 60
            while stored_count(log_path) < 1:
                if process.poll() is not None or time.monotonic() > deadline:
                    sys.exit(f"wfsd did not start; see {log_path}")
                time.sleep(0.01)
        def daemon_writer(i):
            process, folder, log_path = daemons[i]
            for n, source in enumerate(edits[i][1:], start=2):
                with open(source, "rb") as f:
                    data = f.read()
                with open(os.path.join(folder, f"doc{i}.json"), "wb") as f:
                    f.write(data)
                while stored_count(log_path) < n:
                    if process.poll() is not None:
                        return
                    time.sleep(0.001)
        start = time.perf_counter()
        threads = [threading.Thread(target=daemon_writer, args=(i,)) for i in range(writers)]
        for t in threads: t.start()
        for t in threads: t.join()
        daemon_seconds = time.perf_counter() - start
    finally:
        for process, _, _ in daemons:
            process.terminate(); process.wait()
    run([wfs, "verify", "--store", daemons_store], work)
    daemon_rate = writers * (versions - 1) / daemon_seconds
    print(f"| wfsd in each clone, one PostgreSQL store | {daemon_rate:.1f} | 0 (0.00) | {daemon_seconds:.1f} s |")
    print(f"\nwfs import/git rate: {wfs_rate / git_rate:.1f}x; wfsd/git rate: {daemon_rate / git_rate:.1f}x (goal: at least 10x, no refusal)")
    sys.stdout.flush()

    # 2. One writer, PostgreSQL against SQLite: the same versions, one import process each.
    single = fresh_database("wfs_bench_single")
    folders = {}
    for engine in ("postgresql", "sqlite"):
        folder = os.path.join(work, f"single-{engine}")
        os.makedirs(folder)
        store = single if engine == "postgresql" else os.path.join(folder, ".wfs/store.sqlite")
        run([wfs, "init", "--store", store, "--root", folder], folder)
        folders[engine] = (folder, store)
    per_version = {"postgresql": 0.0, "sqlite": 0.0}
    for source in edits[0]:
        for engine, (folder, store) in folders.items():
            shutil.copyfile(source, os.path.join(folder, "app.json"))
            start = time.perf_counter()
            run([wfs, "import", "--store", store, "--root", folder, "app.json"], folder)
            per_version[engine] += time.perf_counter() - start
    pg, lite = per_version["postgresql"] / versions, per_version["sqlite"] / versions
    print(f"\n# one writer, {versions} versions of {screens} screens, one `wfs import` per version")
    print(f"| PostgreSQL | SQLite | PostgreSQL/SQLite |\n|---|---|---|\n| {pg * 1000:.1f} ms | {lite * 1000:.1f} ms | {pg / lite:.2f} |")
    sys.stdout.flush()

    # 3. Queries as history grows, on PostgreSQL: one 100-screen document built through wfsd.
    wfsd = os.path.join(os.path.dirname(wfs), "wfsd")
    for count in scales:
        store = fresh_database(f"wfs_bench_scale{count}")
        folder = os.path.join(work, f"scale{count}")
        os.makedirs(folder)
        run([wfs, "init", "--store", store, "--root", folder], folder)
        scale_versions = history(f"scale-versions-{count}", count, 100, 7)
        log_path = os.path.join(work, f"scale{count}-wfsd.log")
        target = os.path.join(folder, "app.json")
        shutil.copyfile(scale_versions[0], target)
        start = time.perf_counter()
        with open(log_path, "w") as log:
            daemon = subprocess.Popen([wfsd], cwd=folder, stdout=subprocess.DEVNULL, stderr=log,
                                      env=dict(env, WFS_SETTLE_MILLISECONDS="0", WFS_STORE=store, WFS_ROOT=folder))
        try:
            def stored():
                with open(log_path) as f:
                    return sum(1 for line in f if "import.outcome=" in line)
            def wait_for(n):
                deadline = time.monotonic() + 60
                while stored() < n:
                    if daemon.poll() is not None or time.monotonic() > deadline:
                        sys.exit(f"wfsd did not import version {n}; see {log_path}")
                    time.sleep(0.001)
            wait_for(1)
            for n, version in enumerate(scale_versions[1:], start=2):
                shutil.copyfile(version, target)
                wait_for(n)
        finally:
            daemon.terminate(); daemon.wait()
        build = time.perf_counter() - start
        store_args = ["--store", store, "--root", folder]
        run([wfs, "session", "add", "Middle", "--start", "2000-01-01T00:00Z", "--end", "2999-01-01T00:00Z", *store_args], folder)
        queries = [
            ("log --limit 20", [wfs, "log", "--limit", "20", *store_args]),
            (f"diff app.json@1 app.json@{count}", [wfs, "diff", "app.json@1", f"app.json@{count}", *store_args]),
            (f"diff app.json@{count - 1} app.json@{count}", [wfs, "diff", f"app.json@{count - 1}", f"app.json@{count}", *store_args]),
            ("audit --from Middle", [wfs, "audit", "--from", "Middle", *store_args]),
            ("status", [wfs, "status", *store_args]),
        ]
        print(f"\n# PostgreSQL query times at {count} revisions (100 screens; built through wfsd in {build:.1f} s)")
        print("| query | median of 5 |\n|---|---|")
        for label, args in queries:
            print(f"| `wfs {label}` | {timed(args, folder) * 1000:.1f} ms |")
        sys.stdout.flush()
finally:
    for name in created:
        subprocess.run(["psql", "-X", "-q", "-d", server, "-c", f'DROP DATABASE IF EXISTS "{name}"'],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
PY
