#!/bin/bash
# Host code racing with a launch nothing waited for (issue 43, D1(a)): what
# an H100 gives for the catalog's host_reads_before_sync (the host sums
# managed memory right after the launch) and its fixed twin, repeated, with
# a larger array too; whether compute-sanitizer sees it; and the clean
# program of every way to wait (tests/programs/host_waits.cu).
cd "$(dirname "$0")"
ROOT=../../../..
T=$(mktemp -d)
nvcc -arch=sm_90 -o "$T/before" "$ROOT/kernels/catalog/host_reads_before_sync.cu"
nvcc -arch=sm_90 -o "$T/fixed" "$ROOT/kernels/catalog/host_reads_before_sync_fixed.cu"
nvcc -arch=sm_90 -o "$T/big" big_before_sync.cu
nvcc -arch=sm_90 -o "$T/waits" "$ROOT/tests/programs/host_waits.cu"
nvcc -arch=sm_90 -o "$T/races" "$ROOT/tests/programs/host_kernel_races.cu"
for p in before fixed big waits races; do
  for i in 1 2 3; do echo "== $p (run $i)"; "$T/$p"; echo "exit $?"; done
done
for tool in memcheck racecheck synccheck; do
  echo "== before ($tool)"; compute-sanitizer --tool $tool "$T/before" 2>&1 | tail -4; echo "exit ${PIPESTATUS[0]}"
done
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
nvcc --version | tail -2
