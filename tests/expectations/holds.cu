// A fixture of tests/check_expectations_selftest.py: every kind of expectation, all true: the checker passes it.
#include "racy_count.cuh"

// expect-status: 1
// run-options: --print-limit 1
// expect-not: WAW
// expect-its: simt: error: race hazard (RAW, intra-warp) on shared memory in kernel count
// expect-lockstep: simt: warning: race hazard (WAR, warp-synchronous)
// expect: more hazard groups not shown (--print-limit 1)
// expect-its: simt: ERROR SUMMARY: 6 errors, 0 warnings
// expect-lockstep: simt: ERROR SUMMARY: 2 errors, 1 warning
// expect-stdout: count: done
