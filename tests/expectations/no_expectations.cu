// A fixture of tests/check_expectations_selftest.py: no expectations at all: the checker fails, naming the lines to add.
#include "racy_count.cuh"
