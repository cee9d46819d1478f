// A fixture of tests/check_expectations_selftest.py: a misspelt expectation and one above the code: the checker fails before running anything.
// expect: simt: ERROR SUMMARY:
#include "racy_count.cuh"

// expect-status: 1
// expect-lockstp: simt: ERROR SUMMARY:
