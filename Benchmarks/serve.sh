#!/usr/bin/env bash
# Web benchmark: `wfs serve` beside cgit (git's C web front end, behind lighttpd) serving the same
# history, both on loopback, loaded by wrk.
#
#   Benchmarks/serve.sh [--bin DIR] [--wiregen PATH] [--revisions N] [--screens S] [--duration SECONDS] [--keep DIR]
#
# Builds `wiregen.py history S N` (default 100 screens, 10,000 versions) into a wfs store (through
# wfsd, as saves arrive) and into a git repository (`git fast-import` of the same versions), then, for
# 1, 10 and 50 concurrent connections, loads each side's history page and compare page (the first
# version against the last) for DURATION seconds (default 10) and reports p50, p99 and requests per
# second, and the server's resident memory at rest and at its peak under load.
#
# Pages compared: wfs `/history` (50 newest revisions, with the screens each changed) against cgit's
# log (50 newest commits); wfs `/compare?from=app.json@1&to=app.json@N` against cgit's diff of the
# first and last commit. Both servers keep rendered pages, so a repeated URL measures their caches:
# the "varying" rows ask each time for another page (history pages `?before=ID` against cgit's log
# `?ofs=N`, compare pairs of random versions against cgit's diffs of the same commits; 20,000 URLs,
# a wrk Lua script going through them), which measures rendering. cgit runs as a CGI program under
# lighttpd twice: as shipped (no page cache) and with its page cache on (`cache-size=1000`, the cache
# in the benchmark's folder).
#
# Needs python3, git, wrk, lighttpd, cgit (Debian packages) and release builds of wfs, wfsd and
# wfs-serve in DIR (default .build/release): swift build -c release
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bin="$here/../.build/release"
wiregen="$here/wiregen.py"
revisions=10000
screens=100
duration=10
keep=""
while [ $# -gt 0 ]; do
  case "$1" in
    --bin) bin="$2"; shift 2 ;;
    --wiregen) wiregen="$2"; shift 2 ;;
    --revisions) revisions="$2"; shift 2 ;;
    --screens) screens="$2"; shift 2 ;;
    --duration) duration="$2"; shift 2 ;;
    --keep) keep="$2"; shift 2 ;;
    *) echo "unknown argument: $1" >&2; exit 64 ;;
  esac
done
for program in wfs wfsd wfs-serve; do
  [ -x "$bin/$program" ] || { echo "no $program in $bin; build with: swift build -c release" >&2; exit 2; }
done
for tool in wrk lighttpd git; do
  command -v "$tool" > /dev/null || { echo "needs $tool (apt-get install wrk lighttpd cgit)" >&2; exit 2; }
done
[ -x /usr/lib/cgit/cgit.cgi ] || { echo "needs cgit (apt-get install cgit)" >&2; exit 2; }
if [ -n "$keep" ]; then
  mkdir -p "$keep"
  [ -z "$(ls -A "$keep")" ] || { echo "--keep $keep: the folder is not empty" >&2; exit 2; }
  work="$(cd "$keep" && pwd)"
else
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
fi
export WFS_BENCH_WORK="$work" WFS_BENCH_BIN="$(cd "$bin" && pwd)" WFS_BENCH_WIREGEN="$wiregen"
export WFS_BENCH_REVISIONS="$revisions" WFS_BENCH_SCREENS="$screens" WFS_BENCH_DURATION="$duration"
exec python3 - <<'PY'
import os, random, re, shutil, signal, socket, subprocess, sys, time, urllib.request
work, bin_dir, wiregen = os.environ["WFS_BENCH_WORK"], os.environ["WFS_BENCH_BIN"], os.environ["WFS_BENCH_WIREGEN"]
revisions, screens = int(os.environ["WFS_BENCH_REVISIONS"]), int(os.environ["WFS_BENCH_SCREENS"])
duration = int(os.environ["WFS_BENCH_DURATION"])
env = dict(os.environ, WFS_AUTHOR="bench", NO_COLOR="1")
env.pop("WFS_STORE", None)
wfs, wfsd, serve = (os.path.join(bin_dir, name) for name in ("wfs", "wfsd", "wfs-serve"))

def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]

def wait_until_up(url, process, log):
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            sys.exit(f"{url}: the server exited; see {log}")
        try:
            with urllib.request.urlopen(url, timeout=5) as answer:
                if answer.status == 200:
                    return
        except OSError:
            time.sleep(0.1)
    sys.exit(f"{url} did not answer within 60 s; see {log}")

# The same versions for both sides.
versions_dir = os.path.join(work, "versions")
subprocess.run([sys.executable, wiregen, "history", str(screens), str(revisions), versions_dir], check=True)
versions = [os.path.join(versions_dir, name) for name in sorted(os.listdir(versions_dir))]

# git: one commit per version, through fast-import (the history a team would have pushed).
git_dir = os.path.join(work, "git")
os.makedirs(git_dir)
subprocess.run(["git", "init", "-q", "-b", "main"], cwd=git_dir, check=True)
stream = os.path.join(work, "history.stream")
with open(stream, "wb") as out:
    for number, path in enumerate(versions, start=1):
        with open(path, "rb") as f:
            data = f.read()
        message = f"version {number}\n".encode()
        out.write(b"commit refs/heads/main\n")
        out.write(f"mark :{number}\ncommitter Bench <bench@example.invalid> {1700000000 + number} +0000\n".encode())
        out.write(f"data {len(message)}\n".encode() + message)
        if number > 1:
            out.write(f"from :{number - 1}\n".encode())
        out.write(f"M 100644 inline app.json\ndata {len(data)}\n".encode() + data + b"\n")
with open(stream, "rb") as f:
    subprocess.run(["git", "fast-import", "--quiet"], cwd=git_dir, stdin=f, check=True)
subprocess.run(["git", "checkout", "-q", "main"], cwd=git_dir, check=True)
first_commit = subprocess.run(["git", "rev-list", "--max-parents=0", "main"], cwd=git_dir, capture_output=True, text=True, check=True).stdout.strip()

# wfs: each version saved into a watched folder, stored by wfsd before the next save.
wfs_dir = os.path.join(work, "wfs")
os.makedirs(wfs_dir)
subprocess.run([wfs, "init"], cwd=wfs_dir, env=env, check=True, stdout=subprocess.DEVNULL)
log_path = os.path.join(work, "wfsd.log")
target = os.path.join(wfs_dir, "app.json")
shutil.copyfile(versions[0], target)
with open(log_path, "w") as log:
    daemon = subprocess.Popen([wfsd], cwd=wfs_dir, env=dict(env, WFS_SETTLE_MILLISECONDS="0"), stdout=subprocess.DEVNULL, stderr=log)
def stored():
    with open(log_path) as f:
        return sum(1 for line in f if "import.outcome=" in line)
def wait_for(count):
    deadline = time.monotonic() + 60
    while stored() < count:
        if daemon.poll() is not None or time.monotonic() > deadline:
            sys.exit(f"wfsd did not import version {count}; see {log_path}")
        time.sleep(0.001)
try:
    wait_for(1)
    for number, version in enumerate(versions[1:], start=2):
        with open(version, "rb") as f:
            data = f.read()
        with open(target, "wb") as f:
            f.write(data)
        wait_for(number)
finally:
    daemon.terminate()
    daemon.wait()

# The two servers.
wfs_port, cgit_port = free_port(), free_port()
serve_log = os.path.join(work, "serve.log")
with open(serve_log, "w") as log:
    server = subprocess.Popen([serve, "--port", str(wfs_port)], cwd=wfs_dir, env=env, stdout=log, stderr=log)
cgitrc = os.path.join(work, "cgitrc")
with open(cgitrc, "w") as f:
    f.write(f"virtual-root=/cgit/\nmax-commit-count=50\nrepo.url=app\nrepo.path={git_dir}/.git\n")
# The same cgit with its page cache on (its cache settings must come before the repositories).
cached_port = free_port()
cached_cgitrc = os.path.join(work, "cgitrc-cached")
os.makedirs(os.path.join(work, "cgit-cache"))
with open(cached_cgitrc, "w") as f:
    f.write(f"cache-root={work}/cgit-cache\ncache-size=1000\nvirtual-root=/cgit/\nmax-commit-count=50\nrepo.url=app\nrepo.path={git_dir}/.git\n")

def start_lighttpd(name, port, config):
    conf = os.path.join(work, f"{name}.conf")
    with open(conf, "w") as f:
        f.write(f"""server.document-root = "/usr/share/cgit"
server.bind = "127.0.0.1"
server.port = {port}
server.modules = ("mod_alias", "mod_cgi", "mod_setenv")
server.errorlog = "{work}/{name}-error.log"
server.pid-file = "{work}/{name}.pid"
setenv.add-environment = ("CGIT_CONFIG" => "{config}")
alias.url = ("/cgit" => "/usr/lib/cgit/cgit.cgi")
cgi.assign = ("" => "")
""")
    return conf, subprocess.Popen(["lighttpd", "-D", "-f", conf], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
lighttpd_conf, lighttpd = start_lighttpd("lighttpd", cgit_port, cgitrc)
cached_conf, cached_lighttpd = start_lighttpd("lighttpd-cached", cached_port, cached_cgitrc)

def memory(pid):
    values = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, rest = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                values[key] = int(rest.split()[0]) // 1024
    return values

# Each page as a path on each server: wfs, cgit and the cached cgit (which serve the same paths);
# a list of paths is gone through in turn (the varying rows).
commits = subprocess.run(["git", "rev-list", "--reverse", "main"], cwd=git_dir, capture_output=True, text=True, check=True).stdout.split()
random_pages = random.Random(1)
pairs = [sorted(random_pages.sample(range(1, revisions + 1), 2)) for _ in range(20000)]
offsets = [random_pages.randrange(1, max(2, revisions - 50)) for _ in range(20000)]
pages = {
    "history": ("/history", "/cgit/app/log/"),
    "compare": (f"/compare?from=app.json%401&to=app.json%40{revisions}", f"/cgit/app/diff/?id=main&id2={first_commit}"),
    # Revision ids and version numbers are both 1…N in this store, so before=ID starts at version ID-1.
    "history, varying": ([f"/history?before={revisions + 1 - offset}" for offset in offsets],
                         [f"/cgit/app/log/?ofs={offset}" for offset in offsets]),
    "compare, varying": ([f"/compare?from=app.json%40{a}&to=app.json%40{b}" for a, b in pairs],
                         [f"/cgit/app/diff/?id={commits[b - 1]}&id2={commits[a - 1]}" for a, b in pairs]),
}
rotate_script = os.path.join(work, "rotate.lua")
with open(rotate_script, "w") as f:
    f.write("""-- Goes through the paths of the file given after --, each thread from its own place.
local threads = 0
function setup(thread) thread:set("start", threads * 7919); threads = threads + 1 end
function init(args)
  paths = {}
  for line in io.lines(args[1]) do paths[#paths + 1] = line end
  counter = start or 0
end
function request()
  counter = counter + 1
  return wrk.format("GET", paths[counter % #paths + 1])
end
""")

def load(port, path, connections):
    threads = min(connections, 2)
    command = ["wrk", "--latency", f"-t{threads}", f"-c{connections}", f"-d{duration}s"]
    if isinstance(path, list):
        paths_file = os.path.join(work, "paths.txt")
        with open(paths_file, "w") as f:
            f.write("\n".join(path) + "\n")
        command += ["-s", rotate_script, f"http://127.0.0.1:{port}/", "--", paths_file]
    else:
        command.append(f"http://127.0.0.1:{port}{path}")
    result = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    def latency(label):
        match = re.search(rf"^\s+{label}%\s+([\d.]+)(us|ms|s)\s*$", result, re.M)
        if not match:
            return float("nan")
        value, unit = float(match.group(1)), match.group(2)
        return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value
    rate = re.search(r"Requests/sec:\s+([\d.]+)", result)
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", result)
    return latency("50"), latency("99"), float(rate.group(1)) if rate else float("nan"), int(errors.group(1)) if errors else 0

try:
    wait_until_up(f"http://127.0.0.1:{wfs_port}/history", server, serve_log)
    wait_until_up(f"http://127.0.0.1:{cgit_port}/cgit/app/log/", lighttpd, lighttpd_conf)
    wait_until_up(f"http://127.0.0.1:{cached_port}/cgit/app/log/", cached_lighttpd, cached_conf)
    for name, (ours, theirs) in pages.items():  # one request each first: caches warm alike
        if isinstance(ours, str):
            for port, path in ((wfs_port, ours), (cgit_port, theirs), (cached_port, theirs)):
                urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=60).read()
    at_rest = memory(server.pid)
    print(f"# wfs serve and cgit: {revisions:,} revisions of a {screens}-screen document, wrk {duration} s per row")
    print("| page | clients | wfs p50 | wfs p99 | wfs req/s | cgit p50 | cgit p99 | cgit req/s | cached cgit p50 | cached cgit p99 | cached cgit req/s | wfs/cgit req/s | wfs/cached cgit req/s |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for name, (ours, theirs) in pages.items():
        for connections in (1, 10, 50):
            a, b, c = load(wfs_port, ours, connections), load(cgit_port, theirs, connections), load(cached_port, theirs, connections)
            failures = f" ({a[3]} wfs, {b[3]} cgit, {c[3]} cached cgit non-2xx)" if a[3] or b[3] or c[3] else ""
            print(f"| {name} | {connections} | {a[0]:.2f} ms | {a[1]:.2f} ms | {a[2]:,.0f} | {b[0]:.2f} ms | {b[1]:.2f} ms | {b[2]:,.0f} "
                  f"| {c[0]:.2f} ms | {c[1]:.2f} ms | {c[2]:,.0f} | {a[2] / b[2]:.2f} | {a[2] / c[2]:.2f}{failures} |")
            sys.stdout.flush()
    under_load = memory(server.pid)
    print(f"\nwfs-serve resident memory: {at_rest['VmRSS']} MB at rest (after one request per page), {under_load['VmHWM']} MB at its peak under load, {under_load['VmRSS']} MB after it")
finally:
    server.send_signal(signal.SIGTERM)
    lighttpd.terminate()
    cached_lighttpd.terminate()
    server.wait()
    lighttpd.wait()
    cached_lighttpd.wait()
PY
