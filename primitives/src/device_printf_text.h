// Device printf's text: its format with its arguments, as the C library
// formats each conversion, but as a GPU prints a NaN (see the .cpp).
#pragma once

#include <cstdarg>
#include <string>

namespace simt::cuda {

std::string device_printf_text(const char* format, va_list args);

}  // namespace simt::cuda
