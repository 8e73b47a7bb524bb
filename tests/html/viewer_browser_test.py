"""The match viewer (bpgn view) in a real browser (headless Chromium): for every game of corpus/
(the chess samples: their first games) and the hand-made broken records of tests/, the page is
stepped through by key and by slider, and what it draws -- the pieces on both boards, the square a
move not played aims at, the last moves, the holdings, the four clocks and the caption -- is
compared with `bpgn show --at` of the same ply (--ascii, parsed); played in match time at x10 and
faster, the moves come in record order, each once its timestamp is reached; no console error, no
request.

Sampling, to keep the run near a minute on 2 cores: every ply is stepped to by the right arrow key
(the first REAL_KEYS of each game pressed as a user would, through the DevTools protocol, whose
input waits for a frame; the rest as keydown events dispatched in the page, to the same handler),
but show is asked about at most PLIES_PER_GAME plies of each game (spread evenly, plus every ply
with a violation), and the slider is checked on a third of those.

Usage: viewer_browser_test.py BPGN SOURCE_DIR WORK_DIR"""

import json
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from checks import check, finish  # noqa: E402

BPGN, SOURCE, WORK = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(WORK, exist_ok=True)
PLIES_PER_GAME = 16
CHESS_GAMES = 3  # of each chess sample
REAL_KEYS = 2    # of each game's moments, reached by keys pressed through the DevTools protocol

# What the page draws at its current moment, read from the DOM: the pieces as placed (<use> on a
# square's rect), the fills, the aimed outline, the seats and the holdings.
DRAWN = r"""(() => {
  const out = {step: Number(document.body.dataset.step), caption: document.getElementById('caption').textContent,
               boards: [], seats: [], hands: []};
  for (const id of ['A', 'B']) {
    const svg = document.getElementById('board-' + id);
    if (document.getElementById('figure-' + id).hidden) break;
    const at = {};
    const fills = {};
    for (const r of svg.querySelectorAll('rect[data-square]')) {
      at[r.getAttribute('x') + ',' + r.getAttribute('y')] = r.dataset.square;
      fills[r.dataset.square] = r.getAttribute('fill');
    }
    const squares = {};
    for (const u of svg.querySelectorAll('g.pieces use')) {
      const m = /#piece-([wb])([pnbrqk])/.exec(u.getAttribute('href'));
      const sq = at[u.getAttribute('x') + ',' + u.getAttribute('y')];
      squares[sq] = m[1] === 'w' ? m[2].toUpperCase() : m[2];
    }
    const aimed = svg.querySelector('rect.aimed');
    const aimedSq = aimed.getAttribute('visibility') === 'hidden' ? null
                  : at[aimed.getAttribute('x') + ',' + aimed.getAttribute('y')];
    out.boards.push({squares, fills, aimed: aimedSq});
    const hands = [];
    for (const c of ['w', 'b']) {
      const h = document.getElementById('hand-' + id + '-' + c);
      hands.push({counts: h.dataset.hand, drawn: h.querySelectorAll('use').length});
    }
    out.hands.push(hands);
  }
  for (let s = 0; s < 2 * out.boards.length; s++) {
    const seat = document.querySelector('.seat[data-seat-index="' + s + '"]');
    out.seats.push({name: seat.querySelector('.name').textContent, clock: seat.querySelector('.clock').textContent});
  }
  return out;
})()"""


def run(*args):
    return subprocess.run([BPGN, *args], capture_output=True, text=True)


def parse_show(text, boards):
    """show --ascii's view: caption, per board {square: letter}, marks, seat lines and holdings."""
    lines = text.split("\n")
    caption = lines[2]
    title = next(i for i, l in enumerate(lines) if l.strip().startswith("Board"))
    left = lines[title].find("Board B") - 7 if boards == 2 else 0  # "  Board B" stands 5 columns after board A
    block = lines[title:title + 14]

    def part(line, b):
        if boards == 1 or b == 0:
            return line[:left] if boards == 2 else line
        return line[left + 5:]

    result = {"caption": caption, "boards": [], "seats": [], "hands": []}
    for b in range(boards):
        squares, last, aimed = {}, set(), None
        for row in range(8):
            cells = part(block[3 + row], b).ljust(26)
            rank = 8 - row if b == 0 else row + 1
            for col in range(8):
                f = col if b == 0 else 7 - col
                cell = cells[2 + 3 * col:5 + 3 * col]
                sq = "abcdefgh"[f] + str(rank)
                if cell[1] != ".":
                    squares[sq] = cell[1]
                if cell[0] == "[":
                    last.add(sq)
                if cell[0] == "<":
                    aimed = sq
        result["boards"].append({"squares": squares, "last": last, "aimed": aimed})
        top = part(block[1], b).strip()
        top_hand = part(block[2], b).strip()
        bottom = part(block[12], b).strip()
        bottom_hand = part(block[13], b).strip()
        # Seats in the order WhiteA, BlackA, WhiteB, BlackB: board A has Black on top, B White.
        white, black = (bottom, top) if b == 0 else (top, bottom)
        white_hand, black_hand = (bottom_hand, top_hand) if b == 0 else (top_hand, bottom_hand)
        result["seats"] += [white, black]
        result["hands"].append([white_hand[len("in hand: "):], black_hand[len("in hand: "):]])
    return result


def hand_text(counts, white):
    """The page's counts (queens, rooks, bishops, knights, pawns) as show --ascii writes them."""
    words = []
    for n, letter in zip((int(c) for c in counts.split(",")), "QRBNP"):
        if n:
            words.append((letter if white else letter.lower()) + (f"x{n}" if n > 1 else ""))
    return " ".join(words) or "-"


def compare(drawn, shown, game, ply, colors):
    where = f"{game['file']} game {game['file_index']} ply {ply + 1}"
    check(drawn["caption"] == shown["caption"], f"{where}: caption {drawn['caption']!r}, show {shown['caption']!r}")
    check(len(drawn["boards"]) == len(shown["boards"]), f"{where}: {len(drawn['boards'])} boards drawn")
    for b, (d, s) in enumerate(zip(drawn["boards"], shown["boards"])):
        check(d["squares"] == s["squares"], f"{where} board {b}: pieces {d['squares']} != show {s['squares']}")
        check(d["aimed"] == s["aimed"], f"{where} board {b}: aimed square {d['aimed']}, show {s['aimed']}")
        marked = {sq for sq, fill in d["fills"].items() if fill not in colors["plain"]}
        # show marks the last move played; the page also paints the move in question red.
        check(s["last"] <= marked, f"{where} board {b}: last move {s['last']} not marked ({marked})")
        for k, colour in enumerate(("w", "b")):
            h = drawn["hands"][b][k]
            check(hand_text(h["counts"], k == 0) == shown["hands"][b][k],
                  f"{where} board {b}: hand {h['counts']} != show {shown['hands'][b][k]!r}")
            check(h["drawn"] == sum(1 for c in h["counts"].split(",") if c != "0"),
                  f"{where} board {b}: {h['drawn']} pieces drawn in hand for {h['counts']}")
    for s, seat in enumerate(drawn["seats"]):
        line = shown["seats"][s]
        name, clock = seat["name"], seat["clock"]
        ok = line.startswith(name) and line[len(name):].strip() == clock
        check(ok, f"{where}: seat {s} drawn {name!r} {clock!r}, show {line!r}")


def key(browser, name, code):
    for kind in ("keyDown", "keyUp"):
        browser.call("Input.dispatchKeyEvent", type=kind, key=name, code=name, windowsVirtualKeyCode=code)


def problems_since(browser, start):
    out = []
    for e in browser.events[start:]:
        m, p = e["method"], e["params"]
        if m == "Runtime.consoleAPICalled" and p["type"] in ("error", "warning", "assert"):
            out.append("console: " + json.dumps(p["args"])[:200])
        elif m == "Runtime.exceptionThrown":
            out.append("exception: " + json.dumps(p["exceptionDetails"])[:300])
        elif m == "Network.requestWillBeSent" and not p["request"]["url"].startswith("file://"):
            out.append("request: " + p["request"]["url"])
    return out


def sampled(game):
    n = len(game["plies"])
    picks = set(range(n)) if n <= PLIES_PER_GAME else {round(i * (n - 1) / (PLIES_PER_GAME - 1)) for i in range(PLIES_PER_GAME)}
    picks |= {i for i, p in enumerate(game["plies"]) if p["violations"]}
    return sorted(picks)


def step_through(browser, page, data, shows):
    """Every game of the page: by key through every moment, show compared at the sampled plies;
    then the slider to a third of them."""
    compared = skipped = 0
    colors = data["colors"]
    for k, game in enumerate(data["games"]):
        browser.evaluate(f"window.bpgnViewer.loadGame({k}, 0)")
        moments = game["moments"]
        if not moments:
            shown = browser.evaluate("document.getElementById('not-drawn').textContent")
            check("Not drawn" in shown, f"{game['file']} game {game['file_index']}: no moments and no word why")
            continue
        browser.evaluate("document.activeElement && document.activeElement.blur()")
        key(browser, "Home", 36)
        picks = set(sampled(game))
        for j in range(1, len(moments)):
            if j <= REAL_KEYS:
                key(browser, "ArrowRight", 39)
            else:
                browser.evaluate("document.body.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true}))")
            at = moments[j]["at"]
            if not isinstance(at, int) or at not in picks:
                continue
            drawn = browser.evaluate(DRAWN)
            check(drawn["step"] == j, f"{game['file']}: ArrowRight to step {j} gave {drawn['step']}")
            shown = shows.get((game["file"], game["file_index"], at))
            if shown is None:
                skipped += 1
                continue
            compare(drawn, shown, game, at, colors)
            compared += 1
        key(browser, "End", 35)
        check(browser.evaluate("window.bpgnViewer.state().step") == len(moments) - 1, f"{game['file']}: End")
        for at in sorted(picks)[::3]:
            shown = shows.get((game["file"], game["file_index"], at))
            if shown is None:
                continue
            j = next(i for i, m in enumerate(moments) if m["at"] == at)
            browser.evaluate(f"(() => {{ const s = document.getElementById('slider'); s.value = '{j}';"
                             " s.dispatchEvent(new Event('input')); })()")
            compare(browser.evaluate(DRAWN), shown, game, at, colors)
            compared += 1
    return compared, skipped


def show_all(pages):
    """show --at of every sampled ply of every game, in parallel (two at a time)."""
    jobs = {}
    for _, data in pages:
        for game in data["games"]:
            if not game["moments"]:
                continue
            for at in sampled(game):
                ref = game["plies"][at]["ref"].split(" ")[0]
                jobs[(game["file"], game["file_index"], at)] = (game, ref)
    shows = {}
    running = []
    items = list(jobs.items())
    while items or running:
        while items and len(running) < 2:
            (k, (game, ref)) = items.pop()
            p = subprocess.Popen([BPGN, "show", game["file"], "--game", str(game["file_index"]), "--at", ref,
                                  "--ascii", "--color", "never"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                 text=True, cwd=SOURCE)
            running.append((k, game, p))
        k, game, p = running.pop(0)
        out, _ = p.communicate()
        m = re.search(r"\(ply (\d+) of", out.split("\n")[2] if out.count("\n") > 2 else "")
        if m and int(m.group(1)) == k[2] + 1:  # a move number written twice names its first ply: skipped
            shows[k] = parse_show(out, game["boards"])
    return shows, len(jobs)


# Links, the record's words, the keyboard help and a phone's width: a page of three games (index 1
# the flag game, 2 tests/data/view/two-errors-one-line.bpgn, 3 the Turkish checking drop).
LINK_RECORDS = ["corpus/broken/bughouse-pro-ts-flag.bpgn", "tests/data/view/two-errors-one-line.bpgn",
                "tests/html/turkish-check-drop.bpgn"]


def links_page():
    page = os.path.join(WORK, "links.html")
    r = subprocess.run([BPGN, "view", "-o", page, *LINK_RECORDS], capture_output=True, text=True, cwd=SOURCE)
    check(r.returncode == 1, f"view of the link records: exit {r.returncode}: {r.stderr[-300:]}")
    html = open(page, encoding="utf-8").read()
    m = re.search(r'<script type="application/json" id="bpgn-data">(.*?)</script>', html, re.S)
    return page, json.loads(m.group(1))


def open_link(browser, page, fragment, nonce):
    """Loads the page afresh (a query string makes it a new document) at `fragment`."""
    url = "file://" + page + "?" + str(nonce)
    problems, requests = browser.load(url + fragment)
    check(problems == [], f"{fragment}: console errors {problems}")
    check([r for r in requests if not r.startswith(url)] == [], f"{fragment}: requests {requests}")
    time.sleep(0.3)  # the fragment is written a moment after a step


def shown_at(game, ply):
    ref = game["plies"][ply]["ref"].split(" ")[0]
    r = subprocess.run([BPGN, "show", game["file"], "--game", str(game["file_index"]), "--at", ref, "--ascii",
                        "--color", "never"], capture_output=True, text=True, cwd=SOURCE)
    return parse_show(r.stdout, game["boards"])


def check_fragment_opens_the_moment(browser, page, data):
    """#g2/5 opens game 2 after its 5th ply (2A. Nf3), drawn as show --at 2A draws it; #g2/6 at
    2a. Ke6 (not played); the report's #g1-p6 still opens the flag game's ply 6."""
    game = data["games"][1]
    for n, ply in ((1, 4), (2, 5)):
        open_link(browser, page, f"#g2/{ply + 1}", n)
        state = browser.evaluate("window.bpgnViewer.state()")
        check(state["game"] == 1 and state["step"] == ply + 1, f"#g2/{ply + 1} opened {state}")
        check(browser.evaluate("document.getElementById('notice').hidden"), f"#g2/{ply + 1}: a notice")
        compare(browser.evaluate(DRAWN), shown_at(game, ply), game, ply, data["colors"])
    # The flag game's moments hold its flag's fall (an instant) before ply 6: the step is ply 6's.
    flag_game = data["games"][0]["moments"]
    ply6 = next(j for j, m in enumerate(flag_game) if m["at"] == 5)
    open_link(browser, page, "#g1-p6", 3)
    state = browser.evaluate("window.bpgnViewer.state()")
    check(state["game"] == 0 and state["step"] == ply6, f"#g1-p6 opened {state}, not step {ply6}")
    check("2b. e6" in browser.evaluate("document.getElementById('caption').textContent"), "#g1-p6: caption")
    # The fall has a link of its own (#g1/tSECONDS), which stepping to it writes and which opens it.
    fall = next(j for j, m in enumerate(flag_game) if m["at"] == "instant")
    link = f"#g1/t{flag_game[fall]['time']:g}"
    open_link(browser, page, link, 5)
    state = browser.evaluate("window.bpgnViewer.state()")
    check(state["game"] == 0 and state["step"] == fall, f"{link} opened {state}, not the fall at step {fall}")
    check(browser.evaluate("document.getElementById('notice').hidden"), f"{link}: a notice")
    open_link(browser, page, "#g3", 4)
    check(browser.evaluate("window.bpgnViewer.state()")["game"] == 2, "#g3 does not open game 3")


def check_fragment_follows_stepping(browser, page, data):
    """Stepping writes the moment into the address (#g2/6 -> #g2/7 ...), replacing it: the history
    does not grow."""
    open_link(browser, page, "#g2/6", 10)
    check(browser.evaluate("location.hash") == "#g2/6", f"after opening: {browser.evaluate('location.hash')}")
    length = browser.evaluate("history.length")
    browser.evaluate("document.activeElement && document.activeElement.blur()")
    key(browser, "ArrowRight", 39)
    time.sleep(0.4)
    check(browser.evaluate("location.hash") == "#g2/7", f"after ->: {browser.evaluate('location.hash')}")
    key(browser, "Home", 36)
    time.sleep(0.4)
    check(browser.evaluate("location.hash") == "#g2/0", f"after Home: {browser.evaluate('location.hash')}")
    key(browser, "End", 35)
    time.sleep(0.4)
    last = data["games"][1]["moments"][-1]["at"]
    want = "#g2/end" if last == "end" else f"#g2/{last + 1}"
    check(browser.evaluate("location.hash") == want, f"after End: {browser.evaluate('location.hash')}, want {want}")
    browser.evaluate("window.bpgnViewer.loadGame(0, 3)")
    time.sleep(0.4)
    check(browser.evaluate("location.hash") == "#g1/3", f"game 1, step 3: {browser.evaluate('location.hash')}")
    check(browser.evaluate("history.length") == length, "stepping added history entries")
    # A fragment typed into the address afterwards goes there.
    browser.evaluate("location.hash = '#g3/2'")
    time.sleep(0.3)
    state = browser.evaluate("window.bpgnViewer.state()")
    check(state["game"] == 2 and state["step"] == 2, f"#g3/2 typed in: {state}")


def check_bad_fragments(browser, page):
    """A fragment naming no moment says so on the page, and opens the first game (or the game it
    names) instead of failing silently."""
    cases = {"#g99/1": (0, "no game 99"), "#g2/99": (1, "there is no ply 99"), "#gx": (0, "a link to a moment reads"),
             "#g2-p0": (1, "there is no ply 0"), "#nonsense%3Cb%3E": (0, "a link to a moment reads")}
    for n, (fragment, (game, words)) in enumerate(cases.items()):
        open_link(browser, page, fragment, 20 + n)
        notice = browser.evaluate("(() => { const n = document.getElementById('notice');"
                                  " return {hidden: n.hidden, text: n.textContent, height: n.getBoundingClientRect().height}; })()")
        check(not notice["hidden"] and notice["height"] > 0, f"{fragment}: no notice shown ({notice})")
        check(words in notice["text"] and "names no moment" in notice["text"], f"{fragment}: notice {notice['text']!r}")
        check(browser.evaluate("window.bpgnViewer.state().game") == game, f"{fragment}: opened game "
              f"{browser.evaluate('window.bpgnViewer.state().game')}")
        check(browser.evaluate("document.querySelectorAll('#notice *').length") == 0, f"{fragment}: markup in the notice")


def check_keyboard_help(browser, page):
    """? opens a dialog listing every key, ? or Esc closes it; the arrows do not step behind it."""
    open_link(browser, page, "#g2/3", 40)
    browser.evaluate("document.activeElement && document.activeElement.blur()")

    def question():
        for kind in ("keyDown", "keyUp"):
            browser.call("Input.dispatchKeyEvent", type=kind, key="?", code="Slash", text="?" if kind == "keyDown" else "",
                         modifiers=8, windowsVirtualKeyCode=191)

    def shown():
        return browser.evaluate("(() => { const d = document.getElementById('help');"
                                " return d.open && d.getBoundingClientRect().height > 0; })()")

    check(not shown(), "the help is open before ?")
    question()
    check(shown(), "? does not open the help")
    text = browser.evaluate("document.getElementById('help').textContent")
    for k in ("←", "→", "Home", "End", "p", "v", "Shift+V", "?", "Esc"):
        check(k in text, f"the help does not list {k}: {text[:200]}")
    check(browser.evaluate("document.getElementById('help').getAttribute('aria-labelledby')") == "help-title",
          "the dialog is not labelled")
    key(browser, "ArrowRight", 39)
    check(browser.evaluate("window.bpgnViewer.state().step") == 3, "-> stepped behind the help")
    question()
    check(not shown(), "? does not close the help")
    question()
    check(shown(), "? does not open the help again")
    key(browser, "Escape", 27)
    check(not shown(), "Esc does not close the help")
    key(browser, "ArrowRight", 39)
    check(browser.evaluate("window.bpgnViewer.state().step") == 4, "-> does not step once the help is closed")


def check_record_words(browser, page, data):
    """Game 2's tags (its Event a hostile `<img ...>`: shown as text), the comment at 1A. e4, the
    termination text beside the verdict and the result used with its source."""
    open_link(browser, page, "#g2/1", 50)
    tags = browser.evaluate("[...document.querySelectorAll('#tags tr')].map(r => [r.cells[0].textContent,"
                            " r.cells[1].textContent])")
    check(["Event", "<img src=x onerror=alert(1)>"] in tags, f"the Event tag: {tags[:2]}")
    check(["Round", "3"] in tags and ["TimeControl", "180"] in tags, f"tags: {tags}")
    check(["Site", "club </script><!--"] in tags, f"Site: {tags}")
    check(browser.evaluate("document.querySelectorAll('img').length") == 0, "an <img> element on the page")
    check(not [e for e in browser.events if e["method"] == "Page.javascriptDialogOpening"], "an alert opened")
    words = browser.evaluate("(() => { const t = document.getElementById('termination');"
                             " return {hidden: t.hidden, text: t.textContent,"
                             " box: document.getElementById('outcome-box').textContent,"
                             " comment: document.getElementById('moment-comment').textContent}; })()")
    check(not words["hidden"] and words["text"] == "The record says: Ayla won", f"termination: {words}")
    check("no winner known" in words["box"] and "Result used: 1-0, from the record" in words["box"],
          f"outcome box: {words['box']!r}")
    check(words["comment"] == "The record's comment: a quiet start", f"the comment at 1A. e4: {words['comment']!r}")
    listed = browser.evaluate("document.querySelector('#move-0 .comment').textContent")
    check(listed == "a quiet start", f"the move list's comment: {listed!r}")
    browser.evaluate("window.bpgnViewer.loadGame(0, 0)")
    check(browser.evaluate("document.getElementById('termination').textContent") == "",
          "the flag game has no termination comment")
    used = browser.evaluate("document.getElementById('result-used').textContent")
    check(used.startswith("Result used: 0-1, from the rules"), f"flag game: {used!r}")


def check_phone_width(page):
    """At 400 px wide both boards stand side by side, smaller, inside the viewport."""
    with Browser(width=400, height=900) as phone:
        open_link(phone, page, "#g2/6", 60)
        a, b = phone.box("#board-A"), phone.box("#board-B")
        width = phone.evaluate("document.documentElement.clientWidth")
        check(width == 400, f"viewport {width}")
        check(a is not None and b is not None, "no boards")
        if a and b:
            check(abs(a[1] - b[1]) < 2, f"boards not side by side: A {a}, B {b}")
            check(a[0] >= 0 and a[0] + a[2] <= b[0] and b[0] + b[2] <= 400, f"boards overlap or overflow: A {a}, B {b}")
            check(120 <= a[2] < 320 and 120 <= b[2] < 320, f"boards not smaller: A {a[2]}, B {b[2]}")
            check(abs(a[2] - a[3]) < 1, f"board A not square: {a}")
        check(phone.evaluate("document.documentElement.scrollWidth") <= 400, "the page scrolls sideways")
        shot = phone.screenshot(0, 0, 400, 900)
        check(shot[:8] == b"\x89PNG\r\n\x1a\n" and int.from_bytes(shot[16:20], "big") == 400, "the screenshot")
        with open(os.path.join(WORK, "phone-400.png"), "wb") as f:
            f.write(shot)


def links_and_words():
    page, data = links_page()
    check([g["index"] for g in data["games"]] == [1, 2, 3], f"link page games {[g['index'] for g in data['games']]}")
    with Browser(width=1000, height=1300) as browser:
        check_fragment_opens_the_moment(browser, page, data)
        check_fragment_follows_stepping(browser, page, data)
        check_bad_fragments(browser, page)
        check_keyboard_help(browser, page)
        check_record_words(browser, page, data)
    check_phone_width(page)


# -- Instants: a flag fall is a moment of its own, and the clocks at any instant are show's. --

def load_clean(browser, page):
    problems, requests = browser.load("file://" + page)
    check(problems == [] and requests == [], f"{page}: {problems} {requests}")


def seat_clocks(browser):
    return browser.evaluate("""[0, 1, 2, 3].map(k => document.querySelector('.seat[data-seat-index="' + k + '"]')).map(s => ({
        name: s.querySelector('.name').textContent, clock: s.querySelector('.clock').textContent,
        team: s.querySelector('.team').textContent, toMove: s.classList.contains('to-move'),
        turn: s.querySelector('.turn').textContent, fell: s.querySelector('.fell').textContent}))""")


def shown_seats_at(game, at):
    """show --at AT of the game, its four seat lines (name and clock), in seat order."""
    r = subprocess.run([BPGN, "show", game["file"], "--game", str(game["file_index"]), "--at", at, "--ascii",
                        "--color", "never"], capture_output=True, text=True, cwd=SOURCE)
    check(r.returncode in (0, 1), f"show --at {at}: exit {r.returncode} {r.stderr[-200:]}")
    return parse_show(r.stdout, game["boards"])["seats"] if r.returncode in (0, 1) else []


def drawn_matches(drawn, shown):
    return len(shown) == len(drawn) and all(
        line.startswith(d["name"]) and line[len(d["name"]):].strip() == d["clock"] for d, line in zip(drawn, shown))


def check_flag_instant(browser, page, data, flag):
    """The flag game (White A's flag fell at 3:01): a click on the chart's flag mark goes to the flag's
    own moment, which the move list lists; the four clocks drawn there are show --at 181s's."""
    load_clean(browser, page)
    game = data["games"][flag]
    browser.evaluate(f"window.bpgnViewer.loadGame({flag}, 0)")
    instants = [j for j, m in enumerate(game["moments"]) if m["at"] == "instant"]
    check(len(instants) == 1 and game["moments"][instants[0]]["time"] == 181,
          f"flag moments {[(j, game['moments'][j]['time']) for j in instants]}")
    if not instants:
        return
    j = instants[0]
    # Its place: after 2B. c4 (1:40), before 2b. e6 (3:50).
    check(game["moments"][j - 1]["at"] == 4 and game["moments"][j + 1]["at"] == 5, f"flag moment at step {j}")
    xy = browser.evaluate(f"""(() => {{ const f = document.querySelector('#chart-{flag} .flag-fall');
        f.scrollIntoView({{block: 'center'}}); const r = f.getBoundingClientRect();
        return [r.x + r.width / 2, r.y + r.height / 2]; }})()""")
    for kind in ("mousePressed", "mouseReleased"):
        browser.call("Input.dispatchMouseEvent", type=kind, x=xy[0], y=xy[1], button="left", clickCount=1)
    check(browser.evaluate("window.bpgnViewer.state().step") == j, "a click on the flag mark does not go to the flag")
    drawn = seat_clocks(browser)
    shown = shown_seats_at(game, "181s")
    check(drawn_matches(drawn, shown), f"clocks at the flag: drawn {drawn}, show --at 181s {shown}")
    # By hand: Alice 0:00 (fell at 3:01), Bob 2:59, Charlie 1:21, Dave 179 - (181 - 100) = 1:38.
    check([d["clock"] for d in drawn] == ["0:00", "2:59", "1:21", "1:38"], f"clocks at 3:01: {drawn}")
    check("3:01" in drawn[0]["fell"], f"White A's flag not named: {drawn[0]}")
    check([d["team"] for d in drawn] == ["Team 1", "Team 2", "Team 2", "Team 1"], f"teams: {drawn}")
    check([d["toMove"] for d in drawn] == [True, False, False, True] and drawn[3]["turn"] == "▶ to move",
          f"whose clock runs: {drawn}")
    row = browser.evaluate(f"(() => {{ const r = document.getElementById('moment-{j}');"
                           " return r ? [r.className, r.textContent] : null; })()")
    check(row is not None and "current" in row[0] and "flag of WhiteA Alice fell" in row[1], f"flag row {row}")
    caption = browser.evaluate("document.getElementById('caption').textContent")
    check(caption == "At match time 3:01, after 2B. c4 (ply 5 of 8): the flag of WhiteA Alice fell", caption)


def check_pause_keeps_instant(browser, page, data, flag):
    """Paused while playing, the clocks stay at the instant reached (show --at that instant), not the
    last move's."""
    load_clean(browser, page)
    game = data["games"][flag]
    browser.evaluate(f"window.bpgnViewer.loadGame({flag}, 5)")  # after 2B. c4, 1:40
    browser.evaluate("window.bpgnViewer.setSpeed(10)")
    browser.evaluate("document.getElementById('play').click()")
    time.sleep(1.5)
    browser.evaluate("document.getElementById('play').click()")
    state = browser.evaluate("window.bpgnViewer.state()")
    paused = seat_clocks(browser)
    time.sleep(0.4)
    later = seat_clocks(browser)
    check(not state["playing"] and state["instant"] is not None and 110 < state["instant"] < 130,
          f"paused at {state}")
    check(paused == later, f"the clocks move after the pause: {paused} then {later}")
    moment = game["moments"][state["step"]]
    check([d["clock"] for d in paused][:4] != moment["clocks"], f"the clocks snapped back to the move's: {paused}")
    t = state["instant"]
    floor = int(t * 1000) / 1000
    ok = any(drawn_matches(paused, shown_seats_at(game, f"{x:.3f}")) for x in (floor, floor + 0.001))
    check(ok, f"paused at {t}: drawn {paused}, show --at {floor:.3f} {shown_seats_at(game, f'{floor:.3f}')}")
    caption = browser.evaluate("document.getElementById('caption').textContent")
    check("paused at match time" in caption, f"caption when paused: {caption}")


def check_no_negative_clock_at_x10(browser, page, data, flag):
    """Played at x10 (the menu's) from 2B. c4 (1:40) past White A's flag fall (3:01): no clock is
    ever drawn below zero, the flag's moment is shown on the way, and her clock stays at 0:00."""
    load_clean(browser, page)
    browser.evaluate(f"window.bpgnViewer.loadGame({flag}, 5)")
    browser.evaluate("(() => { const s = document.getElementById('speed'); s.value = '10';"
                     " s.dispatchEvent(new Event('change')); })()")
    browser.evaluate("document.getElementById('play').click()")
    seen, negative = [], []
    deadline = time.time() + 10
    while time.time() < deadline:
        clocks = [d["clock"] for d in seat_clocks(browser)]
        seen.append(clocks)
        negative += [c for c in clocks if c.startswith("-")]
        time.sleep(0.1)
    state = browser.evaluate("window.bpgnViewer.state()")
    log = browser.evaluate("window.bpgnViewer.log()")
    browser.evaluate("window.bpgnViewer.state().playing && document.getElementById('play').click()")
    check(negative == [], f"negative clocks drawn at x10: {negative[:5]}")
    check(state["time"] > 190, f"x10 for 10 s from 1:40 reached only {state['time']}")
    flag_step = next(j for j, m in enumerate(data["games"][flag]["moments"]) if m["at"] == "instant")
    check(flag_step in [e["step"] for e in log], f"the flag's moment not shown while playing: {log}")
    check(seen[-1][0] == "0:00", f"White A's clock after her flag fell: {seen[-1]}")
    check(len(seen) > 40, f"only {len(seen)} samples")


def main():
    records = sorted(os.path.relpath(os.path.join(d, f), SOURCE)
                     for top in ("corpus", "tests/html", "tests/golden")
                     for d, _, fs in os.walk(os.path.join(SOURCE, top)) for f in fs
                     if f.endswith((".bpgn", ".pgn")) and not d.endswith(os.path.join("corpus", "chess")))
    pages = []
    whole = os.path.join(WORK, "corpus.html")
    r = subprocess.run([BPGN, "view", "-o", whole, *records], capture_output=True, text=True, cwd=SOURCE)
    check(r.returncode == 1, f"view of the corpus: exit {r.returncode} (it holds invalid games): {r.stderr[-300:]}")
    pages.append(whole)
    for sample in ("corpus/chess/lichess-sample.pgn", "corpus/chess/twic1599-sample.pgn"):
        for n in range(1, CHESS_GAMES + 1):
            page = os.path.join(WORK, f"{os.path.basename(sample)}-{n}.html")
            r = subprocess.run([BPGN, "view", "-o", page, sample, "--game", str(n)], capture_output=True, text=True,
                               cwd=SOURCE)
            check(r.returncode in (0, 1), f"view {sample} --game {n}: exit {r.returncode}")
            pages.append(page)

    def data_of(page):
        html = open(page, encoding="utf-8").read()
        m = re.search(r'<script type="application/json" id="bpgn-data">(.*?)</script>', html, re.S)
        return json.loads(m.group(1))

    loaded = [(p, data_of(p)) for p in pages]
    games = sum(len(d["games"]) for _, d in loaded)
    check(games > 100, f"only {games} games on the pages")
    started = time.time()
    shows, asked = show_all(loaded)
    print(f"{asked} plies asked of show ({len(shows)} compared) in {time.time() - started:.1f} s")

    # A Turkish match played on after a checking drop nobody claimed (tests/html/turkish-played-on.bpgn,
    # game 1): the answer 2B. Kxf2 was played. show --at of that ply has the white king on f2 and no
    # pawn there, and the page, stepped to it below like every sampled ply, draws what show draws.
    played_on = [g for _, d in loaded for g in d["games"]
                 if g["file"].endswith("turkish-played-on.bpgn") and g["file_index"] == 1]
    check(len(played_on) == 1, f"the played-on Turkish game is on the page {len(played_on)} times")
    if played_on:
        g = played_on[0]
        answer = g["plies"][5]
        check(answer["ref"].startswith("2B. Kxf2") and answer["played"], f"2B. Kxf2 not played on the page: {answer}")
        shown = shows.get((g["file"], 1, 5))
        check(shown is not None and shown["boards"][1]["squares"].get("f2") == "K",
              f"show --at 2B. Kxf2: {shown and shown['boards'][1]['squares']}")

    with Browser(width=1000, height=1300) as browser:
        total = skipped = 0
        for page, data in loaded:
            problems, requests = browser.load("file://" + page)
            check(problems == [], f"{page}: console errors {problems}")
            check(requests == [], f"{page}: network requests {requests}")
            mark = len(browser.events)
            begun = time.time()
            c, s = step_through(browser, page, data, shows)
            print(f"{page}: {len(data['games'])} games, {sum(len(g['moments']) for g in data['games'])} moments"
                  f" stepped in {time.time() - begun:.1f} s")
            total, skipped = total + c, skipped + s
            check(problems_since(browser, mark) == [], f"{page}: {problems_since(browser, mark)}")
        print(f"{total} moments compared with show, {skipped} sampled plies skipped (a move number named twice)")
        check(total > 1000, f"only {total} moments compared")

        # Play in match time. The flag game (corpus/broken/bughouse-pro-ts-flag.bpgn): plies at 1, 2,
        # 3, 4 and 100 s; at x10 (chosen in the menu) 2.5 s of real time show the first four only,
        # and the clock of the player to move runs down.
        problems, requests = browser.load("file://" + whole)
        data = loaded[0][1]
        flag = next(k for k, g in enumerate(data["games"]) if g["file"].endswith("bughouse-pro-ts-flag.bpgn"))
        browser.evaluate(f"window.bpgnViewer.loadGame({flag}, 0)")
        browser.evaluate("(() => { const s = document.getElementById('speed'); s.value = '10';"
                         " s.dispatchEvent(new Event('change')); })()")
        browser.evaluate("document.getElementById('play').click()")
        time.sleep(2.5)
        state = browser.evaluate("window.bpgnViewer.state()")
        clock_before = browser.evaluate("document.querySelector('.seat[data-seat-index=\"0\"] .clock').textContent")
        time.sleep(0.5)
        clock_after = browser.evaluate("document.querySelector('.seat[data-seat-index=\"0\"] .clock').textContent")
        browser.evaluate("document.getElementById('play').click()")  # pause
        log = browser.evaluate("window.bpgnViewer.log()")
        check(state["speed"] == 10 and state["playing"], f"x10 play: {state}")
        check([e["step"] for e in log] == [1, 2, 3, 4], f"x10 play showed steps {log}")
        check(20 <= state["time"] <= 40, f"x10: after 2.5 s the match time is {state['time']}")
        check(clock_before != clock_after, f"White A's clock does not run: {clock_before} {clock_after}")
        check(not browser.evaluate("window.bpgnViewer.state().playing"), "pause does not stop play")

        # Faster (the test hook): every game with clocks, from its start to its end; each move shown
        # once, in record order, not before its time and not a frame after it.
        played = 0
        for k, game in enumerate(data["games"]):
            times = [p["time"] for p in game["plies"]]
            if not game["moments"] or not any(t for t in times if t) or played >= 12:
                continue
            played += 1
            end = max(t for t in times if t is not None)
            browser.evaluate(f"window.bpgnViewer.loadGame({k}, 0)")
            browser.evaluate(f"window.bpgnViewer.setSpeed({max(10.0, end / 0.6)})")
            browser.evaluate("document.getElementById('play').click()")
            deadline = time.time() + 5
            while browser.evaluate("window.bpgnViewer.state().playing") and time.time() < deadline:
                time.sleep(0.05)
            log = browser.evaluate("window.bpgnViewer.log()")
            play_times = browser.evaluate("window.bpgnViewer.playTimes()")
            where = f"{game['file']} game {game['file_index']}"
            check([e["step"] for e in log] == list(range(1, len(game["moments"]))), f"{where}: play order {log[:5]}...")
            for e in log:
                due = play_times[e["step"]]
                check((e["before"] is None or e["before"] < due) and due <= e["time"] + 1e-9,
                      f"{where}: step {e} shown off time (due at {due})")
                at = game["moments"][e["step"]]["at"]
                if isinstance(at, int) and game["plies"][at]["time"] is not None:
                    check(game["plies"][at]["time"] <= e["time"] + 1e-9, f"{where}: ply {at + 1} shown before its time")
            # Across boards: what the record puts later is never due earlier.
            known = [(i, t) for i, t in enumerate(times) if t is not None]
            for (i, t), (j, u) in zip(known, known[1:]):
                check(play_times[1 + i] <= play_times[1 + j], f"{where}: plies {i + 1}, {j + 1} out of order")
        check(played >= 5, f"only {played} games played")
        check(problems_since(browser, 0) == [], f"while playing: {problems_since(browser, 0)}")

        # The chart: clicking at a match time goes to the last move made by then.
        browser.evaluate(f"window.bpgnViewer.loadGame({flag}, 0)")
        box = browser.box(f"#chart-{flag} svg")
        x = browser.evaluate(f"""(() => {{ const s = document.querySelector('#chart-{flag} svg');
            s.scrollIntoView({{block: 'center'}}); const p = s.createSVGPoint(); p.x = Number(s.dataset.plotLeft) + 150 / Number(s.dataset.end)
            * Number(s.dataset.plotWidth); p.y = 50; const q = p.matrixTransform(s.getScreenCTM());
            return [q.x, q.y]; }})()""")
        for kind in ("mousePressed", "mouseReleased"):
            browser.call("Input.dispatchMouseEvent", type=kind, x=x[0], y=x[1], button="left", clickCount=1)
        check(box is not None and browser.evaluate("window.bpgnViewer.state().step") == 5,
              "a click on the chart at 2:30 does not go to 2B. c4 (at 1:40)")
        # Next violation: from the start, the first ply with one (2b. e6, step 7: after the moment of
        # White A's flag fall at 3:01), its rule quoted.
        browser.evaluate("window.bpgnViewer.loadGame(%d, 0)" % flag)
        browser.evaluate("document.getElementById('next-violation').click()")
        check(browser.evaluate("window.bpgnViewer.state().step") == 7, "next violation")
        text = browser.evaluate("document.getElementById('violations').textContent")
        check("move-after-end" in text and "The rule, from docs/rules.md" in text, f"violation shown: {text[:200]}")
        check(browser.evaluate("document.querySelector('#moves tr.current').id") == "move-5", "the move list's current")
        # Screen readers: every button is named, every square says what stands on it.
        unnamed = browser.evaluate("""[...document.querySelectorAll('button')].filter(b =>
            !(b.getAttribute('aria-label') || b.textContent.trim())).length""")
        check(unnamed == 0, f"{unnamed} buttons without a name")
        label = browser.evaluate("document.querySelector('#board-A rect[data-square=\"e4\"]').getAttribute('aria-label')")
        check(label == "e4, white pawn, last move" or label.startswith("e4, white pawn"), f"e4's label: {label}")
        check(problems_since(browser, 0) == [], f"at the end: {problems_since(browser, 0)}")

        for instant_check in (check_flag_instant, check_pause_keeps_instant, check_no_negative_clock_at_x10):
            instant_check(browser, whole, data, flag)
            check(problems_since(browser, 0) == [], f"{instant_check.__name__}: {problems_since(browser, 0)}")

    links_and_words()
    finish()


main()
