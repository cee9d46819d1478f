// A fixture of tests/check_expectations_selftest.py: a standard output line the program does not print: the checker fails.
#include "racy_count.cuh"

// expect-status: 1
// expect: simt: ERROR SUMMARY:
// expect-stdout: count: 64
