// A fixture of tests/check_expectations_selftest.py: an exit status the program does not have: the checker fails.
#include "racy_count.cuh"

// expect-status-its: 1
// expect-status-lockstep: 0
// expect: simt: ERROR SUMMARY:
