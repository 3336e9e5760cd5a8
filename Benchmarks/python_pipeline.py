#!/usr/bin/env python3
"""The pipeline a person would otherwise script: orjson parse, the same checks, canonical dump, SHA-256.

    python_pipeline.py [--iterations N] FILE...

For .xml files the baseline only parses (xml_pipeline). Prints the same columns as
wfs-bench's `total` line. Times are the thread's CPU time
(time.thread_time), as in wfs-bench. The checks mirror what `wfs validate`
does for these generated files: required keys, unique names, defined subroutes and root,
reachability from root. Canonical form: defaults written out, presentation aliases folded,
routes sorted by name, keys sorted, compact separators.
"""
import hashlib, sys, time
import xml.etree.ElementTree as ET
import orjson

def pipeline(data):
    doc = orjson.loads(data)
    problems = []
    for key in ("appName", "root", "routes"):
        if key not in doc:
            problems.append(f"missing {key}")
    names = {}
    for route in doc.get("routes", []):
        name = route.get("name")
        if name in names:
            problems.append(f"duplicate {name}")
        names[name] = route
    if doc.get("root") not in names:
        problems.append("root not defined")
    builtins = {"dismiss", "pop", "popToRoot", "popToView"}
    for route in names.values():
        for sub in route.get("subroutes", []):
            if sub not in names and sub not in builtins:
                problems.append(f"subroute {sub} not defined")
    seen = {doc.get("root")}
    queue = [doc.get("root")]
    while queue:
        current = names.get(queue.pop())
        for sub in (current or {}).get("subroutes", []):
            if sub in names and sub not in seen:
                seen.add(sub)
                queue.append(sub)
    problems += [f"unreachable {n}" for n in names if n not in seen]
    routes = []
    for route in sorted(names.values(), key=lambda r: r["name"]):
        kind = route.get("type", "view")
        style = route.get("presentationStyle") or route.get("presentationType") or ("present" if kind == "navigation" else "push")
        routes.append({"name": route["name"], "title": route["title"], "type": kind,
                       "presentationStyle": style, "subroutes": route.get("subroutes", [])})
    canonical = {"appName": doc["appName"], "formatVersion": 1, "root": doc["root"], "routes": routes}
    digest = hashlib.sha256(orjson.dumps(canonical, option=orjson.OPT_SORT_KEYS)).hexdigest()
    return digest, len(problems), len(routes)

def xml_pipeline(data):
    """For WorkflowSchema files: ElementTree's C parser, a count of controllers, SHA-256 of the bytes.

    No validation at all: the least a script would do to read such a file.
    """
    root = ET.fromstring(data)
    controllers = sum(1 for node in root.iter() if node.tag in ("screen", "navigation", "tabs", "form", "table"))
    return hashlib.sha256(data).hexdigest(), 0, controllers

def main(argv):
    iterations = 50
    if "--iterations" in argv:
        k = argv.index("--iterations"); iterations = int(argv[k + 1]); del argv[k:k + 2]
    print("file\tstage\tmedian_ms\tp10_ms\tp90_ms\tscreens\tdiagnostics")
    for path in argv[1:]:
        data = open(path, "rb").read()
        samples = []
        for i in range(iterations + 3):
            start = time.thread_time()
            _, problems, screens = (xml_pipeline if path.endswith(".xml") else pipeline)(data)
            samples.append((time.thread_time() - start) * 1000)
        samples = sorted(samples[3:])
        pick = lambda f: samples[min(len(samples) - 1, round((len(samples) - 1) * f))]
        print(f"{path}\ttotal\t{pick(0.5):.3f}\t{pick(0.1):.3f}\t{pick(0.9):.3f}\t{screens}\t{problems}")

if __name__ == "__main__":
    main(sys.argv)
