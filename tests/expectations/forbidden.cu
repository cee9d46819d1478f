// A fixture of tests/check_expectations_selftest.py: an expect-not text that appears: the checker fails, naming its line.
#include "racy_count.cuh"

// expect-status: 1
// expect: simt: ERROR SUMMARY:
// expect-not-lockstep: warp-synchronous
