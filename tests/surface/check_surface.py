#!/usr/bin/env python3
"""Whether every name of CUDA 12's surface (cuda12-names.txt) compiles
against simt's toolkit.

Usage: check_surface.py NVCC NAMES [--report FILE] [--known-gaps FILE]

Writes one CUDA file that uses each name once -- a function or type by a
using-declaration, an enumerator by a static_assert of its value, a macro by
#ifndef -- each on its own line, compiles it with NVCC (simt's), and reads
the compiler's errors back to the names on their lines. Prints the coverage
per header and kind; exits 1 when a name is missing or has another value.
With --known-gaps (lines `kind<TAB>name`, the names not yet there) it exits 1
when a name outside the list fails, or a listed one now compiles: the list
can only shrink, by editing it when a name arrives. --report writes the
failing names in the same format.
"""
import collections
import os
import re
import subprocess
import sys
import tempfile

INCLUDES = ["cuda_runtime.h", "cuda.h", "cuda_fp16.h", "cuda_bf16.h", "vector_functions.h", "library_types.h",
            "surface_types.h", "texture_types.h", "driver_types.h", "vector_types.h", "sm_61_intrinsics.h"]


def read_names(path):
    names = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            header, kind, name, value = line.rstrip("\n").split("\t")
            names.append((header, kind, name, value))
    return names


def use_of(kind, name, value):
    if kind == "macro":
        return f"#ifndef {name}\n#error missing macro {name}\n#endif"
    if kind == "enumerator":
        if value and re.fullmatch(r"-?\d+", value):
            return f"static_assert((long long)({name}) == {value}LL, \"{name}\");"
        return f"static_assert(sizeof({name}) > 0, \"{name}\");"
    if kind == "type":
        return f"using simt_surface_{name} = ::{name};"
    return f"void simt_surface_{name}() {{ using ::{name}; }}"


def main():
    nvcc, names_file = sys.argv[1], sys.argv[2]
    report = sys.argv[sys.argv.index("--report") + 1] if "--report" in sys.argv else None
    gaps_file = sys.argv[sys.argv.index("--known-gaps") + 1] if "--known-gaps" in sys.argv else None
    names = read_names(names_file)
    seen, lines = set(), {}
    # A missing header counts through its names, not as one fatal error.
    text = "".join(f"#if __has_include(<{h}>)\n#include <{h}>\n#endif\n" for h in INCLUDES)
    line = text.count("\n") + 1
    for header, kind, name, value in names:
        if (kind, name) in seen:
            continue
        seen.add((kind, name))
        use = use_of(kind, name, value)
        for n in range(use.count("\n") + 1):
            lines[line + n] = (kind, name)
        text += use + "\n"
        line += use.count("\n") + 1
    with tempfile.TemporaryDirectory() as work:
        source = os.path.join(work, "surface.cu")
        with open(source, "w", encoding="utf-8") as f:
            f.write(text)
        r = subprocess.run([nvcc, "-c", "-O0", source, "-o", os.path.join(work, "surface.o")],
                           capture_output=True, text=True)
    failed = set()
    for m in re.finditer(r"surface\.cu:(\d+):\d+: error", r.stderr):
        if int(m.group(1)) in lines:
            failed.add(lines[int(m.group(1))])
    if r.returncode != 0 and not failed:
        sys.stderr.write(r.stderr[-4000:])
        sys.exit("check_surface.py: the file did not compile, and no error names a line of a name")
    total, missing = collections.Counter(), collections.Counter()
    for header, kind, name, value in names:
        total[(header, kind)] += 1
        if (kind, name) in failed:
            missing[(header, kind)] += 1
    out = []
    for key in sorted(total):
        out.append(f"{key[0]:32} {key[1]:10} {total[key] - missing[key]:5} of {total[key]:5}")
    out.append(f"{'all':32} {'':10} {sum(total.values()) - sum(missing.values()):5} of {sum(total.values()):5}")
    print("\n".join(out))
    if report:
        with open(report, "w", encoding="utf-8") as f:
            for kind, name in sorted(failed):
                f.write(f"{kind}\t{name}\n")
    if gaps_file is None:
        sys.exit(1 if failed else 0)
    with open(gaps_file, encoding="utf-8") as f:
        gaps = {tuple(line.rstrip("\n").split("\t")) for line in f if line.strip() and not line.startswith("#")}
    regressed, arrived = sorted(failed - gaps), sorted(gaps - failed)
    for kind, name in regressed:
        print(f"missing: {kind} {name} (not in {os.path.basename(gaps_file)})")
    for kind, name in arrived:
        print(f"now compiles: {kind} {name}: remove it from {os.path.basename(gaps_file)}")
    sys.exit(1 if regressed or arrived else 0)


if __name__ == "__main__":
    main()
