#!/usr/bin/env python3
"""Sync torture: a daemon following the store, killed with SIGKILL while it writes into its clone.

Two clones of one project on one SQLite store: Ada's is watched by wfsd, Bob saves with
`wfs import` in his. Each cycle Bob stores a version that retitles one of his screens; Ada, at
the same moment, retitles one of hers in her file (as an editor saves: over what she read); the daemon, which follows the store and
writes Bob's revision into Ada's file (or merges her save with it), is killed with SIGKILL at a
random instant and started again. After every kill:

- Ada's file is whole: exactly her last save, or the source of a stored revision, never a mix;

and after the last cycle, once a clean daemon has caught up and stopped:

- every title either of them saved is in the store's head and in Ada's file (nothing lost);
- `wfs verify` passes.

Exit status 0 when every check passes; the figures are printed on the last line.
Usage: scripts/sync-torture.py [--cycles N] [--screens N] [--bin DIR] [--seed N] [--keep]
"""

import argparse
import hashlib
import json
import os
import random
import signal
import subprocess
import tempfile
import time

from reliability_support import binaries, daemon_environment, finish, new_project


def document(titles):
    keys = sorted(titles)
    routes = [{"name": "home", "title": "Home", "subroutes": keys}]
    routes += [{"name": key, "title": titles[key]} for key in keys]
    return json.dumps({"appName": "Sync torture", "root": "home", "routes": routes}, indent=2) + "\n"


def titles_of(text):
    return {route["name"]: route["title"] for route in json.loads(text)["routes"] if route["name"] != "home"}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cycles", type=int, default=100)
    parser.add_argument("--screens", type=int, default=400, help="screens per person (a larger file takes longer to write)")
    parser.add_argument("--bin")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", action="store_true")
    options = parser.parse_args()
    folder = binaries(options.bin)
    wfs, wfsd = os.path.join(folder, "wfs"), os.path.join(folder, "wfsd")
    rng = random.Random(options.seed)
    ada, store = new_project(wfs, "wfs-sync-torture-")
    bob = tempfile.mkdtemp(prefix="wfs-sync-torture-bob-")
    environment = dict(daemon_environment(), WFS_SETTLE_MILLISECONDS="0", WFS_AUTHOR="ada")

    titles = {f"a{n}": f"A{n}" for n in range(options.screens)} | {f"b{n}": f"B{n}" for n in range(options.screens)}
    start = document(titles)
    for root in (ada, bob):
        with open(os.path.join(root, "shop.json"), "w") as handle:
            handle.write(start)
    subprocess.run([wfs, "import", "--store", store, "--root", ada, "--author", "ada", "shop.json"], cwd=ada, check=True,
                   capture_output=True)
    subprocess.run([wfs, "import", "--store", store, "--root", bob, "--author", "bob", "shop.json"], cwd=bob, check=True,
                   capture_output=True)

    def stored_sources():
        log = subprocess.run([wfs, "log", "--store", store, "--format", "json"], cwd=ada, capture_output=True, text=True, check=True)
        return {entry.get("sourceHash") for entry in json.loads(log.stdout)}

    def start_daemon():
        log = open(os.path.join(ada, "wfsd.log"), "a")
        return subprocess.Popen([wfsd, "--store", store, "--root", ada], cwd=ada, stdout=subprocess.DEVNULL, stderr=log, env=environment)

    failures = []
    expected = dict(titles)
    ada_file = os.path.join(ada, "shop.json")
    kills = 0
    for cycle in range(options.cycles):
        daemon = start_daemon()
        time.sleep(rng.uniform(0.15, 0.3))  # started, caught up, following
        # Bob's revision, made from his own file (merged with what Ada stored).
        bob_file = os.path.join(bob, "shop.json")
        with open(bob_file) as handle:
            bobs = titles_of(handle.read())
        key = f"b{cycle % options.screens}"
        bobs[key] = expected[key] = f"Bob {cycle}"
        with open(bob_file, "w") as handle:
            handle.write(document(bobs))
        subprocess.run([wfs, "import", "--store", store, "--root", bob, "--author", "bob", "shop.json"], cwd=bob, check=True,
                       capture_output=True)
        # Ada's save, at once, from what her file holds now. As an editor does, she saves over
        # the file only while it still holds what she read (an editor sees it changed on disk
        # and reloads it): a save over content she never saw would be hers to regret, not a loss.
        time.sleep(rng.uniform(0, 0.02))
        key = f"a{cycle % options.screens}"
        expected[key] = f"Ada {cycle}"
        while True:
            with open(ada_file) as handle:
                read = handle.read()
            adas = titles_of(read)
            adas[key] = expected[key]
            saved = document(adas)
            with open(ada_file, "r+") as handle:
                if handle.read() != read:
                    continue
                handle.seek(0)
                handle.truncate()
                handle.write(saved)
            break
        time.sleep(rng.uniform(0, 0.08))
        daemon.send_signal(signal.SIGKILL)
        daemon.wait()
        kills += 1
        with open(ada_file, "rb") as handle:
            now = handle.read()
        if now != saved.encode() and hashlib.sha256(now).hexdigest() not in stored_sources():
            failures.append(f"cycle {cycle}: Ada's file is neither her save nor a stored revision ({len(now)} bytes)")
        try:
            titles_of(now.decode())
        except (ValueError, UnicodeDecodeError) as error:
            failures.append(f"cycle {cycle}: Ada's file does not read: {error}")

    # A clean daemon catches up, follows, and stops.
    daemon = start_daemon()
    time.sleep(1.5)
    daemon.send_signal(signal.SIGTERM)
    if daemon.wait(timeout=30) != 0:
        failures.append("the last daemon did not stop cleanly")
    head = subprocess.run([wfs, "show", "--store", store, "--root", ada, "--source", "shop.json"], cwd=ada, capture_output=True,
                          text=True, check=True).stdout
    for name, text in (("the head", head), ("Ada's file", open(ada_file).read())):
        found = titles_of(text)
        lost = [key for key, title in expected.items() if found.get(key) != title]
        if lost:
            failures.append(f"{name} lost {len(lost)} titles, e.g. {lost[0]}: {expected[lost[0]]!r} is {found.get(lost[0])!r}")
    verify = subprocess.run([wfs, "verify", "--store", store, "--root", ada], cwd=ada, capture_output=True, text=True)
    if verify.returncode != 0:
        failures.append("wfs verify: " + verify.stdout + verify.stderr)
    leftovers = [name for name in os.listdir(ada) if name.startswith(".wfs-write-")]
    summary = (f"sync torture: {kills} kills during the daemon's sync writes, {options.cycles} saves each by Ada and Bob, "
               f"{len(failures)} failures; temporary files left by kills: {len(leftovers)}")
    finish(failures, summary, ada, options.keep)


if __name__ == "__main__":
    main()
