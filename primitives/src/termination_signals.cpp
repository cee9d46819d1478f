#include "termination_signals.h"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <thread>

#include "process_runtime.h"

namespace simt::cuda {
namespace {

constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};
int signal_pipe[2] = {-1, -1};
pid_t catching_process = 0;

// A signal handler may do little: it hands the signal to the thread below.
// A forked child shares the pipe but not that thread: it ends at once.
extern "C" void on_termination(int signal) {
    if (getpid() != catching_process) {
        ::signal(signal, SIG_DFL);
        raise(signal);
        return;
    }
    const unsigned char s = static_cast<unsigned char>(signal);
    const int saved = errno;
    [[maybe_unused]] const ssize_t written = write(signal_pipe[1], &s, 1);
    errno = saved;
}

// Waits for a caught signal, ends the run as exit would (a launch may still
// be running, as at the watchdog's stop), then lets the signal end the process.
void end_when_signalled() {
    unsigned char s = 0;
    ssize_t got;
    while ((got = read(signal_pipe[0], &s, 1)) < 0 && errno == EINTR) {
    }
    if (got != 1) return;
    const int signal = s;
    end_after_signal(signal);
    ::signal(signal, SIG_DFL);
    kill(getpid(), signal);
    for (;;) pause();
}

}  // namespace

void catch_termination_signals() {
    if (pipe2(signal_pipe, O_CLOEXEC) != 0) return;
    catching_process = getpid();
    bool caught = false;
    for (const int s : kSignals) {
        struct sigaction previous {};
        sigaction(s, nullptr, &previous);
        // Ignored (nohup, a harness) or the program's own: left as it is.
        if ((previous.sa_flags & SA_SIGINFO) != 0 || previous.sa_handler != SIG_DFL) continue;
        struct sigaction action {};
        action.sa_handler = &on_termination;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESTART;
        caught = sigaction(s, &action, nullptr) == 0 || caught;
    }
    if (caught) std::thread(end_when_signalled).detach();
}

}  // namespace simt::cuda
