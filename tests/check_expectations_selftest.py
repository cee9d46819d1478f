#!/usr/bin/env python3
"""The expectation checker can fail: runs tests/check_expectations.py on one
fixture of tests/expectations/ and checks its verdict and its message.

usage: check_expectations_selftest.py --simt SIMT [--cache-dir DIR] FIXTURE.cu

Every fixture is the same racy program (racy_count.cuh) with different
expectations at its end; CASES says, for each, the checker's exit status and what its output must
say (the failing expectation's own file:line and mode first). A catalog test
that passed because the checker never fails would pass here too, and this
test would not.
"""
import argparse
import os
import subprocess
import sys

CASES = {
    "holds.cu": (0, ["holds.cu: ok (8 expectations, 2 modes)"]),
    "wrong_text.cu": (1, [
        "wrong_text.cu:8: its mode: `no such report` not found in stderr after the previous expectation's match "
        "(line 6: `simt: ERROR SUMMARY: 6 errors, 0 warnings`, on line ",
        "stderr from line ",
        "wrong_text.cu: FAILED"]),
    "out_of_order.cu": (1, [
        "out_of_order.cu:6: its mode: `in kernel count` not found in stderr after the previous expectation's match "
        "(line 5: `simt: ERROR SUMMARY:`",
        "(it is at line 1 of stderr, before that match: expectations are matched in the order written)",
        "out_of_order.cu:6: lockstep mode: `in kernel count` not found"]),
    "forbidden.cu": (1, [
        "forbidden.cu:6: lockstep mode: `warp-synchronous` must not appear in stderr, and it is at line 1",
        "    1 | simt: warning: race hazard (WAR, warp-synchronous)"]),
    "wrong_status.cu": (1, ["wrong_status.cu:5: lockstep mode: exit status 1, expected 0"]),
    "wrong_stdout.cu": (1, [
        "wrong_stdout.cu:6: its mode: `count: 64` not found in stdout anywhere",
        "  stdout from line 1 (where the search began):",
        "    1 | count: done"]),
    "no_expectations.cu": (1, [
        "no_expectations.cu: no expectations for its mode: add `// expect-status: N`",
        "no_expectations.cu: no expectations for lockstep mode:"]),
    "misspelt.cu": (1, [
        "misspelt.cu:6: `// expect-lockstp: simt: ERROR SUMMARY:` is not an expectation",
        "misspelt.cu:2: expectations belong at the end of the file, after the last line of code (line 3)"]),
}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--simt", required=True)
    parser.add_argument("--cache-dir")
    parser.add_argument("fixture")
    args = parser.parse_args()
    name = os.path.basename(args.fixture)
    if name not in CASES:
        print("%s: no case in CASES of %s says what the checker must answer" % (args.fixture, __file__))
        return 1
    status, pieces = CASES[name]
    checker = os.path.join(os.path.dirname(os.path.abspath(__file__)), "check_expectations.py")
    command = [sys.executable, checker, "--simt", args.simt] + (["--cache-dir", args.cache_dir] if args.cache_dir else [])
    # Run from the fixture's folder, so that the checker's messages name it as CASES does.
    run = subprocess.run(command + [name], cwd=os.path.dirname(os.path.abspath(args.fixture)),
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    output = run.stdout.decode(errors="replace")
    problems = []
    if run.returncode != status:
        problems.append("the checker exited %d, expected %d" % (run.returncode, status))
    problems += ["the checker's output lacks `%s`" % piece for piece in pieces if piece not in output]
    if problems:
        print("\n".join(problems) + "\nthe checker's output:\n" + output)
        return 1
    print("%s: the checker answered as expected (status %d)" % (name, status))
    return 0


if __name__ == "__main__":
    sys.exit(main())
