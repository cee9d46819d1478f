// A fixture of tests/check_expectations_selftest.py: two true texts in the wrong order: the checker fails, saying where the text is.
#include "racy_count.cuh"

// expect-status: 1
// expect: simt: ERROR SUMMARY:
// expect: in kernel count
