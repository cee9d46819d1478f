// CUDA IPC handles (simt/ipc.h). Device memory lives in one reserved range
// of each process's address space (GlobalMemory), private to the process.
// An allocation a handle is made for moves onto a memfd mapped MAP_SHARED at
// the same addresses, and the handle names the process, that file and where
// the allocation lies in it; another process opens the file through
// /proc/<pid>/fd, maps it into an allocation of its own arena, and both see
// the same bytes, as two processes on a GPU do. Written by another process,
// such an allocation counts as written for the init checker, in both. Events:
// every launch and copy in every process is finished when its call returns,
// so an event opened from another process is complete from the start.
// Opened in the process that made it, CUDA refuses a handle
// (cudaErrorDeviceUninitialized on an H200), and so does simt.
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "driver/hazard.h"
#include "emulator/global_memory.h"
#include "process_runtime.h"
#include "simt/cuda.h"

using simt::cuda::ProcessRuntime;

bool simt_event_interprocess(cudaEvent_t e);  // streams.cpp

namespace {

constexpr char kMagic[8] = {'s', 'i', 'm', 't', '-', 'i', 'p', 'c'};

// The layout inside the 64 bytes of either handle.
struct Contents {
    char magic[8];
    std::int64_t process;
    std::uint64_t address;  // the allocation's start, or the event
    std::int32_t file = -1;  // memory: the memfd, in `process`
    std::uint32_t offset = 0;  // of the allocation in it
    std::uint64_t length = 0;  // of the file (whole pages)
};
static_assert(sizeof(Contents) <= CUDA_IPC_HANDLE_SIZE);

template <class Handle>
void write(Handle& handle, const Contents& contents) {
    Contents c = contents;
    std::memcpy(c.magic, kMagic, sizeof kMagic);
    c.process = getpid();
    std::memset(handle.reserved, 0, sizeof handle.reserved);
    std::memcpy(handle.reserved, &c, sizeof c);
}

std::uintptr_t page_size() { return std::uintptr_t(sysconf(_SC_PAGESIZE)); }

// Pages [lo, lo + length) of the arena, shared through a file.
struct SharedPages {
    int file = -1;
    std::uintptr_t lo = 0;
    std::size_t length = 0;
};
std::map<std::uintptr_t, SharedPages> exported;  // by allocation
// An opened handle: the allocation of this process's arena that holds the
// other process's pages.
struct Import {
    std::uintptr_t allocation = 0;
    std::uintptr_t lo = 0;
    std::size_t length = 0;
};
std::map<std::uintptr_t, Import> imported;  // by the pointer the handle opened as

bool map_shared(std::uintptr_t lo, std::size_t length, int file) {
    return mmap(reinterpret_cast<void*>(lo), length, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, file, 0) !=
           MAP_FAILED;
}
// Back to private pages of the arena's kind, zeroed.
void map_private(std::uintptr_t lo, std::size_t length) {
    mmap(reinterpret_cast<void*>(lo), length, PROT_READ | PROT_WRITE,
         MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0);
}
// The same, keeping their bytes.
void map_private_keeping(std::uintptr_t lo, std::size_t length) {
    std::vector<char> bytes(reinterpret_cast<const char*>(lo), reinterpret_cast<const char*>(lo) + length);
    map_private(lo, length);
    std::memcpy(reinterpret_cast<void*>(lo), bytes.data(), length);
}

// Moves the allocation's pages onto a memfd, once.
const SharedPages* share(const simt::Allocation& a) {
    if (auto it = exported.find(a.base); it != exported.end()) return &it->second;
    const std::uintptr_t page = page_size();
    SharedPages s;
    s.lo = a.base & ~(page - 1);
    s.length = ((a.base + a.size + page - 1) & ~(page - 1)) - s.lo;
    s.file = memfd_create("simt-ipc", MFD_CLOEXEC);
    if (s.file < 0) return nullptr;
    // The bytes as they are (a page reaching past the allocation keeps its
    // other bytes too), then the file in the pages' place.
    if (ftruncate(s.file, off_t(s.length)) != 0 ||
        pwrite(s.file, reinterpret_cast<const void*>(s.lo), s.length, 0) != ssize_t(s.length) ||
        !map_shared(s.lo, s.length, s.file)) {
        close(s.file);
        return nullptr;
    }
    return &exported.emplace(a.base, s).first->second;
}

// A handle from elsewhere that cannot be used: reported at the program's line.
cudaError_t refuse(cudaError_t e, const char* call, const void* site, std::string what, std::string why,
                   std::string fix) {
    return ProcessRuntime::get().refuse_call(call, site, e, std::move(what), std::move(why), std::move(fix));
}

// The handle's contents, or why it cannot be opened here.
template <class Handle>
cudaError_t contents_of(const Handle& handle, Contents& c) {
    std::memcpy(&c, handle.reserved, sizeof c);
    if (std::memcmp(c.magic, kMagic, sizeof kMagic) != 0) return cudaErrorInvalidValue;
    if (c.process == getpid()) return cudaErrorDeviceUninitialized;
    return cudaSuccess;
}

}  // namespace

// An allocation is freed: its pages go back to the arena.
void simt::cuda::end_ipc_sharing(std::uintptr_t base) {
    if (auto it = exported.find(base); it != exported.end()) {
        map_private_keeping(it->second.lo, it->second.length);
        close(it->second.file);
        exported.erase(it);
    }
}

cudaError_t cudaIpcGetMemHandle(cudaIpcMemHandle_t* handle, void* ptr) {
    if (handle == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    const auto turn = ProcessRuntime::get().device_turn();
    const std::optional<simt::Allocation> a =
        ProcessRuntime::get().engine().memory().find(reinterpret_cast<std::uintptr_t>(ptr));
    if (!a) return SIMT_API_RESULT(cudaErrorInvalidValue);
    const SharedPages* s = share(*a);
    if (s == nullptr) return SIMT_API_RESULT(cudaErrorMemoryAllocation);
    // Another process may write any of it.
    simt::cuda::note_host_store(a->base, a->size);
    Contents c{};
    c.address = a->base;  // a pointer into an allocation names the allocation
    c.file = s->file;
    c.offset = std::uint32_t(a->base - s->lo);
    c.length = s->length;
    write(*handle, c);
    return SIMT_API_RESULT(cudaSuccess);
}

cudaError_t cudaIpcOpenMemHandle(void** ptr, cudaIpcMemHandle_t handle, unsigned flags) {
    const void* site = __builtin_return_address(0);
    if (ptr == nullptr || (flags & ~unsigned(cudaIpcMemLazyEnablePeerAccess)) != 0)
        return SIMT_API_RESULT(cudaErrorInvalidValue);
    *ptr = nullptr;
    Contents c;
    if (const cudaError_t e = contents_of(handle, c); e != cudaSuccess) return SIMT_API_RESULT(e);
    const std::string file = "/proc/" + std::to_string(c.process) + "/fd/" + std::to_string(c.file);
    // The file descriptor's number may have been reused since: it must still
    // be a simt memfd of the handle's length.
    int fd = open(file.c_str(), O_RDWR | O_CLOEXEC);
    char target[64] = {};
    struct stat st {};
    if (fd >= 0 && (readlink(file.c_str(), target, sizeof target - 1) < 0 ||
                    std::strncmp(target, "/memfd:simt-ipc", 15) != 0 || fstat(fd, &st) != 0 ||
                    std::uint64_t(st.st_size) != c.length)) {
        close(fd);
        fd = -1;
        errno = ENOENT;
    }
    if (fd < 0)
        return refuse(cudaErrorInvalidValue, "cudaIpcOpenMemHandle", site,
                      "the handle names memory of process " + std::to_string(c.process) + ", which " +
                          file + " no longer reaches (" + std::strerror(errno) + ")",
                      "the process that made the handle has exited or freed the memory",
                      "keep the exporting process alive, and the memory allocated, until every other process has "
                      "closed the handle (cudaIpcCloseMemHandle)");
    // An allocation of this process's own, the file mapped page-aligned inside it.
    const std::uintptr_t page = page_size();
    void* allocation = nullptr;
    if (const cudaError_t e = simt_malloc_at(&allocation, c.length + page, 0, site); e != cudaSuccess) {
        close(fd);
        return e;
    }
    const auto turn = ProcessRuntime::get().device_turn();
    const std::uintptr_t lo = (reinterpret_cast<std::uintptr_t>(allocation) + page - 1) & ~(page - 1);
    const bool mapped = map_shared(lo, c.length, fd);
    close(fd);  // the mapping keeps the file
    if (!mapped) {
        cudaFree(allocation);
        return SIMT_API_RESULT(cudaErrorMemoryAllocation);
    }
    // Written by another process: as good as written here.
    simt::cuda::note_host_store(reinterpret_cast<std::uintptr_t>(allocation), c.length + page);
    *ptr = reinterpret_cast<void*>(lo + c.offset);
    imported[lo + c.offset] = Import{reinterpret_cast<std::uintptr_t>(allocation), lo, c.length};
    return SIMT_API_RESULT(cudaSuccess);
}

cudaError_t cudaIpcCloseMemHandle(void* ptr) {
    std::uintptr_t allocation = 0;
    {
        const auto turn = ProcessRuntime::get().device_turn();
        const auto it = imported.find(reinterpret_cast<std::uintptr_t>(ptr));
        if (it == imported.end()) return SIMT_API_RESULT(cudaErrorInvalidValue);
        allocation = it->second.allocation;
        // Private pages again (inside this process's allocation: nothing else there).
        map_private(it->second.lo, it->second.length);
        imported.erase(it);
    }
    return SIMT_API_RESULT(cudaFree(reinterpret_cast<void*>(allocation)));
}

cudaError_t cudaIpcGetEventHandle(cudaIpcEventHandle_t* handle, cudaEvent_t event) {
    if (handle == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    // Only an event made with cudaEventInterprocess has a handle.
    if (!simt_event_interprocess(event)) return SIMT_API_RESULT(cudaErrorInvalidResourceHandle);
    Contents c{};
    c.address = reinterpret_cast<std::uintptr_t>(event);
    write(*handle, c);
    return SIMT_API_RESULT(cudaSuccess);
}
cudaError_t cudaIpcOpenEventHandle(cudaEvent_t* event, cudaIpcEventHandle_t handle) {
    if (event == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    Contents c;
    if (const cudaError_t e = contents_of(handle, c); e != cudaSuccess) return SIMT_API_RESULT(e);
    // Whatever the other process recorded on it has finished (its calls
    // return when their work is done): a complete event of this process.
    return SIMT_API_RESULT(cudaEventCreateWithFlags(event, cudaEventDisableTiming | cudaEventInterprocess));
}
