#include "emulator/worker.h"

#include <link.h>
#include <signal.h>
#include <sys/mman.h>

#include <cstdlib>
#include <mutex>
#include <new>
#include <set>

#include "emulator/block.h"
#include "emulator/fault_signals.h"
#include "primitives/include/simt/running_coordinates.h"

__thread simt_running_coordinates_t simt_running_coordinates __attribute__((tls_model("initial-exec"))) = {{0, 0, 0}, {0, 0, 0}, {1, 1, 1}, {1, 1, 1}};

namespace simt {

[[gnu::tls_model("initial-exec")]] constinit thread_local Worker* Worker::current_ = nullptr;

std::span<SimThread> Worker::thread_table(std::size_t count) {
    if (count > thread_capacity_) {
        thread_table_ = std::make_unique<SimThread[]>(count);
        thread_capacity_ = count;
    }
    return {thread_table_.get(), count};
}

namespace {

// The executable's static TLS block for the calling thread: `__shared__`
// variables are `static __thread`, so they live there.
struct TlsBlock {
    std::uintptr_t lo = 0;
    std::size_t size = 0;
};

int find_executable_tls(dl_phdr_info* info, std::size_t, void* out) {
    if (info->dlpi_tls_modid != 1 || info->dlpi_tls_data == nullptr) return 0;
    for (int i = 0; i < info->dlpi_phnum; ++i) {
        if (info->dlpi_phdr[i].p_type == PT_TLS) {
            auto* block = static_cast<TlsBlock*>(out);
            block->lo = reinterpret_cast<std::uintptr_t>(info->dlpi_tls_data);
            block->size = info->dlpi_phdr[i].p_memsz;
            return 1;
        }
    }
    return 0;
}

}  // namespace

std::size_t Worker::static_shared_bytes() {
    static const std::size_t bytes = [] {
        TlsBlock tls;
        dl_iterate_phdr(&find_executable_tls, &tls);
        return tls.size;
    }();
    return bytes;
}

Worker::Worker(StackConfig stacks, std::size_t dynamic_shared_bytes)
    : stacks_(stacks), dynamic_size_(dynamic_shared_bytes) {
    // The buffer sits between two reserved guards of kNearShared bytes.
    // Below it: an address just below it (a negative index into extern
    // __shared__ memory) is always ours to refuse, never another mapping.
    // Above it: a thread's static shared window (its TLS, at the top of its
    // stack mapping) may be mapped right above the buffer, and a negative
    // index into a static __shared__ array then landed in the buffer and
    // was judged as extern __shared__ memory, on the runs whose mappings
    // fell that way.
    void* m = mmap(nullptr, kNearShared + dynamic_size_ + kNearShared, PROT_NONE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (m == MAP_FAILED) throw std::bad_alloc();
    dynamic_shared_ = static_cast<unsigned char*>(m) + kNearShared;
    if (mprotect(dynamic_shared_, dynamic_size_, PROT_READ | PROT_WRITE) != 0) throw std::bad_alloc();
}

namespace {
// Never destroyed: workers of the process engine outlive static destructors.
struct Attached {
    std::mutex mutex;
    std::set<Worker*> workers;
};
Attached& attached() {
    static Attached* registry = new Attached;
    return *registry;
}
}  // namespace

Worker::~Worker() {
    {
        std::lock_guard<std::mutex> lock(attached().mutex);
        attached().workers.erase(this);
    }
    munmap(dynamic_shared_ - kNearShared, kNearShared + dynamic_size_ + kNearShared);
}

void Worker::for_each_attached(const std::function<void(Worker&)>& visit) {
    std::lock_guard<std::mutex> lock(attached().mutex);
    for (Worker* w : attached().workers) visit(*w);
}

void Worker::attach() {
    current_ = this;
    os_thread_ = pthread_self();
    {
        std::lock_guard<std::mutex> lock(attached().mutex);
        attached().workers.insert(this);
    }
    TlsBlock tls;
    dl_iterate_phdr(&find_executable_tls, &tls);
    static_lo_ = tls.lo;
    static_size_ = tls.size;
    prepare_fault_signals();
}

void Worker::detach() {
    current_ = nullptr;
    std::lock_guard<std::mutex> lock(attached().mutex);
    attached().workers.erase(this);
}

}  // namespace simt
