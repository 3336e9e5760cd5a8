#!/usr/bin/env python3
"""Writes the function order of the release `wfs` link (Sources/wfs/symbol-order.txt).

    scripts/symbol-order.py WFS_SYM [--out Sources/wfs/symbol-order.txt]

WFS_SYM is a release `wfs` with its symbols (`swift build -c release --static-swift-stdlib
--product wfs`, then `strip --strip-debug -o WFS_SYM .build/release/wfs`). The script makes a
project of 30 versions of a generated 1,000-screen document, runs the usual commands under
`valgrind --tool=callgrind` (the version, `log`, `status`, `diff`, `show`, `validate`, `verify` and
the import of a changed version), and lists every function they ran, the first command's first:
the linker then places these functions together at the start of the code (Package.swift,
`startupLinkerSettings`), so that a command touches fewer pages of code, in the first 7 MB of
the 23 MB instead of all over it. Names defined more than once in the binary (local helpers that many
objects have, such as value witnesses) are left out: ordering by such a name would move every
object that has one. Needs python3 and valgrind.
"""
import argparse, collections, os, re, shutil, subprocess, sys, tempfile

parser = argparse.ArgumentParser()
parser.add_argument("wfs")
parser.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources", "wfs", "symbol-order.txt"))
args = parser.parse_args()
wfs = os.path.abspath(args.wfs)
wiregen = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Benchmarks", "wiregen.py")
env = dict(os.environ, WFS_AUTHOR="order", NO_COLOR="1")
env.pop("WFS_STORE", None)

# Names defined exactly once among the binary's functions.
counts = collections.Counter()
for line in subprocess.run(["nm", "--defined-only", wfs], check=True, capture_output=True, text=True).stdout.splitlines():
    parts = line.split()
    if len(parts) == 3 and parts[1] in "tTwW":
        counts[parts[2]] += 1

with tempfile.TemporaryDirectory(prefix="wfs-order-") as work:
    versions = os.path.join(work, "versions")
    subprocess.run([sys.executable, wiregen, "history", "1000", "31", versions], check=True, capture_output=True)
    files = sorted(os.listdir(versions))
    project = os.path.join(work, "project")
    os.makedirs(project)
    subprocess.run([wfs, "init"], cwd=project, env=env, check=True, capture_output=True)
    app = os.path.join(project, "app.json")
    for name in files[:-1]:
        shutil.copyfile(os.path.join(versions, name), app)
        subprocess.run([wfs, "import", "app.json"], cwd=project, env=env, check=True, capture_output=True)
    commands = [
        ["--version"],
        ["log", "--limit", "1"],
        ["status"],
        ["diff", "app.json@10", "app.json@30"],
        ["import", "app.json"],  # the last version, copied in just before
        ["show", "--format", "json", "app.json"],
        ["log"],
        ["log", "--format", "json"],
        ["validate", "app.json"],
        ["verify"],
    ]
    order = {}
    for number, command in enumerate(commands):
        out = os.path.join(work, f"{number}.callgrind")
        if command[0] == "import":
            shutil.copyfile(os.path.join(versions, files[-1]), app)
        subprocess.run(["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={out}", wfs] + command,
                       cwd=project, env=env, check=True, capture_output=True)
        with open(out, errors="replace") as f:
            for line in f:
                match = re.match(r"c?fn=\(\d+\) (\S+)", line)
                if match:
                    name = re.sub(r"'\d+$", "", match.group(1))
                    if counts[name] == 1:
                        order.setdefault(name, None)

with open(args.out, "w") as f:
    f.write("# The functions that the usual `wfs` commands run, placed first in the release link (lld's\n")
    f.write("# --symbol-ordering-file, Package.swift). Made by scripts/symbol-order.py; do not edit by hand.\n")
    for name in order:
        f.write(name + "\n")
print(f"{len(order)} functions written to {args.out}")
