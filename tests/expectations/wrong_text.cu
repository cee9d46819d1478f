// A fixture of tests/check_expectations_selftest.py: an expected text simt does not print: the checker fails, naming its line.
#include "racy_count.cuh"

// expect-status: 1
// expect: race hazard
// expect-its: simt: ERROR SUMMARY: 6 errors, 0 warnings
// expect-lockstep: simt: ERROR SUMMARY: 2 errors, 1 warning
// expect-its: no such report
