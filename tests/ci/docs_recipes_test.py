#!/usr/bin/env python3
"""The GitLab job and the Makefile of docs/ci.md, taken out of the page and run as written.

The blocks marked `# bpgn-recipe: gitlab` (a .gitlab-ci.yml: its job's `script` lines) and
`# bpgn-recipe: make` (a Makefile) run with the bpgn under test first on PATH, in a scratch folder
whose `games/` holds valid records of corpus/, then also corpus/broken/.

Usage: docs_recipes_test.py BPGN SOURCE_DIR WORK_DIR
"""
import json
import os
import re
import shutil
import subprocess
import sys

import yaml

bpgn, source, work = (os.path.abspath(a) for a in sys.argv[1:4])
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL:", message, file=sys.stderr)


page = open(os.path.join(source, "docs", "ci.md"), encoding="utf-8").read()
blocks = re.findall(r"```(\w+)\n(.*?)```", page, re.S)
recipes = {m.group(1): text for _, text in blocks for m in [re.search(r"# bpgn-recipe: (\w+)", text)] if m}
check(set(recipes) == {"gitlab", "make"}, f"docs/ci.md's recipes: {sorted(recipes)}")

bin_dir = os.path.join(work, "bin")


def folder(name, broken):
    root = os.path.join(work, name)
    shutil.rmtree(root, ignore_errors=True)
    games = os.path.join(root, "games")
    os.makedirs(games)
    for sub in ("fics", "swedish", "crazyhouse"):
        shutil.copytree(os.path.join(source, "corpus", sub), os.path.join(games, sub))
    if broken:
        shutil.copytree(os.path.join(source, "corpus", "broken"), os.path.join(games, "broken"))
    return root


def environment():
    env = dict(os.environ)
    env["PATH"] = bin_dir + os.pathsep + env["PATH"]
    return env


def run_gitlab(root):
    """The job's script lines in turn, as GitLab's shell runner does: the job fails at the first failing line."""
    job = yaml.safe_load(recipes["gitlab"])["records"]
    for line in job["script"]:
        done = subprocess.run(["bash", "-eo", "pipefail", "-c", line], cwd=root, env=environment(),
                              capture_output=True, text=True, timeout=600)
        if done.returncode != 0:
            return done.returncode, job
    return 0, job


def codequality_ok(path):
    with open(path, encoding="utf-8") as f:
        issues = json.load(f)
    check(isinstance(issues, list), "Code Quality report is not a JSON array")
    for issue in issues:
        for key, kind in (("description", str), ("check_name", str), ("fingerprint", str), ("severity", str)):
            check(isinstance(issue.get(key), kind), f"Code Quality issue lacks {key}: {issue}")
        check(issue.get("severity") in ("info", "minor", "major", "critical", "blocker"), f"severity: {issue}")
        check(isinstance(issue["location"]["path"], str) and isinstance(issue["location"]["lines"]["begin"], int),
              f"location: {issue}")
    check(len({i["fingerprint"] for i in issues}) == len(issues), "Code Quality fingerprints repeat")
    return issues


shutil.rmtree(work, ignore_errors=True)
os.makedirs(bin_dir)
os.symlink(bpgn, os.path.join(bin_dir, "bpgn"))

root = folder("gitlab-valid", broken=False)
code, job = run_gitlab(root)
report = os.path.join(root, job["artifacts"]["reports"]["codequality"])
check(code == 0, f"GitLab job on valid records: exit {code}")
check(not [i for i in codequality_ok(report) if i["severity"] in ("major", "critical", "blocker")],
      "GitLab job on valid records: an error in the Code Quality report")

root = folder("gitlab-broken", broken=True)
code, job = run_gitlab(root)
check(code == 1, f"GitLab job with corpus/broken: exit {code}, not 1")
issues = codequality_ok(os.path.join(root, job["artifacts"]["reports"]["codequality"]))
check(any(i["severity"] == "major" and i["location"]["path"].startswith("games/broken/") for i in issues),
      "GitLab job with corpus/broken: no error of games/broken/ in the Code Quality report")

for name, broken, want in (("make-valid", False, 0), ("make-broken", True, 2)):
    root = folder(name, broken)
    with open(os.path.join(root, "Makefile"), "w", encoding="utf-8") as f:
        f.write(recipes["make"])
    done = subprocess.run(["make", "check"], cwd=root, env=environment(), capture_output=True, text=True, timeout=600)
    check(done.returncode == want, f"make check ({name}): exit {done.returncode}, not {want}: {done.stderr[-500:]}")
    lines = open(os.path.join(root, "report.jsonl"), encoding="utf-8").read().splitlines()
    counted = subprocess.run(["bpgn", "check", "-q", "games"], cwd=root, env=environment(), capture_output=True,
                             text=True)
    games = int(re.search(r"(\d+) games? read", counted.stdout + counted.stderr).group(1))
    check(len(lines) == games and all(json.loads(l).get("status") for l in lines),
          f"make check ({name}): report.jsonl has {len(lines)} lines for {games} games")
    check(json.load(open(os.path.join(root, "report.sarif"), encoding="utf-8"))["version"] == "2.1.0",
          f"make check ({name}): no SARIF")

root = folder("make-fmt", broken=False)
with open(os.path.join(root, "Makefile"), "w", encoding="utf-8") as f:
    f.write(recipes["make"])
loose = os.path.join(root, "games", "loose.pgn")
with open(loose, "w", encoding="utf-8") as f:
    f.write('[Event "x"] [Site "club"]\n[Date "2026.12.03"][Round "1"]\n[White "a"]\n[Black "b"]\n[Result "*"]\n1.e4   e5 *\n')
want = subprocess.run(["bpgn", "fmt", loose], env=environment(), capture_output=True, text=True).stdout
done = subprocess.run(["make", "fmt"], cwd=root, env=environment(), capture_output=True, text=True, timeout=600)
check(done.returncode == 0 and open(loose, encoding="utf-8").read() == want, f"make fmt: {done.returncode} {done.stderr[-300:]}")

if failures:
    sys.exit(f"{len(failures)} failures")
shutil.rmtree(work, ignore_errors=True)
print("docs/ci.md: the GitLab job and the Makefile work as written")
