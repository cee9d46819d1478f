// Catch2's own handlers for fatal signals stay off: simt handles SIGSEGV,
// SIGBUS, SIGFPE and SIGILL inside kernels (emulator/fault_signals.h), and
// Catch2 would put its handlers in their place for each test case it runs.
#define CATCH_CONFIG_NO_POSIX_SIGNALS
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
