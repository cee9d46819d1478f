#!/usr/bin/env python3
"""Fails on an include that crosses the rooms' walls (cmake/rooms.txt).

    check_includes.py SOURCE_ROOT      every room's sources against the table
    check_includes.py --self-test      the check finds the forbidden includes
                                       planted in tests/rooms/forbidden/

The build refuses most of these already (a room sees only the include roots
of the rooms it links, cmake/SimtRooms.cmake); this also covers what no
compile sees: a relative path into another room, a header no file of the
room includes yet, a file no target compiles.
"""
import os
import re
import sys

SOURCE_SUFFIXES = (".h", ".hpp", ".cpp", ".cc", ".inc", ".cu", ".cuh")
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')
# Where a name may be found besides the includer's directory: the repo root
# (`"emulator/block.h"`) and the CUDA headers' own roots (`"simt/warp.h"`).
SEARCH_ROOTS = ("", "primitives/include", "primitives/portable")


class Table:
    """cmake/rooms.txt: room -> rooms it uses, and single headers it may include."""

    def __init__(self, path):
        self.path = path
        self.line_of = {}   # room -> its first line in the table
        self.uses = {}      # room -> set of rooms
        self.headers = {}   # room -> {header path: its line}
        with open(path, encoding="utf-8") as table:
            for number, line in enumerate(table, 1):
                line = line.split("#", 1)[0]
                match = re.match(r"^([a-z_]+):(.*)$", line.strip())
                if not match:
                    continue
                room = match.group(1)
                self.line_of.setdefault(room, number)
                self.uses.setdefault(room, set())
                self.headers.setdefault(room, {})
                for use in match.group(2).split():
                    if "/" in use:
                        self.headers[room][use] = number
                    else:
                        self.uses[room].add(use)
        for room, uses in self.uses.items():
            for use in uses - set(self.uses):
                raise SystemExit(f"{path}:{self.line_of[room]}: {room} uses {use}, which is no room")

    def rule(self, room):
        allowed = sorted(self.uses[room]) + sorted(self.headers[room]) or ["no other room"]
        return f"cmake/rooms.txt:{self.line_of[room]}: {room} may include {', '.join(allowed)}"


def resolve(root, includer, bracket, name):
    """The repo-relative file an include names, or None (a system or generated header)."""
    candidates = [] if bracket == "<" else [os.path.join(os.path.dirname(includer), name)]
    candidates += [os.path.join(root, base, name) for base in SEARCH_ROOTS]
    for candidate in candidates:
        if os.path.isfile(candidate):
            relative = os.path.relpath(os.path.normpath(candidate), root)
            return None if relative.startswith("..") else relative.replace(os.sep, "/")
    return None


def violations(root, table):
    """(file:line, what, rule) for every include outside its room's allowance."""
    found = []
    for room in sorted(table.uses):
        for directory, _, files in os.walk(os.path.join(root, room)):
            for file in sorted(files):
                if not file.endswith(SOURCE_SUFFIXES):
                    continue
                path = os.path.join(directory, file)
                where = os.path.relpath(path, root).replace(os.sep, "/")
                with open(path, encoding="utf-8", errors="replace") as source:
                    for number, line in enumerate(source, 1):
                        match = INCLUDE.match(line)
                        if not match:
                            continue
                        target = resolve(root, path, match.group(1), match.group(2))
                        if target is None:
                            continue
                        used = target.split("/", 1)[0]
                        if used == room or used in table.uses[room] or target in table.headers[room]:
                            continue
                        found.append((f"{where}:{number}", f'includes "{match.group(2)}" ({used}/)', table.rule(room)))
    return found


def check(root, table_path):
    found = violations(root, Table(table_path))
    for where, what, rule in found:
        print(f"{where}: {what}, but {rule}")
    if found:
        print(f"{len(found)} forbidden include(s): move the code, or allow it in cmake/rooms.txt with a reason")
        return 1
    print(f"every room's includes stay within {table_path}")
    return 0


def self_test():
    here = os.path.dirname(os.path.abspath(__file__))
    table = os.path.join(here, "..", "..", "cmake", "rooms.txt")
    found = {where for where, _, _ in violations(os.path.join(here, "forbidden"), Table(table))}
    # Each planted file says on its line which include must be caught.
    expected = set()
    for directory, _, files in os.walk(os.path.join(here, "forbidden")):
        for file in files:
            path = os.path.join(directory, file)
            with open(path, encoding="utf-8") as source:
                for number, line in enumerate(source, 1):
                    if "// forbidden" in line:
                        expected.add(os.path.relpath(path, os.path.join(here, "forbidden")) + f":{number}")
    if found != expected or not expected:
        print(f"self-test: expected {sorted(expected)}, found {sorted(found)}")
        return 1
    print(f"self-test: the {len(expected)} planted forbidden includes are found, the allowed ones pass")
    return 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.exit(check(sys.argv[1], os.path.join(sys.argv[1], "cmake", "rooms.txt")))
