// Warp matrix functions as warp collectives. Each lane passes the address of
// its call (on its own stack, alive while it waits); when the last lane
// arrives, the combine of the warp's lowest lane sees every lane's call and,
// for mma_sync, gathers A, B and C from all fragments, computes D and writes
// every lane's D fragment before any lane runs again. Loads and stores only
// meet here: each lane then touches its own elements in kernel code
// (simt/warp_matrix.h), where the checkers observe the accesses.
//
// Arithmetic, as measured on an H200 (docs/gpu-runs/probes/wmma_probe.cu):
// * half, bf16 and tf32 inputs: products are exact; C and the k products are
//   summed in one step, each term cut toward zero to a grid 2^-25 of the
//   largest term's binade (the probes bound the kept bits between 25 and 27:
//   1 + 2 * 1.5 * 2^-24 keeps its low bits, 1 + 2^-28 - 1 gives 0), and the
//   sum is rounded toward zero to float (1 + 1.5 * 2^-24 gives 1); a half D
//   is that float rounded to nearest. tf32 inputs are read as the tensor core
//   reads them: the 13 low fraction bits dropped (1 + 2^-11 is read as 1).
// * integers: exact, then wrapped to int, or clamped with satf.
// * double: a chain of fused multiply-adds from C in k order (2^53 + 1 - 2^53
//   is 0 when C is 1: C is added first, and each step rounds).
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>

#include "emulator/device_context.h"
#include "emulator/symbolizer.h"
#include "simt/cuda.h"
#include "simt/warp_matrix.h"

using simt::WarpExchange;
namespace device = simt::device;

namespace simt::cuda::matrix {
namespace {

constexpr int kAlignmentBits = 25;  // fraction bits kept below the largest term's leading bit
constexpr std::uint64_t kWholeWarp = 0xffffffffull;

struct LaneCall {
    Op op;
    const void* pc;
    const void* pointer;
    unsigned ldm;
    int layout;
    const Operands* operands;
    // Filled in the lowest lane's call by its combine: a lane at another call.
    int other_lane = -1;
    const void* other_pc = nullptr;
};

LaneCall& call_of(const WarpExchange& x, unsigned lane) { return *reinterpret_cast<LaneCall*>(x.value[lane]); }
unsigned lowest(std::uint64_t lanes) { return unsigned(__builtin_ctzll(lanes)); }

// The .aligned rule: every lane must be at the same call.
void compare_sites(const WarpExchange& x, LaneCall& first) {
    for (std::uint64_t m = x.participants; m != 0; m &= m - 1) {
        const LaneCall& other = call_of(x, lowest(m));
        if (other.pc != first.pc) {
            first.other_lane = int(lowest(m));
            first.other_pc = other.pc;
            return;
        }
    }
}

double read(const void* x, Element e, int i) {
    switch (e) {
        case Element::F16: return narrow::widen<narrow::Binary16>(static_cast<const std::uint16_t*>(x)[i]);
        case Element::BF16: return narrow::widen<narrow::Bfloat16>(static_cast<const std::uint16_t*>(x)[i]);
        case Element::TF32: {
            const std::uint32_t bits = static_cast<const std::uint32_t*>(x)[i];
            return __builtin_bit_cast(float, bits & 0xffffe000u);
        }
        case Element::F32: return static_cast<const float*>(x)[i];
        case Element::F64: return static_cast<const double*>(x)[i];
        case Element::S8: return static_cast<const std::int8_t*>(x)[i];
        case Element::U8: return static_cast<const std::uint8_t*>(x)[i];
        case Element::S32: return static_cast<const std::int32_t*>(x)[i];
    }
    return 0;
}

float toward_zero(double v) {
    float f = float(v);
    if (std::fabs(double(f)) > std::fabs(v)) f = std::nextafter(f, 0.0f);
    return f;
}

// C plus the products, as the tensor core sums them (see the top).
float fused_sum(double c, const double* products, int k) {
    double plain = c;
    int top = INT32_MIN;
    if (c != 0) top = std::ilogb(c);
    for (int i = 0; i < k; ++i) {
        plain += products[i];
        if (products[i] != 0) top = std::max(top, std::ilogb(products[i]));
    }
    if (!std::isfinite(plain) || top == INT32_MIN) return float(plain);
    const double grid = std::ldexp(1.0, top - kAlignmentBits);
    double sum = std::trunc(c / grid) * grid;  // exact: at most 31 bits of grid steps
    for (int i = 0; i < k; ++i) sum += std::trunc(products[i] / grid) * grid;
    return toward_zero(sum);
}

void write(void* x, Element e, int i, double v) {
    switch (e) {
        case Element::F16: static_cast<std::uint16_t*>(x)[i] = narrow::narrow<narrow::Binary16>(float(v)); break;
        case Element::F32: static_cast<float*>(x)[i] = float(v); break;
        case Element::F64: static_cast<double*>(x)[i] = v; break;
        case Element::S32: static_cast<std::int32_t*>(x)[i] = std::int32_t(v); break;
        default: break;  // D is never an input type (mma_sync's static_assert)
    }
}

// D for the whole warp, from the fragments of the lanes that took part (a
// missing lane's elements count as zero; that misuse is reported).
void compute(const WarpExchange& x) {
    const Operands& o = *call_of(x, lowest(x.participants)).operands;
    const int m = o.m, n = o.n, k = o.k;
    const Placement pa = placement(Use::A, m, n, k, o.a_type);
    const Placement pb = placement(Use::B, m, n, k, o.a_type);
    const Placement pc = placement(Use::Accumulator, m, n, k, o.c_type);
    const Placement pd = placement(Use::Accumulator, m, n, k, o.d_type);
    double a[32 * 16] = {}, b[16 * 32] = {}, c[32 * 32] = {}, d[32 * 32] = {};
    for (std::uint64_t lanes = x.participants; lanes != 0; lanes &= lanes - 1) {
        const unsigned lane = lowest(lanes);
        const Operands& mine = *call_of(x, lane).operands;
        for (int i = 0; i < pa.elements; ++i) {
            const Place at = place(pa, lane, unsigned(i));
            a[at.row * k + at.col] = read(mine.a, o.a_type, i);
        }
        for (int i = 0; i < pb.elements; ++i) {
            const Place at = place(pb, lane, unsigned(i));
            b[at.row * n + at.col] = read(mine.b, o.a_type, i);
        }
        for (int i = 0; i < pc.elements; ++i) {
            const Place at = place(pc, lane, unsigned(i));
            c[at.row * n + at.col] = read(mine.c, o.c_type, i);
        }
    }
    for (int r = 0; r < m; ++r) {
        for (int col = 0; col < n; ++col) {
            const double cv = c[r * n + col];
            double& out = d[r * n + col];
            if (o.a_type == Element::F64) {
                out = cv;
                for (int i = 0; i < k; ++i) out = std::fma(a[r * k + i], b[i * n + col], out);
            } else if (o.a_type == Element::S8 || o.a_type == Element::U8) {
                std::int64_t sum = std::int64_t(cv);
                for (int i = 0; i < k; ++i) sum += std::int64_t(a[r * k + i]) * std::int64_t(b[i * n + col]);
                if (o.satf) sum = std::clamp<std::int64_t>(sum, INT32_MIN, INT32_MAX);
                out = double(std::int32_t(std::uint32_t(std::uint64_t(sum))));
            } else {
                double products[16];
                for (int i = 0; i < k; ++i) products[i] = a[r * k + i] * b[i * n + col];
                out = fused_sum(cv, products, k);
            }
        }
    }
    for (std::uint64_t lanes = x.participants; lanes != 0; lanes &= lanes - 1) {
        const unsigned lane = lowest(lanes);
        const Operands& mine = *call_of(x, lane).operands;
        for (int i = 0; i < pd.elements; ++i) {
            const Place at = place(pd, lane, unsigned(i));
            write(mine.d, o.d_type, i, d[at.row * n + at.col]);
        }
    }
}

// One combine per operation, so lanes at a load and lanes at an mma_sync are
// lanes at different kinds of collective. Each returns the lane's index.
template <Op Kind>
std::uint64_t combine(const WarpExchange& x, unsigned lane) {
    if (lane != lowest(x.participants)) return lane;
    LaneCall& first = call_of(x, lane);
    compare_sites(x, first);
    if (Kind == Op::Multiply) compute(x);
    return lane;
}

const char* name_of(Op op) {
    switch (op) {
        case Op::Load: return "load_matrix_sync";
        case Op::Store: return "store_matrix_sync";
        case Op::Multiply: return "mma_sync";
    }
    return "";
}

unsigned meet_warp(LaneCall& call, WarpCombine combine_fn) {
    // Every placement is measured on 32 lanes; a 64-lane warp has none.
    if (device::warp_size() != 32)
        device::fail(FaultKind::WarpSync, std::string(name_of(call.op)) + " at " + describe(call.pc) +
                                              ": warp matrix functions need 32-lane warps (CUDA places fragment "
                                              "elements on 32 lanes); run without --warp-size 64");
    std::uint64_t participants = 0;
    const unsigned lane = unsigned(device::warp_collective(combine_fn, ~0ull, std::uint64_t(std::uintptr_t(&call)),
                                                           0, call.pc, &participants));
    if (lane != lowest(participants)) return lane;
    const ThreadId& who = device::thread();
    if (participants != kWholeWarp) {
        const unsigned missing = lowest(~participants & kWholeWarp);
        device::warp_misuse(WarpMisuseEvent{who, WarpMisuse::PartialMatrixCall, participants, call.pc, nullptr, missing});
    }
    // Lockstep also reports lanes at different calls of any collective (the
    // sm_6x rule); this one says what a Hopper GPU does with wmma.
    if (call.other_lane >= 0)
        device::warp_misuse(WarpMisuseEvent{who, WarpMisuse::DivergentMatrixCall, participants, call.pc, call.other_pc,
                                            unsigned(call.other_lane)});
    return lane;
}

}  // namespace

unsigned meet(Op op, const void* pointer, unsigned ldm, int layout) {
    LaneCall call{op, __builtin_return_address(0), pointer, ldm, layout, nullptr};
    return meet_warp(call, op == Op::Load ? &combine<Op::Load> : &combine<Op::Store>);
}

void multiply(const Operands& operands) {
    LaneCall call{Op::Multiply, __builtin_return_address(0), nullptr, 0, 0, &operands};
    meet_warp(call, &combine<Op::Multiply>);
}

}  // namespace simt::cuda::matrix
