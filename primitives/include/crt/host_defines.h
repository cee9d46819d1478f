// CUDA's <crt/host_defines.h>: what it declares is simt/cuda.h's (the CPU backend keeps one
// set of the toolkit's declarations; CUDA's own headers include each other).
#pragma once
#include "../simt/cuda.h"  // beside this folder, not through the include path
