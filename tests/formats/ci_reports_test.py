"""The reports for CI systems against what reads them: SARIF validated with a real JSON-schema
validator against the official SARIF 2.1.0 schema, JUnit XML checked with xmllint, GitHub
annotations parsed as the runner parses workflow commands; and all three against the JSON report
of the same run (every violation, with its code, line and column; every game; counts that add up;
an input that cannot be read named in each). Each checker is shown to reject a broken document.

Usage: ci_reports_test.py BPGN SOURCE_DIR WORK_DIR"""

import copy
import json
import os
import re
import subprocess
import sys

import jsonschema

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from checks import check, finish  # noqa: E402

BPGN, SOURCE, WORK = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(WORK, exist_ok=True)


def run(fmt, inputs, extra=()):
    r = subprocess.run([BPGN, "check", "--format", fmt, *extra, *inputs], capture_output=True, text=True)
    check(r.returncode in (1, 3), f"check --format {fmt}: exit {r.returncode}: {r.stderr[-500:]}")
    return r.stdout


def corpus_inputs():
    return sorted(os.path.join(d, f) for d, _, fs in os.walk(os.path.join(SOURCE, "corpus"))
                  for f in fs if f.endswith((".bpgn", ".pgn")))


def main():
    missing = os.path.join(WORK, "no-such-file.bpgn")
    inputs = corpus_inputs() + [missing]
    reference = json.loads(run("json", inputs))
    games = reference["games"]
    violations = [(g, v) for g in games for v in g["violations"]]
    check(len(violations) > 50 and any(g["status"] == "unreadable" for g in games),
          f"the corpus should give violations and an unreadable game: {len(violations)}")
    check(reference["input_errors"] == [{"file": missing, "message": "No such file or directory"}],
          f"json input_errors: {reference['input_errors']}")

    # SARIF: valid against the schema, one result per violation, in order.
    schema = json.load(open(os.path.join(SOURCE, "tests/data/sarif/sarif-schema-2.1.0.json")))
    validator = jsonschema.Draft4Validator(schema, format_checker=jsonschema.FormatChecker())
    sarif = json.loads(run("sarif", inputs))
    errors = sorted(validator.iter_errors(sarif), key=str)
    check(not errors, f"SARIF not valid: {[e.message for e in errors[:3]]}")
    broken = copy.deepcopy(sarif)
    broken["runs"][0]["results"][0]["level"] = "fatal"
    check(any(True for _ in validator.iter_errors(broken)), "the validator accepts level 'fatal'")
    run0 = sarif["runs"][0]
    rules = run0["tool"]["driver"]["rules"]
    check(len({r["id"] for r in rules}) == len(rules) >= 27, f"{len(rules)} rules")
    results = run0["results"]
    check(len(results) == len(violations), f"{len(results)} SARIF results, {len(violations)} violations")
    for res, (g, v) in zip(results, violations):
        region = res["locations"][0]["physicalLocation"]["region"]
        want = (v["code"], v["line"], v["column"], g["index"], g["file_index"])
        got = (res["ruleId"], region["startLine"], region["startColumn"], res["properties"]["game"],
               res["properties"]["gameFileIndex"])
        check(got == want, f"SARIF result {got}, JSON {want}")
        check(rules[res["ruleIndex"]]["id"] == res["ruleId"], f"ruleIndex of {res['ruleId']}")
        level = {"error": "error", "warning": "warning", "note": "note"}[v["severity"]]
        check(res["level"] == level, f"{v['code']}: level {res['level']}")
        if v["move"]:
            check(region["endColumn"] == v["column"] + len(v["move"]), f"{v['code']}: region {region}")
    notes = run0["invocations"][0]["toolExecutionNotifications"]
    check(run0["invocations"][0]["executionSuccessful"] is False and len(notes) == 1
          and "no-such-file.bpgn" in notes[0]["message"]["text"], f"SARIF notifications {notes}")

    # JUnit: well-formed, one testcase per game and per unreadable input, counts that add up.
    junit = os.path.join(WORK, "report.xml")
    with open(junit, "w") as f:
        f.write(run("junit", inputs))
    lint = subprocess.run(["xmllint", "--noout", junit], capture_output=True, text=True)
    check(lint.returncode == 0, f"xmllint: {lint.stderr[:500]}")
    bad = os.path.join(WORK, "broken.xml")
    with open(bad, "w") as f:
        f.write(open(junit).read().replace("</testsuite>", "", 1))
    check(subprocess.run(["xmllint", "--noout", bad], capture_output=True).returncode != 0,
          "xmllint accepts a document without its closing tag")
    text = open(junit, encoding="utf-8").read()
    suite = re.search(r'<testsuite name="bpgn check" tests="(\d+)" failures="(\d+)" errors="(\d+)"', text)
    cases = text.count("<testcase ")
    n_fail, n_err = text.count("<failure "), text.count("<error ")
    invalid = sum(g["status"] == "invalid" for g in games)
    unreadable = sum(g["status"] == "unreadable" for g in games)
    check(suite is not None, "no testsuite element")
    if suite:
        check((int(suite[1]), int(suite[2]), int(suite[3])) == (cases, n_fail, n_err),
              f"testsuite counts {suite.groups()}, elements {cases} {n_fail} {n_err}")
    check(cases == len(games) + 1, f"{cases} testcases for {len(games)} games and one missing input")
    check(n_fail == invalid and n_err == unreadable + 1, f"{n_fail} failures ({invalid} invalid), {n_err} errors")
    check('name="input ' + missing + '"' in text, "the missing input has no testcase")
    numbers = [(int(m[1]), int(m[2])) for m in re.finditer(r'<testcase [^>]* index="(\d+)" file_index="(\d+)">', text)]
    check(numbers == [(g["index"], g["file_index"]) for g in games], f"JUnit index and file_index: {numbers[:5]}")

    # JUnit, --junit-case file: well-formed, one testcase per file that holds games (and the missing
    # input), a failure or an error for each file with an invalid or unreadable game.
    by_file = os.path.join(WORK, "report-files.xml")
    with open(by_file, "w") as f:
        f.write(run("junit", inputs, ["--junit-case", "file"]))
    lint = subprocess.run(["xmllint", "--noout", by_file], capture_output=True, text=True)
    check(lint.returncode == 0, f"xmllint --junit-case file: {lint.stderr[:500]}")
    text = open(by_file, encoding="utf-8").read()
    files = sorted({g["file"] for g in games})
    bad_files = {g["file"] for g in games if g["status"] != "valid"}
    check(text.count("<testcase ") == len(files) + 1, f"{text.count('<testcase ')} testcases for {len(files)} files")
    check(text.count("<failure ") + text.count("<error ") == len(bad_files) + 1,
          f"failures and errors for {len(bad_files)} files with a problem")

    # GitHub: one workflow command per violation, properties and data unescaped to the JSON's.
    # (Every one: past the default cap of 50, which tests/cli/github_annotations_cap_test.cpp tests.)
    uncapped = ["--max-annotations", "1000000"]
    lines = run("github", inputs, uncapped).splitlines()
    command = re.compile(r"^::(error|warning|notice) (.*?)::(.*)$")
    parsed = [command.match(line) for line in lines]
    check(all(parsed), f"not a workflow command: {[l for l, p in zip(lines, parsed) if not p][:2]}")

    def unescape(s):
        return s.replace("%0D", "\r").replace("%0A", "\n").replace("%3A", ":").replace("%2C", ",").replace("%25", "%")

    annotations = []
    for p in parsed:
        props = dict(kv.split("=", 1) for kv in p[2].split(","))
        annotations.append((p[1], {k: unescape(v) for k, v in props.items()}, unescape(p[3])))
    check(len(annotations) == len(violations) + 1, f"{len(annotations)} annotations, {len(violations)} violations")
    for (kind, props, message), (g, v) in zip(annotations, violations):
        want = ({"error": "error", "warning": "warning", "note": "notice"}[v["severity"]], g["file"], str(v["line"]),
                str(v["column"]), v["message"])
        got = (kind, props.get("file"), props.get("line"), props.get("col"), message)
        check(got == want, f"annotation {got}, JSON {want}")
        check(props["title"].startswith(v["code"]), f"title {props['title']}")
    check(annotations and annotations[-1][1]["file"] == missing, "the missing input is not annotated")

    # The same documents with --jobs 2 (sarif and junit are written in one thread; github in many).
    for fmt in ("sarif", "junit", "github", "codequality"):
        extra = uncapped if fmt == "github" else []
        one = run(fmt, inputs, ["--jobs", "1", *extra])
        two = run(fmt, inputs, ["--jobs", "2", "--piece-bytes", "4096", *extra])
        check(one == two, f"--format {fmt}: --jobs 2 differs from --jobs 1")

    finish()


main()
