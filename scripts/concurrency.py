#!/usr/bin/env python3
"""Concurrency: several `wfs` readers and one importer on one store at once.

One importer saves wireframes (valid and invalid) and runs `wfs import` on them in a loop; several
readers run `wfs log`, `wfs show --source`, `wfs show`, `wfs diff`, `wfs status` and now and then
`wfs verify` against the same store for the whole run. A reader fails the run when a command exits
non-zero or prints on standard error, or when a revision it sees is half written: the source that
`wfs show --source` rebuilds for a revision listed by `wfs log` must hash to that revision's
`sourceHash`, and its canonical JSON must be there.

Usage: scripts/concurrency.py [--seconds N] [--readers N] [--files N] [--bin DIR]
"""

import argparse
import hashlib
import json
import os
import random
import subprocess
import threading
import time

from reliability_support import binaries, finish, new_project


def wireframe(title, screens):
    routes = [{"name": "home", "title": title, "subroutes": ["s%d" % index for index in range(screens)]}]
    routes += [{"name": "s%d" % index, "title": "%s / %d" % (title, index)} for index in range(screens)]
    return json.dumps({"appName": "Concurrency", "root": "home", "routes": routes}, indent=2) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--readers", type=int, default=4)
    parser.add_argument("--files", type=int, default=10)
    parser.add_argument("--bin", default=None, help="folder of the built wfs (default: swift build --show-bin-path)")
    parser.add_argument("--seed", type=int, default=None)
    options = parser.parse_args()

    wfs = os.path.join(binaries(options.bin), "wfs")
    seed = options.seed if options.seed is not None else random.randrange(1 << 30)
    root, store = new_project(wfs, "wfs-concurrency-")
    names = ["doc-%02d.json" % index for index in range(options.files)]

    failures = []
    lock = threading.Lock()
    counts = {"imports": 0, "reads": 0, "checkedSources": 0, "verifies": 0}
    stop = threading.Event()

    def fail(text):
        with lock:
            failures.append(text)

    def wfs_run(arguments, binary=False):
        result = subprocess.run([wfs] + arguments + ["--store", store], cwd=root, capture_output=True)
        return result.returncode, result.stdout if binary else result.stdout.decode(errors="replace"), result.stderr.decode(errors="replace")

    def importer():
        rng = random.Random(seed)
        number = 0
        while not stop.is_set():
            number += 1
            batch = rng.sample(names, rng.randint(1, 3))
            for name in batch:
                text = wireframe("%s import %d" % (name, number), rng.randint(1, 30))
                if rng.random() < 0.15:
                    text = text.replace('"root": "home"', '"root": "nowhere"')
                with open(os.path.join(root, name + ".tmp"), "w") as handle:
                    handle.write(text)
                os.rename(os.path.join(root, name + ".tmp"), os.path.join(root, name))
            status, _, errors = wfs_run(["import"] + batch)
            # 1 is a rejected file (expected for the invalid saves); anything else is an error.
            if status not in (0, 1) or (status == 0 and errors.strip()):
                fail("wfs import %s: exit %d: %s" % (batch, status, errors.strip()))
            with lock:
                counts["imports"] += 1

    def reader(index):
        rng = random.Random(seed + index + 1)
        while not stop.is_set():
            choice = rng.random()
            if choice < 0.5:
                status, output, errors = wfs_run(["log", "--format", "json"] + (["--document", rng.choice(names)] if rng.random() < 0.5 else []))
                if status != 0 and "no document" in errors:
                    continue  # not imported yet
                if status != 0 or errors:
                    fail("wfs log: exit %d: %s" % (status, errors.strip()))
                    continue
                revisions = [entry for entry in json.loads(output) if not entry.get("isDeletion")]
                for entry in rng.sample(revisions, min(3, len(revisions))):
                    status, source, errors = wfs_run(["show", "--source", str(entry["id"])], binary=True)
                    if status != 0 or errors:
                        fail("wfs show --source %s: exit %d: %s" % (entry["id"], status, errors.strip()))
                    elif hashlib.sha256(source).hexdigest() != entry.get("sourceHash"):
                        fail("revision %s: the source does not hash to its sourceHash (half written?)" % entry["id"])
                    status, output, errors = wfs_run(["show", "--format", "json", str(entry["id"])])
                    if status != 0 or errors or not output.strip():
                        fail("wfs show --format json %s: exit %d: %s" % (entry["id"], status, errors.strip()))
                    with lock:
                        counts["checkedSources"] += 1
            elif choice < 0.7:
                status, output, errors = wfs_run(["status", "--format", "json"])
                if status != 0 or errors:
                    fail("wfs status: exit %d: %s" % (status, errors.strip()))
                else:
                    json.loads(output)
            elif choice < 0.9:
                name = rng.choice(names)
                status, output, errors = wfs_run(["log", "--format", "json", "--document", name])
                entries = json.loads(output) if status == 0 else []
                if len(entries) >= 2:
                    status, _, errors = wfs_run(["diff", str(entries[1]["id"]), str(entries[0]["id"])])
                    if status != 0 or errors:
                        fail("wfs diff %s %s: exit %d: %s" % (entries[1]["id"], entries[0]["id"], status, errors.strip()))
            else:
                status, output, errors = wfs_run(["verify"])
                if status != 0:
                    fail("wfs verify: exit %d: %s %s" % (status, output.strip(), errors.strip()))
                with lock:
                    counts["verifies"] += 1
            with lock:
                counts["reads"] += 1

    started = time.monotonic()
    threads = [threading.Thread(target=importer)] + [threading.Thread(target=reader, args=(index,)) for index in range(options.readers)]
    for thread in threads:
        thread.start()
    time.sleep(options.seconds)
    stop.set()
    for thread in threads:
        thread.join()
    status, output, errors = wfs_run(["verify"])
    if status != 0:
        fail("final wfs verify: " + output + errors)
    revisions = len(json.loads(wfs_run(["log", "--format", "json"])[1] or "[]"))

    finish(failures, "concurrency: seed %d, %.1f minutes, 1 importer (%d imports, %d revisions) and %d readers "
           "(%d reads, %d sources checked, %d verifies), %d failures" % (
               seed, (time.monotonic() - started) / 60, counts["imports"], revisions, options.readers,
               counts["reads"], counts["checkedSources"], counts["verifies"], len(failures)), root)


if __name__ == "__main__":
    main()
