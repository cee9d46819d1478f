#!/usr/bin/env python3
"""The engine's text names no CUDA API, no CUDA built-in, no launch syntax
and no command-line option: those words belong to the front end
(primitives/src/fault_text.cpp), which the engine returns faults to as data.

Usage: check_engine_words.py EMULATOR_DIR. Prints each offending string
literal as file:line and exits 1; exits 0 when there is none."""
import pathlib
import re
import sys

# What only the CUDA layer or the command line may say.
FORBIDDEN = [
    (re.compile(r"\bcuda[A-Z]\w*"), "a CUDA API name"),
    (re.compile(r"<<<|>>>"), "CUDA's launch syntax"),
    (re.compile(r"\b__(syncthreads|syncwarp|shfl\w*|ballot\w*|activemask|trap)\b"), "a CUDA intrinsic"),
    (re.compile(r"\b(threadIdx|blockIdx|blockDim|gridDim)\b"), "a CUDA built-in variable"),
    (re.compile(r"\bnvcc\b|\bptxas\b"), "a CUDA tool"),
    (re.compile(r"(?<![\w-])--[a-z][\w-]*"), "a command-line option"),
]
LITERAL = re.compile(r'"(?:[^"\\\n]|\\.)*"')


def literals(line):
    code = line.split("//", 1)[0] if not line.lstrip().startswith("#include") else ""
    return LITERAL.findall(code)


def main():
    root = pathlib.Path(sys.argv[1])
    found = 0
    for path in sorted(list(root.glob("*.cpp")) + list(root.glob("*.h"))):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            for text in literals(line):
                for pattern, what in FORBIDDEN:
                    if pattern.search(text):
                        print(f"{path}:{number}: {what} in the engine's text: {text}")
                        found += 1
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
