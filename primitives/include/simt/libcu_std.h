// libcu++'s cuda::std:: names for the standard library: CUDA's own copies
// work in device and host code alike, and here host and device code are the
// same C++, so cuda::std:: finds std:: (the names libcu++ defines itself,
// such as cuda::std::atomic, are declared in cuda::std and found first).
#pragma once

namespace cuda::std {
using namespace ::std;
}  // namespace cuda::std
