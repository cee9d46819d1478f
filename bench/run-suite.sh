#!/usr/bin/env bash
# The benchmark suite: how fast simt runs kernels and checks them, against the
# serial loop, against Oclgrind and against HIP-CPU. Rewrites bench/RESULTS.md.
#
#   bench/run-suite.sh           full sizes, medians of 5 runs
#   bench/run-suite.sh --quick   the small sizes, 1 run (a smoke test of the suite)
#
# 1. Installs the missing Debian packages (Oclgrind, the OpenCL headers and ICD
#    loader, GNU time, TBB for HIP-CPU), builds simt and its engine
#    micro-benchmark (RelWithDebInfo, -O2) and the OpenCL host driver (g++ -O2).
#    Gets HIP-CPU (never committed): $SIMT_HIP_CPU_DIR if it names a checkout,
#    else the clone in bench/.build/hip-cpu, made by `git clone --depth 1` the
#    first time (delete it to take a newer HIP-CPU); without either its columns
#    read "not fetched". Builds every workload natively against it (g++ -O2,
#    bench/hip-cpu/cuda_on_hip_cpu.h maps the CUDA names).
# 2. For every workload and size runs bench/workloads/<w>.cu under `simt run` in
#    four configurations (its, checks none, --threads 1; its, checks none;
#    lockstep, checks none; its, all checks = simt run's default),
#    bench/opencl/<w>.cl under Oclgrind, plain and with --data-races (each
#    Oclgrind run limited to 60 s), and the HIP-CPU build of <w>.cu on all
#    cores and under `taskset -c 0` (60 s each). Every program times its own
#    kernel launches (std::chrono around launch + synchronize) and the serial
#    C++ loop computing the same result, and checks the result; peak RSS is GNU
#    time's %M.
# 3. Writes RESULTS.md: the engine micro-benchmark table first (what bench/run.sh
#    always measured), then the workload tables. Raw outputs stay in bench/.build/logs.
#
# SIMT_BENCH_SKIP_BUILD=1 skips the cmake build (uses what build/ holds).
# SIMT_HIP_CPU_DIR=<checkout of ROCm/HIP-CPU> takes HIP-CPU from there (no clone).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"

quick=0
for a in "$@"; do
    case "$a" in
        --quick) quick=1 ;;
        *) echo "usage: bench/run-suite.sh [--quick]" >&2; exit 2 ;;
    esac
done
command_line="${SIMT_BENCH_COMMAND:-bench/run-suite.sh${*:+ $*}}"
[ "${SIMT_BENCH_SKIP_BUILD:-0}" = 1 ] && command_line="SIMT_BENCH_SKIP_BUILD=1 $command_line"
suite_start=$(date +%s)

# ---- packages (as tools/dev.sh installs simt's) ----
# libtbb-dev: libstdc++'s parallel algorithms, which HIP-CPU runs blocks on, use
# TBB; without its headers they quietly run serially.
packages=(g++ cmake make oclgrind ocl-icd-opencl-dev opencl-headers time libtbb-dev)
missing=()
for p in "${packages[@]}"; do
    [ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)" = "install ok installed" ] || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "bench: installing ${missing[*]}"
    sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq || true
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
fi

# ---- builds ----
if [ "${SIMT_BENCH_SKIP_BUILD:-0}" != 1 ]; then
    cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
    cmake --build build -j "$(nproc)" --target simt_engine_micro simt >/dev/null
fi
out=bench/.build
logs=$out/logs
rm -rf "$logs"
mkdir -p "$logs"
g++ -O2 -std=c++17 bench/opencl/host.cpp -o "$out/ocl_host" -lOpenCL
simt=build/tools/simt

# ---- workloads: name, label, sizes (full | quick) ----
if [ $quick = 1 ]; then
    reps=1
    ocl_budget_ms=0
    workloads=(
        "w1_tree_reduction|W1 tree reduction (shared memory)|262144"
        "w2_tiled_matmul|W2 tiled matmul, 16x16 tiles (n)|128"
        "w3_warp_shuffle_reduction|W3 warp-shuffle reduction|65536"
        "w4_block_scan|W4 Hillis-Steele block scan|65536"
        "w5_histogram|W5 histogram, shared + global atomics|65536"
        "w6_axpy|W6 grid-stride axpy|262144"
    )
else
    reps=5
    ocl_budget_ms=10000
    workloads=(
        "w1_tree_reduction|W1 tree reduction (shared memory)|262144 1048576"
        "w2_tiled_matmul|W2 tiled matmul, 16x16 tiles (n)|128 256"
        "w3_warp_shuffle_reduction|W3 warp-shuffle reduction|1048576"
        "w4_block_scan|W4 Hillis-Steele block scan|1048576"
        "w5_histogram|W5 histogram, shared + global atomics|1048576"
        "w6_axpy|W6 grid-stride axpy|4194304"
    )
fi
ocl_limit_s=60
hip_limit_s=60

# simt configurations: tag|label|options
configs=(
    "its_none_t1|its, checks none, --threads 1|--mode its --check none --threads 1"
    "its_none|its, checks none|--mode its --check none"
    "lockstep_none|lockstep, checks none|--mode lockstep --check none"
    "its_all|its, all checks|--mode its"
)

# Compile every workload once up front: `simt run` then starts from its cache,
# so neither compile time nor the compiler's memory reach the measurements.
for w in "${workloads[@]}"; do
    IFS='|' read -r file _ _ <<<"$w"
    $simt build "bench/workloads/$file.cu" >/dev/null
done

# ---- HIP-CPU (issue 14): the header-only ROCm/HIP-CPU, fetched here, never committed ----
hip_cpu_dir=""
has_hip_cpu() { [ -f "$1/include/hip/hip_runtime.h" ]; }
if [ -n "${SIMT_HIP_CPU_DIR:-}" ] && has_hip_cpu "$SIMT_HIP_CPU_DIR"; then
    hip_cpu_dir=$SIMT_HIP_CPU_DIR
else
    [ -n "${SIMT_HIP_CPU_DIR:-}" ] && echo "bench: SIMT_HIP_CPU_DIR=$SIMT_HIP_CPU_DIR holds no include/hip/hip_runtime.h; trying bench/.build/hip-cpu" >&2
    # An earlier run's clone is kept (bench/.build is ignored): the suite does not
    # need the network every time, and the commit stays put until it is deleted.
    if ! has_hip_cpu "$out/hip-cpu"; then
        rm -rf "$out/hip-cpu"  # a clone cut short
        # No prompt for credentials, and a bound on a network that hangs.
        GIT_TERMINAL_PROMPT=0 timeout 300 git clone -q --depth 1 https://github.com/ROCm/HIP-CPU "$out/hip-cpu" >&2 ||
            { echo "bench: could not clone HIP-CPU; its columns read \"not fetched\"" >&2; rm -rf "$out/hip-cpu"; }
    fi
    has_hip_cpu "$out/hip-cpu" && hip_cpu_dir=$out/hip-cpu
fi
hip_cpu_commit=""
[ -n "$hip_cpu_dir" ] && hip_cpu_commit=$(git -C "$hip_cpu_dir" rev-parse --short HEAD 2>/dev/null || echo "unknown commit")
# g++ has no `<<<`, and HIP-CPU launches only through hipLaunchKernelGGL, so
# each workload is copied with every `k<<<config>>>(` rewritten as
# `SIMT_HIP_CPU_LAUNCH(k, (config), ` (the shim's macro; the configuration in
# parentheses keeps dim3(x, y)'s commas together); nothing else changes.
# -fopenmp-simd, -ltbb, -lpthread and -ldl are what HIP-CPU's own CMake target
# gives its clients.
hip_src=$out/hip-cpu-src
hip_bin=$out/hip-cpu-bin
rm -rf "$hip_src" "$hip_bin"
mkdir -p "$hip_src" "$hip_bin"
declare -A hip_built=()  # file -> "ran", or "does not build: <first error>"
if [ -n "$hip_cpu_dir" ]; then
    for w in "${workloads[@]}"; do
        IFS='|' read -r file _ _ <<<"$w"
        perl -pe 's/\b([A-Za-z_]\w*(?:<[^<>;]*>)?)\s*<<<(.*?)>>>\s*\(/SIMT_HIP_CPU_LAUNCH($1, ($2), /g' \
            "bench/workloads/$file.cu" >"$hip_src/$file.cu"
        if LC_ALL=C g++ -O2 -std=c++17 -fopenmp-simd -x c++ -include bench/hip-cpu/cuda_on_hip_cpu.h \
            -I"$hip_cpu_dir/include" -Ibench/workloads "$hip_src/$file.cu" -o "$hip_bin/$file" \
            -ltbb -lpthread -ldl >"$logs/$file.hip-cpu-build.log" 2>&1; then
            hip_built[$file]=ran
        else
            # The first error, fit for a table cell (no tabs, no pipes; LC_ALL=C: plain quotes).
            why=$(grep -m1 -o 'error: .*' "$logs/$file.hip-cpu-build.log" | sed 's/^error: //' | tr '\t|' ' /' | cut -c1-100 || true)
            hip_built[$file]="does not build: ${why:-see bench/.build/logs/$file.hip-cpu-build.log}"
            echo "bench: $file ${hip_built[$file]}" >&2
        fi
    done
fi

field() {  # field <key> <file>: value of key=value in the program's output line
    sed -n "s/.*\\b$1=\\([^ ]*\\).*/\\1/p" "$2" | tail -1
}

# What simt's build holds now: if it changes during the suite (a rebuild in the
# same tree), the tables mix two builds, and RESULTS.md says so.
build_fingerprint() {
    { cat "$simt" build/primitives/libsimt_runtime.a build/emulator/libsimt_emulator.a \
        build/checkers/libsimt_checkers.a 2>/dev/null || true; } | md5sum | cut -c1-12
}
fingerprint_start=$(build_fingerprint)

# measure <tag> <command...>: runs it under GNU time; sets kernel, serial, ok,
# rss_kb, rc, runs, reports (non-empty stderr lines besides time's own and
# simt's clean summary line).
measure() {
    local tag=$1; shift
    local o="$logs/$tag.out" e="$logs/$tag.err" t="$logs/$tag.rss"
    rc=0
    /usr/bin/time -o "$t" -f %M "$@" >"$o" 2>"$e" || rc=$?
    kernel=$(field kernel_ms "$o"); serial=$(field serial_ms "$o"); ok=$(field ok "$o"); runs=$(field runs "$o")
    rss_kb=$(grep -E '^[0-9]+$' "$t" | tail -1 || true)
    # A clean run's summary line is not a report.
    reports=$(grep -v '^simt: ERROR SUMMARY: 0 errors, 0 warnings$' "$e" | grep -cv '^[[:space:]]*$' || true)
}

results=$out/results.tsv
: >"$results"
for w in "${workloads[@]}"; do
    IFS='|' read -r file label sizes <<<"$w"
    for n in $sizes; do
        row=("$file" "$label" "$n")
        for c in "${configs[@]}"; do
            IFS='|' read -r tag _ opts <<<"$c"
            # A cache hit unless simt was rebuilt meanwhile: the compile stays out of the measurement.
            $simt build "bench/workloads/$file.cu" >/dev/null
            # shellcheck disable=SC2086
            measure "$file.$n.$tag" $simt run $opts "bench/workloads/$file.cu" -- "$n" "$reps"
            echo "bench: $file n=$n simt $tag: kernel ${kernel:-?} ms, serial ${serial:-?} ms, ok=${ok:-?}, rc=$rc, ${rss_kb:-?} KB, stderr lines $reports" >&2
            row+=("${kernel:--}" "${serial:--}" "${ok:-0}" "$rc" "${rss_kb:--}" "$reports")
        done
        for mode in plain races; do
            flag=""
            [ $mode = races ] && flag="--data-races"
            # shellcheck disable=SC2086
            measure "$file.$n.oclgrind_$mode" timeout "$ocl_limit_s" oclgrind $flag "$out/ocl_host" "$file" "$n" "$reps" bench/opencl "$ocl_budget_ms"
            [ $rc = 124 ] && kernel="" && ok=""
            echo "bench: $file n=$n oclgrind $mode: kernel ${kernel:-?} ms (${runs:-?} runs), ok=${ok:-?}, rc=$rc, stderr lines $reports" >&2
            row+=("${kernel:--}" "${serial:--}" "${ok:-0}" "$rc" "${rss_kb:--}" "$reports" "${runs:--}")
        done
        # HIP-CPU on every core, then on one: under `taskset -c 0` TBB sizes its
        # pool from the affinity mask, so blocks run one at a time (the per-core
        # comparison with simt's --threads 1). Limited like Oclgrind: W3's
        # shuffles under a branch are barriers only part of a block reaches.
        for cores in all 1; do
            state=${hip_built[$file]:-not fetched}
            kernel="" serial="" ok="" rc=0 rss_kb=""
            if [ "$state" = ran ]; then
                pin=()
                [ $cores = 1 ] && pin=(taskset -c 0)
                measure "$file.$n.hip_cpu_$cores" "${pin[@]}" timeout "$hip_limit_s" "$hip_bin/$file" "$n" "$reps"
                [ $rc = 124 ] && kernel="" && ok=""
                echo "bench: $file n=$n HIP-CPU, $cores core(s): kernel ${kernel:-?} ms, serial ${serial:-?} ms, ok=${ok:-?}, rc=$rc, ${rss_kb:-?} KB, stderr lines $reports" >&2
            fi
            row+=("${kernel:--}" "${serial:--}" "${ok:-0}" "$rc" "${rss_kb:--}" "$state")
        done
        (IFS=$'\t'; echo "${row[*]}") >>"$results"
    done
done

# ---- engine micro-benchmark (the table bench/run.sh always produced) ----
micro_args=()
[ $quick = 1 ] && micro_args=(--quick)
micro=$(build/bench/simt_engine_micro "${micro_args[@]}")

# ---- RESULTS.md ----
machine="$(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(uname -sr)"
# (No consumer that stops reading early here: with pipefail, its SIGPIPE would end the script.)
oclgrind_version=$(oclgrind --version 2>&1 | awk 'tolower($0) ~ /oclgrind/ && !v { sub(/^ */, ""); v = $0 } END { print v }')
gxx_version=$(g++ --version | awk 'NR == 1')
elapsed=$(( $(date +%s) - suite_start ))
fingerprint_end=$(build_fingerprint)
# Whether W3 came out wrong under HIP-CPU (a limit of HIP-CPU the notes explain).
hip_w3_wrong=$(awk -F'\t' '$1 == "w3_warp_shuffle_reduction" && (($47 == "ran" && $44 != 1 && $45 != 124) || ($53 == "ran" && $50 != 1 && $51 != 124)) { w = 1 } END { print w + 0 }' "$results")
{
    echo "# simt benchmark results"
    echo
    echo "Command: \`$command_line\` (bench/run.sh runs bench/run-suite.sh), $(date -u +%Y-%m-%d), took $((elapsed / 60)) min $((elapsed % 60)) s."
    echo
    echo "Machine: $machine."
    echo
    if [ $quick = 1 ]; then
        echo "**Quick mode** (\`--quick\`): small sizes and 1 run each; not for quoting. The full suite is \`bench/run-suite.sh\`."
    else
        echo "Medians of $reps runs; ratios are to the serial loop measured in the same run."
    fi
    if [ "$fingerprint_start" != "$fingerprint_end" ]; then
        echo
        echo "**Warning:** simt's build (build/tools/simt and its libraries) changed while the suite ran, so these"
        echo "numbers mix two builds; run the suite again on a quiet tree."
    fi
    echo
    echo "## Engine (\`build/bench/simt_engine_micro\`)"
    echo
    echo "$micro"
    echo
    echo "## Workloads (\`bench/workloads/*.cu\` under \`simt run\` and built against HIP-CPU; \`bench/opencl/*.cl\` under Oclgrind)"
    echo
    awk -F'\t' -v reps="$reps" -v limit="$ocl_limit_s" -v hip_limit="$hip_limit_s" -f - "$results" <<'AWK'
function ms(v) {
    if (v == "-" || v == "") return "-"
    if (v < 1) return sprintf("%.3f", v)
    if (v < 100) return sprintf("%.2f", v)
    return sprintf("%.0f", v)
}
function ratio(r) { return r >= 100 ? sprintf("%.0f", r) : sprintf("%.1f", r) }
# one measured cell: kernel ms and its ratio to that run's serial loop
function cell(k, s, ok, rc, reports, is_ocl, runs,    t) {
    if (is_ocl && rc == 124) return "skipped (>" limit " s)"
    if (k == "-") return "failed (exit " rc ")"
    t = ms(k) " ms (" ratio(k / s) "x)"
    if (ok != 1) t = t " **WRONG**"
    if (is_ocl && runs != "-" && runs < reps) t = t " [" runs " run" (runs == 1 ? "" : "s") "]"
    return t
}
# a HIP-CPU cell: "not fetched", "does not build: ..." or what it measured
function hip_cell(k, s, ok, rc, state) {
    if (state != "ran") return state
    if (rc == 124) return "killed (>" hip_limit " s)"
    return cell(k, s, ok, rc, 0, 0, "-")
}
function median4(a, b, c, d,    x, n, i, j, tmp) {
    n = 0
    if (a != "-") x[++n] = a + 0
    if (b != "-") x[++n] = b + 0
    if (c != "-") x[++n] = c + 0
    if (d != "-") x[++n] = d + 0
    if (n == 0) return "-"
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (x[j] < x[i]) { tmp = x[i]; x[i] = x[j]; x[j] = tmp }
    return n % 2 ? x[(n + 1) / 2] : (x[n / 2] + x[n / 2 + 1]) / 2
}
{
    # $1 file, $2 label, $3 size; then 4 simt configs x 6 fields from $4;
    # then 2 Oclgrind runs x 7 fields from $28; then 2 HIP-CPU runs (all cores,
    # one core) x 6 fields from $42 (the last one its state, not stderr lines).
    file[NR] = $1; label[NR] = $2; size[NR] = $3
    serial = median4($5, $11, $17, $23)
    line = "| " $2 " | " $3 " | " ms(serial)
    for (c = 0; c < 4; c++) {
        b = 4 + 6 * c
        line = line " | " cell($b, $(b + 1), $(b + 2), $(b + 3), $(b + 5), 0, "-")
        if ($(b + 5) > 0) hazards = hazards "\n* " $2 ", n = " $3 ", simt " cname[c] ": " $(b + 5) " lines on stderr (bench/.build/logs/" $1 "." $3 ".*.err)"
        rss[NR, c] = $(b + 4)
    }
    line = line " | " ($26 == "-" ? "-" : sprintf("%.0f MB", $26 / 1024))
    for (o = 0; o < 2; o++) {
        b = 28 + 7 * o
        line = line " | " cell($b, $(b + 1), $(b + 2), $(b + 3), $(b + 5), 1, $(b + 6))
        rss[NR, 4 + o] = ($(b + 3) == 124) ? "-" : $(b + 4)
        if (o == 1 && $(b + 5) > 0 && $(b + 3) != 124) oclrep = oclrep "\n* " $2 ", n = " $3 ": Oclgrind --data-races wrote " $(b + 5) " lines on stderr (bench/.build/logs/" $1 "." $3 ".oclgrind_races.err)"
    }
    for (h = 0; h < 2; h++) {
        b = 42 + 6 * h
        line = line " | " hip_cell($b, $(b + 1), $(b + 2), $(b + 3), $(b + 5))
        rss[NR, 6 + h] = ($(b + 5) != "ran" || $(b + 3) == 124) ? "-" : $(b + 4)
    }
    simt_k = $22; ocl_k = $35
    line = line " | " ((simt_k == "-" || ocl_k == "-" || $38 == 124) ? "-" : sprintf("%.2f", simt_k / ocl_k)) " |"
    rows[NR] = line
}
BEGIN {
    cname[0] = "its, checks none, --threads 1"; cname[1] = "its, checks none"
    cname[2] = "lockstep, checks none"; cname[3] = "its, all checks"
}
END {
    print "Kernel time in ms (median of the runs) and, in parentheses, the ratio to the serial C++ loop timed in the same"
    print "process. simt columns use the default `--threads` (one worker per core) unless marked; \"all checks\" is"
    print "`simt run`'s default, `--check race,barrier,warp-sync,shuffle,memory,init`. The last column is simt (its, all checks) /"
    print "Oclgrind --data-races: below 1, simt checks faster than Oclgrind does. HIP-CPU is the same .cu built natively"
    print "against HIP-CPU (Notes), on all cores and pinned to one (`taskset -c 0`, to compare with simt's `--threads 1`)."
    print ""
    print "| workload | size | serial ms | simt its, checks none, --threads 1 | simt its, checks none | simt lockstep, checks none | simt its, all checks | peak RSS (its, all checks) | Oclgrind | Oclgrind --data-races | HIP-CPU | HIP-CPU, 1 core | simt all checks / Oclgrind --data-races |"
    print "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
    for (i = 1; i <= NR; i++) print rows[i]
    print ""
    print "### Peak RSS (MB, GNU time %M of the whole run: simt driver + program, Oclgrind + host, or the HIP-CPU program)"
    print ""
    print "| workload | size | simt its, none, 1 thread | simt its, none | simt lockstep, none | simt its, all checks | Oclgrind | Oclgrind --data-races | HIP-CPU | HIP-CPU, 1 core |"
    print "|---|---|---|---|---|---|---|---|---|---|"
    for (i = 1; i <= NR; i++) {
        line = "| " label[i] " | " size[i]
        for (c = 0; c < 8; c++) line = line " | " (rss[i, c] == "-" || rss[i, c] == "" ? "-" : sprintf("%.0f", rss[i, c] / 1024))
        print line " |"
    }
    print ""
    print "### Hazard reports"
    print ""
    if (hazards == "") print "simt with all checks on wrote nothing on stderr for any workload: no hazard reported."
    else print "simt wrote on stderr:" hazards
    if (oclrep == "") print "Oclgrind --data-races reported nothing for any workload it finished."
    else print "Oclgrind:" oclrep
}
AWK
    echo
    echo "### Notes"
    echo
    echo "* Each workload is one plain CUDA program (\`bench/workloads/wN_*.cu\`, also valid for \`nvcc -arch=sm_90\`) taking"
    echo "  the size and the number of runs; it times only the kernel launches (launch + \`cudaDeviceSynchronize\`), then"
    echo "  the serial loop, and checks the kernel's result against the serial one (bit-exact: inputs are small"
    echo "  integers, so every sum is exact). Each run prints \`name=W1 size=... kernel_ms=... serial_ms=... ok=1\`."
    echo "* The serial loop is the limit: a plain \`-O2\` loop in a \`noinline\` function whose result is checked. Under"
    echo "  simt the whole .cu file is compiled with \`-fsanitize=thread\` (simt's memory observation), so the serial"
    echo "  functions carry \`no_sanitize_thread\` to run as native code. (The engine micro-benchmark's serial loop above"
    echo "  does not opt out, so it pays an instrumentation call per load and reads several times slower.)"
    echo "  The \"serial ms\" column is the median over the four simt runs; each ratio uses its own run's serial time."
    echo "* Sizes: W1 and W4 are floats in 256-element blocks; W2 is n x n floats; W3 is floats, 256-thread blocks;"
    echo "  W5 is 256 bins over n values, n / 4096 blocks of 256 threads (16 values per thread);"
    echo "  W6 is n floats, n / 4096 blocks of 256 threads (16 elements per thread)."
    echo "* OpenCL versions: \`bench/opencl/wN_*.cl\` (OpenCL C 1.2), driven by \`bench/opencl/host.cpp\` (g++ -O2), which"
    echo "  times \`clEnqueueNDRangeKernel\` + \`clFinish\` and the same serial loop natively. $oclgrind_version reports an"
    echo "  OpenCL 1.2 device without \`cl_khr_subgroups\` (\`get_sub_group_size\` is an undefined external there), so W3's"
    echo "  OpenCL version replaces the warp shuffles with a local-memory reduction of the same shape (32-lane steps"
    echo "  16..1, then 8 warp sums), with a barrier pair per step where CUDA needs none."
    echo "* Oclgrind runs are limited to ${ocl_limit_s} s each (\`timeout\`); a size that hits it reads \"skipped (>${ocl_limit_s} s)\"."
    if [ "$ocl_budget_ms" != 0 ]; then
        echo "  To stay inside the limit, an Oclgrind run stops repeating the kernel once its runs took $((ocl_budget_ms / 1000)) s in all"
        echo "  (\"[N runs]\" marks a median of fewer than $reps runs; an interpreter's times barely vary)."
    fi
    echo "  Oclgrind ran with its defaults (here it kept to one core: user time = wall time, with or without"
    echo "  \`--num-threads\`), simt with one worker per core unless marked: the simt/Oclgrind ratio is per machine, not per core."
    if [ -n "$hip_cpu_dir" ]; then
        echo "* HIP-CPU: [ROCm/HIP-CPU](https://github.com/ROCm/HIP-CPU) at $hip_cpu_commit, AMD's header-only HIP runtime for"
        echo "  CPUs. A launch runs its blocks as \`std::for_each(std::execution::par_unseq, ...)\` (libstdc++'s parallel"
        echo "  algorithms on TBB); in a block whose kernel passes no barrier the threads run one after another as a loop,"
        echo "  otherwise each thread is a fiber (libco) and every barrier switches to the next fiber round-robin;"
        echo "  \`__shared__\` is \`thread_local\`. Each workload is built natively: \`g++ -O2 -std=c++17 -fopenmp-simd -x c++"
        echo "  -include bench/hip-cpu/cuda_on_hip_cpu.h -I<hip-cpu>/include ... -ltbb -lpthread -ldl\` (the flags HIP-CPU's"
        echo "  CMake target gives its clients), on a copy of the .cu whose \`k<<<grid, block>>>(...)\` launches are rewritten"
        echo "  as \`hipLaunchKernelGGL\` (g++ has no \`<<<\`); the shim maps the CUDA names onto HIP-CPU's hip* ones."
        echo "  \"HIP-CPU, 1 core\" runs under \`taskset -c 0\`, so TBB's pool has one thread: the per-core comparison with"
        echo "  simt's \`--threads 1\`. Runs are limited to ${hip_limit_s} s each."
        echo "* HIP-CPU emulates no warps and checks nothing: \`warpSize\` is a constant 64, a shuffle is two barriers of the"
        echo "  whole block (it has no \`*_sync\` shuffles: the shim drops the mask and, as HIP does, defaults the width to"
        echo "  HIP's \`warpSize\`), and races, barrier divergence or out-of-bounds accesses go unnoticed (only the program's"
        echo "  own result check runs). Its columns are what running these kernels natively on fibers costs, without simt's"
        echo "  warps, interleavings and checks."
        if [ "$hip_w3_wrong" = 1 ]; then
            echo "* W3 reads **WRONG** under HIP-CPU, a limit of HIP-CPU: W3 (valid CUDA) shuffles again inside \`if (warp == 0)\`,"
            echo "  and HIP-CPU's shuffle, a barrier of the whole block, is then reached by warp 0's fibers only: the block's fibers"
            echo "  fall out of step (a fiber that has left the kernel runs it again when its turn comes) and most block sums"
            echo "  come out wrong. The same kernel with every warp taking the second step gives the right sums."
        fi
    else
        echo "* HIP-CPU: not fetched (\$SIMT_HIP_CPU_DIR named no checkout, and \`git clone --depth 1"
        echo "  https://github.com/ROCm/HIP-CPU bench/.build/hip-cpu\` failed), so its columns read \"not fetched\"."
    fi
    echo "* Compilers: $gxx_version (serial loops, simt programs, the OpenCL host and the HIP-CPU programs)."
    echo "* With the race checker on (all checks), a launch's blocks first run side by side, each judged on its own, and"
    echo "  the launch runs again with blocks touching global memory in block order only if blocks overlapped"
    echo "  (emulator/launch_footprint.h), so reports are byte-identical for any number of workers and both cores work"
    echo "  in every workload here (none of their kernels' blocks overlap)."
    echo "* The machine is shared; two runs of the suite can differ by 10-30 % on a 2-core machine."
} >bench/RESULTS.md
cat bench/RESULTS.md
echo "bench: suite took ${elapsed} s" >&2
