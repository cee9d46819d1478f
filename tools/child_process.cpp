#include "tools/child_process.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <iterator>
#include <system_error>
#include <thread>

namespace simt::tool {
namespace {

constexpr int forwarded_signals[] = {SIGINT, SIGTERM, SIGHUP};
// A child that handles or ignores the forwarded signal gets this long to end
// before SIGKILL: the driver must neither hang on it nor leave it behind.
constexpr auto grace_period = std::chrono::seconds(3);

// The pid, or minus the process group, that a forwarded signal goes to.
volatile std::sig_atomic_t child_target = 0;
volatile std::sig_atomic_t received = 0;

extern "C" void forward_to_child(int signal) {
    received = signal;
    if (child_target != 0) kill(pid_t(child_target), signal);
}

// While a child runs: the forwarding handlers (no SA_RESTART, so that
// waitpid returns and the driver notices). A signal the driver was started
// ignoring (SIGINT in a background job of a script, nohup's SIGHUP) stays
// ignored, for the driver and the child alike.
class Forwarding {
public:
    Forwarding() {
        struct sigaction action {};
        action.sa_handler = forward_to_child;
        sigemptyset(&action.sa_mask);
        for (std::size_t i = 0; i < std::size(forwarded_signals); ++i) {
            sigaction(forwarded_signals[i], nullptr, &previous_[i]);
            if (previous_[i].sa_handler != SIG_IGN) sigaction(forwarded_signals[i], &action, nullptr);
        }
    }
    ~Forwarding() { restore(); }
    Forwarding(const Forwarding&) = delete;
    Forwarding& operator=(const Forwarding&) = delete;
    void restore() const {
        for (std::size_t i = 0; i < std::size(forwarded_signals); ++i)
            sigaction(forwarded_signals[i], &previous_[i], nullptr);
    }

private:
    struct sigaction previous_[std::size(forwarded_signals)];
};

class BlockedSignals {
public:
    BlockedSignals() {
        sigset_t set;
        sigemptyset(&set);
        for (const int s : forwarded_signals) sigaddset(&set, s);
        sigprocmask(SIG_BLOCK, &set, &previous_);
    }
    ~BlockedSignals() { unblock(); }
    BlockedSignals(const BlockedSignals&) = delete;
    BlockedSignals& operator=(const BlockedSignals&) = delete;
    void unblock() const { sigprocmask(SIG_SETMASK, &previous_, nullptr); }

private:
    sigset_t previous_;
};

// In the child, between fork and exec: only async-signal-safe calls.
[[noreturn]] void become(char* const* argv, ChildGroup group, const Forwarding& forwarding,
                         const BlockedSignals& blocked, pid_t driver, int report_fd) {
    if (group == ChildGroup::Own) setpgid(0, 0);
    // Dies with the driver, even by SIGKILL; if the driver is already gone
    // (before prctl took effect), the child is the orphan it must not be.
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != driver) _exit(127);
    forwarding.restore();  // a signal pending since the fork now acts as it would have
    blocked.unblock();
    execvp(argv[0], argv);
    const int error = errno;
    [[maybe_unused]] const ssize_t written = write(report_fd, &error, sizeof error);
    _exit(127);
}

int reap(pid_t pid, pid_t target) {
    int status = 0;
    while (received == 0) {
        if (waitpid(pid, &status, 0) == pid) return status;
        if (errno != EINTR) return status;
    }
    const auto deadline = std::chrono::steady_clock::now() + grace_period;
    while (std::chrono::steady_clock::now() < deadline) {
        if (waitpid(pid, &status, WNOHANG) == pid) return status;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    kill(target, SIGKILL);
    while (waitpid(pid, &status, 0) != pid && errno == EINTR) {
    }
    return status;
}

}  // namespace

int run_child(const std::vector<std::string>& arguments, ChildGroup group) {
    std::vector<char*> argv;
    for (const std::string& a : arguments) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    int report[2];  // the child writes exec's errno here; closed on a successful exec
    if (pipe2(report, O_CLOEXEC) != 0) throw std::system_error(errno, std::generic_category(), "pipe");

    const pid_t driver = getpid();
    BlockedSignals blocked;  // until child_target is set, so that no signal goes unforwarded
    received = 0;
    Forwarding forwarding;
    const pid_t pid = fork();
    if (pid == 0) become(argv.data(), group, forwarding, blocked, driver, report[1]);
    const int fork_error = errno;
    close(report[1]);
    if (pid < 0) {
        close(report[0]);
        throw std::system_error(fork_error, std::generic_category(), "fork");
    }
    if (group == ChildGroup::Own) setpgid(pid, pid);  // as the child does: whichever runs first
    const pid_t target = group == ChildGroup::Own ? -pid : pid;
    child_target = target;
    blocked.unblock();

    int exec_error = 0;
    ssize_t got;
    while ((got = read(report[0], &exec_error, sizeof exec_error)) < 0 && errno == EINTR) {
    }
    close(report[0]);
    const int status = reap(pid, target);
    child_target = 0;
    if (received != 0) throw Interrupted(received);
    if (got == sizeof exec_error) throw std::system_error(exec_error, std::generic_category());
    return status;
}

void end_by_signal(int signal) {
    std::signal(signal, SIG_DFL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, signal);
    sigprocmask(SIG_UNBLOCK, &set, nullptr);
    std::raise(signal);
    _exit(128 + signal);
}

}  // namespace simt::tool
