// The footprint of blocks run side by side (emulator/launch_footprint.h):
// which touches of one granule by two blocks make the attempt void, and what
// rolling a void attempt back puts back. Driven directly, between launches,
// on memory from cudaMalloc; and the watchdog's part in an attempt.
#include "support.h"

#include <atomic>
#include <chrono>
#include <cstring>
#include <thread>

#include "emulator/flat_shadow.h"
#include "emulator/launch_footprint.h"
#include "emulator/watchdog.h"

namespace {

using simt::AccessKind;
using simt::BlockFootprint;
using simt::LaunchFootprint;

// Two blocks' footprints, noted and merged one block after the other.
struct Attempt {
    simt::FlatShadow<std::uint32_t> pages;
    LaunchFootprint launch{pages, 1};
    BlockFootprint block;
    LaunchFootprint::SavedPages saved;

    void touch(const void* p, std::uint32_t size, AccessKind kind) {
        REQUIRE(launch.note(block, reinterpret_cast<std::uintptr_t>(p), size, kind, saved));
    }
    void end_block() { launch.merge(block, std::move(saved)); }
};

struct DeviceBuffer {
    unsigned char* bytes = nullptr;
    explicit DeviceBuffer(std::size_t n) { REQUIRE(cudaMalloc(&bytes, n) == cudaSuccess); }
    ~DeviceBuffer() { cudaFree(bytes); }
};

}  // namespace

TEST_CASE("blocks storing to different granules of one page keep their side-by-side attempt") {
    DeviceBuffer d(4096);
    Attempt a;
    a.touch(d.bytes, 4, AccessKind::Read);
    a.touch(d.bytes, 4, AccessKind::Write);
    a.end_block();
    a.touch(d.bytes + 4, 4, AccessKind::Read);
    a.touch(d.bytes + 4, 4, AccessKind::Write);
    a.end_block();
    CHECK_FALSE(a.launch.void_attempt());
}

TEST_CASE("a granule one block stores to and another block touches makes the attempt void, whichever ends first") {
    DeviceBuffer d(4096);
    const AccessKind second = GENERATE(AccessKind::Read, AccessKind::Write, AccessKind::Atomic);
    const bool store_first = GENERATE(true, false);
    Attempt a;
    // Different bytes of one granule: the granule is what counts.
    a.touch(d.bytes + 8, 1, store_first ? AccessKind::Write : second);
    a.end_block();
    a.touch(d.bytes + 9, 1, store_first ? second : AccessKind::Write);
    a.end_block();
    CHECK(a.launch.void_attempt());
}

TEST_CASE("granules several blocks only read, or only update atomically, keep the attempt") {
    DeviceBuffer d(4096);
    const AccessKind kind = GENERATE(AccessKind::Read, AccessKind::Atomic);
    Attempt a;
    for (int block = 0; block < 3; ++block) {
        a.touch(d.bytes + 64, 8, kind);
        a.end_block();
    }
    CHECK_FALSE(a.launch.void_attempt());
}

TEST_CASE("atomics and plain loads of one granule from two blocks make the attempt void") {
    DeviceBuffer d(4096);
    Attempt a;
    a.touch(d.bytes + 128, 4, AccessKind::Atomic);
    a.end_block();
    a.touch(d.bytes + 128, 4, AccessKind::Read);
    a.end_block();
    CHECK(a.launch.void_attempt());
}

TEST_CASE("an access across a page boundary is noted on both pages") {
    DeviceBuffer d(3 * 4096);
    const auto base = reinterpret_cast<std::uintptr_t>(d.bytes);
    unsigned char* edge = d.bytes + ((base + 4096) & ~std::uintptr_t(4095)) - base - 4;
    const int overlapped = GENERATE(0, 1);
    Attempt a;
    a.touch(edge, 8, AccessKind::Write);
    a.end_block();
    a.touch(edge + (overlapped == 0 ? 0 : 4), 4, AccessKind::Read);
    a.end_block();
    CHECK(a.launch.void_attempt());
}

TEST_CASE("rolling a void attempt back puts back exactly the granules its blocks stored to") {
    DeviceBuffer d(2 * 4096);
    std::memset(d.bytes, 7, 2 * 4096);
    Attempt a;
    for (int i : {0, 1, 2}) {  // a block's stores, the page copied before the first
        a.touch(d.bytes + 4 * i, 4, AccessKind::Write);
        std::memset(d.bytes + 4 * i, 0xee, 4);
    }
    a.touch(d.bytes + 4100, 4, AccessKind::Atomic);
    d.bytes[4100] = 1;
    a.end_block();
    a.touch(d.bytes + 4, 4, AccessKind::Read);  // another block reads a stored granule
    a.end_block();
    REQUIRE(a.launch.void_attempt());
    d.bytes[40] = 9;  // not stored by the attempt: someone else's, kept
    a.launch.roll_back();
    for (int i = 0; i < 12; ++i) CHECK(int(d.bytes[i]) == 7);
    CHECK(int(d.bytes[40]) == 9);
    CHECK(int(d.bytes[4100]) == 7);
}

TEST_CASE("a void attempt lets no further access through") {
    DeviceBuffer d(4096);
    Attempt a;
    a.launch.give_up();
    CHECK_FALSE(a.launch.note(a.block, reinterpret_cast<std::uintptr_t>(d.bytes), 4, AccessKind::Write, a.saved));
    CHECK(a.saved.empty());  // nor copies a page for it
}

TEST_CASE("a launch that makes no progress first gives its side-by-side attempt up, before the watchdog stops anything") {
    simt::Watchdog watchdog(2);
    std::atomic<bool> given_up{false};
    watchdog.launch_begin("stalled");
    watchdog.attempt_begin([&] { given_up = true; });
    // No simulated thread makes progress: after 2 s the attempt is given up;
    // the program would be stopped only 2 s after that.
    const auto start = std::chrono::steady_clock::now();
    while (!given_up && std::chrono::steady_clock::now() - start < std::chrono::milliseconds(3500))
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    watchdog.attempt_end();
    watchdog.launch_end();
    CHECK(given_up);
    CHECK(std::chrono::steady_clock::now() - start >= std::chrono::milliseconds(1900));
}
