"""A small driver for headless Chromium over the DevTools protocol (Debian's `chromium` and
`python3-websocket`): load a page, record console messages, exceptions and network requests, read
element boxes, take screenshots and print to PDF. Used by the HTML report's browser test and by
scripts/report-screenshot."""

import base64
import json
import re
import shutil
import subprocess
import tempfile
import time
import urllib.request

import websocket  # python3-websocket

CHROMIUM_CANDIDATES = ("chromium", "chromium-browser", "google-chrome")


def find_chromium():
    for name in CHROMIUM_CANDIDATES:
        path = shutil.which(name)
        if path:
            return path
    raise RuntimeError("no Chromium found (Debian: apt-get install chromium)")


class Browser:
    """One headless Chromium with one page. Use as a context manager."""

    def __init__(self, width=900, height=1200):
        self.width, self.height = width, height
        self.profile = tempfile.mkdtemp(prefix="bpgn-chromium-")
        args = [find_chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--remote-debugging-port=0", f"--user-data-dir={self.profile}",
                f"--window-size={width},{height}", "about:blank"]
        self.proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.PIPE, text=True)
        port = self._devtools_port()
        opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
        for _ in range(100):
            pages = json.load(opener.open(f"http://127.0.0.1:{port}/json/list", timeout=10))
            pages = [p for p in pages if p.get("type") == "page"]
            if pages:
                break
            time.sleep(0.1)
        self.ws = websocket.create_connection(pages[0]["webSocketDebuggerUrl"], timeout=60,
                                              suppress_origin=True)
        self.next_id = 0
        self.events = []
        for domain in ("Page", "Runtime", "Log", "Network"):
            self.call(f"{domain}.enable")
        self.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1,
                  mobile=False)

    def _devtools_port(self):
        deadline = time.time() + 60
        while time.time() < deadline:
            line = self.proc.stderr.readline()
            if not line:
                break
            m = re.search(r"DevTools listening on ws://[^:]+:(\d+)/", line)
            if m:
                return int(m.group(1))
        raise RuntimeError("Chromium did not start its DevTools server")

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        try:
            self.ws.close()
        except Exception:
            pass
        self.proc.kill()
        self.proc.wait()
        shutil.rmtree(self.profile, ignore_errors=True)

    def call(self, method, **params):
        self.next_id += 1
        my_id = self.next_id
        self.ws.send(json.dumps({"id": my_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.recv())
            if message.get("id") == my_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            if "method" in message:
                self.events.append(message)

    def wait_for(self, event, timeout=60):
        deadline = time.time() + timeout
        for e in self.events:
            if e["method"] == event:
                return e
        while time.time() < deadline:
            message = json.loads(self.ws.recv())
            if "method" in message:
                self.events.append(message)
                if message["method"] == event:
                    return message
        raise TimeoutError(event)

    def load(self, url):
        """Loads `url`; returns (console errors and exceptions, network requests other than `url`)."""
        self.events = []
        self.call("Page.navigate", url=url)
        self.wait_for("Page.loadEventFired")
        self.call("Runtime.evaluate", expression="1", awaitPromise=True)  # let pending events arrive
        problems, requests = [], []
        for e in self.events:
            m, p = e["method"], e["params"]
            if m == "Runtime.consoleAPICalled" and p["type"] in ("error", "warning", "assert"):
                problems.append("console." + p["type"] + ": " + " ".join(str(a.get("value", a.get("description")))
                                                                       for a in p["args"]))
            elif m == "Runtime.exceptionThrown":
                problems.append("exception: " + p["exceptionDetails"].get("text", ""))
            elif m == "Log.entryAdded" and p["entry"]["level"] in ("error", "warning"):
                problems.append("log: " + p["entry"]["text"])
            elif m == "Network.requestWillBeSent" and p["request"]["url"] != url:
                requests.append(p["request"]["url"])
        return problems, requests

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def box(self, selector):
        """The element's box in page coordinates: (x, y, width, height), or None."""
        return self.evaluate(
            "(() => { const e = document.querySelector(%s); if (!e) return null;"
            " const r = e.getBoundingClientRect();"
            " return [r.x + window.scrollX, r.y + window.scrollY, r.width, r.height]; })()" % json.dumps(selector))

    def screenshot(self, x, y, width, height):
        """PNG bytes of a region of the page (page coordinates, one pixel per CSS pixel)."""
        shot = self.call("Page.captureScreenshot", format="png", captureBeyondViewport=True,
                         clip={"x": x, "y": y, "width": width, "height": height, "scale": 1})
        return base64.b64decode(shot["data"])

    def print_pdf(self):
        return base64.b64decode(self.call("Page.printToPDF", preferCSSPageSize=True, printBackground=True)["data"])

    def a4_problems(self):
        """What keeps the page from printing on A4 (its PDF's pages and, in print media at A4's
        width less the margins, 703 px, its width); [] when it fits. Leaves the page in screen media
        at 900 x 1200."""
        problems = []
        pdf = self.print_pdf()
        if not pdf.startswith(b"%PDF"):
            problems.append("printToPDF gave no PDF")
        boxes = [tuple(float(v) for v in m.split()) for m in re.findall(rb"/MediaBox\s*\[([^\]]*)\]", pdf)]
        if not boxes or not all(abs(w - 595.3) < 2 and abs(h - 841.9) < 2 for _, _, w, h in boxes):
            problems.append(f"the printed pages are not A4 (595.3 x 841.9 pt): {boxes[:3]}")
        self.call("Emulation.setEmulatedMedia", media="print")
        self.call("Emulation.setDeviceMetricsOverride", width=703, height=1000, deviceScaleFactor=1, mobile=False)
        width = self.evaluate("document.documentElement.scrollWidth")
        if width > 703:
            problems.append(f"printed, the page is {width} px wide (A4 less margins: 703)")
        self.call("Emulation.setEmulatedMedia", media="screen")
        self.call("Emulation.setDeviceMetricsOverride", width=900, height=1200, deviceScaleFactor=1, mobile=False)
        return problems
