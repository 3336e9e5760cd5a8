#!/usr/bin/env python3
"""The web app in a real browser: headless Chromium driven by selenium over `wfs-serve`.

Generates a project (two documents, a few revisions, two meetings), starts `wfs-serve` on it with
a tokens file, and walks it as a person would: the history, a comparison, a screen timeline; is
refused a meeting without a login, logs in with a token and starts one; then, with `wfsd` watching
the project, sees the open page say that a new revision was stored. Screenshots go to
.build/e2e/ (not committed). Exits 1 with a message naming the step on any failure.

Needs Debian's chromium and chromium-driver, and selenium from PyPI (.ci/run installs them).
"""

import argparse
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

from reliability_support import binaries, daemon_environment

from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait

TOKEN = "e2e-alice-token-0123456789abcdef"


def wireframe(screens, app="Shop"):
    """A small valid wireframe: the first screen links to every other one."""
    root = screens[0][0]
    routes = []
    for key, title in screens:
        links = ", ".join('"%s"' % other for other, _ in screens if other != root) if key == root else ""
        sub = ', "subroutes": [%s]' % links if key == root else ""
        routes.append('    {"name": "%s", "title": "%s"%s}' % (key, title, sub))
    return '{\n  "appName": "%s",\n  "root": "%s",\n  "routes": [\n%s\n  ]\n}\n' % (app, root, ",\n".join(routes))


class Failure(Exception):
    pass


def run(command, cwd):
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    if result.returncode != 0:
        raise Failure("%s failed (%d): %s" % (" ".join(command), result.returncode, result.stderr.strip()))
    return result.stdout


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def make_project(wfs, root):
    """Two documents, five revisions by two authors, a meeting between them and one after."""
    run([wfs, "init", "--root", root], root)
    os.makedirs(os.path.join(root, "plans"))

    def save(path, screens, author):
        with open(os.path.join(root, path), "w") as file:
            file.write(wireframe(screens))
        run([wfs, "import", "--author", author, path], root)

    save("app.json", [("home", "Home"), ("cart", "Cart")], "alice")
    save("plans/admin.json", [("dashboard", "Dashboard"), ("users", "Users")], "bob")
    run([wfs, "session", "add", "kickoff", "--start", "2020-01-01T10:00Z", "--end", "2020-01-01T11:00Z"], root)
    save("app.json", [("home", "Home"), ("cart", "Basket"), ("pay", "Pay")], "bob")
    save("app.json", [("home", "Start"), ("cart", "Basket"), ("pay", "Pay")], "alice")
    with open(os.path.join(root, "tokens"), "w") as file:
        file.write("alice %s\n" % TOKEN)


def wait_for_server(url, process, seconds=30):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise Failure("wfs-serve exited with status %d at start" % process.returncode)
        try:
            urllib.request.urlopen(url + "/static/site.css", timeout=1).read()
            return
        except (urllib.error.URLError, ConnectionError):
            time.sleep(0.1)
    raise Failure("wfs-serve did not answer within %d seconds" % seconds)


def serves_events(url):
    request = urllib.request.Request(url + "/api/events", headers={"Accept": "text/event-stream"})
    try:
        with urllib.request.urlopen(request, timeout=2) as response:
            return response.status == 200
    except urllib.error.HTTPError:
        return False
    except (urllib.error.URLError, TimeoutError, OSError):
        # A stream that stays open without an event yet times out here: it is served.
        return True


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=None, help="folder of the built wfs, wfsd and wfs-serve (default: swift build --show-bin-path)")
    parser.add_argument("--screenshots", default=".build/e2e", help="where the screenshots go")
    parser.add_argument(
        "--without-live", action="store_true", help="skip the live update step (for a server without /api/events)")
    options = parser.parse_args()

    folder = binaries(options.bin)
    wfs, wfsd, serve = (os.path.join(folder, name) for name in ("wfs", "wfsd", "wfs-serve"))
    screenshots = os.path.abspath(options.screenshots)
    os.makedirs(screenshots, exist_ok=True)
    root = tempfile.mkdtemp(prefix="wfs-e2e-")
    server = daemon = browser = None
    step = "making the project"
    try:
        make_project(wfs, root)
        port = free_port()
        url = "http://127.0.0.1:%d" % port
        step = "starting wfs-serve"
        server_log = open(os.path.join(root, "serve.log"), "w")
        server = subprocess.Popen(
            [serve, "--store", os.path.join(root, ".wfs", "store.sqlite"), "--root", root, "--port", str(port),
             "--tokens", os.path.join(root, "tokens")],
            cwd=root, stdout=server_log, stderr=subprocess.STDOUT)
        wait_for_server(url, server)

        step = "starting chromium"
        chrome = webdriver.ChromeOptions()
        for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,1000"):
            chrome.add_argument(argument)
        driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
        browser = webdriver.Chrome(options=chrome, service=Service(driver_path))
        wait = WebDriverWait(browser, 10)

        def shot(name):
            browser.save_screenshot(os.path.join(screenshots, name + ".png"))

        def expect(condition, message):
            if not condition:
                raise Failure(message)

        step = "the project page"
        browser.get(url + "/")
        expect("app.json" in browser.page_source and "plans/admin.json" in browser.page_source, "the project page lists no documents")
        shot("1-project")

        step = "clicking History"
        browser.find_element(By.LINK_TEXT, "History").click()
        wait.until(expected_conditions.title_contains("History"))
        rows = browser.find_elements(By.CSS_SELECTOR, "table.history tr[id]")
        expect(len(rows) == 4, "the history shows %d revisions, not 4" % len(rows))
        expect("Pay" in rows[1].text, "the history does not name the added screen 'Pay' by its title")
        shot("2-history")

        step = "clicking a comparison"
        rows[1].find_element(By.LINK_TEXT, "compare").click()
        wait.until(expected_conditions.title_contains("Compare"))
        text = browser.find_element(By.TAG_NAME, "main").text
        expect("Title: Cart → Basket" in text, "the comparison does not say the title changed from Cart to Basket")
        expect("Added: Pay" in text, "the comparison does not say that Pay was added")
        graph = browser.find_elements(By.CSS_SELECTOR, "img.graph")
        if shutil.which("dot"):
            expect(graph and browser.execute_script("return arguments[0].naturalWidth", graph[0]) > 0, "the comparison's graph did not load")
        shot("3-compare")

        step = "clicking a screen timeline"
        browser.find_element(By.LINK_TEXT, "History").click()
        wait.until(expected_conditions.title_contains("History"))
        browser.find_element(By.CSS_SELECTOR, "a[href^='/screens/cart']").click()
        wait.until(expected_conditions.title_contains("Screen cart"))
        items = browser.find_elements(By.CSS_SELECTOR, "ol.timeline > li")
        expect(len(items) == 2, "the timeline of 'cart' shows %d revisions, not 2" % len(items))
        shot("4-screen")

        step = "being refused a meeting without a login"
        browser.get(url + "/meetings")
        expect(not browser.find_elements(By.ID, "start-meeting"), "the meetings page offers to start a meeting without a login")
        status = urllib_post(url + "/meetings/start", "name=sneaky")
        expect(status == 401, "starting a meeting without a login answered %d, not 401" % status)
        shot("5-meetings-logged-out")

        step = "logging in with a token"
        browser.find_element(By.PARTIAL_LINK_TEXT, "Log in with a token").click()
        browser.find_element(By.ID, "token").send_keys(TOKEN)
        browser.find_element(By.CSS_SELECTOR, "#login button").click()
        wait.until(expected_conditions.presence_of_element_located((By.ID, "start-meeting")))

        step = "starting a meeting"
        browser.find_element(By.ID, "start-name").send_keys("e2e review")
        browser.find_element(By.ID, "start-notes").send_keys("in the browser")
        browser.find_element(By.CSS_SELECTOR, "#start-meeting button").click()
        wait.until(expected_conditions.text_to_be_present_in_element((By.CSS_SELECTOR, "table.meetings"), "e2e review"))
        expect("Meeting e2e review is open" in browser.page_source, "the started meeting is not shown as open")
        sessions = run([wfs, "session", "list"], root)
        expect("e2e review" in sessions, "the store has no meeting 'e2e review': " + sessions)
        shot("6-meeting-started")

        if options.without_live:
            print("e2e: live update step skipped (--without-live)")
        else:
            step = "a page updating when wfsd stores a save"
            expect(serves_events(url), "the server does not serve /api/events")
            daemon_log = open(os.path.join(root, "wfsd.log"), "w")
            daemon = subprocess.Popen(
                [wfsd, "--store", os.path.join(root, ".wfs", "store.sqlite")], cwd=root, stdout=subprocess.DEVNULL,
                stderr=daemon_log, env=daemon_environment())
            deadline = time.monotonic() + 30
            while "watching" not in open(os.path.join(root, "wfsd.log")).read():
                if daemon.poll() is not None or time.monotonic() > deadline:
                    raise Failure("wfsd did not start: " + open(os.path.join(root, "wfsd.log")).read())
                time.sleep(0.05)
            browser.get(url + "/history")
            time.sleep(1)
            with open(os.path.join(root, "app.json"), "w") as file:
                file.write(wireframe([("home", "Start"), ("cart", "Basket"), ("pay", "Checkout")]))
            WebDriverWait(browser, 20).until(expected_conditions.presence_of_element_located((By.ID, "live")))
            banner = browser.find_element(By.ID, "live").text
            expect("new revision" in banner, "the live notice says '%s'" % banner)
            shot("7-live")
            browser.find_element(By.CSS_SELECTOR, "#live a").click()
            wait.until(expected_conditions.text_to_be_present_in_element((By.CSS_SELECTOR, "table.history"), "Checkout"))

        print("e2e: every step passed; screenshots in " + screenshots)
        return 0
    except (Failure, WebDriverException) as failure:
        if browser:
            try:
                browser.save_screenshot(os.path.join(screenshots, "failure.png"))
            except WebDriverException:
                pass
        print("e2e: FAIL while %s: %s" % (step, str(failure).strip().splitlines()[0] if str(failure).strip() else type(failure).__name__))
        print("e2e: project kept in " + root)
        return 1
    finally:
        if browser:
            browser.quit()
        for process in (daemon, server):
            if process and process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    # An event stream still open can hold a graceful shutdown; the test is over.
                    process.kill()
                    process.wait()


def urllib_post(url, body):
    request = urllib.request.Request(
        url, data=body.encode(), method="POST", headers={"Content-Type": "application/x-www-form-urlencoded"})
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


if __name__ == "__main__":
    sys.exit(main())
