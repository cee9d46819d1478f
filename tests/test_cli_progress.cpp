// What a run shows while it goes on: a progress line on a terminal, nothing
// extra anywhere else.
#include "cli_support.h"

using namespace cli_test;

namespace {

// The command with its standard streams on a pseudo-terminal (python's pty,
// which copies what the child writes there to our standard output).
Result on_terminal(const std::string& command) {
    return shell("TERM=xterm python3 -c 'import pty, sys; sys.exit(pty.spawn(sys.argv[1:]) >> 8)' " + command);
}

}  // namespace

TEST_CASE("a run longer than two seconds shows its launch and blocks on a terminal, and erases it before its output") {
    const Result r = on_terminal(std::string(SIMT_EXE) + " run --cache-dir " + SIMT_TEST_CACHE +
                                 " --cache-limit 8192 --threads 1 " + program("slow_blocks.cu"));
    CHECK(r.status == 0);
    // Redrawn in place: a carriage return and an erase-to-end-of-line before each.
    CHECK_THAT(r.out, Catch::Contains("\r\033[Ksimt: 2 s, launch 1 (slow): "));
    CHECK_THAT(r.out, Catch::Contains(" of 30 blocks done"));
    // Gone before the launch's output: the program's line starts at column 0.
    CHECK_THAT(r.out, Catch::Contains(" blocks done\r\033[Kdone\r\n"));
}

TEST_CASE("a run whose standard error is not a terminal prints no progress line, however long it runs") {
    const Result r = simt("run --threads 1 " + program("slow_blocks.cu"));
    CHECK(r.status == 0);
    CHECK(r.out == "done\n");
    CHECK(r.err == kCleanRun);
}
