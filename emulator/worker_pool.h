// Persistent OS threads that run blocks. The calling thread takes part as
// worker 0, so a one-thread run never hands work to another thread.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "emulator/worker.h"

namespace simt {

class WorkerPool {
public:
    WorkerPool(unsigned workers, StackConfig stacks, std::size_t dynamic_shared_bytes);
    ~WorkerPool();
    WorkerPool(const WorkerPool&) = delete;
    WorkerPool& operator=(const WorkerPool&) = delete;

    unsigned size() const { return unsigned(workers_.size()); }
    // Runs job(worker) on `count` workers (1 <= count <= size()) and waits,
    // also for the threads lent meanwhile.
    void run(unsigned count, const std::function<void(Worker&)>& job);
    // From inside run's job: runs it once more on an extra OS thread with a
    // worker of its own (a thread of the job must stay with a block that
    // waits for another block, and someone has to start that one).
    void lend(const std::function<void(Worker&)>& job);

private:
    void loop(unsigned index);

    std::vector<std::unique_ptr<Worker>> workers_;  // [0] belongs to the caller
    std::vector<std::thread> threads_;
    std::mutex mutex_;
    std::condition_variable wake_, done_;
    const std::function<void(Worker&)>* job_ = nullptr;
    unsigned wanted_ = 0;
    unsigned finished_ = 0;
    std::uint64_t generation_ = 0;
    bool stopping_ = false;
    StackConfig stacks_;
    std::size_t dynamic_shared_bytes_;
    std::mutex lent_mutex_;
    std::vector<std::unique_ptr<Worker>> lent_workers_;
    std::vector<std::thread> lent_threads_;
};

}  // namespace simt
