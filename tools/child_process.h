// The driver's children (the compiler, the linker, the built program) never
// outlive it. A harness that times out kills the PID it started, the driver
// alone (Python's subprocess.run(timeout=), `kill <pid>`): each child is
// started with a parent-death signal, so it goes even when the driver is
// killed with SIGKILL, and SIGINT, SIGTERM and SIGHUP that reach the driver
// while it waits are passed on to the child. The driver then ends by the same
// signal, after unwinding (Interrupted), so temporary files are removed.
// (Nothing can pass on a SIGKILL: the compiler's own children, cc1plus and
// as, then end when their step is done.)
#pragma once

#include <exception>
#include <string>
#include <vector>

namespace simt::tool {

// Thrown once the child has ended, when the driver got `signal` while
// waiting for it.
struct Interrupted : std::exception {
    explicit Interrupted(int s) : signal(s) {}
    const char* what() const noexcept override { return "interrupted by a signal"; }
    int signal;
};

enum class ChildGroup {
    // The program: it keeps the terminal (a background process group could
    // not read it), and gets a terminal's Ctrl-C directly as well.
    Driver,
    // The compiler: a driver whose own children (cc1plus, as, ld) must go
    // too, so signals are passed on to its whole process group.
    Own,
};

// Runs argv[0] (looked up in PATH when it has no '/') with the driver's
// environment and returns its wait status. Throws std::system_error with the
// errno of exec when it cannot be started, and Interrupted.
int run_child(const std::vector<std::string>& argv, ChildGroup group);

// Ends the driver by `signal` as though it had never caught it, so that a
// shell or harness sees the usual "killed by SIGINT".
[[noreturn]] void end_by_signal(int signal);

}  // namespace simt::tool
