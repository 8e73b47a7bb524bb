"""The HTML report in a real browser (headless Chromium): it loads with no console error and no
network request, the squares of the offending moves are marked, both boards show the right pieces
(pixels of chosen squares against the piece and square colours), every game of the input is in the
summary table, and it prints on A4 without spilling over the page's width.

Usage: report_browser_test.py BPGN SOURCE_DIR WORK_DIR"""

import io
import json
import os
import subprocess
import sys

from PIL import Image

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from checks import check, finish  # noqa: E402

BPGN, SOURCE, WORK = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(WORK, exist_ok=True)


def hex_rgb(h):
    return tuple(int(h[i:i + 2], 16) for i in (1, 3, 5))


# The colours the report draws with (src/output/svg_board.h).
PLAIN = {"light": hex_rgb("#f0d9b5"), "dark": hex_rgb("#b58863")}
LAST = {"light": hex_rgb("#f2ea7a"), "dark": hex_rgb("#c8bc3c")}
BAD = {"light": hex_rgb("#f39a9a"), "dark": hex_rgb("#d05a5a")}
WHITE_PIECE, BLACK_PIECE = hex_rgb("#ffffff"), hex_rgb("#262626")


def shade(square):
    f, r = ord(square[0]) - ord("a"), int(square[1]) - 1
    return "light" if (f + r) % 2 == 1 else "dark"


def near(a, b, tolerance=12):
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def run_report(path, inputs, extra=()):
    cmd = [BPGN, "check", "--format", "html", "-o", path, *extra, *inputs]
    r = subprocess.run(cmd, capture_output=True, text=True)
    check(r.returncode in (0, 1), f"{' '.join(cmd)}: exit {r.returncode}: {r.stderr}")
    return r


def game_count(inputs):
    r = subprocess.run([BPGN, "check", "--format", "json", *inputs], capture_output=True, text=True)
    return len(json.loads(r.stdout)["games"])


class Squares:
    """Pixels of one board on the page, from a screenshot of the board's box."""

    def __init__(self, browser, board_id):
        self.id = board_id
        box = browser.box("#" + board_id)
        check(box is not None, f"no board #{board_id} on the page")
        self.ok = box is not None
        if not self.ok:
            return
        self.x, self.y, w, h = box
        self.image = Image.open(io.BytesIO(browser.screenshot(self.x, self.y, w, h))).convert("RGB")
        self.browser = browser

    def pixel(self, square, fx, fy):
        box = self.browser.box(f'#{self.id} rect[data-square="{square}"]')
        x = int(box[0] - self.x + fx * box[2])
        y = int(box[1] - self.y + fy * box[3])
        return self.image.getpixel((x, y))

    def square_colour(self, square):
        return self.pixel(square, 0.1, 0.1)  # a corner: no piece drawn there

    def piece_colour(self, square):
        return self.pixel(square, 0.5, 0.69)  # inside every piece's body (svg_board.cpp)

    def expect(self, square, piece=None, marks=PLAIN):
        if not self.ok:
            return
        want = marks[shade(square)]
        got = self.square_colour(square)
        check(near(got, want), f"#{self.id} {square}: square colour {got}, expected {want}")
        got_piece = self.piece_colour(square)
        if piece is None:
            check(near(got_piece, want), f"#{self.id} {square}: expected no piece, centre is {got_piece}")
        else:
            colour = WHITE_PIECE if piece == "white" else BLACK_PIECE
            check(near(got_piece, colour, 30), f"#{self.id} {square}: expected a {piece} piece, centre is {got_piece}")


def main():
    mixed = os.path.join(SOURCE, "corpus/check/mixed.bpgn")
    flag = os.path.join(SOURCE, "corpus/broken/bughouse-pro-ts-flag.bpgn")
    turkish = os.path.join(SOURCE, "tests/html/turkish-check-drop.bpgn")
    report = os.path.join(WORK, "arbiter.html")
    run_report(report, [mixed, flag, turkish])
    html = open(report, encoding="utf-8").read()
    check("<script" not in html.lower(), "the page has a script")
    check("http://" not in html and "https://" not in html, "the page names a network address")

    with Browser() as browser:
        # The harness itself must see what it looks for: a console error and a network request.
        control = os.path.join(WORK, "control.html")
        with open(control, "w") as f:
            f.write('<!DOCTYPE html><title>c</title><script>console.error("planted")</script>'
                    '<img src="http://192.0.2.1/x.png">')
        problems, requests = browser.load("file://" + control)
        check(any("planted" in p for p in problems), f"the harness missed a console error: {problems}")
        check(any("192.0.2.1" in r for r in requests), f"the harness missed a network request: {requests}")

        problems, requests = browser.load("file://" + report)
        check(problems == [], f"console errors: {problems}")
        check(requests == [], f"network requests: {requests}")

        rows = browser.evaluate("document.querySelectorAll('table.summary tbody tr').length")
        check(rows == game_count([mixed, flag, turkish]), f"summary rows {rows}")

        # mixed.bpgn game 2: 1A. e4 1a. d5 1B. N@f3 (White B holds nothing) 2A. exd5.
        # At 1B. N@f3: board A after 1a. d5 (last move d7-d5 marked), board B untouched, f3 marked.
        a = Squares(browser, "g2-p3-A")
        a.expect("e4", "white")
        a.expect("e2", None)
        a.expect("d5", "black", LAST)
        a.expect("d7", None, LAST)
        a.expect("e1", "white")
        a.expect("d8", "black")
        a.expect("h5", None)
        b = Squares(browser, "g2-p3-B")
        b.expect("f3", None, BAD)
        b.expect("e1", "white")
        b.expect("e8", "black")
        b.expect("f2", "white")
        b.expect("a7", "black")
        b.expect("e4", None)
        # Board B is turned round: its h1 stands top left, as board A's a8 does.
        a8, h1 = browser.box('#g2-p3-A rect[data-square="a8"]'), browser.box('#g2-p3-B rect[data-square="h1"]')
        check(a8 and h1 and abs(a8[1] - h1[1]) < 1 and h1[0] > a8[0], f"board B not turned round: {a8} {h1}")

        # The flag game (game 4): 2b. e6 after White A's flag fell; at that moment both boards,
        # the offending move e7-e6 not played (e6 marked), board A's last move 1a. e5.
        a = Squares(browser, "g4-p6-A")
        a.expect("e5", "black", LAST)
        a.expect("e4", "white")
        b = Squares(browser, "g4-p6-B")
        b.expect("e6", None, BAD)
        b.expect("c4", "white", LAST)
        b.expect("d5", "black")
        check(browser.box("#g4-clocks .flag-fall") is not None, "the clock chart marks no flag fall")
        check(browser.box('#g4-clocks polyline[data-seat="WhiteA"]') is not None, "no clock line for White A")

        # The Turkish game (game 5): 1b. P@f2+ gives check, forbidden; f2 marked, the pawn Black B
        # holds drawn in the hand row.
        b = Squares(browser, "g5-p5-B")
        b.expect("f2", None, BAD)
        b.expect("f4", "white", LAST)
        b.expect("e1", "white")
        quote = browser.evaluate("document.querySelector('#g5-p5 blockquote.rule').textContent")
        check("no drop may give check" in (quote or ""), f"the rule quoted: {quote}")
        hand = browser.evaluate("""[...document.querySelectorAll('#g5-p5 .board-block')][1]
            .querySelectorAll('.hand')[1].getAttribute('title')""")
        check(hand == "a pawn", f"Black B's hand: {hand}")
        points = browser.evaluate("document.querySelector('#game-5').textContent")
        check("turkish" in points, "the Turkish game does not name its rules")

        # Printing: A4 pages, nothing wider than the page.
        a4 = browser.a4_problems()
        check(a4 == [], f"the report does not print on A4: {a4}")

        # The whole bundled corpus: every game listed, nothing broken.
        inputs = sorted(os.path.join(d, f) for d, _, fs in os.walk(os.path.join(SOURCE, "corpus"))
                        for f in fs if f.endswith((".bpgn", ".pgn")))
        corpus_report = os.path.join(WORK, "corpus.html")
        run_report(corpus_report, inputs)
        browser.call("Emulation.setEmulatedMedia", media="screen")
        problems, requests = browser.load("file://" + corpus_report)
        check(problems == [] and requests == [], f"corpus report: {problems} {requests}")
        rows = browser.evaluate("document.querySelectorAll('table.summary tbody tr').length")
        check(rows == game_count(inputs), f"corpus summary rows {rows}")
        sections = browser.evaluate("document.querySelectorAll('section.game').length")
        drawn = browser.evaluate("document.querySelectorAll('table.summary tbody tr a').length")
        check(sections == drawn and sections > 0, f"{sections} sections, {drawn} links")

    finish()


main()
