#!/bin/bash
# Issue 40's remaining battery cases on an H100: each variant in its own
# process (a fault ends the context), then memcheck on each.
cd "$(dirname "$0")"
T=$(mktemp -d)
nvcc -arch=sm_90 -O2 -o "$T/p" heap_and_alignment.cu || exit 1
for v in calloc malloc_big new device_new into_next d2_x d2_xy d2_whole d2_store f4 i2; do
  echo "== $v"; "$T/p" $v; echo "exit $?"
  echo "== $v (memcheck)"; compute-sanitizer --tool memcheck "$T/p" $v 2>&1 | grep -E "Invalid|Misaligned|ERROR SUMMARY|bytes|Address" | head -6
done
cuobjdump -sass "$T/p" | grep -E "Function|LDG|STG" | head -60
