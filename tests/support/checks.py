"""What the Python test scripts share: checks that collect their failures and say them as they
come, and the exit that counts them (0 when every check passed)."""

import sys

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL:", message)


def finish():
    if failures:
        print(f"{len(failures)} check(s) failed")
        sys.exit(1)
    print("all checks passed")
