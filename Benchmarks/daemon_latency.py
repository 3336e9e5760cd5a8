#!/usr/bin/env python3
"""Save -> revision latency, on the writer's clock (CLOCK_REALTIME, as the watchers log it).

  daemon_latency.py wfsd LOG APP.json SAVES SEED   # waits for wfsd's 'import ... outcome=stored' lines
  daemon_latency.py git  LOG APP.json SAVES SEED   # waits for the pipeline's '<epoch ns>' lines

Each save rewrites APP.json in place (open, truncate, write, close) with 1-3 screens changed
(Benchmarks/wiregen.py's mutate), then waits for the watcher to report the commit before the
next save. Prints one latency per line in microseconds. With WFS_BENCH_WRITER_LOG=FILE, also
writes to FILE, per save, the writer's own time (open, truncate, write, close) in microseconds:
the part of the latency before any watcher can see the save.
"""
import datetime, json, os, random, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wiregen

kind, log, path, saves, seed = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])

class CommitLog:
    """The watcher's commit times, read incrementally: each poll parses only the lines written
    since the last one, so that waiting costs the machine (2 cores, shared with the watcher being
    measured) next to nothing."""

    def __init__(self, path):
        self.file = open(path)
        self.partial = ""
        self.times = []

    def poll(self):
        chunk = self.file.read()
        if not chunk:
            return self.times
        lines = (self.partial + chunk).split("\n")
        self.partial = lines.pop()  # an unfinished last line is read again with the rest of it
        for line in lines:
            if kind == "wfsd":
                if " import " in f" {line} " and "import.outcome=stored" in line:
                    stamp = line.split(" ", 1)[0]
                    t = datetime.datetime.strptime(stamp, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=datetime.timezone.utc)
                    self.times.append(int(t.timestamp()) * 1_000_000_000 + t.microsecond * 1000)
            elif line.strip().isdigit():
                self.times.append(int(line.strip()))
        return self.times

commits = CommitLog(log)

rng = random.Random(seed)
with open(path) as f:
    app = json.load(f)
state = {"next": len(app["routes"]) + 10_000}
baseline = len(commits.poll())
writer_log = open(os.environ["WFS_BENCH_WRITER_LOG"], "w") if os.environ.get("WFS_BENCH_WRITER_LOG") else None
for i in range(saves):
    app = wiregen.changed(app, rng, state)
    data = wiregen.dump(app).encode()
    t0 = time.time_ns()
    fd = os.open(path, os.O_WRONLY | os.O_TRUNC)
    os.write(fd, data)
    os.close(fd)
    if writer_log:
        print((time.time_ns() - t0) // 1000, file=writer_log, flush=True)
    deadline = time.monotonic() + 30
    while True:
        times = commits.poll()
        if len(times) > baseline + i:
            break
        if time.monotonic() > deadline:
            sys.exit(f"{kind}: save {i} was not committed within 30 s")
        time.sleep(0.002)
    print((times[baseline + i] - t0) // 1000, flush=True)
    time.sleep(0.05)  # keep saves apart so that no watcher folds two
