// Stream work put off behind a launch that waits for the host (simt/launch.h).
// One queue for every stream, in the order the host made the calls: each
// stream's own order is kept, and work of different streams runs in an order
// CUDA allows too (the host made the calls in it).
#include <deque>
#include <functional>
#include <mutex>

#include "deferred_work.h"
#include "process_runtime.h"
#include "simt/cuda.h"

namespace simt::cuda {
namespace {

struct Queue {
    std::recursive_mutex mutex;  // a host thread's calls; work done may queue no more
    std::deque<std::function<cudaError_t()>> work;
    bool doing = false;
};

Queue& queue() {
    static Queue q;
    return q;
}

}  // namespace

bool work_deferred() {
    Queue& q = queue();
    std::lock_guard<std::recursive_mutex> lock(q.mutex);
    return !q.doing && !q.work.empty();
}

bool doing_deferred_work() {
    Queue& q = queue();
    std::lock_guard<std::recursive_mutex> lock(q.mutex);
    return q.doing;
}

void defer_work(std::function<cudaError_t()> work) {
    Queue& q = queue();
    std::lock_guard<std::recursive_mutex> lock(q.mutex);
    q.work.push_back(std::move(work));
}

// Each piece reports its own errors (a launch's fault, a copy's refusal) as
// it would have when made; the sticky error then stops the launches after it.
void finish_deferred_work() {
    Queue& q = queue();
    std::lock_guard<std::recursive_mutex> lock(q.mutex);
    if (q.doing || q.work.empty()) return;
    q.doing = true;
    while (!q.work.empty()) {
        std::function<cudaError_t()> next = std::move(q.work.front());
        q.work.pop_front();
        next();
    }
    q.doing = false;
}

void wait_for_device() {
    finish_deferred_work();
    ProcessRuntime::get().host_waited();
}

}  // namespace simt::cuda
