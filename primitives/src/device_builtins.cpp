// Device-side builtins: thread coordinates, barriers, fences, trap, assert
// and printf. Out of line on purpose: __builtin_return_address(0) is then the
// kernel's own call site.
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <string>
#include <string_view>

#include <unistd.h>

#include "emulator/device_context.h"
#include "emulator/fault_signals.h"
#include "emulator/engine.h"
#include "emulator/symbolizer.h"
#include "simt/cuda.h"
#include "device_printf_text.h"
#include "fault_text.h"

namespace device = simt::device;

namespace simt::cuda {

uint3 thread_idx() {
    if (!device::in_kernel()) return uint3{0, 0, 0};
    const Dim3& t = device::thread().thread;
    return uint3{t.x, t.y, t.z};
}
uint3 block_idx() {
    if (!device::in_kernel()) return uint3{0, 0, 0};
    const Dim3& b = device::thread().block;
    return uint3{b.x, b.y, b.z};
}
dim3 block_dim() {
    if (!device::in_kernel()) return dim3(1, 1, 1);
    const Dim3& b = device::launch().block;
    return dim3(b.x, b.y, b.z);
}
dim3 grid_dim() {
    if (!device::in_kernel()) return dim3(1, 1, 1);
    const Dim3& g = device::launch().grid;
    return dim3(g.x, g.y, g.z);
}
int device_warp_size = 32;

int warp_size() {
    return device::in_kernel() ? int(device::warp_size())
                               : int(simt::Engine::process().options().warp_size);
}
void* dynamic_shared() { return device::in_kernel() ? device::dynamic_shared() : nullptr; }

}  // namespace simt::cuda

namespace {

std::string where(const void* pc) {
    return "kernel " + std::string(device::launch().kernel) + ", " + simt::describe(device::thread()) +
           " at " + simt::describe(pc);
}

[[noreturn]] void outside_kernel(const char* what) {
    simt::flush_program_output();
    std::fprintf(stderr, "simt: error: %s called outside a kernel\n", what);
    std::abort();
}

}  // namespace

#define SIMT_REQUIRE_KERNEL(name) \
    if (!device::in_kernel()) outside_kernel(name)

void(__syncthreads)() {
    SIMT_REQUIRE_KERNEL("__syncthreads");
    device::barrier(__builtin_return_address(0), false);
}
int(__syncthreads_count)(int predicate) {
    SIMT_REQUIRE_KERNEL("__syncthreads_count");
    return int(device::barrier(__builtin_return_address(0), predicate != 0));
}
int(__syncthreads_and)(int predicate) {
    SIMT_REQUIRE_KERNEL("__syncthreads_and");
    // Counts the threads whose predicate is false: exited threads do not take
    // part, as on a GPU.
    const unsigned count = device::barrier(__builtin_return_address(0), predicate == 0);
    return count == 0 ? 1 : 0;
}
int(__syncthreads_or)(int predicate) {
    SIMT_REQUIRE_KERNEL("__syncthreads_or");
    return device::barrier(__builtin_return_address(0), predicate != 0) != 0 ? 1 : 0;
}

namespace {
std::uint64_t syncwarp_result(const simt::WarpExchange&, unsigned) { return 0; }
}  // namespace

void __syncwarp(unsigned long long mask) {
    SIMT_REQUIRE_KERNEL("__syncwarp");
    device::warp_collective(&syncwarp_result, mask, 0, 0, __builtin_return_address(0));
}

unsigned long long simt::cuda::converged_lanes_at(const char* file, unsigned line, unsigned column) {
    SIMT_REQUIRE_KERNEL("__activemask");
    // The place is the call's source position (two calls on two lines stay
    // apart even where the compiler merges them into one call instruction)
    // and the path of calls that led to it (a __device__ function called from
    // both sides of a branch).
    std::uint64_t place = std::uint64_t(reinterpret_cast<std::uintptr_t>(file));
    place = (place * 0x100000001b3ull) ^ (std::uint64_t(line) << 20 | column);
    place ^= device::call_path(__builtin_frame_address(0)) * 0x9e3779b97f4a7c15ull;
    return device::converged_lanes(__builtin_return_address(0), place, std::uint64_t(line) << 20 | column);
}
unsigned long long simt_full_mask() {
    const unsigned ws = simt::cuda::warp_size();
    return ws >= 64 ? ~0ull : ((1ull << ws) - 1);
}

unsigned long long simt::cuda::special_register(const char* name) {
    SIMT_REQUIRE_KERNEL("inline PTX");
    const std::string_view r = name;
    const ThreadId& t = device::thread();
    const unsigned long long bit = 1ull << t.lane;
    if (r == "laneid") return t.lane;
    if (r == "warpid") return t.warp;
    if (r == "lanemask_eq") return bit;
    if (r == "lanemask_lt") return bit - 1;
    if (r == "lanemask_le") return bit | (bit - 1);
    if (r == "lanemask_gt") return ~(bit | (bit - 1)) & simt_full_mask();
    if (r == "lanemask_ge") return ~(bit - 1) & simt_full_mask();
    if (r == "clock" || r == "clock64" || r == "globaltimer") return static_cast<unsigned long long>(clock64());
    const Dim3& g = device::launch().grid;
    if (r == "smid") return (t.block.x + std::uint64_t(g.x) * (t.block.y + std::uint64_t(g.y) * t.block.z)) % 132;
    if (r == "nsmid") return 132;
    return 0;
}

void __threadfence() {
    if (device::in_kernel()) device::fence(simt::FenceScope::Device, __builtin_return_address(0));
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
}
void __threadfence_block() {
    if (device::in_kernel()) device::fence(simt::FenceScope::Block, __builtin_return_address(0));
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
}
void __threadfence_system() {
    if (device::in_kernel()) device::fence(simt::FenceScope::System, __builtin_return_address(0));
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
}

void __trap() {
    SIMT_REQUIRE_KERNEL("__trap");
    device::fail(simt::FaultKind::Trap,
                 "__trap() executed in " + where(__builtin_return_address(0)), __builtin_return_address(0));
}

void __nanosleep(unsigned) {}
namespace simt::cuda {
// Cycles per clock reading (sync.h). In simt's namespace: thread-local state
// outside it is taken for __shared__ variables (checkers/shared_symbols.cpp).
constexpr long long kCyclesPerReading = 1000;
thread_local long long host_clock_ticks = 0;
}  // namespace simt::cuda
long long clock64() {
    if (!device::in_kernel()) return simt::cuda::host_clock_ticks += simt::cuda::kCyclesPerReading;
    return static_cast<long long>(device::advance_clock(simt::cuda::kCyclesPerReading));
}

namespace {
// Whether a printf format has a %s conversion (flags, width, precision and
// length modifiers allowed between).
bool reads_a_string(const char* format) {
    for (const char* c = format; *c != '\0'; ++c) {
        if (*c != '%') continue;
        ++c;  // "%%" stops at the second '%', which is no conversion letter
        while (*c != '\0' && std::strchr("-+ #0123456789.*hlLqjzt", *c) != nullptr) ++c;
        if (*c == 's') return true;
        if (*c == '\0') return false;
    }
    return false;
}
}  // namespace

extern "C" {
std::clock_t __real_clock();
// Device clock() reads the 32-bit %clock register, sign-extended to clock_t.
std::clock_t __wrap_clock() {
    if (!device::in_kernel()) return __real_clock();
    return static_cast<std::clock_t>(static_cast<std::int32_t>(clock64()));
}
}

// ---- assert and printf: the link step wraps these libc entry points ----

extern "C" {
[[noreturn]] void __real___assert_fail(const char*, const char*, unsigned, const char*);
[[noreturn]] void __real_exit(int);
[[noreturn]] void __real_abort();
pid_t __real_fork();
int __real_vprintf(const char*, va_list);
int __real_puts(const char*);
int __real_putchar(int);

[[noreturn]] void __wrap___assert_fail(const char* expression, const char* file, unsigned line,
                                       const char* function) {
    if (!device::in_kernel()) __real___assert_fail(expression, file, line, function);
    const simt::ThreadId& t = device::thread();
    // CUDA's own message shape, then simt's context.
    char text[1024];
    std::snprintf(text, sizeof text,
                  "%s:%u: %s: block: [%u,%u,%u], thread: [%u,%u,%u] Assertion `%s` failed.%s%s, warp %u, lane %u)",
                  file, line, function, t.block.x, t.block.y, t.block.z, t.thread.x, t.thread.y,
                  t.thread.z, expression, simt::cuda::kAssertContext, device::launch().kernel, t.warp, t.lane);
    device::fail(simt::FaultKind::Assert, text, __builtin_return_address(0));
}

// nvcc rejects exit() and abort() in device code; here they would end the
// whole process from a worker thread, so a kernel that calls them fails.
[[noreturn]] void __wrap_exit(int status) {
    if (!device::in_kernel()) __real_exit(status);
    device::fail(simt::FaultKind::Trap, "exit(" + std::to_string(status) + ") called in " +
                                            where(__builtin_return_address(0)) +
                                            ": a kernel cannot end the program (nvcc rejects exit() in device "
                                            "code); use __trap() or assert to stop a kernel",
                 __builtin_return_address(0));
}
[[noreturn]] void __wrap_abort() {
    if (!device::in_kernel()) __real_abort();
    device::fail(simt::FaultKind::Trap, "abort() called in " + where(__builtin_return_address(0)) +
                                            ": a kernel cannot end the program (nvcc rejects abort() in device "
                                            "code); use __trap() or assert to stop a kernel",
                 __builtin_return_address(0));
}

// A process forked from a simulated thread would be a copy of one worker
// thread in the middle of a launch it can never finish; nvcc rejects fork()
// in device code.
pid_t __wrap_fork() {
    if (!device::in_kernel()) return __real_fork();
    device::fail(simt::FaultKind::Trap, "fork() called in " + where(__builtin_return_address(0)) +
                                            ": a kernel cannot start a process (nvcc rejects fork() in device code); "
                                            "fork on the host, before or after the launch",
                 __builtin_return_address(0));
}

int __wrap_vprintf(const char* format, va_list args) {
    if (!device::in_kernel()) return __real_vprintf(format, args);
    if (format == nullptr) return -1;
    // A %s reads its string unobserved: blocks side by side under the
    // checkers could print what another block is writing, so they run in
    // block order instead.
    if (reads_a_string(format)) device::before_unobserved_effect();
    const simt::cuda::DevicePrintf printed = simt::cuda::device_printf(format, args);
    device::print(printed.text.data(), printed.text.size());
    return printed.arguments;
}

int __wrap_printf(const char* format, ...) {
    va_list args;
    va_start(args, format);
    const int n = __wrap_vprintf(format, args);
    va_end(args);
    return n;
}

int __wrap_puts(const char* text) {
    if (!device::in_kernel()) return __real_puts(text);
    device::print(text, std::char_traits<char>::length(text));
    device::print("\n", 1);
    return 1;
}

int __wrap_putchar(int c) {
    if (!device::in_kernel()) return __real_putchar(c);
    const char ch = char(c);
    device::print(&ch, 1);
    return c;
}
}
