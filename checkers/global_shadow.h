// Shadow cells for global memory, shared by all worker threads: created a
// 4 KiB page at a time on first touch, found through striped page tables so
// blocks running in parallel rarely wait for each other.
#pragma once

#include <algorithm>
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

    // Forgets the cells of [lo, hi) (a freed allocation): pages wholly inside
    // are released, cells of the pages at either end reset.
    void forget(std::uintptr_t lo, std::uintptr_t hi) {
        for (std::uintptr_t page = lo / kPageBytes; page * kPageBytes < hi; ++page) {
            Stripe& stripe = stripes_[page % kStripes];
            std::lock_guard<std::mutex> lock(stripe.mutex);
            const auto found = stripe.pages.find(page);
            if (found == stripe.pages.end()) continue;
            const std::uintptr_t first = page * kPageBytes, last = first + kPageBytes;
            if (lo <= first && last <= hi) {
                stripe.pages.erase(found);
                continue;
            }
            for (std::uintptr_t a = std::max(lo, first) & ~std::uintptr_t(3); a < std::min(hi, last); a += 4)
                (*found->second)[(a % kPageBytes) / 4] = Cell{};
        }
    }

    // Runs fn(cell) for every granule of [lo, hi), one page lock at a time.
    template <class Fn>
    void for_each_cell(std::uintptr_t lo, std::uintptr_t hi, Fn&& fn) {
        for (std::uintptr_t page = lo / kPageBytes; page * kPageBytes < hi; ++page) {
            Stripe& stripe = stripes_[page % kStripes];
            std::lock_guard<std::mutex> lock(stripe.mutex);
            std::unique_ptr<Page>& cells = stripe.pages[page];
            if (!cells) cells = std::make_unique<Page>();
            const std::uintptr_t first = page * kPageBytes, last = first + kPageBytes;
            for (std::uintptr_t a = std::max(lo, first) & ~std::uintptr_t(3); a < std::min(hi, last); a += 4)
                fn((*cells)[(a % kPageBytes) / 4], a);
        }
    }

    // Runs fn(cell, address) for every granule of [lo, hi) without creating
    // pages: a granule never touched is seen as a default Cell (a host copy
    // of 64 MiB nobody wrote must not cost 200 MiB of shadow to look at).
    template <class Fn>
    void read_cells(std::uintptr_t lo, std::uintptr_t hi, Fn&& fn) {
        static const Cell untouched{};
        for (std::uintptr_t page = lo / kPageBytes; page * kPageBytes < hi; ++page) {
            Stripe& stripe = stripes_[page % kStripes];
            std::lock_guard<std::mutex> lock(stripe.mutex);
            const auto found = stripe.pages.find(page);
            const std::uintptr_t first = page * kPageBytes, last = first + kPageBytes;
            for (std::uintptr_t a = std::max(lo, first) & ~std::uintptr_t(3); a < std::min(hi, last); a += 4)
                fn(found == stripe.pages.end() ? untouched : (*found->second)[(a % kPageBytes) / 4], a);
        }
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
