// Where each element of a warp matrix fragment lies: which lane holds which
// (row, column) of the tile as x[i]. CUDA leaves this unspecified, but
// programs that scale x[t] or read a row out of an accumulator rely on it, so
// simt places elements where an H200 (sm_90, CUDA 13.0) does: measured by
// docs/gpu-runs/probes/wmma_probe.cu for every fragment CUDA documents, and
// checked against that record by tests/test_warp_matrix_layout.cpp.
//
// Every measured placement is linear: with g = lane / 4 and t = lane % 4,
//   (row, col) = g * G + t * T + sum over the set bits b of i of Bit[b].
// A bit of (0, 0) repeats elements: an __half A or B fragment holds 16
// elements where __nv_bfloat16 holds 4 or 8, the extra ones copies (the GPU
// keeps sm_70's register count). The placement does not depend on the
// fragment's row_major/col_major layout, only on how memory is read.
#pragma once

#include <cstdint>

namespace simt::cuda::matrix {

enum class Use : std::uint8_t { A, B, Accumulator };
enum class Element : std::uint8_t { F16, BF16, TF32, S8, U8, F64, F32, S32 };

struct Place {
    int row = 0;
    int col = 0;
};

struct Placement {
    int elements = 0;  // num_elements per lane; 0: CUDA has no such fragment
    std::int8_t g[2] = {0, 0};
    std::int8_t t[2] = {0, 0};
    std::int8_t bit[4][2] = {};
};

constexpr Place place(const Placement& p, unsigned lane, unsigned i) {
    const int g = int(lane / 4);
    const int t = int(lane % 4);
    Place at{g * p.g[0] + t * p.t[0], g * p.g[1] + t * p.t[1]};
    for (unsigned b = 0; b < 4; ++b) {
        if ((i >> b & 1) != 0) {
            at.row += p.bit[b][0];
            at.col += p.bit[b][1];
        }
    }
    return at;
}

// Rows and columns of the tile a fragment holds: A is m x k, B is k x n, the
// accumulator m x n.
constexpr int rows_of(Use use, int m, int k) { return use == Use::B ? k : m; }
constexpr int cols_of(Use use, int n, int k) { return use == Use::A ? k : n; }

namespace shapes {
// The shapes of 16-bit and 8-bit inputs.
constexpr bool m16n16k16(int m, int n, int k) { return m == 16 && n == 16 && k == 16; }
constexpr bool m32n8k16(int m, int n, int k) { return m == 32 && n == 8 && k == 16; }
constexpr bool m8n32k16(int m, int n, int k) { return m == 8 && n == 32 && k == 16; }
}  // namespace shapes

// Placements of 16-bit inputs (bf16's count; __half repeats them to 16).
constexpr Placement sixteen_bit(Use use, int m, int n, int k) {
    using namespace shapes;
    if (use == Use::A) {
        if (m16n16k16(m, n, k)) return {8, {1, 0}, {0, 2}, {{0, 1}, {8, 0}, {0, 8}, {0, 0}}};
        if (m32n8k16(m, n, k)) return {16, {1, 0}, {0, 2}, {{0, 1}, {8, 0}, {0, 8}, {16, 0}}};
        if (m8n32k16(m, n, k)) return {4, {1, 0}, {0, 2}, {{0, 1}, {0, 8}, {0, 0}, {0, 0}}};
    } else if (use == Use::B) {
        if (m16n16k16(m, n, k)) return {8, {0, 1}, {2, 0}, {{1, 0}, {8, 0}, {0, 8}, {0, 0}}};
        if (m32n8k16(m, n, k)) return {4, {0, 1}, {2, 0}, {{1, 0}, {8, 0}, {0, 0}, {0, 0}}};
        if (m8n32k16(m, n, k)) return {16, {0, 1}, {2, 0}, {{1, 0}, {0, 8}, {8, 0}, {0, 16}}};
    }
    return {};
}

constexpr Placement eight_bit(Use use, int m, int n, int k) {
    using namespace shapes;
    if (use == Use::A) {
        if (m16n16k16(m, n, k)) return {8, {1, 0}, {0, 4}, {{0, 1}, {0, 2}, {8, 0}, {0, 0}}};
        if (m32n8k16(m, n, k)) return {16, {1, 0}, {0, 4}, {{0, 1}, {0, 2}, {8, 0}, {16, 0}}};
        if (m8n32k16(m, n, k)) return {4, {1, 0}, {0, 4}, {{0, 1}, {0, 2}, {0, 0}, {0, 0}}};
    } else if (use == Use::B) {
        if (m16n16k16(m, n, k)) return {8, {0, 1}, {4, 0}, {{1, 0}, {2, 0}, {0, 8}, {0, 0}}};
        if (m32n8k16(m, n, k)) return {4, {0, 1}, {4, 0}, {{1, 0}, {2, 0}, {0, 0}, {0, 0}}};
        if (m8n32k16(m, n, k)) return {16, {0, 1}, {4, 0}, {{1, 0}, {2, 0}, {0, 8}, {0, 16}}};
    }
    return {};
}

constexpr Placement accumulator(int m, int n, int k, Element e) {
    using namespace shapes;
    const bool sixteen = e == Element::F32 || e == Element::F16 || e == Element::S32;
    if ((m16n16k16(m, n, k) && sixteen) || (m == 16 && n == 16 && k == 8 && e == Element::F32))
        return {8, {1, 0}, {0, 2}, {{0, 1}, {8, 0}, {0, 8}, {0, 0}}};
    if (m32n8k16(m, n, k) && sixteen) return {8, {1, 0}, {0, 2}, {{0, 1}, {8, 0}, {16, 0}, {0, 0}}};
    // m8n32k16 is the transpose: groups of four lanes run along the columns.
    if (m8n32k16(m, n, k) && sixteen) return {8, {0, 1}, {2, 0}, {{1, 0}, {0, 8}, {0, 16}, {0, 0}}};
    if (m == 8 && n == 8 && k == 4 && e == Element::F64) return {2, {1, 0}, {0, 2}, {{0, 1}, {0, 0}, {0, 0}, {0, 0}}};
    return {};
}

// The fragment CUDA defines for this use, shape and element type, or one
// with 0 elements.
constexpr Placement placement(Use use, int m, int n, int k, Element e) {
    if (use == Use::Accumulator) return accumulator(m, n, k, e);
    switch (e) {
        case Element::F16: {
            Placement p = sixteen_bit(use, m, n, k);
            if (p.elements != 0) p.elements = 16;
            return p;
        }
        case Element::BF16: return sixteen_bit(use, m, n, k);
        case Element::S8:
        case Element::U8: return eight_bit(use, m, n, k);
        case Element::TF32:
            if (m != 16 || n != 16 || k != 8) return {};
            if (use == Use::A) return {4, {1, 0}, {0, 1}, {{8, 0}, {0, 4}, {0, 0}, {0, 0}}};
            return {4, {0, 1}, {1, 0}, {{4, 0}, {0, 8}, {0, 0}, {0, 0}}};
        case Element::F64:
            if (m != 8 || n != 8 || k != 4) return {};
            if (use == Use::A) return {1, {1, 0}, {0, 1}, {}};
            return {1, {0, 1}, {1, 0}, {}};
        case Element::F32:
        case Element::S32: return {};
    }
    return {};
}

}  // namespace simt::cuda::matrix
