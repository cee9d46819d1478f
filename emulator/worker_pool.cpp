#include "emulator/worker_pool.h"

namespace simt {

WorkerPool::WorkerPool(unsigned workers, StackConfig stacks, std::size_t dynamic_shared_bytes)
    : stacks_(stacks), dynamic_shared_bytes_(dynamic_shared_bytes) {
    if (workers == 0) workers = 1;
    for (unsigned i = 0; i < workers; ++i)
        workers_.push_back(std::make_unique<Worker>(stacks, dynamic_shared_bytes));
    for (unsigned i = 1; i < workers; ++i) threads_.emplace_back([this, i] { loop(i); });
}

WorkerPool::~WorkerPool() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    for (std::thread& t : threads_) t.join();
}

void WorkerPool::run(unsigned count, const std::function<void(Worker&)>& job) {
    if (count > size()) count = size();
    if (count > 1) {
        std::lock_guard<std::mutex> lock(mutex_);
        job_ = &job;
        wanted_ = count - 1;
        finished_ = 0;
        ++generation_;
    }
    if (count > 1) wake_.notify_all();
    Worker& mine = *workers_[0];
    mine.attach();
    job(mine);
    mine.detach();
    if (count > 1) {
        std::unique_lock<std::mutex> lock(mutex_);
        done_.wait(lock, [&] { return finished_ == wanted_; });
        job_ = nullptr;
    }
    // Lent threads may lend more while they run: join until none is left.
    for (;;) {
        std::thread t;
        {
            std::lock_guard<std::mutex> lock(lent_mutex_);
            if (lent_threads_.empty()) break;
            t = std::move(lent_threads_.back());
            lent_threads_.pop_back();
        }
        t.join();
    }
    std::lock_guard<std::mutex> lock(lent_mutex_);
    lent_workers_.clear();
}

void WorkerPool::lend(const std::function<void(Worker&)>& job) {
    std::lock_guard<std::mutex> lock(lent_mutex_);
    lent_workers_.push_back(std::make_unique<Worker>(stacks_, dynamic_shared_bytes_));
    Worker* worker = lent_workers_.back().get();
    lent_threads_.emplace_back([worker, &job] {
        worker->attach();
        job(*worker);
        worker->detach();
    });
}

void WorkerPool::loop(unsigned index) {
    Worker& mine = *workers_[index];
    mine.attach();
    std::uint64_t seen = 0;
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
        wake_.wait(lock, [&] { return stopping_ || (generation_ != seen && index <= wanted_); });
        if (stopping_) return;
        seen = generation_;
        const auto* job = job_;
        lock.unlock();
        (*job)(mine);
        lock.lock();
        if (++finished_ == wanted_) done_.notify_all();
    }
}

}  // namespace simt
