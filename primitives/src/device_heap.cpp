// malloc and free called in kernel code: CUDA's device heap. Its blocks are
// device memory (the engine's arena), so the checkers see every access to
// them, as to cudaMalloc's: races between threads, bytes past a block,
// reads of bytes nobody wrote. The heap holds cudaLimitMallocHeapSize bytes
// (8 MiB unless the program sets it), past which malloc returns NULL, as on
// a GPU. The source rewriter routes the user's malloc and free calls here
// (tools/observed_calls.h); outside a kernel they are libc's.
#include <cstdlib>
#include <map>
#include <mutex>

#include "emulator/device_context.h"
#include "emulator/global_memory.h"
#include "process_runtime.h"
#include "simt/cuda.h"

namespace {

std::mutex heap_mutex;
std::map<const void*, std::size_t>& heap_blocks() {  // live blocks and their sizes
    static std::map<const void*, std::size_t> blocks;
    return blocks;
}
std::size_t heap_used = 0;

}  // namespace

extern "C" void* simt_device_malloc(std::size_t bytes) noexcept {
    if (!simt::device::in_kernel()) return std::malloc(bytes);
    simt::cuda::ProcessRuntime& rt = simt::cuda::ProcessRuntime::get();
    rt.note_heap_use();
    const std::size_t limit = rt.heap_limit();
    {
        std::lock_guard<std::mutex> lock(heap_mutex);
        if (bytes == 0 || bytes > limit - heap_used) return nullptr;
        heap_used += bytes;
    }
    void* p = nullptr;
    if (simt_malloc_at(&p, bytes, 0, __builtin_return_address(0)) != cudaSuccess) p = nullptr;
    std::lock_guard<std::mutex> lock(heap_mutex);
    if (p == nullptr)
        heap_used -= bytes;
    else
        heap_blocks()[p] = bytes;
    return p;
}

extern "C" void simt_device_free(void* p) noexcept {
    if (!simt::device::in_kernel()) {
        std::free(p);
        return;
    }
    if (p == nullptr) return;
    {
        std::lock_guard<std::mutex> lock(heap_mutex);
        const auto block = heap_blocks().find(p);
        if (block != heap_blocks().end()) {
            heap_used -= block->second;
            heap_blocks().erase(block);
        }
    }
    cudaFree(p);  // a pointer malloc did not return is refused there, and reported
}
