// Does a shuffle's "own value" reach the results? A shuffle whose source lies
// past the caller's segment returns the caller's own value: harmless in a
// reduction that never uses it, a missing boundary check in a forward
// difference that does. To tell them apart, a launch in which such shuffles
// happened is run again from a copy of device memory taken before it, once
// per shuffle call, with a different value (per lane, the same every time)
// returned there; if what the launch leaves in device memory or prints
// differs, the value flowed into the results and the note becomes an error
// naming the first output that changed.
//
// A call judged harmless is not judged again in later launches of its
// kernel with the same lanes and width (a loop launching a reduction 100
// times pays its re-run once); a call whose values flowed is judged, and
// reported, at every launch.
//
// Cost: a copy of device memory (live allocations and __device__ variables)
// before each launch of a kernel not yet seen, or whose last launch had such
// calls not yet judged harmless, up to kMaxCopy bytes; the re-runs only for
// launches that had calls not yet judged harmless.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "driver/hazard_log.h"
#include "emulator/engine.h"

namespace simt::cuda::value_flow {

// The shuffle call whose own values are being replaced (nullptr: none).
inline std::atomic<const void*> perturbed_site{nullptr};

// What a shuffle at `pc` returns to `lane`, whose source lay past its segment.
inline std::uint64_t own_value(std::uint64_t bits, const void* pc, unsigned lane) {
    if (perturbed_site.load(std::memory_order_relaxed) != pc) return bits;
    return bits ^ (0x9e3779b97f4a7c15ull * (lane + 1) | 1);  // never the value itself
}

inline constexpr std::size_t kMaxCopy = std::size_t(64) << 20;

// One launch: construct before it runs, judge after.
class LaunchCheck {
public:
    LaunchCheck(Engine& engine, const char* kernel, bool enabled);
    ~LaunchCheck();
    LaunchCheck(const LaunchCheck&) = delete;
    LaunchCheck& operator=(const LaunchCheck&) = delete;

    // After the launch `launch` ended as `outcome`: runs it again for each
    // shuffle call that returned own values (`sites`), and returns an error
    // group for each whose values changed the results. Device memory is left
    // as the launch left it. `rerun` runs the launch once more and returns
    // its outcome (its hazards discarded by the caller).
    template <class Site, class Rerun>
    std::vector<driver::HazardGroup> judge(const std::vector<Site>& sites, const LaunchOutcome& outcome,
                                          Rerun&& rerun);

private:
    struct Region {
        std::uintptr_t base = 0;
        std::uint64_t allocation = 0;  // serial, 0 for __device__ variables
        std::vector<unsigned char> bytes;
    };
    using Image = std::vector<Region>;
    Image capture() const;
    static void restore(const Image& image);
    // The first byte where memory differs from `image`.
    static std::optional<std::uintptr_t> first_difference(const Image& image);
    driver::HazardGroup report(const void* pc, std::uint64_t lanes, unsigned width, const ThreadId& first,
                              const std::string& change) const;
    std::string describe_change(const Image& before, std::uintptr_t address) const;

    Engine& engine_;
    const char* kernel_;
    bool enabled_ = false;
    bool copied_ = false;
    Image before_;
};

// A shuffle call of `kernel` that returned own values to `lanes` of
// `width`-lane segments.
struct CallKey {
    const void* pc = nullptr;
    std::uint64_t lanes = 0;
    unsigned width = 0;
    auto operator<=>(const CallKey&) const = default;
};
// Was this call judged harmless in an earlier launch of `kernel`?
bool judged_harmless(const char* kernel, const CallKey& call);
void remember_harmless(const char* kernel, const CallKey& call);
// After a launch of `kernel`: whether the next one needs the copy (it had
// calls not yet judged harmless).
void remember(const char* kernel, bool copy_next);
// Forgets every kernel's judgements (the device is reset).
void forget();

template <class Site, class Rerun>
std::vector<driver::HazardGroup> LaunchCheck::judge(const std::vector<Site>& sites, const LaunchOutcome& outcome,
                                                   Rerun&& rerun) {
    std::vector<driver::HazardGroup> groups;
    if (!enabled_) return groups;
    std::vector<const Site*> unjudged;
    for (const Site& s : sites)
        if (!judged_harmless(kernel_, CallKey{s.pc, s.lanes, s.width})) unjudged.push_back(&s);
    remember(kernel_, !unjudged.empty());
    if (unjudged.empty() || !copied_ || outcome.fault) return groups;
    const Image after = capture();
    constexpr std::size_t kMaxSites = 8;
    for (std::size_t i = 0; i < unjudged.size() && i < kMaxSites; ++i) {
        const Site& site = *unjudged[i];
        restore(before_);
        perturbed_site.store(site.pc, std::memory_order_relaxed);
        const LaunchOutcome other = rerun();
        perturbed_site.store(nullptr, std::memory_order_relaxed);
        std::string change;
        if (other.fault) {
            change = "with other values there the launch fails instead: " + other.fault.message;
        } else if (const auto at = first_difference(after)) {
            change = describe_change(after, *at);
        } else if (other.output != outcome.output) {
            change = "with other values there the kernel prints something else";
        }
        if (!change.empty())
            groups.push_back(report(site.pc, site.lanes, site.width, site.first, change));
        else
            remember_harmless(kernel_, CallKey{site.pc, site.lanes, site.width});
    }
    restore(after);
    return groups;
}

}  // namespace simt::cuda::value_flow
