#!/usr/bin/env bash
# Builds the benchmarks (Release-like: RelWithDebInfo, -O2) and rewrites
# bench/RESULTS.md with the tables, the command and the machine.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j "$(nproc)" --target simt_engine_micro >/dev/null
machine="$(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(uname -sr)"
{
    echo "# simt benchmark results"
    echo
    echo "Produced by \`bench/run.sh\` on $(date -u +%Y-%m-%d). Machine: $machine."
    echo "Medians of 5 runs; ratios are to the serial loop measured in the same run."
    echo
    echo "## Engine (\`build/bench/simt_engine_micro\`)"
    echo
    build/bench/simt_engine_micro
} > bench/RESULTS.md
cat bench/RESULTS.md
