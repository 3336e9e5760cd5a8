#!/usr/bin/env python3
"""Crash torture: wfsd under a stream of saves, killed with SIGKILL at random instants, restarted.

Each cycle starts wfsd on a temporary project of 20 files, saves to them from a writer thread
(valid and invalid content, in place and by rename), and kills the daemon with SIGKILL at a random
instant (during its start, its catch-up pass or its imports). After the last cycle a clean daemon
catches up and stops with SIGTERM, and the script checks:

- SQLite's integrity check and `wfs verify` pass;
- every revision the daemon logged as stored is in the store, with its document and number;
- every file whose content on disk is valid is its document's head, byte for byte
  (`wfs show --source`), and every file whose content is invalid is listed as rejected.

Exit status 0 when every check passes; the figures are printed on the last line.
Usage: scripts/crash-torture.py [--cycles N] [--files N] [--bin DIR] [--seed N] [--keep]
"""

import argparse
import json
import os
import random
import re
import signal
import sqlite3
import subprocess
import threading
import time

from reliability_support import binaries, daemon_environment, finish, new_project

FIELD = re.compile(r"([a-z.]+)=(\S+)")


def wireframe(title):
    return json.dumps({"appName": "Torture", "root": "home", "routes": [
        {"name": "home", "title": title, "subroutes": ["detail"]},
        {"name": "detail", "title": "Detail of " + title},
    ]}, indent=2) + "\n"


def invalid(title):
    # Either not JSON at all or a root that names no screen: rejected either way.
    if len(title) % 2:
        return '{"appName": "Torture", "root": "nowhere", "routes": [{"name": "home", "title": "%s"}]}\n' % title
    return '{"appName": "Torture", "routes": [{"name": "home", "title": "%s"' % title


class Writer(threading.Thread):
    """Saves to the files until stopped; remembers what each file holds now."""

    def __init__(self, root, names, rng, counter):
        super().__init__(daemon=True)
        self.root, self.names, self.rng, self.counter = root, names, rng, counter
        self.stop = threading.Event()
        self.valid = {}  # name -> whether its content on disk is valid

    def save(self, name, text):
        path = os.path.join(self.root, name)
        if self.rng.random() < 0.5:
            with open(path, "w") as handle:  # in place: truncate, write, close
                handle.write(text)
        else:
            temporary = os.path.join(self.root, "." + name + ".tmp")
            with open(temporary, "w") as handle:
                handle.write(text)
            os.rename(temporary, path)  # by rename, as most editors save

    def run(self):
        while not self.stop.is_set():
            name = self.rng.choice(self.names)
            self.counter[0] += 1
            title = "%s save %d" % (name, self.counter[0])
            good = self.rng.random() < 0.75
            self.save(name, wireframe(title) if good else invalid(title))
            self.valid[name] = good
            time.sleep(self.rng.uniform(0, 0.004))


def run(arguments, **kw):
    return subprocess.run(arguments, capture_output=True, text=True, **kw)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cycles", type=int, default=200)
    parser.add_argument("--files", type=int, default=20)
    parser.add_argument("--bin", default=None, help="folder of the built wfs and wfsd (default: swift build --show-bin-path)")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--max-kill-after", type=float, default=1.2, help="seconds; each kill comes uniformly within this")
    parser.add_argument("--keep", action="store_true", help="keep the project folder")
    options = parser.parse_args()

    folder = binaries(options.bin)
    wfs, wfsd = os.path.join(folder, "wfs"), os.path.join(folder, "wfsd")
    seed = options.seed if options.seed is not None else random.randrange(1 << 30)
    rng = random.Random(seed)
    started = time.monotonic()

    root, store = new_project(wfs, "wfs-torture-")
    logs = os.path.join(root, ".wfs", "torture-logs")
    os.makedirs(logs)
    names = ["screen-%02d.json" % index for index in range(options.files)]
    counter = [0]
    writer = Writer(root, names, rng, counter)
    for name in names:  # every file exists from the start, valid
        writer.save(name, wireframe(name + " initial"))
        writer.valid[name] = True

    environment = daemon_environment()

    def start_daemon(cycle):
        log = open(os.path.join(logs, "cycle-%04d.log" % cycle), "w")
        process = subprocess.Popen([wfsd, "--store", store], cwd=root, stdout=subprocess.DEVNULL, stderr=log, env=environment)
        return process, log

    failures = []
    kills = 0
    for cycle in range(options.cycles):
        process, log = start_daemon(cycle)
        if not writer.is_alive():
            previous = writer.valid
            writer = Writer(root, names, rng, counter)
            writer.valid = previous
            writer.start()
        time.sleep(rng.uniform(0, options.max_kill_after))
        if process.poll() is not None:
            failures.append("cycle %d: wfsd exited by itself with status %d" % (cycle, process.returncode))
        process.send_signal(signal.SIGKILL)
        process.wait()
        log.close()
        kills += 1
        # Now and then the saves stop before the kill, so that a cycle also starts on a quiet project.
        if rng.random() < 0.2:
            writer.stop.set()
            writer.join()
        if failures:
            break

    writer.stop.set()
    if writer.is_alive():
        writer.join()
    final_valid = dict(writer.valid)

    # Catch up with a clean daemon, then stop it gracefully.
    process, log = start_daemon(options.cycles)
    deadline = time.monotonic() + 300
    log_path = os.path.join(logs, "cycle-%04d.log" % options.cycles)
    while time.monotonic() < deadline and "watching" not in open(log_path).read():
        if process.poll() is not None:
            break
        time.sleep(0.05)
    time.sleep(0.5)
    process.send_signal(signal.SIGTERM)
    status = process.wait()
    log.close()
    if status != 0:
        failures.append("the catch-up daemon exited %d" % status)

    # What the daemon said it stored.
    logged = {}
    for name in sorted(os.listdir(logs)):
        for line in open(os.path.join(logs, name), errors="replace"):
            if " import " not in line or "import.outcome=stored" not in line:
                continue
            fields = dict(FIELD.findall(line))
            logged[int(fields["revision.id"])] = (fields["file.path"], int(fields["revision.number"]))

    database = sqlite3.connect("file:%s?mode=ro" % store, uri=True)
    integrity = database.execute("PRAGMA integrity_check").fetchall()
    if integrity != [("ok",)]:
        failures.append("integrity_check: %s" % integrity)
    stored = {row[0]: (row[1], row[2]) for row in database.execute(
        "SELECT revision.id, document.path, revision.number FROM revision JOIN document ON document.id = revision.documentId")}
    database.close()
    for revision, expected in sorted(logged.items()):
        if stored.get(revision) != expected:
            failures.append("revision %d logged as %s #%d is %s in the store" % (revision, expected[0], expected[1], stored.get(revision)))

    verify = run([wfs, "verify", "--store", store], cwd=root)
    if verify.returncode != 0:
        failures.append("wfs verify: " + verify.stdout + verify.stderr)

    state = json.loads(run([wfs, "status", "--format", "json", "--store", store], cwd=root).stdout or "{}")
    rejected = {entry.get("path") for entry in state.get("rejected", [])}
    for name in names:
        with open(os.path.join(root, name), "rb") as handle:
            disk = handle.read()
        if final_valid.get(name, True):
            head = subprocess.run([wfs, "show", "--source", "--store", store, name], cwd=root, capture_output=True)
            if head.returncode != 0 or head.stdout != disk:
                failures.append("%s: the head is not the file on disk" % name)
            if name in rejected:
                failures.append("%s: valid on disk but listed as rejected" % name)
        elif name not in rejected:
            failures.append("%s: invalid on disk but not listed as rejected" % name)

    minutes = (time.monotonic() - started) / 60
    finish(failures, "crash torture: seed %d, %d cycles (%d SIGKILLs), %d saves to %d files, %d revisions logged as stored, "
           "%d in the store, %.1f minutes, %d failures" % (
               seed, options.cycles, kills, counter[0], len(names), len(logged), len(stored), minutes, len(failures)),
           root, keep=options.keep)


if __name__ == "__main__":
    main()
