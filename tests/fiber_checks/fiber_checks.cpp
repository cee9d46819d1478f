// simt's fiber switch (emulator/fiber.h) with its state checks on: a ring of
// fibers that hand control to each other directly (switch_to, the path a
// barrier takes) and back to the scheduler (suspend/resume), each checking
// that it resumed with its own callee-saved state and stack intact; and two
// misuses the checks must stop before the switch happens.
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "emulator/fiber.h"

namespace {

using simt::Fiber;

constexpr int kFibers = 8;
constexpr int kLaps = 1000;

struct Ring {
    std::vector<Fiber> fibers = std::vector<Fiber>(kFibers);
    std::vector<long> visits = std::vector<long>(kFibers, 0);
    int failures = 0;
};
Ring* ring = nullptr;

void fail(const char* what, int fiber) {
    std::fprintf(stderr, "fiber_checks: FAILED: %s (fiber %d)\n", what, fiber);
    ++ring->failures;
}

// Each lap: a local that must survive every switch, then to the next fiber
// directly; every tenth lap back to the scheduler instead.
Fiber* lap_around(void* argument) {
    const int me = int(reinterpret_cast<std::intptr_t>(argument));
    volatile long mine = 1000L * me;  // lives on this fiber's stack across switches
    for (int lap = 0; lap < kLaps; ++lap) {
        ++ring->visits[std::size_t(me)];
        if (mine != 1000L * me + lap) fail("a local changed across a switch", me);
        mine = mine + 1;
        if (lap % 10 == 9)
            ring->fibers[std::size_t(me)].suspend();
        else
            ring->fibers[std::size_t(me)].switch_to(ring->fibers[std::size_t((me + 1) % kFibers)]);
    }
    return nullptr;
}

int run_ring() {
    Ring r;
    ring = &r;
    simt::StackPool pool{simt::StackConfig{}};
    for (int i = 0; i < kFibers; ++i)
        r.fibers[std::size_t(i)].prepare(pool.acquire(), &lap_around, reinterpret_cast<void*>(std::intptr_t(i)));
    // The scheduler resumes whichever fibers have not finished, in order,
    // until all have: a fiber that suspended is continued from here.
    for (bool all_done = false; !all_done;) {
        all_done = true;
        for (Fiber& f : r.fibers)
            if (!f.finished()) {
                all_done = false;
                f.resume();
            }
    }
    for (int i = 0; i < kFibers; ++i)
        if (r.visits[std::size_t(i)] != kLaps) fail("a fiber ran a different number of laps", i);
    for (Fiber& f : r.fibers) pool.release(f.stack());
    std::printf("fiber_checks: %d fibers, %d laps each: %s\n", kFibers, kLaps, r.failures == 0 ? "ok" : "FAILED");
    return r.failures == 0 ? 0 : 1;
}

// A fiber switches to itself, which is running: the check stops it before
// the switch.
Fiber* switch_to_self(void*) {
    ring->fibers[0].switch_to(ring->fibers[0]);
    return nullptr;
}

int run_switch_to_running() {
    Ring r;
    ring = &r;
    simt::StackPool pool{simt::StackConfig{}};
    r.fibers[0].prepare(pool.acquire(), &switch_to_self, nullptr);
    r.fibers[0].resume();
    std::printf("fiber_checks: the switch to a running fiber was not stopped\n");
    return 1;
}

Fiber* returns_at_once(void*) { return nullptr; }

// Each fiber, as it finishes, hands over to the next one directly (what a
// block does when a thread exits and another is ready); the last goes back
// to the scheduler. One resume runs them all, in order.
Fiber* relay_leg(void* argument) {
    const int me = int(reinterpret_cast<std::intptr_t>(argument));
    ++ring->visits[std::size_t(me)];
    for (int i = 0; i < me; ++i)
        if (ring->visits[std::size_t(i)] != 1 || !ring->fibers[std::size_t(i)].finished()) fail("a leg ran out of order", me);
    return me + 1 < kFibers ? &ring->fibers[std::size_t(me + 1)] : nullptr;
}

int run_relay() {
    Ring r;
    ring = &r;
    simt::StackPool pool{simt::StackConfig{}};
    for (int i = 0; i < kFibers; ++i)
        r.fibers[std::size_t(i)].prepare(pool.acquire(), &relay_leg, reinterpret_cast<void*>(std::intptr_t(i)));
    r.fibers[0].resume();
    for (int i = 0; i < kFibers; ++i)
        if (!r.fibers[std::size_t(i)].finished() || r.visits[std::size_t(i)] != 1) fail("a leg did not run once and finish", i);
    for (Fiber& f : r.fibers) pool.release(f.stack());
    std::printf("fiber_checks: %d fibers handed over at their ends: %s\n", kFibers, r.failures == 0 ? "ok" : "FAILED");
    return r.failures == 0 ? 0 : 1;
}

// As the relay, but only the first fiber has a stack: where fibers start in
// place, each later one runs on the stack the one before it finished on,
// which it takes with it; elsewhere each gets its own, as a block gives them.
const char* in_place_stack_lo = nullptr;
const char* in_place_stack_hi = nullptr;
Fiber* in_place_leg(void* argument) {
    const int me = int(reinterpret_cast<std::intptr_t>(argument));
    ++ring->visits[std::size_t(me)];
    char local = 0;
    const bool on_first_stack = &local >= in_place_stack_lo && &local < in_place_stack_hi;
    if (Fiber::starts_in_place && !on_first_stack) fail("a fiber that started in place ran on another stack", me);
    if (!Fiber::starts_in_place && me != 0 && on_first_stack) fail("a fiber given its own stack ran on another's", me);
    for (int i = 0; i < me; ++i)
        if (!ring->fibers[std::size_t(i)].finished()) fail("a leg ran before the one before it finished", me);
    return me + 1 < kFibers ? &ring->fibers[std::size_t(me + 1)] : nullptr;
}

int run_in_place() {
    Ring r;
    ring = &r;
    simt::StackPool pool{simt::StackConfig{}};
    r.fibers[0].prepare(pool.acquire(), &in_place_leg, nullptr);
    in_place_stack_lo = r.fibers[0].stack().guard_end();
    in_place_stack_hi = r.fibers[0].stack().top();
    for (int i = 1; i < kFibers; ++i) {
        r.fibers[std::size_t(i)].prepare(&in_place_leg, reinterpret_cast<void*>(std::intptr_t(i)));
        if (!Fiber::starts_in_place) r.fibers[std::size_t(i)].set_stack(pool.acquire());
    }
    r.fibers[0].resume();
    int with_stacks = 0;
    for (int i = 0; i < kFibers; ++i) {
        if (!r.fibers[std::size_t(i)].finished() || r.visits[std::size_t(i)] != 1) fail("a leg did not run once and finish", i);
        if (r.fibers[std::size_t(i)].has_stack()) {
            ++with_stacks;
            pool.release(r.fibers[std::size_t(i)].stack());
        }
    }
    if (Fiber::starts_in_place && (with_stacks != 1 || !r.fibers[kFibers - 1].has_stack()))
        fail("the stack was not passed on to the last fiber alone", with_stacks);
    std::printf("fiber_checks: %d fibers started %s: %s\n", kFibers,
                Fiber::starts_in_place ? "in place, on one stack" : "on their own stacks", r.failures == 0 ? "ok" : "FAILED");
    return r.failures == 0 ? 0 : 1;
}

// A fiber that hands over to a finished one at its end: the check stops it.
Fiber* hand_to_finished(void*) { return &ring->fibers[1]; }

int run_hand_to_finished() {
    Ring r;
    ring = &r;
    simt::StackPool pool{simt::StackConfig{}};
    r.fibers[1].prepare(pool.acquire(), &returns_at_once, nullptr);
    r.fibers[1].resume();  // finished
    r.fibers[0].prepare(pool.acquire(), &hand_to_finished, nullptr);
    r.fibers[0].resume();
    std::printf("fiber_checks: handing over to a finished fiber was not stopped\n");
    return 1;
}

int run_resume_finished() {
    Ring r;
    ring = &r;
    simt::StackPool pool{simt::StackConfig{}};
    r.fibers[0].prepare(pool.acquire(), &returns_at_once, nullptr);
    r.fibers[0].resume();
    r.fibers[0].resume();  // finished: the check stops it
    std::printf("fiber_checks: resuming a finished fiber was not stopped\n");
    return 1;
}

}  // namespace

int main(int argc, char** argv) {
    // A failed check aborts: end with a plain status instead, so ctest reads
    // the message (its test passes on the message, not on a crash).
    std::signal(SIGABRT, [](int) { _exit(134); });
    const std::string what = argc > 1 ? argv[1] : "";
    if (what == "ring") return run_ring();
    if (what == "switch-to-running") return run_switch_to_running();
    if (what == "resume-finished") return run_resume_finished();
    if (what == "relay") return run_relay();
    if (what == "hand-to-finished") return run_hand_to_finished();
    if (what == "in-place") return run_in_place();
    std::fprintf(stderr, "usage: simt_fiber_checks ring|switch-to-running|resume-finished|relay|hand-to-finished|in-place\n");
    return 2;
}
