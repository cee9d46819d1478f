// Device printf: its text, each conversion formatted by the C library but a
// NaN as a GPU prints it (see the .cpp), and what it returns: the number of
// arguments its format reads (each conversion, each * width), as CUDA
// documents, not the characters. A conversion with a * precision reads none:
// an H100 prints it as written.
#pragma once

#include <cstdarg>
#include <string>

namespace simt::cuda {

struct DevicePrintf {
    std::string text;
    int arguments = 0;
};
DevicePrintf device_printf(const char* format, va_list args);

}  // namespace simt::cuda
