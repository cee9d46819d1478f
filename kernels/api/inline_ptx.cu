// Inline PTX that simt runs: the special registers, and the integer
// instructions with no intrinsic that real code writes in PTX (bfind in
// cuda-samples' cdpAdvancedQuicksort, vabsdiff4 in stereoDisparity). Each
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

__global__ void probe(const unsigned long long* in, unsigned* out) {
    const int i = threadIdx.x;
    const unsigned lo = unsigned(in[i]), hi = unsigned(in[i] >> 32);
    out[4 * i + 0] = bfind32(lo);
    out[4 * i + 1] = bfind64(in[i]);
    out[4 * i + 2] = sad4(lo, hi, 0);
    out[4 * i + 3] = sad4(hi, lo, unsigned(i) * 1000u);
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
    cudaMalloc(&out, 4 * kValues * sizeof(unsigned));
    cudaMemcpy(in, values, sizeof values, cudaMemcpyHostToDevice);
    probe<<<1, kValues>>>(in, out);
    unsigned got[4 * kValues];
    cudaMemcpy(got, out, sizeof got, cudaMemcpyDeviceToHost);
    int mismatches = 0;
    for (int i = 0; i < kValues; ++i) {
        const unsigned lo = unsigned(values[i]), hi = unsigned(values[i] >> 32);
        const unsigned want[4] = {ref_bfind32(lo), ref_bfind64(values[i]), ref_sad4(lo, hi, 0),
                                  ref_sad4(hi, lo, unsigned(i) * 1000u)};
        std::printf("%016llx: bfind.u32 %08x bfind.u64 %08x vabsdiff4.add %08x %08x\n", values[i], got[4 * i],
                    got[4 * i + 1], got[4 * i + 2], got[4 * i + 3]);
        for (int k = 0; k < 4; ++k) mismatches += got[4 * i + k] != want[k];
    }
    std::printf("%s (%d mismatches with the PTX ISA's definitions)\n", mismatches == 0 ? "ok" : "MISMATCH", mismatches);
    cudaFree(in);
    cudaFree(out);
    return mismatches == 0 ? 0 : 1;
}
