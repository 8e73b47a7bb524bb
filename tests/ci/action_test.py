#!/usr/bin/env python3
"""The composite GitHub Action (action.yml) run as the runner runs it, on corpus/.

Each step of the parsed YAML runs in turn in a scratch workspace: its `if:` evaluated, `${{ inputs.X }}`
in its `env:` replaced by the input's value (or its default), `bash --noprofile --norc -eo pipefail`
as GitHub's `shell: bash`, GITHUB_ENV / GITHUB_OUTPUT / GITHUB_STEP_SUMMARY / RUNNER_TEMP /
GITHUB_ACTION_PATH as files and folders of the workspace, and each step's GITHUB_ENV lines exported
to the steps after it. The build steps are skipped by giving the action the bpgn under test (input
`bpgn`); BPGN_ACTION_TEST_BUILD=1 runs them too (installs and builds from source: minutes).

Usage: action_test.py BPGN SOURCE_DIR WORK_DIR
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


with open(os.path.join(source, "action.yml"), encoding="utf-8") as f:
    action = yaml.safe_load(f)

check(action["runs"]["using"] == "composite", "action.yml is not a composite action")
steps = action["runs"]["steps"]
for step in steps:
    # Inputs reach the scripts only through env: an input spliced into a script is a shell injection.
    check("${{" not in step.get("run", ""), f"step {step.get('name')!r} splices an expression into its script")
    check(step.get("shell") == "bash", f"step {step.get('name')!r} does not say shell: bash")

EXPRESSION = re.compile(r"\$\{\{\s*([^}]*?)\s*\}\}")


def evaluate(expression, inputs, outputs):
    """The few expressions action.yml uses: inputs.X, steps.ID.outputs.X, and == '' / != ''."""
    m = re.fullmatch(r"(\S+)\s*(==|!=)\s*''", expression)
    if m:
        value = evaluate(m.group(1), inputs, outputs)
        return (value == "") == (m.group(2) == "==")
    if expression.startswith("inputs."):
        return inputs[expression[len("inputs."):]]
    m = re.fullmatch(r"steps\.([\w-]+)\.outputs\.([\w-]+)", expression)
    if m:
        return outputs.get(m.group(1), {}).get(m.group(2), "")
    raise AssertionError(f"expression not understood by the test: {expression}")


def substitute(text, inputs, outputs):
    return EXPRESSION.sub(lambda m: str(evaluate(m.group(1), inputs, outputs)), text)


def read_pairs(path):
    pairs = {}
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                if "=" in line:
                    key, value = line.rstrip("\n").split("=", 1)
                    pairs[key] = value
    return pairs


def run_action(name, given):
    """Runs every step; returns (exit code of the failing step or 0, log, outputs, workspace)."""
    inputs = {key: str(spec.get("default", "")) for key, spec in action["inputs"].items()}
    for key in given:
        check(key in inputs, f"the test gives an input action.yml lacks: {key}")
    inputs.update(given)
    workspace = os.path.join(work, name)
    shutil.rmtree(workspace, ignore_errors=True)
    os.makedirs(os.path.join(workspace, "runner-temp"))
    shutil.copytree(os.path.join(source, "corpus"), os.path.join(workspace, "records"))
    files = {k: os.path.join(workspace, f) for k, f in
             (("GITHUB_ENV", "env"), ("GITHUB_STEP_SUMMARY", "summary.md"))}
    for path in files.values():
        open(path, "w").close()
    exported, outputs, log = {}, {}, ""
    for i, step in enumerate(steps):
        if "if" in step and not evaluate(step["if"], inputs, outputs):
            continue
        env = dict(os.environ)
        env.update(exported)
        env.update(files)
        env["GITHUB_OUTPUT"] = os.path.join(workspace, f"output-{i}")
        env["RUNNER_TEMP"] = os.path.join(workspace, "runner-temp")
        env["GITHUB_ACTION_PATH"] = source
        env["GITHUB_WORKSPACE"] = workspace
        for key, value in (step.get("env") or {}).items():
            env[key] = substitute(str(value), inputs, outputs)
        script = os.path.join(workspace, f"step-{i}.sh")
        with open(script, "w", encoding="utf-8") as f:
            f.write(step["run"])
        done = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", script], cwd=workspace, env=env,
                              capture_output=True, text=True, timeout=1800)
        log += done.stdout + done.stderr
        if "id" in step:
            outputs[step["id"]] = read_pairs(env["GITHUB_OUTPUT"])
        exported.update(read_pairs(files["GITHUB_ENV"]))
        if done.returncode != 0:
            return done.returncode, log, outputs, workspace
    return 0, log, outputs, workspace


def action_outputs(outputs):
    return {key: substitute(spec["value"], {}, outputs) for key, spec in action["outputs"].items()}


def sarif_results(workspace, path):
    with open(os.path.join(workspace, path), encoding="utf-8") as f:
        sarif = json.load(f)
    check(sarif.get("version") == "2.1.0", "the SARIF file is not SARIF 2.1.0")
    return [r for run in sarif["runs"] for r in run.get("results", [])]


given_bpgn = {} if os.environ.get("BPGN_ACTION_TEST_BUILD") == "1" else {"bpgn": bpgn}

# Every valid record of corpus/: the step passes, SARIF written with no error, summary written.
valid = "records/fics records/chess records/chesscom records/crazyhouse records/swedish"
code, log, outputs, ws = run_action("valid", {**given_bpgn, "paths": valid})
check(code == 0, f"valid records: the step failed with {code}: {log[-2000:]}")
out = action_outputs(outputs)
check(out["exit-code"] == "0" and out["sarif"] == "bpgn.sarif", f"valid records: outputs {out}")
check(not [r for r in sarif_results(ws, "bpgn.sarif") if r.get("level") == "error"], "valid records: SARIF has errors")
check("::error" not in log, "valid records: an error annotation")
summary = open(os.path.join(ws, "summary.md"), encoding="utf-8").read()
check("valid" in summary and "|" in summary, f"valid records: no step summary table: {summary[:500]!r}")

# corpus/broken holds errors: the step fails (exit 1), annotations and SARIF name them.
code, log, outputs, ws = run_action("broken", {**given_bpgn, "paths": "records/broken", "sarif": "broken.sarif"})
check(code == 1, f"broken records: the step ended with {code}, not 1: {log[-2000:]}")
check(action_outputs(outputs)["exit-code"] == "1", f"broken records: outputs {action_outputs(outputs)}")
errors = [r for r in sarif_results(ws, "broken.sarif") if r.get("level") == "error"]
check(len(errors) > 0, "broken records: no error in the SARIF file")
check(re.search(r"^::error file=records/broken/[^,]+\.bpgn,line=\d+", log, re.M) is not None,
      f"broken records: no error annotation with file and line: {log[:2000]}")
summary = open(os.path.join(ws, "summary.md"), encoding="utf-8").read()
check(re.search(r"records/broken/[\w.-]+\.bpgn:\d+", summary) is not None,
      f"broken records: the step summary names no problem with file:line: {summary[:1000]!r}")

# fail-on never: the same findings, the step passes; a missing input still fails it (exit 3).
code, log, outputs, ws = run_action("never", {**given_bpgn, "paths": "records/broken", "fail-on": "never"})
check(code == 0, f"fail-on never: the step failed with {code}")
check("::error" in log, "fail-on never: the findings are no longer annotated")
code, log, outputs, ws = run_action("missing", {**given_bpgn, "paths": "records/no-such-folder", "fail-on": "never"})
check(code == 3, f"a missing input with fail-on never: the step ended with {code}, not 3: {log[-1000:]}")

# No SARIF asked: none written, output empty; text format: no annotations.
code, log, outputs, ws = run_action("text", {**given_bpgn, "paths": "records/broken", "sarif": "", "format": "text"})
check(code == 1 and action_outputs(outputs)["sarif"] == "", f"text format: code {code}, outputs {action_outputs(outputs)}")
check("::error" not in log and "error[" in log, "text format: not the text diagnostics")
check(not any(n.endswith(".sarif") for n in os.listdir(ws)), "text format: a SARIF file was written")

if failures:
    sys.exit(f"{len(failures)} failures")
shutil.rmtree(work, ignore_errors=True)
print("action.yml: the runner's steps pass valid records, fail broken ones with annotations, SARIF and a step summary")
