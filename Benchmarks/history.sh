#!/usr/bin/env bash
# History benchmark: the same generated edit history stored in git and in wfs, side by side.
#
#   Benchmarks/history.sh [--wfs PATH] [--wiregen PATH] [--screens N] [--versions M] [--scale R1,R2] [--keep DIR]
#
# Builds `wiregen.py history N M` (default 1000 screens, 300 versions) into a git repository (write,
# add, commit per version) and into a wfs store (one `wfs import` per version), then reports wfs/git
# ratios for import, log, diff, log with contents, and size (against `.git` after `git gc`, then after
# `git gc --aggressive`). Then it times queries on stores of R1 and R2 revisions (default 1000 and
# 10000, 100-screen documents; built through wfsd beside the wfs binary, which stores a version in
# milliseconds). Needs bash, python3, git and release builds:
# swift build -c release --product wfs (and --product wfsd)
# With --keep DIR, the work folder is DIR (made if missing, kept afterwards): DIR/wfs/.wfs/store.sqlite
# and DIR/git are there to measure (`dbstat`) after the run.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
wfs="$here/../.build/release/wfs"
wiregen="$here/wiregen.py"
screens=1000
versions=300
scale="1000,10000"
keep=""
while [ $# -gt 0 ]; do
  case "$1" in
    --wfs) wfs="$2"; shift 2 ;;
    --wiregen) wiregen="$2"; shift 2 ;;
    --screens) screens="$2"; shift 2 ;;
    --versions) versions="$2"; shift 2 ;;
    --scale) scale="$2"; shift 2 ;;
    --keep) keep="$2"; shift 2 ;;
    *) echo "unknown argument: $1" >&2; exit 64 ;;
  esac
done
[ -x "$wfs" ] || { echo "no wfs binary at $wfs; build it with: swift build -c release --product wfs" >&2; exit 2; }
if [ -n "$keep" ]; then
  mkdir -p "$keep"
  [ -z "$(ls -A "$keep")" ] || { echo "--keep $keep: the folder is not empty" >&2; exit 2; }
  work="$(cd "$keep" && pwd)"
else
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
fi
# The binaries are timed from copies in the work folder, so that two builds compared are always
# run from files written alike.
mkdir -p "$work/bin"
cp "$wfs" "$work/bin/wfs"
[ ! -x "$(dirname "$wfs")/wfsd" ] || cp "$(dirname "$wfs")/wfsd" "$work/bin/wfsd"
export WFS_BENCH_WORK="$work" WFS_BENCH_WFS="$work/bin/wfs" WFS_BENCH_WIREGEN="$wiregen"
export WFS_BENCH_SCREENS="$screens" WFS_BENCH_VERSIONS="$versions" WFS_BENCH_SCALE="$scale"
export GIT_AUTHOR_NAME=Bench GIT_AUTHOR_EMAIL=bench@example.invalid GIT_COMMITTER_NAME=Bench GIT_COMMITTER_EMAIL=bench@example.invalid
exec python3 - <<'PY'
import os, shutil, statistics, subprocess, sys, time
work, wfs, wiregen = os.environ["WFS_BENCH_WORK"], os.environ["WFS_BENCH_WFS"], os.environ["WFS_BENCH_WIREGEN"]
screens, versions = int(os.environ["WFS_BENCH_SCREENS"]), int(os.environ["WFS_BENCH_VERSIONS"])
scales = [int(x) for x in os.environ["WFS_BENCH_SCALE"].split(",") if x]
env = dict(os.environ, WFS_AUTHOR="bench", NO_COLOR="1")
env.pop("WFS_STORE", None)

def run(args, cwd, check=True):
    subprocess.run(args, cwd=cwd, env=env, check=check, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

def timed(args, cwd, repeat=5):
    samples = []
    for _ in range(repeat):
        start = time.perf_counter(); run(args, cwd); samples.append(time.perf_counter() - start)
    return statistics.median(samples)

def size(path):
    total = 0
    for folder, _, files in os.walk(path):
        for name in files: total += os.path.getsize(os.path.join(folder, name))
    return total

versions_dir = os.path.join(work, "versions")
subprocess.run([sys.executable, wiregen, "history", str(screens), str(versions), versions_dir], check=True)
files = sorted(os.listdir(versions_dir))
git_dir, wfs_dir = os.path.join(work, "git"), os.path.join(work, "wfs")
os.makedirs(git_dir); os.makedirs(wfs_dir)
run(["git", "init", "-q"], git_dir)
run([wfs, "init"], wfs_dir)

git_time = wfs_time = 0.0
for name in files:
    source = os.path.join(versions_dir, name)
    start = time.perf_counter()
    shutil.copyfile(source, os.path.join(git_dir, "app.json"))
    run(["git", "add", "app.json"], git_dir)
    run(["git", "commit", "-q", "-m", name], git_dir)
    git_time += time.perf_counter() - start
    start = time.perf_counter()
    shutil.copyfile(source, os.path.join(wfs_dir, "app.json"))
    run([wfs, "import", "app.json"], wfs_dir)
    wfs_time += time.perf_counter() - start

results = []
def ratio(label, wfs_seconds, git_seconds, target, unit="s"):
    results.append((label, wfs_seconds, git_seconds, wfs_seconds / git_seconds, target, unit))

ratio("import per version", wfs_time / len(files), git_time / len(files), 0.3)
ratio("log vs git log --oneline", timed([wfs, "log"], wfs_dir), timed(["git", "log", "--oneline"], git_dir), 1.0)
gap = min(200, len(files) - 1)
first, last = len(files) - gap, len(files)
ratio(f"diff {gap} versions apart vs git diff", timed([wfs, "diff", f"app.json@{first}", f"app.json@{last}"], wfs_dir),
      timed(["git", "diff", f"HEAD~{gap}", "HEAD"], git_dir), 0.5)
ratio("log --format json vs git log -p", timed([wfs, "log", "--format", "json"], wfs_dir, 3), timed(["git", "log", "-p"], git_dir, 3), 0.02)
run([wfs, "verify"], wfs_dir)
store_size = size(os.path.join(wfs_dir, ".wfs"))
run(["git", "gc", "-q"], git_dir)
ratio("store size vs .git after git gc", store_size, size(os.path.join(git_dir, ".git")), 1.0, "bytes")
run(["git", "gc", "-q", "--aggressive"], git_dir)
ratio("store size vs .git after git gc --aggressive", store_size, size(os.path.join(git_dir, ".git")), 1.0, "bytes")

print(f"# wfs history benchmark: {screens} screens, {len(files)} versions")
print(f"| measure | wfs | git | wfs/git | target |")
print(f"|---|---|---|---|---|")
for label, a, b, r, target, unit in results:
    fa = f"{a:,.0f} B" if unit == "bytes" else f"{a*1000:.1f} ms"
    fb = f"{b:,.0f} B" if unit == "bytes" else f"{b*1000:.1f} ms"
    print(f"| {label} | {fa} | {fb} | {r:.3f} | ≤ {target} {'ok' if r <= target else 'MISSED'} |")
sys.stdout.flush()

def build_with_daemon(folder, versions):
    """Stores each version as a revision through wfsd (settle 0): the same store as one `wfs import`
    per version, several times faster to build (one process, the head kept in memory)."""
    wfsd = os.path.join(os.path.dirname(wfs), "wfsd")
    log_path = os.path.join(work, os.path.basename(folder) + "-wfsd.log")
    target = os.path.join(folder, "app.json")
    shutil.copyfile(versions[0], target)
    with open(log_path, "w") as log:
        daemon = subprocess.Popen([wfsd], cwd=folder, env=dict(env, WFS_SETTLE_MILLISECONDS="0"), stdout=subprocess.DEVNULL, stderr=log)
    try:
        def stored():
            with open(log_path) as f:
                return sum(1 for line in f if "import.outcome=" in line)
        def wait_for(count):
            deadline = time.monotonic() + 60
            while stored() < count:
                if daemon.poll() is not None or time.monotonic() > deadline:
                    sys.exit(f"wfsd did not import version {count}; see {log_path}")
                time.sleep(0.001)
        wait_for(1)  # the catch-up pass imports the first version
        for number, version in enumerate(versions[1:], start=2):
            with open(version, "rb") as f:
                data = f.read()
            with open(target, "wb") as f:
                f.write(data)
            wait_for(number)
    finally:
        daemon.terminate()
        daemon.wait()

# Query times as history grows: one 100-screen document, R revisions.
for count in scales:
    folder = os.path.join(work, f"scale{count}")
    os.makedirs(folder)
    run([wfs, "init"], folder)
    scale_versions = os.path.join(work, f"scale-versions-{count}")
    subprocess.run([sys.executable, wiregen, "history", "100", str(count), scale_versions], check=True)
    start = time.perf_counter()
    build_with_daemon(folder, [os.path.join(scale_versions, name) for name in sorted(os.listdir(scale_versions))])
    build = time.perf_counter() - start
    run([wfs, "session", "add", "Middle", "--start", "2000-01-01T00:00Z", "--end", "2999-01-01T00:00Z"], folder)
    queries = [
        ("log --limit 20", [wfs, "log", "--limit", "20"]),
        ("log (all)", [wfs, "log"]),
        ("log --format json (all)", [wfs, "log", "--format", "json"]),
        ("log --screen screen5", [wfs, "log", "--screen", "screen5"]),
        ("show app.json (head)", [wfs, "show", "--format", "json", "app.json"]),
        (f"show app.json@{count // 2}", [wfs, "show", "--format", "json", f"app.json@{count // 2}"]),
        (f"diff app.json@1 app.json@{count}", [wfs, "diff", "app.json@1", f"app.json@{count}"]),
        ("status", [wfs, "status"]),
        ("audit --from Middle", [wfs, "audit", "--from", "Middle"]),
    ]
    print(f"\n# query times at {count} revisions (100 screens; built through wfsd in {build:.1f} s; store {size(os.path.join(folder, '.wfs')):,} B)")
    print("| query | median |")
    print("|---|---|")
    for label, args in queries:
        print(f"| `wfs {label}` | {timed(args, folder) * 1000:.1f} ms |")
    sys.stdout.flush()
PY
