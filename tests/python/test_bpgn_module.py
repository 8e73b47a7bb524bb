"""The Python module `bpgn` against the command line it mirrors (docs/python.md).

Run by ctest (src/python/CMakeLists.txt: test Python.Module) with the module's build folder on
PYTHONPATH and these in the environment:
  BPGN_BINARY      the bpgn executable of the same build
  BPGN_CORPUS_DIR  corpus/ of the source tree
Every .bpgn and .pgn file of the corpus is checked and formatted both ways; the dicts must equal
the JSONL lines, the canonical text the command's output, byte for byte.
"""

import json
import os
import pathlib
import subprocess

import pytest

import bpgn

BINARY = os.environ.get("BPGN_BINARY", "")
CORPUS = pathlib.Path(os.environ.get("BPGN_CORPUS_DIR", ""))


def corpus_files():
    if not CORPUS.is_dir():
        return []
    return sorted(p for p in CORPUS.rglob("*") if p.is_file() and p.suffix in (".bpgn", ".pgn"))


FILES = corpus_files()
IDS = [str(p.relative_to(CORPUS)) for p in FILES]

# A few files for the option and reader tests: bughouse with clocks, many games, turkish-worthy,
# broken ones, one-board PGN.
FEW = [
    "fics/1934301.bpgn",
    "fics/2001-03-03-fifteen-games.bpgn",
    "check/mixed.bpgn",
    "broken/bad-tags.bpgn",
    "invalid/unclosed-brace.bpgn",
    "chess/lichess-sample.pgn",
    "crazyhouse/lichess-65Z1FlQg.pgn",
    "swedish/steal-notation.bpgn",
]

# An illegal drop: White on board B drops a knight it does not hold.
ILLEGAL_DROP = """[Event "planted"]
[WhiteA "a"]
[BlackA "b"]
[WhiteB "c"]
[BlackB "d"]
[Result "*"]

1A. e4 1a. e5 1B. N@f3 *
"""


def run_bpgn(*args, stdin=None):
    """The command's standard output as bytes; exit codes 0 and 1 (games with errors) are fine."""
    done = subprocess.run([BINARY, *args], input=stdin, capture_output=True, check=False)
    assert done.returncode in (0, 1), (args, done.returncode, done.stderr.decode(errors="replace"))
    return done.stdout


def cli_reports(*args, stdin=None):
    out = run_bpgn("check", "--format", "jsonl", "--jobs", "1", *args, stdin=stdin)
    return [json.loads(line) for line in out.decode("utf-8").splitlines()]


def test_environment():
    assert os.access(BINARY, os.X_OK), "BPGN_BINARY must name the bpgn executable"
    assert len(FILES) > 50, "BPGN_CORPUS_DIR must name corpus/"


def test_version_is_the_projects():
    assert run_bpgn("--version").decode().split() == ["bpgn", bpgn.__version__]


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_check_equals_cli_jsonl(path):
    assert list(bpgn.check(str(path))) == cli_reports(str(path))


@pytest.mark.parametrize("name", FEW)
@pytest.mark.parametrize(
    "kwargs,args",
    [
        ({"rules": "turkish"}, ["--rules", "turkish"]),
        ({"set": {"drop_check": "forbidden", "pawn_drop_ranks": "2-6"}},
         ["--set", "drop_check=forbidden", "--set", "pawn_drop_ranks=2-6"]),
        ({"rules": "crazyhouse", "set": ["drop_mate=forbidden"]}, ["--rules", "crazyhouse", "--set", "drop_mate=forbidden"]),
        ({"strict": True, "max_errors": 1}, ["--strict", "--max-errors", "1"]),
        ({"tolerance": 0}, ["--tolerance", "0"]),
    ],
    ids=["turkish", "set", "crazyhouse-set-list", "strict", "tolerance"],
)
def test_check_options_equal_cli(name, kwargs, args):
    path = str(CORPUS / name)
    assert list(bpgn.check(path, **kwargs)) == cli_reports(*args, path)


def test_check_takes_pathlike_text_and_bytes():
    path = CORPUS / "fics/2001-03-03-fifteen-games.bpgn"
    by_path = list(bpgn.check(path))
    assert by_path == list(bpgn.check(str(path)))
    # A text is named "-" as standard input is (or as asked); its reports are the file's otherwise.
    from_text = list(bpgn.check(path.read_bytes()))
    assert from_text == cli_reports("-", stdin=path.read_bytes())
    assert [dict(r, file=str(path)) for r in from_text] == by_path
    named = list(bpgn.check(path.read_text(encoding="utf-8"), name="games.bpgn"))
    assert {r["file"] for r in named} == {"games.bpgn"}


def test_compressed_file_and_archive_as_the_command_reads_them(tmp_path):
    import gzip
    import zipfile

    names = ["fics/1934301.bpgn", "check/mixed.bpgn"]
    packed = tmp_path / "games.bpgn.gz"
    packed.write_bytes(gzip.compress((CORPUS / names[1]).read_bytes()))
    archive = tmp_path / "games.zip"
    with zipfile.ZipFile(archive, "w") as z:
        for name in names:
            z.write(CORPUS / name, arcname=name)
    for path in (packed, archive):
        reports = list(bpgn.check(path))
        assert reports == cli_reports(str(path))
        assert bpgn.fmt(path) == run_bpgn("fmt", str(path)).decode()
    assert {r["file"] for r in bpgn.check(archive)} == {f"{archive}:{n}" for n in names}


def test_check_is_lazy():
    games = bpgn.check(CORPUS / "fics/2001-03-03-fifteen-games.bpgn")
    assert iter(games) is games
    first = next(games)
    assert first["index"] == 1
    assert len(list(games)) == 14


def test_planted_illegal_drop():
    (report,) = bpgn.check(ILLEGAL_DROP)
    assert report["status"] == "invalid"
    errors = [v for v in report["violations"] if v["severity"] == "error"]
    assert [(v["code"], v["board"], v["move_number"], v["move"]) for v in errors] == [
        ("drop-not-in-holding", "B", 1, "N@f3")
    ]
    assert (errors[0]["line"], errors[0]["column"], errors[0]["ply"]) == (8, 19, 3)
    assert [report] == cli_reports(stdin=ILLEGAL_DROP.encode())


@pytest.mark.parametrize("text,status", [("{never closed\n", "unreadable"), ("1A. e4 {never closed\n", "invalid")])
def test_broken_text_is_reported_not_raised(text, status):
    reports = list(bpgn.check(text))
    assert reports == cli_reports(stdin=text.encode())
    assert reports[0]["status"] == status
    assert reports[0]["violations"][-1]["code"] == "syntax"


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_fmt_equals_cli(path):
    expected = run_bpgn("fmt", str(path)).decode("utf-8")
    assert bpgn.fmt(str(path)) == expected
    assert bpgn.fmt(path.read_bytes()) == expected


def test_fmt_of_text_and_options():
    text = (CORPUS / "fics/1934301.bpgn").read_text(encoding="utf-8")
    assert bpgn.fmt(text) == run_bpgn("fmt", stdin=text.encode()).decode()
    assert bpgn.fmt(bpgn.fmt(text)) == bpgn.fmt(text)
    path = str(CORPUS / "check/mixed.bpgn")
    assert bpgn.fmt(path, rules="turkish", fix=True) == run_bpgn("fmt", "--rules", "turkish", "--fix", path).decode()
    assert bpgn.fmt(path, set={"drop_check": "forbidden"}) == run_bpgn("fmt", "--set", "drop_check=forbidden", path).decode()


@pytest.mark.parametrize("name", FEW)
def test_read_matches_check_counts(name):
    path = CORPUS / name
    games = list(bpgn.read(path, errors="keep"))
    reports = list(bpgn.check(path))
    assert len(games) == len(reports)
    for game, report in zip(games, reports):
        assert (game["index"], game["file_index"], game["file"], game["line"]) == (
            report["index"], report["file_index"], report["file"], report["line"])
        assert len(game["plies"]) == report["plies"]


def test_read_tags_and_plies():
    path = CORPUS / "fics/1934301.bpgn"
    (game,) = bpgn.read(path)
    assert game["dialect"] == "bpgn"
    assert game["error"] is None
    assert game["result"] == "1-0"
    tags = game["tags"]
    assert (tags["WhiteA"], tags["BlackA"], tags["WhiteB"], tags["BlackB"]) == ("Rabbos", "Stesox", "Giomaxxim", "BobBughouse")
    assert tags["TimeControl"] == "300+0"
    assert list(tags)[:3] == ["Event", "Site", "Date"]
    plies = game["plies"]
    assert plies[0] == {"seat": "WhiteA", "board": "A", "colour": "white", "number": 1, "san": "d4",
                        "clock": "298.21", "line": 13, "column": 5}
    assert [(p["seat"], p["san"]) for p in plies[3:5]] == [("WhiteB", "e4"), ("BlackA", "Ne4")]
    assert plies[-1]["san"] == "B@g7#" and plies[-1]["board"] == "B"
    assert {p["seat"] for p in plies} == {"WhiteA", "BlackA", "WhiteB", "BlackB"}


def test_read_pgn():
    games = list(bpgn.read(CORPUS / "chess/lichess-sample.pgn"))
    assert games and all(g["dialect"] == "pgn" for g in games)
    assert all(p["board"] == "A" and p["seat"] in ("WhiteA", "BlackA") for g in games for p in g["plies"])
    assert all("White" in g["tags"] for g in games)


def test_read_error_raises_with_place():
    with pytest.raises(bpgn.Error) as caught:
        list(bpgn.read("1A. e4 {never closed\n"))
    e = caught.value
    assert isinstance(e, ValueError)
    assert (e.file, e.line, e.column) == ("-", 1, 8)
    assert "{" in e.message and str(e).startswith("-:1:8: ")
    # errors="keep": the game comes back with its error.
    (game,) = bpgn.read("1A. e4 {never closed\n", errors="keep")
    assert game["error"]["line"] == 1 and game["error"]["column"] == 8
    assert len(game["plies"]) == 1


def test_broken_tag_raises_on_read():
    with pytest.raises(bpgn.Error) as caught:
        list(bpgn.read('[Event "x]\n1. e4 *\n', name="t.pgn"))
    assert caught.value.file == "t.pgn"
    assert caught.value.line == 1 and caught.value.column > 0


def test_corpus_broken_file_raises_on_read():
    with pytest.raises(bpgn.Error) as caught:
        list(bpgn.read(CORPUS / "invalid/unclosed-brace.bpgn"))
    assert caught.value.file.endswith("unclosed-brace.bpgn")
    assert caught.value.line > 0 and caught.value.column > 0


@pytest.mark.parametrize("call", [bpgn.check, bpgn.read, bpgn.fmt])
def test_missing_file_raises(call, tmp_path):
    for missing in (tmp_path / "missing.bpgn", str(tmp_path / "missing.bpgn")):
        with pytest.raises(bpgn.Error) as caught:
            list(call(missing)) if call is not bpgn.fmt else call(missing)
        e = caught.value
        assert e.file == str(tmp_path / "missing.bpgn")
        assert (e.line, e.column) == (0, 0)
        assert "No such file or directory" in str(e)


def test_folder_raises(tmp_path):
    with pytest.raises(bpgn.Error):
        list(bpgn.check(tmp_path))


@pytest.mark.parametrize("call", [bpgn.check, bpgn.fmt])
def test_unknown_rules_and_bad_set_raise(call):
    with pytest.raises(bpgn.Error, match="unknown rule set 'nonesuch'"):
        call(ILLEGAL_DROP, rules="nonesuch")
    with pytest.raises(bpgn.Error, match="drop_check"):
        call(ILLEGAL_DROP, set={"drop_check": "sometimes"})
    with pytest.raises(bpgn.Error):
        call(ILLEGAL_DROP, set={"no_such_option": "1"})


def test_negative_tolerance_raises():
    with pytest.raises(bpgn.Error, match="tolerance"):
        bpgn.check(ILLEGAL_DROP, tolerance=-1)


def test_bad_argument_types():
    with pytest.raises(TypeError):
        bpgn.check(42)
    with pytest.raises(ValueError):
        bpgn.read(ILLEGAL_DROP, errors="ignore")


def test_empty_input_has_no_games():
    assert list(bpgn.check("")) == []
    assert list(bpgn.read("  \n")) == []
    assert bpgn.fmt("") == ""
