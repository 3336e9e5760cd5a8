#!/usr/bin/env bash
# Git history import benchmark: `wfs import --git` beside `git log -p` over the same history.
#
#   Benchmarks/git_import.sh [--wfs PATH] [--wiregen PATH] [--screens N] [--commits M] [--rounds R] [--large M2]
#
# Builds a git repository of M commits (default 1,000) over an N-screen app (default 1,000; each
# commit edits one to three screens, or adds or removes one: `wiregen.py fastimport`), then, R
# times (default 5), alternately: `git log -p` over the whole history to /dev/null, and
# `wfs import --git` into a new store. Reports each round's times and their ratio (goal: at most
# 1.0). Then, with --large M2 (default 10,000; 0 skips it), one import of an M2-commit history:
# its time and peak memory (`/usr/bin/time -v`, maximum resident set size). Not run by CI.
# Needs bash, python3, git, /usr/bin/time and a release build: swift build -c release --product wfs
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
wfs="$here/../.build/release/wfs"
wiregen="$here/wiregen.py"
screens=1000
commits=1000
rounds=5
large=10000
while [ $# -gt 0 ]; do
  case "$1" in
    --wfs) wfs="$2"; shift 2 ;;
    --wiregen) wiregen="$2"; shift 2 ;;
    --screens) screens="$2"; shift 2 ;;
    --commits) commits="$2"; shift 2 ;;
    --rounds) rounds="$2"; shift 2 ;;
    --large) large="$2"; shift 2 ;;
    *) echo "unknown argument: $1" >&2; exit 64 ;;
  esac
done
wfs="$(cd "$(dirname "$wfs")" && pwd)/$(basename "$wfs")"
[ -x "$wfs" ] || { echo "no wfs binary at $wfs; build it with: swift build -c release --product wfs" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "/usr/bin/time is missing (on Debian: apt-get install time)" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export WFS_BENCH_WORK="$work" WFS_BENCH_WFS="$wfs" WFS_BENCH_WIREGEN="$wiregen"
export WFS_BENCH_SCREENS="$screens" WFS_BENCH_COMMITS="$commits" WFS_BENCH_ROUNDS="$rounds" WFS_BENCH_LARGE="$large"
exec python3 - <<'PY'
import os, re, shutil, statistics, subprocess, sys, time
work, wfs, wiregen = os.environ["WFS_BENCH_WORK"], os.environ["WFS_BENCH_WFS"], os.environ["WFS_BENCH_WIREGEN"]
screens, commits = int(os.environ["WFS_BENCH_SCREENS"]), int(os.environ["WFS_BENCH_COMMITS"])
rounds, large = int(os.environ["WFS_BENCH_ROUNDS"]), int(os.environ["WFS_BENCH_LARGE"])
# No user or system git configuration, no inherited store.
env = dict(os.environ, HOME=work, GIT_CONFIG_NOSYSTEM="1", NO_COLOR="1", WFS_AUTHOR="bench")
env.pop("WFS_STORE", None)

def run(args, cwd, **kwargs):
    return subprocess.run(args, cwd=cwd, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, **kwargs)

def repository(count):
    """A work tree whose history is `count` commits of one generated app."""
    folder = os.path.join(work, f"repo-{count}")
    os.makedirs(folder)
    run(["git", "init", "-q", "-b", "main"], folder)
    # The stream (every version whole) goes straight into fast-import: at 10,000 commits it is
    # gigabytes.
    generator = subprocess.Popen([sys.executable, wiregen, "fastimport", str(screens), str(count), "/dev/stdout"], stdout=subprocess.PIPE)
    run(["git", "fast-import", "--quiet"], folder, stdin=generator.stdout)
    generator.stdout.close()
    if generator.wait() != 0:
        sys.exit("wiregen.py failed")
    run(["git", "checkout", "-q", "main"], folder)
    return folder

def fresh_store(folder):
    shutil.rmtree(os.path.join(folder, ".wfs"), ignore_errors=True)
    run([wfs, "init"], folder)

def timed(args, cwd):
    start = time.perf_counter()
    run(args, cwd)
    return time.perf_counter() - start

folder = repository(commits)
print(f"{commits} commits, {screens} screens; wfs import --git / git log -p, {rounds} rounds", flush=True)
ratios = []
for index in range(rounds):
    git = timed(["git", "log", "-p"], folder)
    fresh_store(folder)
    imported = timed([wfs, "import", "--git"], folder)
    ratios.append(imported / git)
    print(f"  round {index + 1}: wfs {imported:.2f} s, git {git:.2f} s, ratio {imported / git:.2f}")
revisions = subprocess.run([wfs, "log", "--format", "json"], cwd=folder, env=env, check=True, capture_output=True).stdout.count(b'"commit"')
print(f"  ratio median {statistics.median(ratios):.2f}; {revisions} revisions stored")

if large:
    folder = repository(large)
    fresh_store(folder)
    result = run(["/usr/bin/time", "-v", wfs, "import", "--git"], folder)
    report = result.stderr.decode(errors="replace")
    elapsed = re.search(r"Elapsed \(wall clock\) time.*: (\S+)", report).group(1)
    peak = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", report).group(1))
    print(f"{large} commits, {screens} screens: wfs import --git {elapsed} (m:ss), peak memory {peak / 1024:.0f} MiB")
PY
