#!/usr/bin/env python3
"""Hostile inputs: files built to cost a reader as much as possible, under a running wfsd.

1. XML files whose document element has very many attributes (default: 1,500,000, over the size
   limit, and 1,200,000, under it) are saved while wfsd watches; another file saved just after
   must be stored meanwhile, each hostile file must end as a refused attempt, SIGTERM must stop
   the daemon within 10 s, and a restart (whose catch-up meets the same files) must become ready.
2. A chain of `--chain` WorkflowSchema files, each loading the next: `wfs validate` and
   `wfs import` of the folder must finish without an error, each file being read once.
3. A JSON file of `--routes` routes, each without a title and unreachable (default: 1,000,000,
   15.8 MB, two diagnostics a route): `wfs validate`, two rejected `wfs import`s and
   `wfs status --format json` must list at most 1,000 diagnostics and a WF0009 summary while
   reporting the true totals. Prints the peak memory of each command (`/usr/bin/time -v`), the
   store's growth per rejected attempt, and the time and size of the status output.

A part is skipped with an empty `--attributes`, `--chain 0` or `--routes 0`.

Prints one line of figures; exit status 0 when every check passes.

Usage: scripts/hostile-inputs.py [--attributes N,N] [--chain N] [--routes N] [--bin DIR]
"""

import argparse
import hashlib
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time

from reliability_support import binaries, daemon_environment, finish, new_project


def attributes_file(path, count):
    with open(path, "w") as handle:
        handle.write("<workflow " + " ".join('a%d=""' % index for index in range(count)) + "/>\n")


def start_daemon(wfsd, store, root, log_path):
    log = open(log_path, "a")
    started = time.monotonic()
    daemon = subprocess.Popen([wfsd, "--store", store], cwd=root, stdout=subprocess.DEVNULL, stderr=log,
                              env=daemon_environment())
    return daemon, log, started


def wait_ready(daemon, log_path, already, seconds):
    """Seconds until the log says "watching" for the `already`+1-th time, or None."""
    started = time.monotonic()
    while open(log_path).read().count("watching") <= already:
        if daemon.poll() is not None or time.monotonic() - started > seconds:
            return None
        time.sleep(0.05)
    return time.monotonic() - started


def newest_outcomes(store):
    database = sqlite3.connect("file:%s?mode=ro" % store, uri=True, timeout=30)
    newest = {path: outcome for path, outcome in database.execute(
        "SELECT path, outcome FROM importAttempt AS attempt WHERE id = (SELECT max(id) FROM importAttempt WHERE path = attempt.path)")}
    heads = {path: source_hash for path, source_hash in database.execute(
        "SELECT document.path, lower(hex(revision.sourceHash)) FROM revision JOIN document ON document.id = revision.documentId "
        "WHERE revision.number = (SELECT max(number) FROM revision AS newer WHERE newer.documentId = revision.documentId)")}
    database.close()
    return newest, heads


def stop(daemon, failures, what):
    """Sends SIGTERM; returns the seconds the daemon took to exit (a failure past 10 s)."""
    started = time.monotonic()
    daemon.send_signal(signal.SIGTERM)
    try:
        status = daemon.wait(timeout=10)
        if status != 0:
            failures.append("%s: wfsd exited %d after SIGTERM" % (what, status))
    except subprocess.TimeoutExpired:
        failures.append("%s: wfsd did not stop within 10 s of SIGTERM" % what)
        daemon.kill()
        daemon.wait()
    return time.monotonic() - started


def hostile_xml(wfs, wfsd, counts, failures):
    root, store = new_project(wfs, "wfs-hostile-")
    log_path = os.path.join(root, ".wfs", "hostile.log")
    daemon, log, _ = start_daemon(wfsd, store, root, log_path)
    if wait_ready(daemon, log_path, 0, 60) is None:
        sys.exit("wfsd did not start:\n" + open(log_path).read())
    names = ["hostile-%d.xml" % count for count in counts]
    saved = time.monotonic()
    for name, count in zip(names, counts):
        attributes_file(os.path.join(root, name), count)
    other = json.dumps({"appName": "Other", "root": "home", "routes": [{"name": "home", "title": "Home"}]}) + "\n"
    with open(os.path.join(root, "other.json"), "w") as handle:
        handle.write(other)
    digest = hashlib.sha256(other.encode()).hexdigest()

    other_stored = refused = None
    deadline = saved + 120
    while time.monotonic() < deadline and daemon.poll() is None and (other_stored is None or refused is None):
        newest, heads = newest_outcomes(store)
        if other_stored is None and heads.get("other.json") == digest:
            other_stored = time.monotonic() - saved
        if refused is None and all(newest.get(name) in ("rejected", "failed") for name in names):
            refused = time.monotonic() - saved
        time.sleep(0.1)
    if other_stored is None:
        failures.append("other.json was not stored within 120 s of the hostile saves")
    if refused is None:
        newest, _ = newest_outcomes(store)
        failures.append("hostile files not refused within 120 s: %s" % {name: newest.get(name) for name in names})
    stopped = stop(daemon, failures, "first run")
    log.close()

    # The catch-up of a restart meets the same files: it must still become ready.
    daemon, log, _ = start_daemon(wfsd, store, root, log_path)
    ready = wait_ready(daemon, log_path, 1, 60)
    if ready is None:
        failures.append("a restart did not become ready within 60 s")
    restarted_stop = stop(daemon, failures, "restart")
    log.close()
    verify = subprocess.run([wfs, "verify", "--store", store], cwd=root, capture_output=True, text=True)
    if verify.returncode != 0:
        failures.append("wfs verify: " + verify.stdout + verify.stderr)
    size = sum(os.path.getsize(os.path.join(root, name)) for name in names)
    return root, (
        "%s attributes (%.1f MB): other file stored after %s s, hostile files refused after %s s, "
        "SIGTERM stopped wfsd in %.2f s; restart ready in %s s, stopped in %.2f s" % (
            "+".join("{:,}".format(count) for count in counts), size / 1e6,
            "%.2f" % other_stored if other_stored is not None else "never",
            "%.2f" % refused if refused is not None else "never", stopped,
            "%.2f" % ready if ready is not None else "never", restarted_stop))


def chain(wfs, length, failures):
    root, store = new_project(wfs, "wfs-chain-")
    for index in range(length):
        load = ('<loadSchema name="next"><path>chain%d.xml</path><presentController/><showAlert>no</showAlert></loadSchema>'
                % (index + 1)) if index + 1 < length else ""
        with open(os.path.join(root, "chain%d.xml" % index), "w") as handle:
            handle.write("<workflow><navigation><screen><title>Step %d</title></screen>%s</navigation></workflow>\n" % (index, load))
    started = time.monotonic()
    validate = subprocess.run([wfs, "validate", "."], cwd=root, capture_output=True, text=True)
    validated = time.monotonic() - started
    if validate.returncode != 0:
        failures.append("wfs validate of the chain exited %d: %s" % (validate.returncode, (validate.stdout + validate.stderr)[:2000]))
    elif "%d files checked" % length not in validate.stdout + validate.stderr:
        # Each file once: a loaded file is not reported again for every file that loads it.
        failures.append("wfs validate of the chain did not check each file once: %s" % (validate.stdout + validate.stderr)[:500])
    started = time.monotonic()
    imported = subprocess.run([wfs, "import", ".", "--store", store], cwd=root, capture_output=True, text=True)
    importing = time.monotonic() - started
    if imported.returncode != 0:
        failures.append("wfs import of the chain exited %d: %s" % (imported.returncode, (imported.stdout + imported.stderr)[:2000]))
    database = sqlite3.connect("file:%s?mode=ro" % store, uri=True)
    documents = database.execute("SELECT count(*) FROM document").fetchone()[0]
    database.close()
    if documents != length:
        failures.append("the chain's import stored %d documents, not %d" % (documents, length))
    return root, "a loadSchema chain of %d files: wfs validate %.2f s, wfs import %.2f s" % (length, validated, importing)


def route_name(index):
    """A short distinct route name (base 62), so that 1,000,000 routes stay under 16 MiB."""
    digits = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    name = ""
    while True:
        name = digits[index % 62] + name
        index //= 62
        if index == 0:
            return name


def routes_file(path, count):
    """A JSON file of `count` routes without a title, none linked from the root: one error
    (WF0011) and, but for the root, one warning (WF0201) per route."""
    with open(path, "w") as handle:
        handle.write('{"appName":"A","root":"0","routes":[')
        handle.write(",".join('{"name":"%s"}' % route_name(index) for index in range(count)))
        handle.write("]}\n")


def measured(command, cwd):
    """Runs a command under /usr/bin/time -v: (result, seconds, peak resident MB)."""
    started = time.monotonic()
    result = subprocess.run(["/usr/bin/time", "-v"] + command, cwd=cwd, capture_output=True)
    seconds = time.monotonic() - started
    peak = 0.0
    for line in result.stderr.decode(errors="replace").splitlines():
        if "Maximum resident set size" in line:
            peak = int(line.split(":")[-1]) / 1024
    return result, seconds, peak


def store_bytes(store):
    return sum(os.path.getsize(store + suffix) for suffix in ("", "-wal") if os.path.exists(store + suffix))


def many_diagnostics(wfs, count, failures):
    root, store = new_project(wfs, "wfs-diagnostics-")
    routes_file(os.path.join(root, "routes.json"), count)
    # Every route lacks its title; the warnings are about as many (a short name may also be a
    # built-in route's, WF0112).
    totals = "1 file checked: %d errors, " % count
    validate, validate_seconds, validate_peak = measured([wfs, "validate", "routes.json"], root)
    text = validate.stderr.decode(errors="replace")
    listed = [line for line in text.splitlines() if line.startswith("routes.json:")]
    if validate.returncode != 1 or totals not in text:
        failures.append("wfs validate exited %d without the true number of errors (%s): %s" % (
            validate.returncode, totals, "\n".join(listed[-2:])))
    else:
        totals = text[text.index(totals):].splitlines()[0]
    if len(listed) > 1001 or not any("[WF0009]" in line for line in listed):
        failures.append("wfs validate listed %d diagnostics (at most 1,000 and a WF0009 summary)" % len(listed))

    growth = []
    import_peak = import_seconds = 0.0
    for _ in range(2):
        before = store_bytes(store)
        imported, import_seconds, import_peak = measured([wfs, "import", "routes.json"], root)
        growth.append(store_bytes(store) - before)
        if imported.returncode != 1 or ("rejected routes.json: %d errors" % count) not in imported.stdout.decode(errors="replace"):
            failures.append("wfs import exited %d, not 1 with %d errors (a rejected attempt)" % (imported.returncode, count))
    status, status_seconds, status_peak = measured([wfs, "status", "--format", "json"], root)
    output = status.stdout
    if status.returncode != 0:
        failures.append("wfs status --format json exited %d" % status.returncode)
    elif len(output) > 1_000_000:
        failures.append("wfs status --format json printed %d bytes" % len(output))
    else:
        stored = [diagnostic for attempt in json.loads(output).get("rejected", [])
                  for diagnostic in attempt.get("diagnostics", [])]
        if len(stored) > 1001 or not any(diagnostic.get("code") == "WF0009" for diagnostic in stored):
            failures.append("a stored attempt kept %d diagnostics (at most 1,000 and a WF0009 summary)" % len(stored))
    size = os.path.getsize(os.path.join(root, "routes.json"))
    return root, (
        "%s routes (%.1f MB; %s): wfs validate %.1f s, peak %.0f MB; wfs import %.1f s, peak %.0f MB, "
        "store growth per rejected attempt %s; wfs status --format json %.2f s, peak %.0f MB, %s bytes" % (
            "{:,}".format(count), size / 1e6, totals, validate_seconds, validate_peak, import_seconds, import_peak,
            " and ".join("{:,} B".format(bytes) for bytes in growth), status_seconds, status_peak, "{:,}".format(len(output))))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--attributes", default="1500000,1200000", help="attribute counts of the hostile XML files")
    parser.add_argument("--chain", type=int, default=1000, help="files in the loadSchema chain")
    parser.add_argument("--routes", type=int, default=1000000, help="routes of the JSON file with two diagnostics a route")
    parser.add_argument("--bin", default=None, help="folder of the built wfs and wfsd (default: swift build --show-bin-path)")
    options = parser.parse_args()

    folder = binaries(options.bin)
    wfs, wfsd = os.path.join(folder, "wfs"), os.path.join(folder, "wfsd")
    counts = [int(count) for count in options.attributes.split(",") if count]
    failures = []
    parts = []
    if counts:
        parts.append(hostile_xml(wfs, wfsd, counts, failures))
    if options.chain > 0:
        parts.append(chain(wfs, options.chain, failures))
    if options.routes > 0:
        parts.append(many_diagnostics(wfs, options.routes, failures))
    if not parts:
        sys.exit("every part is skipped")
    if not failures:
        for root, _ in parts[1:]:
            subprocess.run(["rm", "-rf", root])
    finish(failures, "hostile inputs: %s; %d failures" % ("; ".join(line for _, line in parts), len(failures)), parts[0][0])


if __name__ == "__main__":
    main()
