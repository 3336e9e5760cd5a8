#!/usr/bin/env python3
"""A large WorkflowSchema workflow made of the example corpus, for benchmarks.

    xmlgen.py CORPUS_DIR SCREENS OUT.xml

A navigation controller whose first screen has one button per copy and one action per copy
that presents (navigation and tab controllers) or pushes (screens, forms, tables) a copy of a
corpus file's root controller, until the workflow holds at least SCREENS controllers. Copies
keep their content and their `name` attributes (action names are what messages match). Files
that load other files or answer to a loader (load_tests_*, form_tests_*) are left out.
"""
import copy, os, sys
import xml.etree.ElementTree as ET

CONTROLLERS = {"screen", "navigation", "tabs", "form", "table"}

def roots(corpus):
    for name in sorted(os.listdir(corpus)):
        # The load and form tests load other files and talk to their loader: alone they are incomplete.
        if not name.endswith(".xml") or name.startswith(("load_tests", "form_tests_")):
            continue
        root = ET.parse(os.path.join(corpus, name)).getroot()
        controller = next((child for child in root if child.tag in CONTROLLERS), None)
        if controller is not None:
            yield name, controller

def count(element):
    return sum(1 for node in element.iter() if node.tag in CONTROLLERS)

def main(argv):
    if len(argv) != 4:
        sys.exit(__doc__)
    corpus, wanted, out = argv[1], int(argv[2]), argv[3]
    sources = list(roots(corpus))
    workflow = ET.Element("workflow")
    navigation = ET.SubElement(workflow, "navigation")
    screen = ET.SubElement(navigation, "screen")
    ET.SubElement(screen, "title").text = "Corpus"
    container = ET.SubElement(screen, "container")
    actions = []
    total = 2
    index = 0
    while total < wanted:
        name, controller = sources[index % len(sources)]
        clone = copy.deepcopy(controller)
        message = f"open{index}"
        button = ET.SubElement(container, "button")
        ET.SubElement(button, "title").text = f"{name} #{index}"
        ET.SubElement(button, "message").text = message
        verb = "presentController" if clone.tag in ("navigation", "tabs") else "pushController"
        action = ET.Element(verb, {"name": message})
        action.append(clone)
        actions.append(action)
        total += count(clone)
        index += 1
    for action in actions:
        screen.append(action)
    ET.indent(workflow)
    ET.ElementTree(workflow).write(out, encoding="utf-8", xml_declaration=True)
    print(f"{out}: {total} controllers from {index} copies", file=sys.stderr)

if __name__ == "__main__":
    main(sys.argv)
