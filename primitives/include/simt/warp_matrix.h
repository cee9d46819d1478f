// Warp matrix functions (mma.h, nvcuda::wmma) for the CPU backend. A
// fragment is CUDA's: num_elements and x[] per lane, placed on the lanes as an
// H200 places them (simt/warp_matrix_layout.h). Loads, stores and mma_sync are
// warp collectives over all 32 lanes, so half a warp, a partial warp or lanes
// at different calls are reported as the other collectives' misuse is; each
// lane then reads or writes its own elements here, in kernel code, so the
// race, initialisation and bounds checks see every element. mma_sync computes
// in primitives/src/warp_matrix.cpp, rounding as the H200's tensor cores do.
// Sub-byte fragments (experimental::precision::u4, s4, b1) and bmma_sync are
// not emulated: declaring one is a compile-time error.
#pragma once

#include <cstdint>
#include <type_traits>

#include "simt/bfloat16.h"
#include "simt/half.h"
#include "simt/warp_matrix_layout.h"

namespace simt::cuda::matrix {

enum class Op : std::uint8_t { Load, Store, Multiply };

// What mma_sync passes for the warp's computation: the caller's fragments.
struct Operands {
    const void* a;
    const void* b;
    const void* c;
    void* d;
    Element a_type, c_type, d_type;
    int m, n, k;
    bool satf;
};

// Waits for the warp's other 31 lanes at a load or store (reported when they
// are elsewhere), and returns the caller's lane. `layout`: 0 row-major.
unsigned meet(Op op, const void* pointer, unsigned ldm, int layout);
// Waits for the warp at mma_sync; the last lane to arrive computes D for all.
void multiply(const Operands& operands);

}  // namespace simt::cuda::matrix

namespace nvcuda::wmma {

struct row_major;
struct col_major;
struct matrix_a;
struct matrix_b;
struct accumulator;
namespace precision {
struct tf32;
}
namespace experimental {
namespace precision {
struct u4;
struct s4;
struct b1;
}  // namespace precision
enum bmmaBitOp { bmmaBitOpXOR = 1, bmmaBitOpAND = 2 };
enum bmmaAccumulateOp { bmmaAccumulateOpPOPC = 1 };
}  // namespace experimental

enum layout_t { mem_row_major, mem_col_major };

template <typename T>
struct helper_traits {
    typedef T element_type;
    typedef T storage_element_type;
    typedef T fill_argument_type;
};
template <>
struct helper_traits<precision::tf32> {
    typedef precision::tf32 element_type;
    typedef float storage_element_type;
    typedef float fill_argument_type;
};

// As CUDA's: the storage and its count are the public interface programs use.
template <typename T, int size, int packed_size = size>
struct alignas(8) __frag_base {
    enum { num_elements = size };
    enum { num_storage_elements = packed_size };
    typedef T element_type;
    typedef typename helper_traits<T>::storage_element_type storage_element_type;
    storage_element_type x[num_storage_elements];
};

}  // namespace nvcuda::wmma

namespace simt::cuda::matrix {

template <class T>
constexpr bool is_sub_byte = std::is_same_v<T, nvcuda::wmma::experimental::precision::u4> ||
                             std::is_same_v<T, nvcuda::wmma::experimental::precision::s4> ||
                             std::is_same_v<T, nvcuda::wmma::experimental::precision::b1>;

template <class T>
constexpr Element element_of() {
    if constexpr (std::is_same_v<T, __half>) return Element::F16;
    else if constexpr (std::is_same_v<T, __nv_bfloat16>) return Element::BF16;
    else if constexpr (std::is_same_v<T, nvcuda::wmma::precision::tf32>) return Element::TF32;
    else if constexpr (std::is_same_v<T, signed char>) return Element::S8;
    else if constexpr (std::is_same_v<T, unsigned char>) return Element::U8;
    else if constexpr (std::is_same_v<T, double>) return Element::F64;
    else if constexpr (std::is_same_v<T, float>) return Element::F32;
    else if constexpr (std::is_same_v<T, int>) return Element::S32;
    else return Element::F32;  // not a fragment type: placement_of says so
}

template <class T>
constexpr bool is_element = std::is_same_v<T, __half> || std::is_same_v<T, __nv_bfloat16> ||
                            std::is_same_v<T, nvcuda::wmma::precision::tf32> || std::is_same_v<T, signed char> ||
                            std::is_same_v<T, unsigned char> || std::is_same_v<T, double> ||
                            std::is_same_v<T, float> || std::is_same_v<T, int>;

template <class U>
constexpr Use use_of() {
    if constexpr (std::is_same_v<U, nvcuda::wmma::matrix_a>) return Use::A;
    else if constexpr (std::is_same_v<U, nvcuda::wmma::matrix_b>) return Use::B;
    else return Use::Accumulator;
}

template <class U, int m, int n, int k, class T>
constexpr Placement placement_of() {
    if constexpr (!is_element<T>) return {};
    else return placement(use_of<U>(), m, n, k, element_of<T>());
}

// Never 0, so that a fragment CUDA lacks fails at the static_assert below
// with its message, not at a zero-length array.
template <class U, int m, int n, int k, class T>
constexpr int storage_of() {
    const int e = placement_of<U, m, n, k, T>().elements;
    return e > 0 ? e : 1;
}

template <class L>
constexpr int layout_code() { return std::is_same_v<L, nvcuda::wmma::col_major> ? 1 : 0; }

}  // namespace simt::cuda::matrix

namespace nvcuda::wmma {

template <typename Use, int m, int n, int k, typename T, typename Layout = void>
class fragment : public __frag_base<T, simt::cuda::matrix::storage_of<Use, m, n, k, T>()> {
    static_assert(!simt::cuda::matrix::is_sub_byte<T>,
                  "simt does not emulate sub-byte warp matrix functions (experimental::precision::u4, s4, b1; "
                  "bmma_sync): only half, __nv_bfloat16, tf32, signed/unsigned char and double inputs");
    static_assert(simt::cuda::matrix::is_sub_byte<T> || simt::cuda::matrix::placement_of<Use, m, n, k, T>().elements > 0,
                  "CUDA has no wmma fragment of this use, shape and type: half and __nv_bfloat16 (float or half "
                  "accumulators) and signed/unsigned char (int) are m16n16k16, m32n8k16 or m8n32k16; "
                  "precision::tf32 is m16n16k8 (float); double is m8n8k4");
    static_assert(std::is_same_v<Use, accumulator> ? std::is_void_v<Layout>
                                                   : std::is_same_v<Layout, row_major> || std::is_same_v<Layout, col_major>,
                  "a matrix_a or matrix_b fragment takes row_major or col_major; an accumulator takes no layout");
};

inline float __float_to_tf32(float in) {
    // cvt.rna.tf32.f32: to nearest, ties away from zero, on the 10 fraction
    // bits tf32 keeps (measured: 0x3f801000 gives 0x3f802000); NaN stays.
    const std::uint32_t bits = __builtin_bit_cast(std::uint32_t, in);
    if ((bits & 0x7fffffffu) > 0x7f800000u) return in;
    return __builtin_bit_cast(float, (bits + 0x1000u) & 0xffffe000u);
}

template <typename FragEleType, int size, int packed_size>
inline void fill_fragment(__frag_base<FragEleType, size, packed_size>& f,
                          const typename helper_traits<FragEleType>::fill_argument_type& in) {
    // Registers only, as on a GPU: no collective.
    for (int i = 0; i < f.num_storage_elements; i++) f.x[i] = in;
}

// matrix_a and matrix_b: the fragment's type says how memory is laid out.
template <typename Use, int m, int n, int k, typename T, typename Layout>
__attribute__((always_inline)) inline void load_matrix_sync(
    fragment<Use, m, n, k, T, Layout>& a, const typename helper_traits<T>::storage_element_type* p, unsigned ldm) {
    namespace mx = simt::cuda::matrix;
    static_assert(!std::is_same_v<Use, accumulator>,
                  "load_matrix_sync of an accumulator takes a layout: mem_row_major or mem_col_major");
    constexpr mx::Placement where = mx::placement_of<Use, m, n, k, T>();
    constexpr bool col = mx::layout_code<Layout>() == 1;
    const unsigned lane = mx::meet(mx::Op::Load, p, ldm, mx::layout_code<Layout>());
    for (int i = 0; i < where.elements; i++) {
        const mx::Place at = mx::place(where, lane, unsigned(i));
        a.x[i] = col ? p[std::size_t(at.col) * ldm + std::size_t(at.row)] : p[std::size_t(at.row) * ldm + std::size_t(at.col)];
    }
}

template <int m, int n, int k, typename T>
__attribute__((always_inline)) inline void load_matrix_sync(fragment<accumulator, m, n, k, T>& a, const T* p,
                                                            unsigned ldm, layout_t layout) {
    namespace mx = simt::cuda::matrix;
    constexpr mx::Placement where = mx::placement_of<accumulator, m, n, k, T>();
    const bool col = layout == mem_col_major;
    const unsigned lane = mx::meet(mx::Op::Load, p, ldm, int(layout));
    for (int i = 0; i < where.elements; i++) {
        const mx::Place at = mx::place(where, lane, unsigned(i));
        a.x[i] = col ? p[std::size_t(at.col) * ldm + std::size_t(at.row)] : p[std::size_t(at.row) * ldm + std::size_t(at.col)];
    }
}

template <int m, int n, int k, typename T>
__attribute__((always_inline)) inline void store_matrix_sync(T* p, const fragment<accumulator, m, n, k, T>& a,
                                                             unsigned ldm, layout_t layout) {
    namespace mx = simt::cuda::matrix;
    constexpr mx::Placement where = mx::placement_of<accumulator, m, n, k, T>();
    const bool col = layout == mem_col_major;
    const unsigned lane = mx::meet(mx::Op::Store, p, ldm, int(layout));
    for (int i = 0; i < where.elements; i++) {
        const mx::Place at = mx::place(where, lane, unsigned(i));
        (col ? p[std::size_t(at.col) * ldm + std::size_t(at.row)] : p[std::size_t(at.row) * ldm + std::size_t(at.col)]) = a.x[i];
    }
}

namespace simt_detail {
template <int m, int n, int k, typename TA, typename LA, typename LB, typename TC, typename TD>
__attribute__((always_inline)) inline simt::cuda::matrix::Operands operands(
    fragment<accumulator, m, n, k, TD>& d, const fragment<matrix_a, m, n, k, TA, LA>& a,
    const fragment<matrix_b, m, n, k, TA, LB>& b, const fragment<accumulator, m, n, k, TC>& c, bool satf) {
    namespace mx = simt::cuda::matrix;
    constexpr mx::Element in = mx::element_of<TA>();
    constexpr mx::Element cin = mx::element_of<TC>();
    constexpr mx::Element out = mx::element_of<TD>();
    constexpr bool floating = in == mx::Element::F16 || in == mx::Element::BF16 || in == mx::Element::TF32;
    static_assert(in == mx::Element::F16 ? (cin == mx::Element::F16 || cin == mx::Element::F32) &&
                                               (out == mx::Element::F16 || out == mx::Element::F32)
                  : floating ? cin == mx::Element::F32 && out == mx::Element::F32
                  : in == mx::Element::F64 ? cin == mx::Element::F64 && out == mx::Element::F64
                                           : cin == mx::Element::S32 && out == mx::Element::S32,
                  "mma_sync: half inputs accumulate in half or float, __nv_bfloat16 and tf32 in float, "
                  "signed/unsigned char in int, double in double");
    return mx::Operands{a.x, b.x, c.x, d.x, in, cin, out, m, n, k, satf};
}
}  // namespace simt_detail

template <int m, int n, int k, typename TA, typename LA, typename LB, typename TC, typename TD>
__attribute__((always_inline)) inline void mma_sync(fragment<accumulator, m, n, k, TD>& d,
                                                    const fragment<matrix_a, m, n, k, TA, LA>& a,
                                                    const fragment<matrix_b, m, n, k, TA, LB>& b,
                                                    const fragment<accumulator, m, n, k, TC>& c) {
    simt::cuda::matrix::multiply(simt_detail::operands(d, a, b, c, false));
}

// satf exists for integer inputs only, as in CUDA: the sum is clamped to
// int's range instead of wrapping.
template <int m, int n, int k, typename TA, typename LA, typename LB>
__attribute__((always_inline)) inline void mma_sync(fragment<accumulator, m, n, k, int>& d,
                                                    const fragment<matrix_a, m, n, k, TA, LA>& a,
                                                    const fragment<matrix_b, m, n, k, TA, LB>& b,
                                                    const fragment<accumulator, m, n, k, int>& c, bool satf) {
    simt::cuda::matrix::multiply(simt_detail::operands(d, a, b, c, satf));
}

}  // namespace nvcuda::wmma
