#include "value_flow.h"

#include <cstdio>
#include <cstring>
#include <map>
#include <mutex>
#include <set>

#include "driver/lane_list.h"
#include "emulator/memory_spaces.h"

namespace simt::cuda::value_flow {
namespace {

struct KernelMemory {
    bool copy_next = true;         // its last launch had calls not yet judged harmless
    std::set<CallKey> harmless;    // calls judged harmless
};
std::mutex kernels_mutex;
std::map<std::string, KernelMemory> kernels_seen;

// "lane 31", "lanes 0-15, 31".
std::string lane_list(std::uint64_t lanes) {
    return (__builtin_popcountll(lanes) == 1 ? "lane " : "lanes ") + driver::lane_list(lanes);
}

std::string hex_bytes(const unsigned char* p, std::size_t n) {
    std::string s;
    char b[4];
    for (std::size_t i = 0; i < n; ++i) {
        std::snprintf(b, sizeof b, "%02x", p[i]);
        s += (i == 0 ? "" : " ") + std::string(b);
    }
    return s;
}

}  // namespace

void remember(const char* kernel, bool copy_next) {
    std::lock_guard<std::mutex> lock(kernels_mutex);
    kernels_seen[kernel].copy_next = copy_next;
}

void forget() {
    std::lock_guard<std::mutex> lock(kernels_mutex);
    kernels_seen.clear();
}

bool judged_harmless(const char* kernel, const CallKey& call) {
    std::lock_guard<std::mutex> lock(kernels_mutex);
    const auto seen = kernels_seen.find(kernel);
    return seen != kernels_seen.end() && seen->second.harmless.contains(call);
}

void remember_harmless(const char* kernel, const CallKey& call) {
    std::lock_guard<std::mutex> lock(kernels_mutex);
    kernels_seen[kernel].harmless.insert(call);
}

LaunchCheck::LaunchCheck(Engine& engine, const char* kernel, bool enabled) : engine_(engine), kernel_(kernel) {
    if (!enabled) return;
    enabled_ = true;
    {
        std::lock_guard<std::mutex> lock(kernels_mutex);
        const auto seen = kernels_seen.find(kernel);
        if (seen != kernels_seen.end() && !seen->second.copy_next) return;
    }
    std::size_t bytes = std::size_t(__stop_simt_global_space - __start_simt_global_space);
    for (const Allocation& a : engine.memory().live()) bytes += a.size;
    if (bytes > kMaxCopy) {
        too_large_ = true;
        return;
    }
    before_ = capture();
    copied_ = true;
}

LaunchCheck::~LaunchCheck() { perturbed_site.store(nullptr, std::memory_order_relaxed); }

LaunchCheck::Image LaunchCheck::capture() const {
    Image image;
    if (+__start_simt_global_space != nullptr && +__stop_simt_global_space > +__start_simt_global_space) {
        const auto* p = reinterpret_cast<const unsigned char*>(__start_simt_global_space);
        image.push_back(Region{reinterpret_cast<std::uintptr_t>(p), 0,
                               std::vector<unsigned char>(p, p + (__stop_simt_global_space - __start_simt_global_space))});
    }
    for (const Allocation& a : engine_.memory().live()) {
        const auto* p = reinterpret_cast<const unsigned char*>(a.base);
        image.push_back(Region{a.base, a.serial, std::vector<unsigned char>(p, p + a.size)});
    }
    return image;
}

void LaunchCheck::restore(const Image& image) {
    for (const Region& r : image) std::memcpy(reinterpret_cast<void*>(r.base), r.bytes.data(), r.bytes.size());
}

std::optional<std::uintptr_t> LaunchCheck::first_difference(const Image& image) {
    for (const Region& r : image) {
        const auto* now = reinterpret_cast<const unsigned char*>(r.base);
        if (std::memcmp(now, r.bytes.data(), r.bytes.size()) == 0) continue;
        for (std::size_t i = 0; i < r.bytes.size(); ++i)
            if (now[i] != r.bytes[i]) return r.base + i;
    }
    return std::nullopt;
}

std::string LaunchCheck::describe_change(const Image& after, std::uintptr_t address) const {
    for (const Region& r : after) {
        if (address < r.base || address >= r.base + r.bytes.size()) continue;
        // The 4-byte word holding the first changed byte, within the region.
        const std::size_t word = (address - r.base) & ~std::size_t(3);
        const std::size_t n = std::min<std::size_t>(4, r.bytes.size() - word);
        const auto* now = reinterpret_cast<const unsigned char*>(r.base + word);
        char where[160];
        if (r.allocation == 0)
            std::snprintf(where, sizeof where, "the __device__ variables' bytes at %#llx",
                          static_cast<unsigned long long>(r.base + word));
        else
            std::snprintf(where, sizeof where, "global allocation #%llu (%zu bytes), bytes %zu-%zu",
                          static_cast<unsigned long long>(r.allocation), r.bytes.size(), word, word + n - 1);
        return std::string("with other values there, ") + where + " hold " + hex_bytes(now, n) + " instead of " +
               hex_bytes(r.bytes.data() + word, n);
    }
    return "with other values there, device memory ends up different";
}

driver::HazardGroup LaunchCheck::report(const void* pc, ShuffleSource source, std::uint64_t lanes, unsigned width,
                                       const ThreadId& first, const std::string& change, bool judged) const {
    const bool one = __builtin_popcountll(lanes) == 1;
    const std::string who = lane_list(lanes);
    driver::HazardReport r;
    r.kernel = kernel_;
    r.space = MemorySpace::Shared;  // registers, really, as for the other shuffle reports
    r.current = driver::HazardAccess{first, AccessKind::Read, 0, pc};
    r.location = who + " of each warp (width " + std::to_string(width) + ")";
    if (source == ShuffleSource::OutsideSegment) {
        // CUDA defines the own value: relying on it is a choice simt cannot
        // see, so it warns and does not fail the run.
        r.rule = driver::Rule::ShuffleOutsideSegmentValueUsed;
        r.severity = driver::Severity::Warning;
        r.why = "the shuffle's source lies past the caller's " + std::to_string(width) + "-lane segment for " + who +
                ", so " + (one ? "it receives its" : "they receive their") +
                " own value (which CUDA defines), and the launch's results depend on it: " + change +
                "; right for a clamp-to-edge stencil, a missing boundary check for a difference or a sum";
        r.fix = "if the own value is meant, say so and this warning goes: select it explicitly "
                "(v2 = lane + delta < width ? shuffled : v); if not, check the boundary before using the value, "
                "or load the neighbour the last lanes need from memory";
    } else {
        const bool mask = source == ShuffleSource::NotInMask;
        r.rule = mask ? driver::Rule::ShuffleSourceNotInMaskValueUsed : driver::Rule::ShuffleInactiveSourceValueUsed;
        r.severity = judged ? driver::Severity::Error : driver::Severity::Warning;
        const std::string source_text = mask ? "a lane its mask does not name" : "a lane that did not take part in it";
        r.why = "the shuffle reads " + source_text + " for " + who + ", so " + (one ? "it receives" : "they receive") +
                " a value CUDA leaves undefined, " +
                (judged ? "and the launch's results depend on it: " + change
                        : "and simt could not tell whether the results depend on it: " + change);
        r.fix = mask ? "name every source lane in the mask (and make it execute the shuffle), or use the value only "
                       "where its source is in the mask (e.g. if (lane + delta < n) v += other)"
                     : "read only from lanes that exist and execute the shuffle (e.g. __shfl_sync(mask, v, "
                       "min(lane + offset, active - 1))), or use the value only where its source does "
                       "(if (lane + offset < active) v += other)";
    }
    return driver::HazardGroup{std::move(r), 1, driver::HazardKey{r.rule, pc, pc}};
}

}  // namespace simt::cuda::value_flow
