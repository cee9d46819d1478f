// Inline PTX that simt runs: the special registers, the integer
// instructions with no intrinsic that real code writes in PTX (bfind in
// cuda-samples' cdpAdvancedQuicksort, vabsdiff4 in stereoDisparity), and
// those that are an intrinsic (prmt, shf, brev, popc). Each
// result is printed and compared with the PTX ISA's definition computed on
// the host (nvcc -arch=sm_90 builds it unchanged: on a GPU the comparison
// checks the definition, under simt the translation).
#include <cstdio>
#include <cuda_runtime.h>

constexpr int kValues = 12;

__device__ unsigned bfind32(unsigned v) {
    unsigned r;
    asm("bfind.u32 %0, %1;" : "=r"(r) : "r"(v));
    return r;
}
__device__ unsigned bfind64(unsigned long long v) {
    unsigned r;
    asm volatile("bfind.u64 %0, %1;" : "=r"(r) : "l"(v));
    return r;
}
__device__ unsigned sad4(unsigned a, unsigned b, unsigned c) {
    unsigned r;
    asm("vabsdiff4.u32.u32.u32.add"
        " %0, %1, %2, %3;"
        : "=r"(r)
        : "r"(a), "r"(b), "r"(c));
    return r;
}

constexpr int kResults = 11;

__global__ void probe(const unsigned long long* in, unsigned* out) {
    const int i = threadIdx.x;
    const unsigned lo = unsigned(in[i]), hi = unsigned(in[i] >> 32), shift = unsigned(i) * 5u;
    unsigned* o = out + kResults * i;
    o[0] = bfind32(lo);
    o[1] = bfind64(in[i]);
    o[2] = sad4(lo, hi, 0);
    o[3] = sad4(hi, lo, unsigned(i) * 1000u);
    asm("prmt.b32 %0, %1, %2, %3;" : "=r"(o[4]) : "r"(lo), "r"(hi), "r"(lo ^ hi));
    asm("shf.l.wrap.b32 %0, %1, %2, %3;" : "=r"(o[5]) : "r"(lo), "r"(hi), "r"(shift));
    asm("shf.l.clamp.b32 %0, %1, %2, %3;" : "=r"(o[6]) : "r"(lo), "r"(hi), "r"(shift));
    asm("shf.r.wrap.b32 %0, %1, %2, %3;" : "=r"(o[7]) : "r"(lo), "r"(hi), "r"(shift));
    asm("shf.r.clamp.b32 %0, %1, %2, %3;" : "=r"(o[8]) : "r"(lo), "r"(hi), "r"(shift));
    asm("brev.b32 %0, %1;" : "=r"(o[9]) : "r"(hi));
    asm("popc.b32 %0, %1;" : "=r"(o[10]) : "r"(hi));
}

// The PTX ISA's definitions.
unsigned ref_bfind32(unsigned v) {
    for (int b = 31; b >= 0; --b)
        if ((v >> b) & 1u) return unsigned(b);
    return 0xffffffffu;
}
unsigned ref_bfind64(unsigned long long v) {
    for (int b = 63; b >= 0; --b)
        if ((v >> b) & 1ull) return unsigned(b);
    return 0xffffffffu;
}
unsigned ref_sad4(unsigned a, unsigned b, unsigned c) {
    for (int k = 0; k < 4; ++k) {
        const int x = int((a >> (8 * k)) & 0xffu), y = int((b >> (8 * k)) & 0xffu);
        c += unsigned(x > y ? x - y : y - x);
    }
    return c;
}

// prmt's default mode: byte i of the result is byte (selector nibble i & 7)
// of y:x, or that byte's sign replicated when the nibble's bit 3 is set.
unsigned ref_prmt(unsigned x, unsigned y, unsigned s) {
    const unsigned long long bytes = (static_cast<unsigned long long>(y) << 32) | x;
    unsigned r = 0;
    for (int i = 0; i < 4; ++i) {
        const unsigned n = (s >> (4 * i)) & 0xfu;
        unsigned b = unsigned(bytes >> (8 * (n & 7u))) & 0xffu;
        if (n & 8u) b = (b & 0x80u) ? 0xffu : 0u;
        r |= b << (8 * i);
    }
    return r;
}
// shf: the 64 bits b:a shifted by c (wrap: c mod 32, clamp: at most 32).
unsigned ref_shf(unsigned a, unsigned b, unsigned c, bool left, bool clamp) {
    const unsigned n = clamp ? (c < 32u ? c : 32u) : (c & 31u);
    const unsigned long long v = (static_cast<unsigned long long>(b) << 32) | a;
    return left ? unsigned((v << n) >> 32) : unsigned(v >> n);
}
unsigned ref_brev(unsigned v) {
    unsigned r = 0;
    for (int i = 0; i < 32; ++i) r |= ((v >> i) & 1u) << (31 - i);
    return r;
}
unsigned ref_popc(unsigned v) {
    unsigned n = 0;
    for (; v != 0; v &= v - 1) ++n;
    return n;
}

int main() {
    const unsigned long long values[kValues] = {0ull,
                                                1ull,
                                                0x80000000ull,
                                                0xffffffffull,
                                                0x100000000ull,
                                                0x8000000000000000ull,
                                                0xffffffffffffffffull,
                                                0x00ff00ff12345678ull,
                                                0x7f80017f01020304ull,
                                                0xdeadbeefcafef00dull,
                                                0x0000000100000000ull,
                                                0x1234567800000001ull};
    unsigned long long* in = nullptr;
    unsigned* out = nullptr;
    cudaMalloc(&in, sizeof values);
    cudaMalloc(&out, kResults * kValues * sizeof(unsigned));
    cudaMemcpy(in, values, sizeof values, cudaMemcpyHostToDevice);
    probe<<<1, kValues>>>(in, out);
    unsigned got[kResults * kValues];
    cudaMemcpy(got, out, sizeof got, cudaMemcpyDeviceToHost);
    int mismatches = 0;
    for (int i = 0; i < kValues; ++i) {
        const unsigned lo = unsigned(values[i]), hi = unsigned(values[i] >> 32), shift = unsigned(i) * 5u;
        const unsigned want[kResults] = {ref_bfind32(lo), ref_bfind64(values[i]), ref_sad4(lo, hi, 0),
                                         ref_sad4(hi, lo, unsigned(i) * 1000u), ref_prmt(lo, hi, lo ^ hi),
                                         ref_shf(lo, hi, shift, true, false), ref_shf(lo, hi, shift, true, true),
                                         ref_shf(lo, hi, shift, false, false), ref_shf(lo, hi, shift, false, true),
                                         ref_brev(hi), ref_popc(hi)};
        const unsigned* g = got + kResults * i;
        std::printf("%016llx: bfind.u32 %08x bfind.u64 %08x vabsdiff4.add %08x %08x\n", values[i], g[0], g[1], g[2],
                    g[3]);
        std::printf("  prmt %08x shf.l %08x %08x shf.r %08x %08x (by %u) brev %08x popc %u\n", g[4], g[5], g[6], g[7],
                    g[8], shift, g[9], g[10]);
        for (int k = 0; k < kResults; ++k) {
            if (g[k] == want[k]) continue;
            ++mismatches;
            std::printf("  MISMATCH in result %d: %08x, the definition gives %08x\n", k, g[k], want[k]);
        }
    }
    std::printf("%s (%d mismatches with the PTX ISA's definitions)\n", mismatches == 0 ? "ok" : "MISMATCH", mismatches);
    cudaFree(in);
    cudaFree(out);
    return mismatches == 0 ? 0 : 1;
}
