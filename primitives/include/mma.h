// mma.h for the CPU backend: warp matrix functions (nvcuda::wmma), see
// simt/warp_matrix.h.
#pragma once
#include "simt/warp_matrix.h"
