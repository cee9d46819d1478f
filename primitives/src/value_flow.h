// Does a shuffle's undefined or own value reach the results? A shuffle whose
// source is not an active lane of its mask returns a value CUDA leaves
// undefined, and one whose source lies past the caller's segment returns the
// caller's own value, which CUDA defines. Both are valid CUDA when the
// program discards the value (a partial warp's reduction guarded by a bounds
// test; the usual __shfl_down_sync sum), and both are worth a report when it
// does not: an undefined value used is a bug (error), an own value used is a
// clamp-to-edge stencil or a forward difference that forgot its boundary
// check, which simt cannot tell apart (warning). To tell them apart, a launch
// in which such shuffles happened is run again from a copy of device memory
// taken before it, once per shuffle call and kind of source, with a
// different value (per lane, the same every time) returned there; if what
// the launch leaves in device memory or prints differs, the value flowed
// into the results, and the report names the first output that changed.
//
// A call judged harmless is not judged again in later launches of its
// kernel with the same lanes and width (a loop launching a reduction 100
// times pays its re-run once); a call whose values flowed is judged, and
// reported, at every launch. An undefined value that could not be judged
// (device memory over kMaxCopy, a launch that faulted, a child grid, a
// trace) is a warning that says so.
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

// The shuffle call, and the kind of source, whose values are being replaced
// (nullptr: none).
inline std::atomic<const void*> perturbed_site{nullptr};
inline std::atomic<ShuffleSource> perturbed_source{ShuffleSource::Taken};

// What a shuffle at `pc` returns to `lane`, whose source was `source` (not
// an active lane of the segment): `bits`, except in the re-run that replaces
// this call's values.
inline std::uint64_t untaken_value(std::uint64_t bits, const void* pc, ShuffleSource source, unsigned lane) {
    if (perturbed_site.load(std::memory_order_relaxed) != pc ||
        perturbed_source.load(std::memory_order_relaxed) != source)
        return bits;
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

    // After the launch ended as `outcome`: runs it again for each shuffle
    // call that returned undefined or own values (`sites`), and returns a
    // group for each whose values changed the results (an error for
    // undefined values, a warning for own values) and a warning for each
    // undefined value it could not judge. Device memory is left as the
    // launch left it. `rerun` runs the launch once more and returns its
    // outcome (its hazards discarded by the caller).
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
    // `change` says how the results changed, or, with `judged` false, why
    // the value could not be judged.
    driver::HazardGroup report(const void* pc, ShuffleSource source, std::uint64_t lanes, unsigned width,
                               const ThreadId& first, const std::string& change, bool judged = true) const;
    std::string describe_change(const Image& before, std::uintptr_t address) const;

    Engine& engine_;
    const char* kernel_;
    bool enabled_ = false;
    bool copied_ = false;
    bool too_large_ = false;  // device memory over kMaxCopy
    Image before_;
};

// A shuffle call of `kernel` that returned own (or undefined, by `source`)
// values to `lanes` of `width`-lane segments.
struct CallKey {
    const void* pc = nullptr;
    ShuffleSource source = ShuffleSource::OutsideSegment;
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
    std::vector<const Site*> unjudged;
    for (const Site& s : sites)
        if (!judged_harmless(kernel_, CallKey{s.pc, s.source, s.lanes, s.width})) unjudged.push_back(&s);
    if (enabled_) remember(kernel_, !unjudged.empty());
    // Why the undefined values of this launch cannot be judged, if they cannot.
    // A launch whose copy was skipped because its kernel's last launch was
    // all harmless is not among them: its next launch judges anew.
    const char* cannot = !enabled_     ? "it is a child grid or a traced launch, which simt does not run again"
                         : outcome.fault ? "the launch failed, so simt did not run it again"
                         : too_large_    ? "device memory is over the 64 MiB simt copies to run a launch again"
                                         : nullptr;
    constexpr std::size_t kMaxSites = 8;
    const bool can_rerun = cannot == nullptr && copied_;
    const Image after = can_rerun && !unjudged.empty() ? capture() : Image{};
    for (std::size_t i = 0; i < unjudged.size(); ++i) {
        const Site& site = *unjudged[i];
        const bool undefined = site.source != ShuffleSource::OutsideSegment;
        if (!can_rerun || i >= kMaxSites) {
            const char* why = cannot != nullptr ? cannot
                              : can_rerun       ? "the launch has more such calls than the 8 simt runs it again for"
                                                : nullptr;
            if (undefined && why != nullptr)
                groups.push_back(report(site.pc, site.source, site.lanes, site.width, site.first, why, false));
            continue;
        }
        restore(before_);
        perturbed_source.store(site.source, std::memory_order_relaxed);
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
            groups.push_back(report(site.pc, site.source, site.lanes, site.width, site.first, change));
        else
            remember_harmless(kernel_, CallKey{site.pc, site.source, site.lanes, site.width});
    }
    if (!after.empty()) restore(after);
    return groups;
}

}  // namespace simt::cuda::value_flow
