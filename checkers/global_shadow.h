// Shadow cells for global memory, shared by all worker threads: created a
// 4 KiB page at a time on first touch, found through striped page tables so
// blocks running in parallel rarely wait for each other.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>

namespace simt::check {

template <class Cell>
class GlobalShadow {
public:
    static constexpr std::uintptr_t kPageBytes = 4096;
    using Page = std::array<Cell, kPageBytes / 4>;

    // Runs fn(cell) for the granule holding `address` with its stripe locked.
    template <class Fn>
    void with_cell(std::uintptr_t address, Fn&& fn) {
        const std::uintptr_t page = address / kPageBytes;
        Stripe& stripe = stripes_[page % kStripes];
        std::lock_guard<std::mutex> lock(stripe.mutex);
        std::unique_ptr<Page>& cells = stripe.pages[page];
        if (!cells) cells = std::make_unique<Page>();
        fn((*cells)[(address % kPageBytes) / 4]);
    }

    void clear() {
        for (Stripe& s : stripes_) {
            std::lock_guard<std::mutex> lock(s.mutex);
            s.pages.clear();
        }
    }

private:
    static constexpr std::size_t kStripes = 64;
    struct Stripe {
        std::mutex mutex;
        std::unordered_map<std::uintptr_t, std::unique_ptr<Page>> pages;
    };
    std::array<Stripe, kStripes> stripes_;
};

}  // namespace simt::check
