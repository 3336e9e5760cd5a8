"""What the reliability scripts (crash-torture.py, save-storm.py, concurrency.py) share."""

import os
import shutil
import subprocess
import sys
import tempfile


def binaries(folder):
    """The folder of the built wfs and wfsd: the one given, else `swift build --show-bin-path`."""
    if folder:
        return folder
    return subprocess.run(["swift", "build", "--show-bin-path"], capture_output=True, text=True).stdout.strip()


def new_project(wfs, prefix):
    """A temporary project with a store made by `wfs init`: (root, store path)."""
    root = tempfile.mkdtemp(prefix=prefix)
    result = subprocess.run([wfs, "init", "--root", root], cwd=root, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit("wfs init failed: " + result.stderr)
    return root, os.path.join(root, ".wfs", "store.sqlite")


def daemon_environment():
    """This environment without systemd's variables, so that wfsd runs as from a shell."""
    return {key: value for key, value in os.environ.items() if key not in ("NOTIFY_SOCKET", "WATCHDOG_USEC", "JOURNAL_STREAM")}


def finish(failures, summary, root, keep=False):
    """Prints the failures (the first 50) and the summary line, removes the project unless it is
    kept or something failed, and exits 1 on a failure, else 0."""
    for failure in failures[:50]:
        print("FAIL " + failure)
    print(summary)
    if keep or failures:
        print("project kept in " + root)
    else:
        shutil.rmtree(root)
    sys.exit(1 if failures else 0)
