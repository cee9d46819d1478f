// Measurements of an H200's warp matrix functions, not a test of simt's own: element-to-lane
// placements of every fragment (simt/warp_matrix_layout.h), num_elements, and chosen sums that show
// how the tensor cores round (primitives/src/warp_matrix.cpp). Its GPU output is
// docs/gpu-runs/2026-11-26-h200-wmma-probes.txt; simt prints the same (tests/test_cli_toolkit.cpp).
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <climits>
#include <cfloat>
#include <mma.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
using namespace nvcuda;

template <class T> __device__ T cv(int v) { return T(v); }
template <> __device__ __half cv<__half>(int v) { return __int2half_rn(v); }
template <> __device__ __nv_bfloat16 cv<__nv_bfloat16>(int v) { return __int2bfloat16_rn(v); }
template <class T> __device__ int back(T v) { return int(v); }
template <> __device__ int back<__half>(__half v) { return __half2int_rn(v); }
template <> __device__ int back<__nv_bfloat16>(__nv_bfloat16 v) { return __bfloat162int_rn(v); }

constexpr int LD = 32;

template <class Frag, class T, bool Col, bool Acc>
__global__ void map_kernel(T* buf, int rows, int cols, int* out) {
    int lane = threadIdx.x;
    for (int i = lane; i < rows * cols; i += 32) {
        int r = i / cols, c = i % cols;
        int at = Col ? c * LD + r : r * LD + c;
        buf[at] = cv<T>(r);
        buf[LD * LD + at] = cv<T>(c);
    }
    __syncwarp();
    Frag f, g;
    if constexpr (Acc) {
        wmma::load_matrix_sync(f, buf, LD, Col ? wmma::mem_col_major : wmma::mem_row_major);
        wmma::load_matrix_sync(g, buf + LD * LD, LD, Col ? wmma::mem_col_major : wmma::mem_row_major);
    } else {
        wmma::load_matrix_sync(f, buf, LD);
        wmma::load_matrix_sync(g, buf + LD * LD, LD);
    }
    for (int i = 0; i < f.num_elements; i++) out[lane * 64 + i] = back(f.x[i]) * 256 + back(g.x[i]);
    if (lane == 0) out[32 * 64] = f.num_elements;
}

void* scratch;
int* outp;

template <class Frag, class T, bool Col, bool Acc>
void map(const char* name, int rows, int cols) {
    cudaMemset(scratch, 0, 2 * LD * LD * 8);
    map_kernel<Frag, T, Col, Acc><<<1, 32>>>((T*)scratch, rows, cols, outp);
    static int h[32 * 64 + 1];
    cudaError_t e = cudaMemcpy(h, outp, sizeof h, cudaMemcpyDeviceToHost);
    int n = h[32 * 64];
    printf("map %s num_elements %d %s\n", name, n, cudaGetErrorName(e));
    for (int l = 0; l < 32; l++) {
        printf("  lane %2d:", l);
        for (int i = 0; i < n; i++) printf(" %d,%d", h[l * 64 + i] >> 8, h[l * 64 + i] & 255);
        printf("\n");
    }
}

#define A(m, n, k, T, L) wmma::fragment<wmma::matrix_a, m, n, k, T, wmma::L>
#define B(m, n, k, T, L) wmma::fragment<wmma::matrix_b, m, n, k, T, wmma::L>
#define C(m, n, k, T) wmma::fragment<wmma::accumulator, m, n, k, T>

#define MAPS_AB(m, n, k, T, S, name)                                       \
    map<A(m, n, k, T, row_major), S, false, false>(name " a row", m, k);   \
    map<A(m, n, k, T, col_major), S, true, false>(name " a col", m, k);    \
    map<B(m, n, k, T, row_major), S, false, false>(name " b row", k, n);   \
    map<B(m, n, k, T, col_major), S, true, false>(name " b col", k, n);

// ---- arithmetic probes: D[r][r] scenarios ----
template <class TA, class TC, class TD, int M, int N, int K>
__global__ void diag_kernel(const TA* a, const TA* b, const TC* c, TD* d, bool satf) {
    wmma::fragment<wmma::matrix_a, M, N, K, TA, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, M, N, K, TA, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, M, N, K, TC> fc;
    wmma::fragment<wmma::accumulator, M, N, K, TD> fd;
    wmma::load_matrix_sync(fa, a, K);
    wmma::load_matrix_sync(fb, b, K);
    wmma::load_matrix_sync(fc, c, N, wmma::mem_row_major);
    wmma::mma_sync(fd, fa, fb, fc);
    wmma::store_matrix_sync(d, fd, N, wmma::mem_row_major);
}
template <int M, int N, int K>
__global__ void diag_int(const signed char* a, const signed char* b, const int* c, int* d, bool satf) {
    wmma::fragment<wmma::matrix_a, M, N, K, signed char, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, M, N, K, signed char, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, M, N, K, int> fc;
    wmma::load_matrix_sync(fa, a, K);
    wmma::load_matrix_sync(fb, b, K);
    wmma::load_matrix_sync(fc, c, N, wmma::mem_row_major);
    wmma::mma_sync(fc, fa, fb, fc, satf);
    wmma::store_matrix_sync(d, fc, N, wmma::mem_row_major);
}
__global__ void diag_tf32(const float* a, const float* b, const float* c, float* d) {
    wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 8, float> fc;
    wmma::load_matrix_sync(fa, a, 8);
    wmma::load_matrix_sync(fb, b, 8);
    wmma::load_matrix_sync(fc, c, 16, wmma::mem_row_major);
    wmma::mma_sync(fc, fa, fb, fc);
    wmma::store_matrix_sync(d, fc, 16, wmma::mem_row_major);
}
__global__ void to_tf32(const float* in, float* out, int n) {
    for (int i = threadIdx.x; i < n; i += 32) out[i] = wmma::__float_to_tf32(in[i]);
}

template <class T> T* dev(const T* h, size_t n) { T* p; cudaMalloc(&p, n * sizeof(T)); cudaMemcpy(p, h, n * sizeof(T), cudaMemcpyHostToDevice); return p; }
template <class T> void get(T* h, const T* p, size_t n) { cudaMemcpy(h, p, n * sizeof(T), cudaMemcpyDeviceToHost); }

void half_probe() {
    // fp16 x fp16, fp32 accumulator, 16x16x16
    static __half a[256], b[256]; static float c[256], d[256];
    for (int i = 0; i < 256; i++) { a[i] = __float2half(0.f); b[i] = __float2half(0.f); c[i] = 0; }
    auto S = [&](int r, int k, float av, float bv) { a[r * 16 + k] = __float2half(av); b[r * 16 + k] = __float2half(bv); };
    const float e12 = ldexpf(1, -12), e14 = ldexpf(1, -14);
    c[0 * 17] = 1; S(0, 0, e12, e12); S(0, 1, e12, e12);
    c[1 * 17] = 1; S(1, 0, 1.5f * e12, e12);
    c[2 * 17] = 0; S(2, 0, 1, 1); S(2, 1, e14, e14); S(2, 2, -1, 1);
    c[3 * 17] = ldexpf(1, -28); S(3, 0, 1, 1); S(3, 1, -1, 1);
    c[4 * 17] = 1; S(4, 0, -1.5f * e12, e12);
    c[5 * 17] = 0; for (int k = 0; k < 16; k++) S(5, k, 1 + ldexpf(1, -10), 1);
    c[6 * 17] = ldexpf(1, 24); S(6, 0, 1, 1);
    c[7 * 17] = ldexpf(1, 24); S(7, 0, 1, 1); S(7, 1, 0.5f, 1);
    c[8 * 17] = 0; S(8, 15, 1, 1); S(8, 0, e14, e14);  // 1 at k=15 then tiny at k=0
    c[9 * 17] = 1; for (int k = 0; k < 16; k++) S(9, k, e12, e12);  // 1 + 16*2^-24 = 1+2^-20
    c[10 * 17] = 1; for (int k = 0; k < 8; k++) S(10, k, e12, e12);  // 1 + 8*2^-24 = 1 + 2^-21
    c[11 * 17] = 0; S(11, 0, 65504, 65504); S(11, 1, -65504, 65504); S(11, 2, 1, e14);
    c[12 * 17] = 1; S(12, 0, 1.5f * e12, e12); S(12, 8, 1.5f * e12, e12);  // two halves
    c[13 * 17] = 0; S(13, 0, 1, 1); S(13, 1, ldexpf(1, -24), 1); // half subnormal product
    c[14 * 17] = -1; S(14, 0, 1 + ldexpf(1, -10), 1 + ldexpf(1, -10));
    c[15 * 17] = 0; S(15, 0, 1 + ldexpf(1, -10), 1 + ldexpf(1, -10)); S(15, 1, -1, 1);
    __half *da = dev(a, 256), *db = dev(b, 256); float *dc = dev(c, 256), *dd = dev(d, 256);
    diag_kernel<__half, float, float, 16, 16, 16><<<1, 32>>>(da, db, dc, dd, false);
    get(d, dd, 256);
    for (int r = 0; r < 16; r++) printf("f16->f32 scenario %d: %a\n", r, d[r * 17]);
    // half accumulator
    static __half hc[256], hd[256];
    for (int i = 0; i < 256; i++) { a[i] = __float2half(0.f); b[i] = __float2half(0.f); hc[i] = __float2half(0.f); }
    const float e11 = ldexpf(1, -11);
    hc[0] = __float2half(1.f); S(0, 0, e11, 1);
    hc[17] = __float2half(1.f); S(1, 0, 1.5f * e11, 1);
    S(2, 0, 1, 1); S(2, 1, e14, 1); S(2, 2, -1, 1);
    hc[3 * 17] = __float2half(2048.f); S(3, 0, 1, 1);
    hc[4 * 17] = __float2half(2048.f); S(4, 0, 1, 1); S(4, 1, 0.5f, 1);
    hc[5 * 17] = __float2half(65504.f); S(5, 0, 65504, 1);
    hc[6 * 17] = __float2half(1.f); S(6, 0, e11, 1); S(6, 1, e11, 1);
    hc[7 * 17] = __float2half(1.f); S(7, 0, -1.5f * e11, 1);
    S(8, 0, 256, 256); S(8, 1, -256, 256); S(8, 2, 1, 1);  // intermediate 65536 > half max
    hc[9 * 17] = __float2half(1.f); S(9, 0, e12, 1); S(9, 1, e12, 1);
    __half *dhc = dev(hc, 256), *dhd = dev(hd, 256);
    diag_kernel<__half, __half, __half, 16, 16, 16><<<1, 32>>>(da, db, dhc, dhd, false);
    // (a, b were changed on host after upload: upload again)
    cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice); cudaMemcpy(db, b, sizeof b, cudaMemcpyHostToDevice);
    diag_kernel<__half, __half, __half, 16, 16, 16><<<1, 32>>>(da, db, dhc, dhd, false);
    get(hd, dhd, 256);
    for (int r = 0; r < 10; r++) printf("f16->f16 scenario %d: %a\n", r, __half2float(hd[r * 17]));
    // f16 c -> f32 d and f32 c -> f16 d
    float* dd2 = dev(d, 256);
    diag_kernel<__half, __half, float, 16, 16, 16><<<1, 32>>>(da, db, dhc, dd2, false);
    get(d, dd2, 256);
    for (int r = 0; r < 10; r++) printf("f16(c f16)->f32 scenario %d: %a\n", r, d[r * 17]);
    printf("half probe %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
}

void tf32_probe() {
    static float a[128], b[128], c[256], d[256];
    memset(a, 0, sizeof a); memset(b, 0, sizeof b); memset(c, 0, sizeof c);
    auto S = [&](int r, int k, float av, float bv) { a[r * 8 + k] = av; b[r * 8 + k] = bv; };
    S(0, 0, 1 + ldexpf(1, -11) + ldexpf(1, -12), 1);
    S(1, 0, 1 + ldexpf(1, -11), 1);
    S(2, 0, 1, 1 + ldexpf(1, -11) + ldexpf(1, -12));
    S(3, 0, 1 + ldexpf(1, -10), 1 + ldexpf(1, -10));
    c[4 * 17] = 1; S(4, 0, 1.5f * ldexpf(1, -12), ldexpf(1, -12));
    c[5 * 17] = 1; S(5, 0, ldexpf(1, -12), ldexpf(1, -12)); S(5, 1, ldexpf(1, -12), ldexpf(1, -12));
    S(6, 0, -(1 + ldexpf(1, -11) + ldexpf(1, -12)), 1);
    S(7, 0, 1 + ldexpf(1, -22), 1);
    c[8 * 17] = 0; S(8, 0, 1, 1); S(8, 1, ldexpf(1, -28), 1); S(8, 2, -1, 1);
    c[9 * 17] = ldexpf(1, 24); S(9, 0, 1, 1); S(9, 1, 0.5f, 1);
    float *da = dev(a, 128), *db = dev(b, 128), *dc = dev(c, 256), *dd = dev(d, 256);
    diag_tf32<<<1, 32>>>(da, db, dc, dd);
    get(d, dd, 256);
    for (int r = 0; r < 10; r++) printf("tf32 scenario %d: %a\n", r, d[r * 17]);
    float in[12] = {1 + ldexpf(1, -11), -(1 + ldexpf(1, -11)), 1 + ldexpf(1, -11) + ldexpf(1, -12), 1 + ldexpf(1, -12),
                    FLT_MAX, INFINITY, NAN, ldexpf(1, -140) + ldexpf(1, -149), -0.0f, 3.14159265f, 1 + ldexpf(1, -11) * 3, 1e-45f};
    float out[12];
    float *di = dev(in, 12), *dout = dev(in, 12);
    to_tf32<<<1, 32>>>(di, dout, 12);
    get(out, dout, 12);
    for (int i = 0; i < 12; i++) { unsigned u, v; memcpy(&u, &in[i], 4); memcpy(&v, &out[i], 4); printf("__float_to_tf32 %08x -> %08x\n", u, v); }
    printf("tf32 probe %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
}

void int_probe() {
    static signed char a[256], b[256]; static int c[256], d[256];
    memset(a, 0, sizeof a); memset(b, 0, sizeof b); memset(c, 0, sizeof c);
    auto S = [&](int r, int k, int av, int bv) { a[r * 16 + k] = av; b[r * 16 + k] = bv; };
    c[0] = INT_MAX - 10; S(0, 0, 127, 127);
    c[17] = INT_MIN + 10; S(1, 0, -128, 127);
    c[2 * 17] = INT_MAX; S(2, 0, 127, 127); S(2, 1, -127, 127);
    c[3 * 17] = INT_MAX; S(3, 0, -127, 127); S(3, 1, 127, 127);
    c[4 * 17] = INT_MAX; S(4, 15, -127, 127); S(4, 0, 127, 127);
    c[5 * 17] = 5; for (int k = 0; k < 16; k++) S(5, k, -128, -128);
    signed char *da = dev(a, 256), *db = dev(b, 256); int *dc = dev(c, 256), *dd = dev(d, 256);
    for (int satf = 0; satf < 2; satf++) {
        diag_int<16, 16, 16><<<1, 32>>>(da, db, dc, dd, satf);
        get(d, dd, 256);
        for (int r = 0; r < 6; r++) printf("s8 satf %d scenario %d: %d\n", satf, r, d[r * 17]);
    }
    printf("int probe %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
}

void double_probe() {
    static double a[32], b[32], c[64], d[64];
    memset(a, 0, sizeof a); memset(b, 0, sizeof b); memset(c, 0, sizeof c);
    auto S = [&](int r, int k, double av, double bv) { a[r * 4 + k] = av; b[r * 4 + k] = bv; };
    const double big = ldexp(1, 53), t = 1 + ldexp(1, -30);
    c[0] = 1; S(0, 0, big, 1); S(0, 1, -big, 1);
    c[9] = 1; S(1, 2, big, 1); S(1, 3, -big, 1);
    c[18] = -1; S(2, 0, t, t);
    c[27] = 0; S(3, 0, t, t); S(3, 1, -1, 1);
    c[36] = 0; S(4, 0, 1, 1); S(4, 1, ldexp(1, -60), 1); S(4, 2, -1, 1);
    c[45] = 0; S(5, 3, 1, 1); S(5, 0, ldexp(1, -60), 1); S(5, 2, -1, 1);
    c[54] = big; S(6, 0, 1, 1); S(6, 1, 1, 1);  // 2^53 + 1 + 1
    c[63] = big; S(7, 0, 1, 1); S(7, 1, 0.5, 1);
    double *da = dev(a, 32), *db = dev(b, 32), *dc = dev(c, 64), *dd = dev(d, 64);
    diag_kernel<double, double, double, 8, 8, 4><<<1, 32>>>(da, db, dc, dd, false);
    get(d, dd, 64);
    for (int r = 0; r < 8; r++) printf("f64 scenario %d: %a\n", r, d[r * 9]);
    printf("double probe %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
}

void bf16_probe() {
    static __nv_bfloat16 a[256], b[256]; static float c[256], d[256];
    for (int i = 0; i < 256; i++) { a[i] = __float2bfloat16(0.f); b[i] = __float2bfloat16(0.f); c[i] = 0; }
    auto S = [&](int r, int k, float av, float bv) { a[r * 16 + k] = __float2bfloat16(av); b[r * 16 + k] = __float2bfloat16(bv); };
    const float e12 = ldexpf(1, -12);
    c[0] = 1; S(0, 0, e12, e12); S(0, 1, e12, e12);
    c[17] = 1; S(1, 0, 1.5f * e12, e12);
    S(2, 0, 1, 1); S(2, 1, ldexpf(1, -28), 1); S(2, 2, -1, 1);
    S(3, 0, ldexpf(1, 100), ldexpf(1, 100)); S(3, 1, -ldexpf(1, 100), ldexpf(1, 100)); S(3, 2, 1, 1);
    __nv_bfloat16 *da = dev(a, 256), *db = dev(b, 256); float *dc = dev(c, 256), *dd = dev(d, 256);
    diag_kernel<__nv_bfloat16, float, float, 16, 16, 16><<<1, 32>>>(da, db, dc, dd, false);
    get(d, dd, 256);
    for (int r = 0; r < 4; r++) printf("bf16 scenario %d: %a\n", r, d[r * 17]);
    printf("bf16 probe %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
}

int main() {
    cudaMalloc(&scratch, 2 * LD * LD * 8);
    cudaMalloc(&outp, (32 * 64 + 1) * 4);
    cudaMemset(outp, 0, (32 * 64 + 1) * 4);  // added after the GPU run: the copies read unwritten slots (printed: none)
    half_probe();
    bf16_probe();
    tf32_probe();
    int_probe();
    double_probe();
    MAPS_AB(16, 16, 16, __half, __half, "f16 m16n16k16")
    MAPS_AB(32, 8, 16, __half, __half, "f16 m32n8k16")
    MAPS_AB(8, 32, 16, __half, __half, "f16 m8n32k16")
    MAPS_AB(16, 16, 16, __nv_bfloat16, __nv_bfloat16, "bf16 m16n16k16")
    MAPS_AB(32, 8, 16, __nv_bfloat16, __nv_bfloat16, "bf16 m32n8k16")
    MAPS_AB(8, 32, 16, __nv_bfloat16, __nv_bfloat16, "bf16 m8n32k16")
    MAPS_AB(16, 16, 16, signed char, signed char, "s8 m16n16k16")
    MAPS_AB(32, 8, 16, signed char, signed char, "s8 m32n8k16")
    MAPS_AB(8, 32, 16, signed char, signed char, "s8 m8n32k16")
    map<A(16, 16, 16, unsigned char, row_major), unsigned char, false, false>("u8 m16n16k16 a row", 16, 16);
    MAPS_AB(16, 16, 8, wmma::precision::tf32, float, "tf32 m16n16k8")
    MAPS_AB(8, 8, 4, double, double, "f64 m8n8k4")
    map<C(16, 16, 16, float), float, false, true>("acc f32 m16n16k16 row", 16, 16);
    map<C(16, 16, 16, float), float, true, true>("acc f32 m16n16k16 col", 16, 16);
    map<C(16, 16, 16, __half), __half, false, true>("acc f16 m16n16k16 row", 16, 16);
    map<C(32, 8, 16, float), float, false, true>("acc f32 m32n8k16 row", 32, 8);
    map<C(32, 8, 16, __half), __half, false, true>("acc f16 m32n8k16 row", 32, 8);
    map<C(8, 32, 16, float), float, false, true>("acc f32 m8n32k16 row", 8, 32);
    map<C(8, 32, 16, __half), __half, false, true>("acc f16 m8n32k16 row", 8, 32);
    map<C(16, 16, 16, int), int, false, true>("acc s32 m16n16k16 row", 16, 16);
    map<C(32, 8, 16, int), int, false, true>("acc s32 m32n8k16 row", 32, 8);
    map<C(8, 32, 16, int), int, false, true>("acc s32 m8n32k16 row", 8, 32);
    map<C(16, 16, 8, float), float, false, true>("acc f32 m16n16k8 row", 16, 16);
    map<C(8, 8, 4, double), double, false, true>("acc f64 m8n8k4 row", 8, 8);
    printf("done %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
}
