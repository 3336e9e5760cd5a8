#!/usr/bin/env python3
"""Two builds of `wfs` importing the same generated history, one process per version, in turn.

    Benchmarks/import_paired.py OLD/wfs NEW/wfs [--screens 1000] [--versions 300]

Builds `wiregen.py history SCREENS VERSIONS` into two fresh stores, one `wfs import` per version
into each, the two binaries alternating (the order swapped every version, so that a busy machine
slows both alike). Prints each build's wall time per import (mean and median) and the CPU time of
its processes (getrusage of the children), and the ratios new/old.
"""
import argparse, os, resource, shutil, statistics, subprocess, sys, tempfile, time

parser = argparse.ArgumentParser()
parser.add_argument("old")
parser.add_argument("new")
parser.add_argument("--screens", type=int, default=1000)
parser.add_argument("--versions", type=int, default=300)
args = parser.parse_args()
bins = [os.path.abspath(args.old), os.path.abspath(args.new)]
wiregen = os.path.join(os.path.dirname(os.path.abspath(__file__)), "wiregen.py")

with tempfile.TemporaryDirectory(prefix="wfs-paired-") as work:
    versions = os.path.join(work, "versions")
    subprocess.run([sys.executable, wiregen, "history", str(args.screens), str(args.versions), versions], check=True, capture_output=True)
    files = sorted(os.listdir(versions))
    projects = []
    for index, binary in enumerate(bins):
        project = os.path.join(work, f"project{index}")
        os.makedirs(project)
        subprocess.run([binary, "init"], cwd=project, check=True, capture_output=True)
        projects.append(project)
    walls = [[], []]
    cpu = [0.0, 0.0]
    for number, name in enumerate(files):
        for index in ((0, 1) if number % 2 == 0 else (1, 0)):
            shutil.copyfile(os.path.join(versions, name), os.path.join(projects[index], "app.json"))
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            subprocess.run([bins[index], "import", "app.json"], cwd=projects[index], check=True, stdout=subprocess.DEVNULL)
            walls[index].append(time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu[index] += (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    for label, index in (("old", 0), ("new", 1)):
        w = walls[index]
        print(f"{label} {bins[index]}: wall mean {statistics.mean(w) * 1000:.2f} ms, median {statistics.median(w) * 1000:.2f} ms; CPU {cpu[index] / len(w) * 1000:.2f} ms per import")
    print(f"new/old: wall mean {statistics.mean(walls[1]) / statistics.mean(walls[0]):.3f}, "
          f"median {statistics.median(walls[1]) / statistics.median(walls[0]):.3f}, CPU {cpu[1] / cpu[0]:.3f}")
