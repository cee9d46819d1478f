#!/usr/bin/env python3
"""Runs a CUDA program under `simt run` in both modes and checks the
expectations written at the end of its source (syntax: kernels/README.md).

usage: check_expectations.py --simt SIMT [--cache-dir DIR] PROGRAM.cu

For each mode (its, lockstep): the exit status must be the expected one, the
`expect` texts must appear in standard error in the order written (each
after the end of the previous match, FileCheck-style), the `expect-stdout`
texts likewise in standard output, and no `expect-not` text anywhere in
standard error. Exits 0 when every expectation holds; otherwise prints each
failure as `FILE:LINE: MODE mode: what failed` (the expectation's own line)
with the part of the output that was searched, and exits 1. A program with
no expectations, or a malformed expectation line, fails too.
"""
import argparse
import re
import shlex
import subprocess
import sys

MODES = ("its", "lockstep")
KINDS = ("expect", "expect-not", "expect-stdout", "expect-status", "run-options")

# `// KIND: VALUE` or `// KIND-MODE: VALUE`. Longer kinds first, so that
# `expect-not-its` is expect-not for its mode, not an unknown mode of expect.
DIRECTIVE = re.compile(r"^// (%s)(?:-(%s))?:(.*)$" %
                       ("|".join(sorted(KINDS, key=len, reverse=True)), "|".join(MODES)))
# What a directive looks like, to catch a misspelt one instead of ignoring it.
LOOKS_LIKE_DIRECTIVE = re.compile(r"^\s*//\s*(expect|run-options)[\w-]*\s*:")

EXCERPT_LINES = 12  # of the searched output, shown under a failure
RUN_SECONDS = 300  # a catalog program runs in about a second, its first compile in a few


class Expectation:
    def __init__(self, line, kind, mode, value):
        self.line, self.kind, self.mode, self.value = line, kind, mode, value

    def applies_to(self, mode):
        return self.mode is None or self.mode == mode

    def spelled(self):
        return "// %s%s: %s" % (self.kind, "-" + self.mode if self.mode else "", self.value)


def parse(path, text):
    """The expectations of a source file, or exits naming the line at fault."""
    errors, expectations = [], []
    last_code_line = 0
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if stripped and not stripped.startswith("//"):
            last_code_line = number
        match = DIRECTIVE.match(line.rstrip())
        if match:
            kind, mode, value = match.group(1), match.group(2), match.group(3).strip()
            if not value:
                errors.append("%s:%d: `%s` has no text after the colon" % (path, number, line.strip()))
            elif kind == "expect-status" and not re.fullmatch(r"\d+", value):
                errors.append("%s:%d: expect-status takes a number, not `%s`" % (path, number, value))
            else:
                expectations.append(Expectation(number, kind, mode, value))
        elif LOOKS_LIKE_DIRECTIVE.match(line):
            errors.append("%s:%d: `%s` is not an expectation: write `// KIND: TEXT` or `// KIND-MODE: TEXT`, "
                          "KIND one of %s, MODE its or lockstep" % (path, number, line.strip(), ", ".join(KINDS)))
    # Reports name source lines: expectations go after the code, so that
    # adding or editing them never moves a line a report names.
    for e in expectations:
        if e.line < last_code_line:
            errors.append("%s:%d: expectations belong at the end of the file, after the last line of code "
                          "(line %d), so that the lines reports name do not move" % (path, e.line, last_code_line))
            break
    for mode in MODES:
        statuses = [e for e in expectations if e.kind == "expect-status" and e.applies_to(mode)]
        if len(statuses) > 1:
            errors.append("%s:%d: a second exit status for %s mode (the first is at line %d)"
                          % (path, statuses[1].line, mode, statuses[0].line))
        missing = []
        if not statuses:
            missing.append("`// expect-status: N` (or `// expect-status-%s: N`)" % mode)
        if not any(e.kind == "expect" and e.applies_to(mode) for e in expectations):
            missing.append("at least one `// expect: TEXT` (or `// expect-%s: TEXT`) for standard error" % mode)
        if missing:
            errors.append("%s: no expectations for %s mode: add %s at the end of the file (syntax: kernels/README.md)"
                          % (path, mode, " and ".join(missing)))
    if errors:
        print("\n".join(errors))
        sys.exit(1)
    return expectations


def line_of(text, offset):
    return text.count("\n", 0, offset) + 1


def excerpt(text, from_offset, stream, why):
    """The lines of `text` from the one holding `from_offset`, numbered."""
    lines = text.splitlines()
    first = line_of(text, from_offset)
    shown = lines[first - 1:first - 1 + EXCERPT_LINES]
    out = ["  %s from line %d (%s):" % (stream, first, why)] if lines else ["  (%s is empty)" % stream]
    out += ["  %5d | %s" % (first + i, l) for i, l in enumerate(shown)]
    if first - 1 + EXCERPT_LINES < len(lines):
        out.append("        | ... (%d more lines)" % (len(lines) - (first - 1 + EXCERPT_LINES)))
    return out


def tail_offset(text):
    """Where the last EXCERPT_LINES lines of `text` begin."""
    starts = [0] + [i + 1 for i, c in enumerate(text.rstrip("\n")) if c == "\n"]
    return starts[max(0, len(starts) - EXCERPT_LINES)]


def check_in_order(path, mode, stream, text, expectations):
    """The first expectation not found after the previous one's match, as failure lines."""
    cursor, previous = 0, None
    for e in expectations:
        at = text.find(e.value, cursor)
        if at < 0:
            where = "after the previous expectation's match (line %d: `%s`, on line %d of %s)" % (
                previous.line, previous.value, line_of(text, cursor - 1), stream) if previous else "anywhere"
            failure = ["%s:%d: %s mode: `%s` not found in %s %s" % (path, e.line, mode, e.value, stream, where)]
            elsewhere = text.find(e.value)
            if previous and elsewhere >= 0:
                failure.append("  (it is at line %d of %s, before that match: expectations are matched in the order "
                               "written)" % (line_of(text, elsewhere), stream))
            return failure + excerpt(text, cursor, stream, "where the search began")
        cursor, previous = at + len(e.value), e
    return []


def check_mode(path, mode, simt, cache_dir, expectations):
    mine = [e for e in expectations if e.applies_to(mode)]
    options = [o for e in mine if e.kind == "run-options" for o in shlex.split(e.value)]
    # The tests' cache holds more than the default limit (tests/cli_support.h).
    cache = ["--cache-dir", cache_dir, "--cache-limit", "8192"] if cache_dir else []
    command = [simt, "run"] + cache + options + ["--mode", mode, path]
    try:
        run = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=RUN_SECONDS)
    except subprocess.TimeoutExpired:
        return [["command: " + " ".join(shlex.quote(c) for c in command),
                 "%s: %s mode: simt run did not finish in %d s" % (path, mode, RUN_SECONDS)]]
    out = run.stdout.decode(errors="replace")
    err = run.stderr.decode(errors="replace")
    failures = []
    status = next(e for e in mine if e.kind == "expect-status")
    if run.returncode != int(status.value):
        failures.append(["%s:%d: %s mode: exit status %d, expected %s" % (path, status.line, mode, run.returncode, status.value)]
                        + excerpt(err, tail_offset(err), "stderr", "its end"))
    for e in mine:
        if e.kind == "expect-not":
            at = err.find(e.value)
            if at >= 0:
                failures.append(["%s:%d: %s mode: `%s` must not appear in stderr, and it is at line %d"
                                 % (path, e.line, mode, e.value, line_of(err, at))]
                                + excerpt(err, at, "stderr", "where it is"))
    for stream, text, kind in (("stderr", err, "expect"), ("stdout", out, "expect-stdout")):
        failure = check_in_order(path, mode, stream, text, [e for e in mine if e.kind == kind])
        if failure:
            failures.append(failure)
    if failures:
        failures.insert(0, ["command: " + " ".join(shlex.quote(c) for c in command)])
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--simt", required=True, help="the simt executable")
    parser.add_argument("--cache-dir", help="simt's build cache (simt run --cache-dir)")
    parser.add_argument("program", help="a .cu file with expectations at its end")
    args = parser.parse_args()
    with open(args.program) as f:
        expectations = parse(args.program, f.read())
    failed = False
    for mode in MODES:
        failures = check_mode(args.program, mode, args.simt, args.cache_dir, expectations)
        for failure in failures:
            print("\n".join(failure))
        failed = failed or bool(failures)
    checked = sum(1 for e in expectations if e.kind != "run-options")
    print("%s: %s (%d expectations, 2 modes)" % (args.program, "FAILED" if failed else "ok", checked))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
