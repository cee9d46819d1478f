#!/bin/bash
# Registered host memory (cudaHostRegister) on a GPU: the lost updates of a
# non-atomic counter, and a store past the registered range, plain and
# under memcheck (reliability battery 2: registered_host_race/_oob).
cd "$(dirname "$0")"
T=$(mktemp -d)
for f in registered_host_race registered_host_oob; do
  nvcc -arch=sm_90 -o "$T/$f" "$f.cu" || continue
  for i in 1 2 3; do echo "== $f (plain, run $i)"; "$T/$f"; echo "exit $?"; done
  echo "== $f (memcheck)"; compute-sanitizer --tool memcheck "$T/$f" 2>&1 | head -12; echo "exit ${PIPESTATUS[0]}"
done
