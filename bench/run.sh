#!/usr/bin/env bash
# One command runs the benchmark suite and rewrites bench/RESULTS.md:
# builds simt and its engine micro-benchmark (RelWithDebInfo, -O2), runs the
# workloads under simt, Oclgrind and HIP-CPU, and writes the tables, the command
# and the machine. Arguments go to bench/run-suite.sh (--quick: small sizes, 1 run).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
SIMT_BENCH_COMMAND="bench/run.sh${*:+ $*}" exec bench/run-suite.sh "$@"
