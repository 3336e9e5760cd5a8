#!/usr/bin/env python3
"""Save storm: many saves across many files in a few seconds, with wfsd watching.

Saves `--saves` times across `--files` files within `--seconds` (default 10,000 across 100 in 10 s,
in place and by rename, a tenth of them invalid), sampling the daemon's resident memory all along.
Then waits until the daemon is quiet and checks that every file whose content is valid is its
document's head byte for byte (the head's `sourceHash` is the SHA-256 of the file), that every
invalid one is its document's newest, rejected, attempt, that the store passes `wfs verify`, and
that the daemon is still running. Prints the figures; exit status 0 when every check passes.

Usage: scripts/save-storm.py [--saves N] [--files N] [--seconds S] [--bin DIR] [--memory-limit MIB]
"""

import argparse
import hashlib
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time

from reliability_support import binaries, daemon_environment, finish, new_project


def wireframe(title):
    return json.dumps({"appName": "Storm", "root": "home", "routes": [
        {"name": "home", "title": title, "subroutes": ["detail"]},
        {"name": "detail", "title": "Detail"},
    ]}) + "\n"


def resident_kib(pid):
    try:
        for line in open("/proc/%d/status" % pid):
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--saves", type=int, default=10_000)
    parser.add_argument("--files", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--bin", default=None, help="folder of the built wfs and wfsd (default: swift build --show-bin-path)")
    parser.add_argument("--memory-limit", type=int, default=256, help="MiB of resident memory the daemon may not exceed")
    parser.add_argument("--seed", type=int, default=None)
    options = parser.parse_args()

    folder = binaries(options.bin)
    wfs, wfsd = os.path.join(folder, "wfs"), os.path.join(folder, "wfsd")
    seed = options.seed if options.seed is not None else random.randrange(1 << 30)
    rng = random.Random(seed)
    root, store = new_project(wfs, "wfs-storm-")
    names = ["storm-%03d.json" % index for index in range(options.files)]
    environment = daemon_environment()
    log_path = os.path.join(root, ".wfs", "storm.log")
    log = open(log_path, "w")
    daemon = subprocess.Popen([wfsd, "--store", store], cwd=root, stdout=subprocess.DEVNULL, stderr=log, env=environment)
    deadline = time.monotonic() + 60
    while "watching" not in open(log_path).read():
        if daemon.poll() is not None or time.monotonic() > deadline:
            sys.exit("wfsd did not start:\n" + open(log_path).read())
        time.sleep(0.05)

    peak = [resident_kib(daemon.pid)]
    baseline = peak[0]
    sampling = threading.Event()

    def sample():
        while not sampling.is_set():
            peak[0] = max(peak[0], resident_kib(daemon.pid))
            time.sleep(0.05)

    sampler = threading.Thread(target=sample)
    sampler.start()

    valid = {}
    started = time.monotonic()
    interval = options.seconds / options.saves
    for number in range(options.saves):
        name = rng.choice(names)
        good = rng.random() >= 0.1
        text = wireframe("%s save %d" % (name, number))
        if not good:
            text = text.replace('"root": "home"', '"root": "nowhere"')
        path = os.path.join(root, name)
        if number % 2:
            with open(path, "w") as handle:
                handle.write(text)
        else:
            with open(path + ".tmp", "w") as handle:
                handle.write(text)
            os.rename(path + ".tmp", path)
        valid[name] = good
        # Keep to the schedule: saves go out as fast as needed to finish within the time given.
        ahead = started + (number + 1) * interval - time.monotonic()
        if ahead > 0:
            time.sleep(ahead)
    writing = time.monotonic() - started

    # Wait until every document matches its file (or a generous deadline passes).
    def mismatches():
        database = sqlite3.connect("file:%s?mode=ro" % store, uri=True, timeout=30)
        heads = {path: (source_hash, deleted) for path, source_hash, deleted in database.execute(
            "SELECT document.path, lower(hex(revision.sourceHash)), revision.isDeletion FROM revision JOIN document ON document.id = revision.documentId "
            "WHERE revision.number = (SELECT max(number) FROM revision AS newer WHERE newer.documentId = revision.documentId)")}
        newest = {path: outcome for path, outcome in database.execute(
            "SELECT path, outcome FROM importAttempt AS attempt WHERE id = (SELECT max(id) FROM importAttempt WHERE path = attempt.path)")}
        database.close()
        wrong = []
        for name in names:
            if name not in valid:
                continue
            with open(os.path.join(root, name), "rb") as handle:
                digest = hashlib.sha256(handle.read()).hexdigest()
            if valid[name]:
                if heads.get(name) != (digest, 0):
                    wrong.append(name + ": head is not the file")
            elif newest.get(name) != "rejected":
                wrong.append(name + ": newest attempt is %s, not rejected" % newest.get(name))
        return wrong

    caught_up = time.monotonic()
    deadline = caught_up + 300
    wrong = mismatches()
    while wrong and time.monotonic() < deadline and daemon.poll() is None:
        time.sleep(0.25)
        wrong = mismatches()
    caught_up = time.monotonic() - caught_up
    sampling.set()
    sampler.join()

    failures = list(wrong)
    if daemon.poll() is not None:
        failures.append("wfsd exited with status %d" % daemon.returncode)
    else:
        daemon.send_signal(signal.SIGTERM)
        if daemon.wait() != 0:
            failures.append("wfsd exited %d after SIGTERM" % daemon.returncode)
    log.close()
    if peak[0] > options.memory_limit * 1024:
        failures.append("peak resident memory %.1f MiB is above the limit of %d MiB" % (peak[0] / 1024, options.memory_limit))
    verify = subprocess.run([wfs, "verify", "--store", store], cwd=root, capture_output=True, text=True)
    if verify.returncode != 0:
        failures.append("wfs verify: " + verify.stdout + verify.stderr)
    database = sqlite3.connect("file:%s?mode=ro" % store, uri=True)
    revisions = database.execute("SELECT count(*) FROM revision").fetchone()[0]
    # The attempts that stored revisions are held by the revisions' rows (migration 0008).
    attempts = database.execute(
        "SELECT (SELECT count(*) FROM importAttempt) + (SELECT count(*) FROM revision WHERE attemptLead IS NOT NULL)").fetchone()[0]
    database.close()
    overflowed = "overflowed" in open(log_path).read()

    finish(failures, "save storm: seed %d, %d saves to %d files in %.1f s; %d import attempts, %d revisions (bursts folded); "
           "caught up %.1f s after the last save%s; resident memory %.1f MiB before, %.1f MiB at peak; %d failures" % (
               seed, options.saves, len(names), writing, attempts, revisions, caught_up,
               "; the inotify queue overflowed and was rescanned" if overflowed else "",
               baseline / 1024, peak[0] / 1024, len(failures)), root)

if __name__ == "__main__":
    main()
