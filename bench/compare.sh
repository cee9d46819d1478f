#!/usr/bin/env bash
# Two builds of simt on the same machine, alternating run by run (so a load
# that comes and goes hits both alike): kernel time and peak RSS of W6, W1
# and W2 with checks off and with every check, one worker and the default.
#
#   bench/compare.sh OLD/tools/simt NEW/tools/simt > out.txt
#
# Build the old one from a worktree: git worktree add /tmp/old REV &&
# cmake -S /tmp/old -B /tmp/old/build -DCMAKE_BUILD_TYPE=RelWithDebInfo &&
# cmake --build /tmp/old/build --target simt simt_runtime
set -euo pipefail
old=$1 new=$2
here=$(cd "$(dirname "$0")" && pwd)
W=$here/workloads
rss=$(mktemp)
trap 'rm -f "$rss"' EXIT
run() {  # simt cache args...: "kernel_ms serial_ms peak_KB"
    local simt=$1 cache=$2
    shift 2
    local line
    line=$(/usr/bin/time -f "%M" -o "$rss" "$simt" run --cache-dir "$cache" "$@" 2>/dev/null |
           sed -n 's/.*kernel_ms=\([0-9.]*\) serial_ms=\([0-9.]*\).*/\1 \2/p')
    echo "$line $(cat "$rss")KB"
}
for spec in "w6_axpy.cu 4194304 3" "w1_tree_reduction.cu 262144 5" "w2_tiled_matmul.cu 128 5"; do
    set -- $spec
    for checks in none race,barrier,warp-sync,shuffle,memory,init; do
        for threads in 1 0; do
            for rep in 1 2; do
                for side in old new; do
                    simt=$old
                    [ "$side" = new ] && simt=$new
                    t=()
                    [ "$threads" = 1 ] && t=(--threads 1)
                    echo "$1 $2 checks=$checks threads=$threads $side: $(run "$simt" "/tmp/simt-compare-$side" "${t[@]}" --check "$checks" "$W/$1" -- "$2" "$3")"
                done
            done
        done
    done
done
