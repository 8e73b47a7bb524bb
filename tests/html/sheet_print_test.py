"""The decision sheet (bpgn view --sheet, docs/view.md) printed by a real browser (headless
Chromium, Page.printToPDF): at A4 and at Letter, each sheet is exactly one page, and the page's
text (read back from the PDF: its fonts' ToUnicode maps applied to its text operators) holds the
diagnostic as check writes it, the decision and the three signature boxes. The sheets: the Turkish
checking drop of tests/html with the arbiter's decision; a pawn dropped on the first rank and
played on (a long rule quote, and no decision: blank lines to fill in); and a record whose tags, names, termination text and
decision reason are all as long as the sheet shows them and hostile (`<script>`), which must print
on one page too, as text. The page loads nothing and runs nothing.

Usage: sheet_print_test.py BPGN SOURCE_DIR WORK_DIR"""

import base64
import os
import re
import subprocess
import sys
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from checks import check, finish  # noqa: E402

BPGN, SOURCE, WORK = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(WORK, exist_ok=True)

PAPERS = {"A4": (8.27, 11.69, (595.9, 841.9)), "Letter": (8.5, 11.0, (612.0, 792.0))}


# --- A small PDF reader: enough of Chromium's (Skia's) output to count pages and read the text. ---

def pdf_objects(pdf):
    """Object number -> (dictionary bytes, stream bytes or None), the stream inflated."""
    objects = {}
    for m in re.finditer(rb"(\d+) 0 obj\s*(.*?)endobj", pdf, re.S):
        body = m.group(2)
        stream = None
        s = re.search(rb"stream\r?\n", body)
        if s:
            data = body[s.end():]
            data = data[:data.rfind(b"endstream")].rstrip(b"\r\n")
            head = body[:s.start()]
            length = re.search(rb"/Length (\d+)(?! \d+ R)", head)
            if length:
                data = body[s.end():s.end() + int(length.group(1))]
            if b"/FlateDecode" in head:
                data = zlib.decompress(data)
            stream, body = data, head
        objects[int(m.group(1))] = (body, stream)
    return objects


def pages(objects):
    """The page objects: `/Type /Page` (not `/Pages`, the tree's nodes)."""
    return [n for n, (body, _) in sorted(objects.items()) if re.search(rb"/Type\s*/Page(?![a-zA-Z])", body)]


def to_unicode(objects, font):
    """A font's ToUnicode map: code (int) -> text."""
    body, _ = objects[font]
    m = re.search(rb"/ToUnicode (\d+) 0 R", body)
    if not m:
        return {}
    cmap = objects[int(m.group(1))][1].decode("latin-1")
    out = {}

    def text(hexdigits):
        return bytes.fromhex(hexdigits).decode("utf-16-be", "replace")

    for block in re.findall(r"beginbfchar(.*?)endbfchar", cmap, re.S):
        for src, dst in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            out[int(src, 16)] = text(dst)
    for block in re.findall(r"beginbfrange(.*?)endbfrange", cmap, re.S):
        for lo, hi, dst in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(<[0-9A-Fa-f]+>|\[[^\]]*\])", block):
            lo, hi = int(lo, 16), int(hi, 16)
            if dst.startswith("["):
                for k, d in enumerate(re.findall(r"<([0-9A-Fa-f]+)>", dst)):
                    out[lo + k] = text(d)
            else:
                start = bytes.fromhex(dst[1:-1])
                for k in range(hi - lo + 1):
                    last = int.from_bytes(start[-2:], "big") + k
                    out[lo + k] = (start[:-2] + last.to_bytes(2, "big")).decode("utf-16-be", "replace")
    return out


def page_text(objects, page):
    """The text a page's content stream shows, in its order: the strings of Tj and TJ through the
    current font's ToUnicode map (two-byte codes: Identity-H); a space between text positionings."""
    body, _ = objects[page]
    fonts = {name.decode(): int(n) for name, n in re.findall(rb"/(F\d+) (\d+) 0 R", body)}
    maps = {name: to_unicode(objects, n) for name, n in fonts.items()}
    contents = re.search(rb"/Contents (\d+) 0 R", body)
    stream = objects[int(contents.group(1))][1].decode("latin-1")
    out, current = [], {}
    for tok in re.finditer(r"/(F\d+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>|\((?:\\.|[^\\)])*\)|\b(Td|TD|Tm|T\*|ET)\b", stream):
        if tok.group(1):
            current = maps.get(tok.group(1), {})
        elif tok.group(2) is not None:
            h = tok.group(2)
            out.append("".join(current.get(int(h[i:i + 4], 16), "?") for i in range(0, len(h) - len(h) % 4, 4)))
        elif tok.group(3):
            out.append(" ")
    return "".join(out)


def squeeze(s):
    return re.sub(r"\s+", "", s)


# --- The sheets. ---

def bpgn(*args):
    return subprocess.run([BPGN, *args], capture_output=True, text=True)


def write(name, text):
    path = os.path.join(WORK, name)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path


drop = os.path.join(SOURCE, "tests", "html", "turkish-check-drop.bpgn")
played_on = os.path.join(SOURCE, "tests", "html", "turkish-played-on.bpgn")
decisions = write("drop.adjudications",
                  "match: turkish-check-drop.bpgn:1\nresult: 1/2-1/2\n"
                  "reason: Bora saw no check on the board; both captains agreed to a draw\n")

LONG = "Ünïcödé <script>alert(1)</script> & " * 12  # > 300 bytes: the sheet cuts it
hostile = write("hostile.bpgn", f"""[Event "{LONG}"]
[Site "{LONG}"]
[Date "{LONG}"]
[Round "{LONG}"]
[Variant "Turkish"]
[WhiteA "{LONG}A"][BlackA "{LONG}B"][WhiteB "{LONG}C"][BlackB "{LONG}D"]
[TimeControl "{LONG}"]
[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 4k3/P7/8/8/8/8/8/4K3[] w - - 0 1"]
[Result "1-0"]

1B. a8=Q+ 1b. Kd7 1A. e4 {{{LONG} resigns}} 1-0
""")
hostile_decisions = write("hostile.adjudications",
                          f"match: hostile.bpgn:1\npoints: WhiteA 1, BlackA 0.5, WhiteB 2, BlackB 0.5\naward: special\nreason: {LONG}\n")

sheets = []  # (name, html path, what its printed text must hold)
out = os.path.join(WORK, "drop.html")
r = bpgn("view", f"{drop}:9", "--sheet", "--adjudications", decisions, "-o", out)
check(r.returncode == 1, f"the checking drop's sheet: exit {r.returncode} (1: the game has an error): {r.stderr}")
sheets.append(("checking drop", out, [
    f"{drop}:9:59: error[drop-gives-check]: Black (Deniz) on board B: the drop 1b. P@f2+ gives check, "
    "which turkish forbids (drop_check=forbidden)",
    "drop_check=forbidden: no drop may give check.",
    "Bora saw no check on the board; both captains agreed to a draw",
]))

out = os.path.join(WORK, "pawn-drop.html")
r = bpgn("view", f"{played_on}:29", "--sheet", "-o", out)
check(r.returncode == 1, f"the pawn drop's sheet: exit {r.returncode}: {r.stderr}")
sheets.append(("long rule quote", out, ["error[pawn-drop-rank]", "not claimed"]))

out = os.path.join(WORK, "hostile.html")
r = bpgn("view", hostile, "--sheet", "--adjudications", hostile_decisions, "-o", out)
check(r.returncode == 1, f"the hostile sheet: exit {r.returncode}: {r.stderr}")
sheets.append(("hostile texts", out, ["error[promotion-invalid]", "<script>alert(1)</script>"]))

with open(os.path.join(WORK, "hostile.html"), encoding="utf-8") as f:
    page = f.read()
check("<script" not in page, "the hostile sheet holds a <script element")
check("&lt;script&gt;alert(1)&lt;/script&gt;" in page, "the hostile tags are not shown escaped")

SIGNATURES = ["The arbiter", "Captain of team 1", "Captain of team 2"]

with Browser(width=900, height=1200) as browser:
    for name, path, texts in sheets:
        problems, requests = browser.load("file://" + path)
        check(not problems, f"{name}: console problems {problems}")
        check(not requests, f"{name}: the page asked for {requests}")
        check(browser.evaluate("document.scripts.length") == 0, f"{name}: the page has a script")
        for paper, (width, height, box) in PAPERS.items():
            pdf = base64.b64decode(browser.call("Page.printToPDF", paperWidth=width, paperHeight=height,
                                                printBackground=True, preferCSSPageSize=False)["data"])
            with open(os.path.join(WORK, f"{os.path.basename(path)}.{paper}.pdf"), "wb") as f:
                f.write(pdf)
            objects = pdf_objects(pdf)
            found = pages(objects)
            check(len(found) == 1, f"{name} at {paper}: {len(found)} pages printed, not 1")
            if not found:
                continue
            media = re.search(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", objects[found[0]][0])
            size = (float(media.group(1)), float(media.group(2))) if media else None
            check(size and abs(size[0] - box[0]) < 2 and abs(size[1] - box[1]) < 2,
                  f"{name} at {paper}: the page is {size}, not {box}")
            text = squeeze("".join(page_text(objects, p) for p in found))
            for t in texts + SIGNATURES:
                check(squeeze(t) in text, f"{name} at {paper}: the printed page lacks {t!r}")
            boxes = "".join(re.escape(squeeze(role)) + ".*?Name.*?Date.*?Signature" for role in SIGNATURES)
            check(re.search(boxes, text, re.S), f"{name} at {paper}: not the three signature boxes, each with "
                                                f"its Name, Date and Signature lines, in order: {text[-500:]!r}")

finish()
