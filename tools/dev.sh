#!/usr/bin/env bash
# One entry point for a fresh Debian machine:
#   tools/dev.sh demo   install what is missing, build, run the demo kernels with simt
#   tools/dev.sh test   install what is missing, build, run every test, then again
#                       with simt's own code under AddressSanitizer + UBSan
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
jobs=$(nproc 2>/dev/null || echo 2)

# Debian packages simt builds with. libgcc-12-dev ships libbacktrace.a;
# libthrust-dev is Thrust (header-only), which CUDA programs include as part
# of the toolkit (README, "Thrust"). lld links test programs in half
# ld.bfd's time (tools/CMakeLists.txt); simt works without it.
packages=(g++ cmake make libboost-context-dev catch2 libspdlog-dev libcli11-dev libgcc-12-dev python3-jsonschema libthrust-dev lld)

install_missing() {
    local missing=()
    for p in "${packages[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "simt: installing ${missing[*]}"
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq || true
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
}

build() {  # build <dir> [cmake args...]
    local dir=$1; shift
    cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@" >/dev/null
    cmake --build "$dir" -j "$jobs"
}

# Where CI's time goes, phase by phase (issue 44 asked for it measured).
timed() {  # timed <phase> <command...>
    local phase=$1 start=$SECONDS; shift
    "$@"
    echo "simt: $phase took $((SECONDS - start)) s"
}

case "${1:-}" in
    demo)
        install_missing
        build build
        for k in kernels/demo/*.cu; do
            echo "== simt run $k"
            build/tools/simt run "$k" || true
        done
        ;;
    test)
        install_missing
        timed "plain build" build build
        timed "plain tests" bash -c 'cd build && ctest --output-on-failure -j "$0"' "$jobs"
        # The programs the tests build are compiled once, in the first pass:
        # the sanitized pass links their cached objects with its runtime, and
        # the kernel tests' objects (built without the sanitizers in both).
        timed "sanitized build" build build-asan -DSIMT_SANITIZE=ON -DSIMT_TEST_CACHE_DIR="$here/build/tests/simt-cache" \
            -DSIMT_TEST_OBJECTS_FROM="$here/build"
        timed "sanitized tests" bash -c 'cd build-asan && ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure -j "$0"' "$jobs"
        ;;
    *)
        echo "usage: tools/dev.sh demo|test" >&2
        exit 2
        ;;
esac
