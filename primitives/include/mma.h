// Warp matrix functions (nvcuda::wmma, tensor cores) are not emulated yet:
// including the header says so at the program's line, instead of letting
// the first fragment fail with "not declared".
#pragma once
#error "simt does not emulate warp matrix functions (mma.h, nvcuda::wmma) yet: see README, What simt does not catch yet"
