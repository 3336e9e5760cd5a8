#!/usr/bin/env bash
# Following the store: the time from Ada's save in her clone to Bob's clone holding it, two clones
# on one PostgreSQL store, each watched by its own wfsd (Ada's stores the save, Bob's hears the
# store's NOTIFY and writes the revision into his file). Beside it, what a team with git has:
# Ada's save committed and pushed by a watcher script, Bob's clone pulled by a loop as often as
# the daemon looks (every 50 ms) until it holds the save.
#
#   Benchmarks/follow.sh --postgresql URL [--bin DIR] [--saves N] [--screens S]
#
# URL: a server where the role may create databases (`.ci/postgresql.sh start` gives one).
# Prints p50 and p99 of each side in milliseconds and their ratio. Needs a release build
# (swift build -c release --product wfs --product wfsd), git and python3.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bin="$here/../.build/release"
postgresql=""
saves=60
screens=1000
while [ $# -gt 0 ]; do
  case "$1" in
    --postgresql) postgresql="$2"; shift 2 ;;
    --bin) bin="$2"; shift 2 ;;
    --saves) saves="$2"; shift 2 ;;
    --screens) screens="$2"; shift 2 ;;
    *) echo "unknown argument $1" >&2; exit 64 ;;
  esac
done
[ -n "$postgresql" ] || { echo "--postgresql URL is needed" >&2; exit 64; }
work="$(mktemp -d)"
pids=()
database="wfs_follow_$$"
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  psql "$postgresql" -qc "DROP DATABASE IF EXISTS $database" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
psql "$postgresql" -qc "CREATE DATABASE $database" >/dev/null
store=$(python3 -c 'import sys, urllib.parse as u; p = u.urlsplit(sys.argv[1]); print(u.urlunsplit(p._replace(path="/" + sys.argv[2])))' "$postgresql" "$database")

python3 "$here/wiregen.py" single "$screens" "$work/app.json" --seed 7 >/dev/null
mkdir -p "$work/ada" "$work/bob"
cp "$work/app.json" "$work/ada/app.json"
cp "$work/app.json" "$work/bob/app.json"
"$bin/wfs" init --store "$store" --root "$work/ada" >/dev/null
WFS_AUTHOR=ada "$bin/wfsd" --store "$store" --root "$work/ada" > "$work/ada.log" 2>&1 & pids+=($!)
WFS_AUTHOR=bob "$bin/wfsd" --store "$store" --root "$work/bob" > "$work/bob.log" 2>&1 & pids+=($!)
for log in ada bob; do
  for _ in $(seq 200); do grep -q " watching" "$work/$log.log" && break; sleep 0.05; done
done
sleep 1

# git: one bare repository, Ada's clone with a watcher that commits and pushes each save.
git init -q --bare "$work/shared.git"
git clone -q "$work/shared.git" "$work/gitada" 2>/dev/null
cp "$work/app.json" "$work/gitada/app.json"
git -C "$work/gitada" add app.json && git -C "$work/gitada" -c user.name=ada -c user.email=ada@example.com commit -qm start
git -C "$work/gitada" push -q origin HEAD:main 2>/dev/null
git clone -q -b main "$work/shared.git" "$work/gitbob" 2>/dev/null

python3 - "$work" "$saves" "$here" <<'PY'
import json, os, random, subprocess, sys, time
work, saves, here = sys.argv[1], int(sys.argv[2]), sys.argv[3]
sys.path.insert(0, here)
import wiregen

def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round((len(ordered) - 1) * fraction)))]

def write(path, data):
    fd = os.open(path, os.O_WRONLY | os.O_TRUNC)
    os.write(fd, data)
    os.close(fd)

def read(path):
    with open(path, "rb") as f:
        return f.read()

def run(kind):
    rng = random.Random(11)
    with open(os.path.join(work, "app.json")) as f:
        app = json.load(f)
    state = {"next": len(app["routes"]) + 10_000}
    latencies = []
    for i in range(saves):
        app = wiregen.changed(app, rng, state)
        data = wiregen.dump(app).encode()
        start = time.monotonic()
        if kind == "wfsd":
            write(os.path.join(work, "ada", "app.json"), data)
            target = os.path.join(work, "bob", "app.json")
            deadline = start + 30
            while read(target) != data:
                if time.monotonic() > deadline:
                    sys.exit(f"save {i} did not reach Bob's clone within 30 s")
                time.sleep(0.001)
        else:
            ada = os.path.join(work, "gitada")
            write(os.path.join(ada, "app.json"), data)
            subprocess.run(["git", "-C", ada, "-c", "user.name=ada", "-c", "user.email=ada@example.com", "commit", "-qam", f"save {i}"], check=True)
            subprocess.run(["git", "-C", ada, "push", "-q", "origin", "HEAD:main"], check=True, stderr=subprocess.DEVNULL)
            bob = os.path.join(work, "gitbob")
            while True:
                subprocess.run(["git", "-C", bob, "pull", "-q", "--ff-only"], check=True, stderr=subprocess.DEVNULL)
                if read(os.path.join(bob, "app.json")) == data:
                    break
                time.sleep(0.05)
        latencies.append((time.monotonic() - start) * 1000)
        time.sleep(0.1)
    return latencies

wfsd = run("wfsd")
git = run("git")
for name, values in (("wfsd (save to Bob's file)", wfsd), ("git (commit, push; pull loop)", git)):
    print(f"{name}: p50 {percentile(values, 0.5):.1f} ms, p99 {percentile(values, 0.99):.1f} ms over {len(values)} saves")
print(f"ratio git/wfsd: p50 {percentile(git, 0.5) / percentile(wfsd, 0.5):.2f}x, p99 {percentile(git, 0.99) / percentile(wfsd, 0.99):.2f}x")
PY
grep -c "updated to revision" "$work/bob.log" | sed 's/^/Bob'"'"'s daemon logged updates: /'
