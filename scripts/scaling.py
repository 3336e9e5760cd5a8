#!/usr/bin/env python3
"""How the cost of validate, import and diff grows with the input: a survey for quadratic spots.

For each shape of input, at sizes n, 2n and 4n, the script writes a first and a second version
(every screen's title edited), then times with the real binaries:
  validate   `wfs validate` of the first version
  import     `wfs import` of the first version into a new store
  reimport   `wfs import` of the second version (compared with the first, stored as a delta)
  diff       `wfs diff DOC@1 DOC@2`
and prints each time and its ratio to the size before. A linear cost doubles (ratio about 2); a
ratio near 4 at every step is quadratic. A ratio above `--fail-ratio` (3.0 by default) at both
steps of a shape and command fails the run (exit 1), so that the survey can run as a check.

Shapes:
  screens    n routes, each linking to the next (a long chain: reachability goes n deep)
  flat       n routes that all hang off the root (one screen with n subroutes)
  elements   one screen with n elements (labels and buttons, each with a reference)
  actions    n routes, each with an action that pushes the next and a button that sends it
  renamed    n routes off the root, each with a label; the second version renames every one and
             edits its title (n removed and n added screens to pair as renames)
  chain      a loadSchema chain of n/100 WorkflowSchema files, each loading the next
  xml        one WorkflowSchema file of n/10 screens in a navigation controller

Usage: scripts/scaling.py [--n N] [--shapes a,b] [--bin DIR] [--fail-ratio R]
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import time

from reliability_support import binaries, new_project


def chain_routes(n, title):
    return [{"name": "s%d" % i, "title": "%s %d" % (title, i), "subroutes": ["s%d" % (i + 1)] if i + 1 < n else []} for i in range(n)]


def json_document(n, shape, title):
    if shape == "screens":
        routes = chain_routes(n, title)
    elif shape == "flat":
        routes = [{"name": "s0", "title": title, "subroutes": ["s%d" % i for i in range(1, n)]}]
        routes += [{"name": "s%d" % i, "title": "%s %d" % (title, i)} for i in range(1, n)]
    elif shape == "elements":
        elements = []
        for i in range(n):
            if i % 2:
                elements.append({"kind": "button", "reference": "e%d" % i, "text": "%s %d" % (title, i), "target": "s1"})
            else:
                elements.append({"kind": "label", "reference": "e%d" % i, "text": "%s %d" % (title, i)})
        routes = [{"name": "s0", "title": title, "subroutes": ["s1"], "elements": elements}, {"name": "s1", "title": "End"}]
    elif shape == "renamed":
        prefix = "s" if title == "First" else "r"
        keys = ["%s%d" % (prefix, i) for i in range(1, n)]
        routes = [{"name": "s0", "title": "Root", "subroutes": keys}]
        routes += [{"name": key, "title": "%s %d" % (title, i + 1),
                    "elements": [{"kind": "label", "reference": "body", "text": "Body %d" % (i + 1)}]}
                   for i, key in enumerate(keys)]
    elif shape == "actions":
        routes = []
        for i in range(n):
            route = {"name": "s%d" % i, "title": "%s %d" % (title, i)}
            if i + 1 < n:
                route["actions"] = {"next": {"push": "s%d" % (i + 1)}}
                route["elements"] = [{"kind": "button", "text": "Next", "action": "next"}]
            routes.append(route)
    else:
        raise ValueError(shape)
    return json.dumps({"appName": "Scaling", "root": "s0", "routes": routes}, indent=2) + "\n"


def xml_document(n, title):
    screens = "".join('<screen name="s%d"><title>%s %d</title></screen>' % (i, title, i) for i in range(n))
    return "<workflow><navigation>%s</navigation></workflow>\n" % screens


def write_chain(root, files, title):
    for index in range(files):
        load = ('<loadSchema name="next"><path>chain%d.xml</path><presentController/><showAlert>no</showAlert></loadSchema>'
                % (index + 1)) if index + 1 < files else ""
        with open(os.path.join(root, "chain%d.xml" % index), "w") as handle:
            handle.write("<workflow><navigation><screen><title>%s %d</title></screen>%s</navigation></workflow>\n" % (title, index, load))


def timed(command, cwd):
    started = time.monotonic()
    result = subprocess.run(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    elapsed = time.monotonic() - started
    if result.returncode not in (0, 1):
        sys.exit("%s exited %d: %s" % (" ".join(command), result.returncode, result.stderr[:2000]))
    return elapsed


def measure(wfs, shape, n):
    """The four times of one shape at one size."""
    root, _ = new_project(wfs, "wfs-scaling-")
    try:
        if shape == "chain":
            files = max(n // 100, 2)
            write_chain(root, files, "First")
            target, document = ".", "chain0.xml"
        else:
            document = "app.xml" if shape == "xml" else "app.json"
            text = xml_document(max(n // 10, 2), "First") if shape == "xml" else json_document(n, shape, "First")
            with open(os.path.join(root, document), "w") as handle:
                handle.write(text)
            target = document
        times = {"validate": timed([wfs, "validate", target], root), "import": timed([wfs, "import", target], root)}
        if shape == "chain":
            write_chain(root, max(n // 100, 2), "Second")
        else:
            text = xml_document(max(n // 10, 2), "Second") if shape == "xml" else json_document(n, shape, "Second")
            with open(os.path.join(root, document), "w") as handle:
                handle.write(text)
        times["reimport"] = timed([wfs, "import", target], root)
        times["diff"] = timed([wfs, "diff", document + "@1", document + "@2"], root)
        return times
    finally:
        shutil.rmtree(root, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=10000, help="the smallest size (then 2n and 4n)")
    parser.add_argument("--shapes", default="screens,flat,elements,actions,renamed,chain,xml")
    parser.add_argument("--bin", help="folder of the built wfs (default: swift build --show-bin-path)")
    parser.add_argument("--fail-ratio", type=float, default=3.0)
    options = parser.parse_args()
    wfs = os.path.join(binaries(options.bin), "wfs")
    commands = ["validate", "import", "reimport", "diff"]
    sizes = [options.n, 2 * options.n, 4 * options.n]
    print("| shape | size | " + " | ".join(commands) + " |")
    print("|---|---|" + "---|" * len(commands))
    failures = []
    for shape in options.shapes.split(","):
        rows = [measure(wfs, shape, size) for size in sizes]
        for index, (size, times) in enumerate(zip(sizes, rows)):
            cells = []
            for command in commands:
                cell = "%.2f s" % times[command]
                if index > 0:
                    cell += " (×%.1f)" % (times[command] / max(rows[index - 1][command], 1e-3))
                cells.append(cell)
            print("| %s | %d | %s |" % (shape, size, " | ".join(cells)), flush=True)
        for command in commands:
            ratios = [rows[i][command] / max(rows[i - 1][command], 1e-3) for i in (1, 2)]
            # Times under a tenth of a second are mostly the process's start: no verdict on them.
            if rows[2][command] > 0.1 and all(ratio > options.fail_ratio for ratio in ratios):
                failures.append("%s %s grows as the square: ratios %.1f, %.1f" % (shape, command, ratios[0], ratios[1]))
    for failure in failures:
        print("FAIL " + failure)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
