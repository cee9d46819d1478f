// NVTX annotations (ranges and marks for profilers) do nothing here: each
// call answers as NVTX's own header-only library answers when no tool is
// attached (push and pop return NVTX_NO_PUSH_POP_TRACKING, range ids are 0).
#pragma once

#include <cstdint>

#define NVTX_NO_PUSH_POP_TRACKING (static_cast<int>(-2))

typedef std::uint64_t nvtxRangeId_t;

inline int nvtxRangePushA(const char*) { return NVTX_NO_PUSH_POP_TRACKING; }
inline int nvtxRangePushW(const wchar_t*) { return NVTX_NO_PUSH_POP_TRACKING; }
inline int nvtxRangePop() { return NVTX_NO_PUSH_POP_TRACKING; }
inline void nvtxMarkA(const char*) {}
inline void nvtxMarkW(const wchar_t*) {}
inline nvtxRangeId_t nvtxRangeStartA(const char*) { return 0; }
inline nvtxRangeId_t nvtxRangeStartW(const wchar_t*) { return 0; }
inline void nvtxRangeEnd(nvtxRangeId_t) {}
inline void nvtxNameOsThreadA(std::uint32_t, const char*) {}
