// Host code in a .cpp file, compiled by the host compiler, as nvcc does.
#include "report.h"

#include <cstdio>

void report(float sum) { std::printf("sum %.1f\n", sum); }
