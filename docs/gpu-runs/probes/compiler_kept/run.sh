#!/bin/bash
# What nvcc keeps of stores g++ deletes at -O2, and what compute-sanitizer
# says of them (reliability battery 2: dead_shared_store,
# shared_race_forwarded, misaligned_double2). Run on the GPU machine:
#   docs/gpu-runs/probes/compiler_kept/run.sh > $OUT/compiler_kept.txt 2>&1
cd "$(dirname "$0")"
T=$(mktemp -d)
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
nvcc --version | tail -1
for f in shared_race_forwarded dead_shared_store misaligned_double2; do
  nvcc -arch=sm_90 -o "$T/$f" "$f.cu" || continue
  echo "== $f (plain)"; "$T/$f"; echo "exit $?"
  for tool in racecheck memcheck; do
    echo "== $f ($tool)"; compute-sanitizer --tool "$tool" "$T/$f" 2>&1 | grep -v '^========= *$' | head -30; echo "exit ${PIPESTATUS[0]}"
  done
  echo "== $f: shared stores in the SASS"
  cuobjdump -sass "$T/$f" | grep -c -E 'STS|ST\.E' 
done
