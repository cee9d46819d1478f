// Warp matrix functions (mma.h): every fragment's num_elements, GEMMs of every
// input type and shape on integer-valued data (exact, so bit for bit),
// accumulators scaled element by element as cuda-samples do, where each lane
// holds which accumulator element, the tensor cores' rounding on chosen sums,
// __float_to_tf32, satf, and random data within a bound of a host reference.
// Prints only deterministic values; the GPU's output is
// docs/gpu-runs/2026-11-26-h200-wmma.txt.
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <type_traits>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <mma.h>

using namespace nvcuda;

template <class T> __host__ __device__ T from_float(float v) { return T(v); }
template <> __host__ __device__ __half from_float<__half>(float v) { return __float2half(v); }
template <> __host__ __device__ __nv_bfloat16 from_float<__nv_bfloat16>(float v) { return __float2bfloat16(v); }
template <class T> __host__ __device__ double to_double(T v) { return double(v); }
template <> __host__ __device__ double to_double<__half>(__half v) { return __half2float(v); }
template <> __host__ __device__ double to_double<__nv_bfloat16>(__nv_bfloat16 v) { return __bfloat162float(v); }

template <class T> T* device_copy(const T* h, size_t n) {
    T* p = nullptr;
    cudaMalloc(&p, n * sizeof(T));
    cudaMemcpy(p, h, n * sizeof(T), cudaMemcpyHostToDevice);
    return p;
}
template <class T> void host_copy(T* h, const T* p, size_t n) { cudaMemcpy(h, p, n * sizeof(T), cudaMemcpyDeviceToHost); }

// ---- num_elements ----
template <class F> __device__ void count(int* out, int at) { out[at] = F::num_elements; }
#define FA(m, n, k, T, L) wmma::fragment<wmma::matrix_a, m, n, k, T, wmma::L>
#define FB(m, n, k, T, L) wmma::fragment<wmma::matrix_b, m, n, k, T, wmma::L>
#define FC(m, n, k, T) wmma::fragment<wmma::accumulator, m, n, k, T>
__global__ void counts(int* out) {
    int i = 0;
    count<FA(16, 16, 16, __half, row_major)>(out, i++); count<FB(16, 16, 16, __half, col_major)>(out, i++);
    count<FC(16, 16, 16, __half)>(out, i++); count<FC(16, 16, 16, float)>(out, i++);
    count<FA(32, 8, 16, __half, row_major)>(out, i++); count<FB(32, 8, 16, __half, col_major)>(out, i++);
    count<FA(8, 32, 16, __half, row_major)>(out, i++); count<FB(8, 32, 16, __half, col_major)>(out, i++);
    count<FA(16, 16, 16, __nv_bfloat16, row_major)>(out, i++); count<FB(16, 16, 16, __nv_bfloat16, col_major)>(out, i++);
    count<FA(32, 8, 16, __nv_bfloat16, row_major)>(out, i++); count<FB(32, 8, 16, __nv_bfloat16, col_major)>(out, i++);
    count<FA(8, 32, 16, __nv_bfloat16, row_major)>(out, i++); count<FB(8, 32, 16, __nv_bfloat16, col_major)>(out, i++);
    count<FA(16, 16, 8, wmma::precision::tf32, row_major)>(out, i++); count<FB(16, 16, 8, wmma::precision::tf32, col_major)>(out, i++);
    count<FC(16, 16, 8, float)>(out, i++);
    count<FA(16, 16, 16, signed char, row_major)>(out, i++); count<FB(16, 16, 16, unsigned char, col_major)>(out, i++);
    count<FA(32, 8, 16, signed char, row_major)>(out, i++); count<FB(32, 8, 16, signed char, col_major)>(out, i++);
    count<FA(8, 32, 16, signed char, row_major)>(out, i++); count<FB(8, 32, 16, signed char, col_major)>(out, i++);
    count<FC(16, 16, 16, int)>(out, i++);
    count<FA(8, 8, 4, double, row_major)>(out, i++); count<FB(8, 8, 4, double, col_major)>(out, i++);
    count<FC(8, 8, 4, double)>(out, i++);
    out[31] = i;
}
void print_counts() {
    int* d; cudaMalloc(&d, 32 * sizeof(int)); cudaMemset(d, 0, 32 * sizeof(int));
    counts<<<1, 1>>>(d);
    int h[32]; host_copy(h, d, 32);
    printf("-- num_elements:");
    for (int i = 0; i < h[31]; i++) printf(" %d", h[i]);
    printf("\n");
    cudaFree(d);
}

// ---- GEMM: one warp per M x N tile of D = A B + C, looping over k ----
// A is m x k (row-major: ld k, col-major: ld m), B is k x n (row-major: ld n,
// col-major: ld k), C and D m x n in `dlayout`.
template <class TF, class TS, class LA, class LB, class TC, class TD, int M, int N, int K>
__global__ void gemm(const TS* a, const TS* b, const TC* c, TD* d, int m, int n, int k, wmma::layout_t dlayout,
                     bool to_tf32) {
    const int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    const int tiles_n = n / N;
    if (warp >= (m / M) * tiles_n) return;
    const int tr = warp / tiles_n * M, tc = warp % tiles_n * N;
    const bool acol = std::is_same<LA, wmma::col_major>::value, bcol = std::is_same<LB, wmma::col_major>::value;
    const bool dcol = dlayout == wmma::mem_col_major;
    wmma::fragment<wmma::accumulator, M, N, K, TC> fc;
    wmma::fragment<wmma::accumulator, M, N, K, TD> fd;
    wmma::load_matrix_sync(fc, c + (dcol ? tc * m + tr : tr * n + tc), dcol ? m : n, dlayout);
    bool first = true;
    for (int kk = 0; kk < k; kk += K) {
        wmma::fragment<wmma::matrix_a, M, N, K, TF, LA> fa;
        wmma::fragment<wmma::matrix_b, M, N, K, TF, LB> fb;
        wmma::load_matrix_sync(fa, a + (acol ? kk * m + tr : tr * k + kk), acol ? m : k);
        wmma::load_matrix_sync(fb, b + (bcol ? tc * k + kk : kk * n + tc), bcol ? k : n);
        if (to_tf32) {
            for (int i = 0; i < fa.num_elements; i++) fa.x[i] = wmma::__float_to_tf32(fa.x[i]);
            for (int i = 0; i < fb.num_elements; i++) fb.x[i] = wmma::__float_to_tf32(fb.x[i]);
        }
        if constexpr (std::is_same<TC, TD>::value) {
            wmma::mma_sync(fc, fa, fb, fc);
        } else {
            // Mixed accumulators: D of one type from C of the other, once.
            if (first) wmma::mma_sync(fd, fa, fb, fc);
            else {
                wmma::fragment<wmma::accumulator, M, N, K, TD> fd2;
                wmma::mma_sync(fd2, fa, fb, fd);
                fd = fd2;
            }
        }
        first = false;
    }
    if constexpr (std::is_same<TC, TD>::value) wmma::store_matrix_sync(d + (dcol ? tc * m + tr : tr * n + tc), fc, dcol ? m : n, dlayout);
    else wmma::store_matrix_sync(d + (dcol ? tc * m + tr : tr * n + tc), fd, dcol ? m : n, dlayout);
}

template <class T> T small_value(unsigned& seed, int lo, int hi) {
    seed = seed * 1664525u + 1013904223u;
    return T(lo + int((seed >> 8) % unsigned(hi - lo + 1)));
}

// Integer-valued data, so every sum is exact and the GPU's and simt's agree.
template <class TF, class TS, class LA, class LB, class TC, class TD, int M, int N, int K>
void exact_gemm(const char* name, int m, int n, int k, int lo, int hi, wmma::layout_t dlayout, bool to_tf32 = false) {
    unsigned seed = 12345u + unsigned(m * 7 + n * 3 + k);
    TS* ha = new TS[m * k](); TS* hb = new TS[k * n](); TC* hc = new TC[m * n](); TD* hd = new TD[m * n]();
    double* av = new double[m * k]; double* bv = new double[k * n];
    const bool acol = std::is_same<LA, wmma::col_major>::value, bcol = std::is_same<LB, wmma::col_major>::value;
    const bool dcol = dlayout == wmma::mem_col_major;
    for (int r = 0; r < m; r++)
        for (int i = 0; i < k; i++) {
            int v = small_value<int>(seed, lo, hi);
            ha[acol ? i * m + r : r * k + i] = from_float<TS>(float(v));
            av[r * k + i] = v;
        }
    for (int i = 0; i < k; i++)
        for (int col = 0; col < n; col++) {
            int v = small_value<int>(seed, lo, hi);
            hb[bcol ? col * k + i : i * n + col] = from_float<TS>(float(v));
            bv[i * n + col] = v;
        }
    for (int i = 0; i < m * n; i++) hc[i] = from_float<TC>(float(small_value<int>(seed, -8, 8)));
    TS* da = device_copy(ha, m * k); TS* db = device_copy(hb, k * n); TC* dc = device_copy(hc, m * n);
    TD* dd = device_copy(hd, m * n);
    const int warps = (m / M) * (n / N);
    gemm<TF, TS, LA, LB, TC, TD, M, N, K><<<(warps + 3) / 4, 128>>>(da, db, dc, dd, m, n, k, dlayout, to_tf32);
    cudaError_t e = cudaDeviceSynchronize();
    host_copy(hd, dd, m * n);
    double sum = 0, weighted = 0;
    int wrong = 0;
    for (int r = 0; r < m; r++)
        for (int col = 0; col < n; col++) {
            const int at = dcol ? col * m + r : r * n + col;
            double ref = to_double(hc[at]);
            for (int i = 0; i < k; i++) ref += av[r * k + i] * bv[i * n + col];
            const double got = to_double(hd[at]);
            if (got != ref) wrong++;
            sum += got;
            weighted += got * double((r * 31 + col * 7) % 17);
        }
    printf("%s: %s sum %.17g weighted %.17g d[0] %.9g d[last] %.9g wrong %d\n", name, cudaGetErrorName(e), sum,
           weighted, to_double(hd[0]), to_double(hd[m * n - 1]), wrong);
    cudaFree(da); cudaFree(db); cudaFree(dc); cudaFree(dd);
    delete[] ha; delete[] hb; delete[] hc; delete[] hd; delete[] av; delete[] bv;
}

// ---- cudaTensorCoreGemm's epilogue: x[t] = alpha * acc.x[t] + beta * c.x[t] ----
__global__ void scaled(const __half* a, const __half* b, const float* c, float* d, float alpha, float beta) {
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc, fc;
    wmma::fill_fragment(acc, 0.0f);
    wmma::load_matrix_sync(fa, a, 16);
    wmma::load_matrix_sync(fb, b, 16);
    wmma::mma_sync(acc, fa, fb, acc);
    wmma::load_matrix_sync(fc, c, 16, wmma::mem_row_major);
    for (int t = 0; t < fc.num_elements; t++) fc.x[t] = alpha * acc.x[t] + beta * fc.x[t];
    wmma::store_matrix_sync(d, fc, 16, wmma::mem_row_major);
}
void print_scaled() {
    __half ha[256], hb[256]; float hc[256], hd[256];
    for (int i = 0; i < 256; i++) {
        ha[i] = __float2half(float(i % 5 - 2));
        hb[i] = __float2half(float(i % 3 - 1));
        hc[i] = float(i % 9 - 4);
    }
    __half *da = device_copy(ha, 256), *db = device_copy(hb, 256);
    float *dc = device_copy(hc, 256), *dd = device_copy(hd, 256);
    scaled<<<1, 32>>>(da, db, dc, dd, 2.0f, -0.5f);
    cudaError_t e = cudaDeviceSynchronize();
    host_copy(hd, dd, 256);
    double sum = 0;
    for (int i = 0; i < 256; i++) sum += hd[i] * double(i % 11);
    printf("-- alpha/beta epilogue: %s weighted %.9g row 0:", cudaGetErrorName(e), sum);
    for (int i = 0; i < 16; i++) printf(" %g", hd[i]);
    printf("\n");
}

// ---- which accumulator element each lane holds ----
template <int M, int N, int K, class T>
__global__ void lane_map(const T* rows, const T* cols, int* out) {
    wmma::fragment<wmma::accumulator, M, N, K, T> r, c;
    wmma::load_matrix_sync(r, rows, N, wmma::mem_row_major);
    wmma::load_matrix_sync(c, cols, N, wmma::mem_row_major);
    for (int i = 0; i < r.num_elements; i++) out[threadIdx.x * 8 + i] = int(r.x[i]) * 100 + int(c.x[i]);
}
template <int M, int N, int K, class T>
void print_lane_map(const char* name) {
    T hr[M * N], hc[M * N];
    for (int i = 0; i < M * N; i++) { hr[i] = T(i / N); hc[i] = T(i % N); }
    T *dr = device_copy(hr, M * N), *dc = device_copy(hc, M * N);
    int* d; cudaMalloc(&d, 256 * sizeof(int)); cudaMemset(d, 0, 256 * sizeof(int));
    lane_map<M, N, K, T><<<1, 32>>>(dr, dc, d);
    int h[256]; host_copy(h, d, 256);
    wmma::fragment<wmma::accumulator, M, N, K, T>* none = nullptr;
    const int count = sizeof(none->x) / sizeof(none->x[0]);
    printf("-- %s lanes (row,col of x[0..%d]):\n", name, count - 1);
    for (int lane = 0; lane < 32; lane++) {
        printf("lane %d:", lane);
        for (int i = 0; i < count; i++) printf(" %d,%d", h[lane * 8 + i] / 100, h[lane * 8 + i] % 100);
        printf("\n");
    }
    cudaFree(dr); cudaFree(dc); cudaFree(d);
}

// ---- rounding: D[r][r] of a 16x16x16 product, each row a chosen sum ----
template <class TA, class TC, class TD>
__global__ void diagonal(const TA* a, const TA* b, const TC* c, TD* d) {
    wmma::fragment<wmma::matrix_a, 16, 16, 16, TA, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, TA, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, TC> fc;
    wmma::fragment<wmma::accumulator, 16, 16, 16, TD> fd;
    wmma::load_matrix_sync(fa, a, 16);
    wmma::load_matrix_sync(fb, b, 16);
    wmma::load_matrix_sync(fc, c, 16, wmma::mem_row_major);
    wmma::mma_sync(fd, fa, fb, fc);
    wmma::store_matrix_sync(d, fd, 16, wmma::mem_row_major);
}
void print_rounding() {
    static __half a[256], b[256];
    static float c[256], d[256];
    auto S = [&](int r, int k, float av, float bv) { a[r * 16 + k] = __float2half(av); b[r * 16 + k] = __float2half(bv); };
    for (int i = 0; i < 256; i++) { a[i] = b[i] = __float2half(0.0f); c[i] = 0; }
    const float e12 = ldexpf(1, -12), e14 = ldexpf(1, -14);
    c[0] = 1; S(0, 0, e12, e12); S(0, 1, e12, e12);               // 1 + 2^-23: exact
    c[17] = 1; S(1, 0, 1.5f * e12, e12);                          // 1 + 1.5 2^-24: toward zero
    S(2, 0, 1, 1); S(2, 1, e14, e14); S(2, 2, -1, 1);             // 2^-28 lost in the alignment
    c[51] = ldexpf(1, -28); S(3, 0, 1, 1); S(3, 1, -1, 1);
    c[68] = 1; S(4, 0, -1.5f * e12, e12);
    for (int k = 0; k < 16; k++) S(5, k, 1 + ldexpf(1, -10), 1);
    c[102] = ldexpf(1, 24); S(6, 0, 1, 1); S(6, 1, 0.5f, 1);       // 2^24 + 1.5 toward zero
    c[119] = 1; S(7, 0, 1.5f * e12, e12); S(7, 8, 1.5f * e12, e12);  // both halves of k in one sum
    c[136] = -1; S(8, 0, 1 + ldexpf(1, -10), 1 + ldexpf(1, -10));  // exact product
    __half *da = device_copy(a, 256), *db = device_copy(b, 256);
    float *dc = device_copy(c, 256), *dd = device_copy(d, 256);
    diagonal<__half, float, float><<<1, 32>>>(da, db, dc, dd);
    cudaDeviceSynchronize();
    host_copy(d, dd, 256);
    printf("-- half products, float sums:");
    for (int r = 0; r < 9; r++) printf(" %a", d[r * 17]);
    printf("\n");
    // A half accumulator: the float sum rounded to nearest.
    static __half hc[256], hd[256];
    for (int i = 0; i < 256; i++) { a[i] = b[i] = hc[i] = __float2half(0.0f); }
    const float e11 = ldexpf(1, -11);
    hc[0] = __float2half(1.0f); S(0, 0, 1.5f * e11, 1);
    hc[17] = __float2half(2048.0f); S(1, 0, 1, 1); S(1, 1, 0.5f, 1);
    hc[34] = __float2half(65504.0f); S(2, 0, 65504, 1);
    hc[51] = __float2half(1.0f); S(3, 0, -1.5f * e11, 1);
    S(4, 0, 256, 256); S(4, 1, -256, 256); S(4, 2, 1, 1);
    cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
    cudaMemcpy(db, b, sizeof b, cudaMemcpyHostToDevice);
    __half *dhc = device_copy(hc, 256), *dhd = device_copy(hd, 256);
    diagonal<__half, __half, __half><<<1, 32>>>(da, db, dhc, dhd);
    cudaDeviceSynchronize();
    host_copy(hd, dhd, 256);
    printf("-- half products, half sums:");
    for (int r = 0; r < 5; r++) printf(" %a", __half2float(hd[r * 17]));
    printf("\n");
    cudaFree(da); cudaFree(db); cudaFree(dc); cudaFree(dd); cudaFree(dhc); cudaFree(dhd);
}

// ---- tf32: inputs read truncated, __float_to_tf32 rounds ties away ----
__global__ void tf32_diagonal(const float* a, const float* b, float* d) {
    wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 8, float> fc;
    wmma::fill_fragment(fc, 1.0f);
    wmma::load_matrix_sync(fa, a, 8);
    wmma::load_matrix_sync(fb, b, 8);
    wmma::mma_sync(fc, fa, fb, fc);
    wmma::store_matrix_sync(d, fc, 16, wmma::mem_row_major);
}
__global__ void to_tf32(const float* in, float* out, int n) {
    for (int i = threadIdx.x; i < n; i += blockDim.x) out[i] = wmma::__float_to_tf32(in[i]);
}
void print_tf32() {
    static float a[128], b[128], d[256];
    memset(a, 0, sizeof a); memset(b, 0, sizeof b);
    a[0] = 1 + ldexpf(1, -11) + ldexpf(1, -12); b[0] = 1;
    a[8] = 1 + ldexpf(1, -10); b[8] = 1 + ldexpf(1, -10);
    a[16] = -(1 + ldexpf(1, -11)); b[16] = 3;
    a[24] = 1.5f * ldexpf(1, -12); b[24] = ldexpf(1, -12);
    float *da = device_copy(a, 128), *db = device_copy(b, 128), *dd = device_copy(d, 256);
    tf32_diagonal<<<1, 32>>>(da, db, dd);
    cudaDeviceSynchronize();
    host_copy(d, dd, 256);
    printf("-- tf32 (C = 1):");
    for (int r = 0; r < 4; r++) printf(" %a", d[r * 17]);
    printf("\n");
    float in[10] = {1 + ldexpf(1, -11), -(1 + ldexpf(1, -11)), 1 + ldexpf(1, -11) + ldexpf(1, -12),
                    1 + ldexpf(1, -12), FLT_MAX, INFINITY, -0.0f, 3.14159265f, 1e-45f, 1 + 3 * ldexpf(1, -11)};
    float out[10];
    float *di = device_copy(in, 10), *dout = device_copy(in, 10);
    to_tf32<<<1, 32>>>(di, dout, 10);
    host_copy(out, dout, 10);
    printf("-- __float_to_tf32:");
    for (int i = 0; i < 10; i++) {
        unsigned u, v;
        memcpy(&u, &in[i], 4); memcpy(&v, &out[i], 4);
        printf(" %08x>%08x", u, v);
    }
    printf("\n");
    cudaFree(da); cudaFree(db); cudaFree(dd); cudaFree(di); cudaFree(dout);
}

// ---- int8: wrap, or clamp with satf ----
__global__ void int_diagonal(const signed char* a, const signed char* b, const int* c, int* d, bool satf) {
    wmma::fragment<wmma::matrix_a, 16, 16, 16, signed char, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, signed char, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, int> fc;
    wmma::load_matrix_sync(fa, a, 16);
    wmma::load_matrix_sync(fb, b, 16);
    wmma::load_matrix_sync(fc, c, 16, wmma::mem_row_major);
    wmma::mma_sync(fc, fa, fb, fc, satf);
    wmma::store_matrix_sync(d, fc, 16, wmma::mem_row_major);
}
void print_satf() {
    static signed char a[256], b[256];
    static int c[256], d[256];
    auto S = [&](int r, int k, int av, int bv) { a[r * 16 + k] = (signed char)av; b[r * 16 + k] = (signed char)bv; };
    c[0] = INT_MAX - 10; S(0, 0, 127, 127);
    c[17] = INT_MIN + 10; S(1, 0, -128, 127);
    c[34] = INT_MAX; S(2, 0, 127, 127); S(2, 1, -127, 127);
    c[51] = 5; for (int k = 0; k < 16; k++) S(3, k, -128, -128);
    signed char *da = device_copy(a, 256), *db = device_copy(b, 256);
    int *dc = device_copy(c, 256), *dd = device_copy(d, 256);
    for (int satf = 0; satf < 2; satf++) {
        int_diagonal<<<1, 32>>>(da, db, dc, dd, satf != 0);
        cudaDeviceSynchronize();
        host_copy(d, dd, 256);
        printf("-- int8 satf %d:", satf);
        for (int r = 0; r < 4; r++) printf(" %d", d[r * 17]);
        printf("\n");
    }
    cudaFree(da); cudaFree(db); cudaFree(dc); cudaFree(dd);
}

// ---- double: fused multiply-adds from C, in k order ----
__global__ void double_diagonal(const double* a, const double* b, const double* c, double* d) {
    wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 8, 8, 4, double, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 8, 8, 4, double> fc;
    wmma::load_matrix_sync(fa, a, 4);
    wmma::load_matrix_sync(fb, b, 4);
    wmma::load_matrix_sync(fc, c, 8, wmma::mem_row_major);
    wmma::mma_sync(fc, fa, fb, fc);
    wmma::store_matrix_sync(d, fc, 8, wmma::mem_row_major);
}
void print_double() {
    static double a[32], b[32], c[64], d[64];
    auto S = [&](int r, int k, double av, double bv) { a[r * 4 + k] = av; b[r * 4 + k] = bv; };
    const double big = ldexp(1, 53), t = 1 + ldexp(1, -30);
    c[0] = 1; S(0, 0, big, 1); S(0, 1, -big, 1);
    c[9] = -1; S(1, 0, t, t);
    S(2, 0, t, t); S(2, 1, -1, 1);
    S(3, 3, 1, 1); S(3, 0, ldexp(1, -60), 1); S(3, 2, -1, 1);
    c[36] = big; S(4, 0, 1, 1); S(4, 1, 0.5, 1);
    double *da = device_copy(a, 32), *db = device_copy(b, 32), *dc = device_copy(c, 64), *dd = device_copy(d, 64);
    double_diagonal<<<1, 32>>>(da, db, dc, dd);
    cudaDeviceSynchronize();
    host_copy(d, dd, 64);
    printf("-- double:");
    for (int r = 0; r < 5; r++) printf(" %a", d[r * 9]);
    printf("\n");
    cudaFree(da); cudaFree(db); cudaFree(dc); cudaFree(dd);
}

// ---- random data: within a bound of a host reference in double ----
__global__ void random_gemm(const __half* a, const __half* b, float* d, int n) {
    // Through shared memory, as the samples stage their tiles.
    __shared__ __half sa[16 * 16];
    __shared__ __half sb[16 * 16];
    const int tile = blockIdx.x, tr = tile / (n / 16) * 16, tc = tile % (n / 16) * 16;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
    wmma::fill_fragment(acc, 0.0f);
    for (int kk = 0; kk < n; kk += 16) {
        for (int i = threadIdx.x; i < 256; i += 32) {
            sa[i] = a[(tr + i / 16) * n + kk + i % 16];
            sb[i] = b[(tc + i / 16) * n + kk + i % 16];  // B column-major
        }
        __syncwarp();
        wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
        wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major> fb;
        wmma::load_matrix_sync(fa, sa, 16);
        wmma::load_matrix_sync(fb, sb, 16);
        wmma::mma_sync(acc, fa, fb, acc);
        __syncwarp();
    }
    wmma::store_matrix_sync(d + tr * n + tc, acc, n, wmma::mem_row_major);
}
void print_random() {
    const int n = 64;
    static __half a[n * n], b[n * n];
    static float d[n * n];
    unsigned seed = 7;
    for (int i = 0; i < n * n; i++) {
        seed = seed * 1664525u + 1013904223u;
        a[i] = __float2half(float(seed >> 8) / float(1 << 24) * 2 - 1);
        seed = seed * 1664525u + 1013904223u;
        b[i] = __float2half(float(seed >> 8) / float(1 << 24) * 2 - 1);
    }
    __half *da = device_copy(a, n * n), *db = device_copy(b, n * n);
    float* dd = device_copy(d, n * n);
    random_gemm<<<(n / 16) * (n / 16), 32>>>(da, db, dd, n);
    cudaError_t e = cudaDeviceSynchronize();
    host_copy(d, dd, n * n);
    double worst = 0;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            double ref = 0;
            for (int k = 0; k < n; k++) ref += double(__half2float(a[r * n + k])) * double(__half2float(b[c * n + k]));
            worst = fmax(worst, fabs(ref - d[r * n + c]));
        }
    printf("-- random 64x64x64 half, float sums: %s max |error| below 1e-4 %s, below 1e-2 %s\n", cudaGetErrorName(e),
           worst < 1e-4 ? "yes" : "no", worst < 1e-2 ? "yes" : "no");
    cudaFree(da); cudaFree(db); cudaFree(dd);
}

int main() {
    print_counts();
    printf("-- exact GEMMs\n");
    using wmma::col_major;
    using wmma::row_major;
    exact_gemm<__half, __half, row_major, col_major, float, float, 16, 16, 16>("half m16n16k16 float", 64, 64, 64, -4, 4, wmma::mem_row_major);
    exact_gemm<__half, __half, col_major, row_major, float, float, 32, 8, 16>("half m32n8k16 float", 64, 32, 48, -4, 4, wmma::mem_col_major);
    exact_gemm<__half, __half, row_major, row_major, float, float, 8, 32, 16>("half m8n32k16 float", 32, 64, 32, -4, 4, wmma::mem_row_major);
    exact_gemm<__half, __half, col_major, col_major, __half, __half, 16, 16, 16>("half m16n16k16 half", 32, 32, 64, -3, 3, wmma::mem_row_major);
    exact_gemm<__half, __half, row_major, col_major, float, __half, 16, 16, 16>("half m16n16k16 float->half", 32, 32, 32, -3, 3, wmma::mem_row_major);
    exact_gemm<__half, __half, row_major, col_major, __half, float, 32, 8, 16>("half m32n8k16 half->float", 64, 16, 32, -3, 3, wmma::mem_row_major);
    exact_gemm<__half, __half, row_major, col_major, __half, __half, 8, 32, 16>("half m8n32k16 half", 16, 64, 32, -3, 3, wmma::mem_col_major);
    exact_gemm<__nv_bfloat16, __nv_bfloat16, row_major, col_major, float, float, 16, 16, 16>("bf16 m16n16k16", 64, 64, 64, -4, 4, wmma::mem_row_major);
    exact_gemm<__nv_bfloat16, __nv_bfloat16, col_major, row_major, float, float, 32, 8, 16>("bf16 m32n8k16", 64, 32, 32, -4, 4, wmma::mem_row_major);
    exact_gemm<__nv_bfloat16, __nv_bfloat16, row_major, row_major, float, float, 8, 32, 16>("bf16 m8n32k16", 32, 64, 32, -4, 4, wmma::mem_col_major);
    exact_gemm<wmma::precision::tf32, float, row_major, col_major, float, float, 16, 16, 8>("tf32 m16n16k8", 64, 64, 64, -4, 4, wmma::mem_row_major, true);
    exact_gemm<wmma::precision::tf32, float, col_major, row_major, float, float, 16, 16, 8>("tf32 m16n16k8 col/row", 32, 32, 32, -4, 4, wmma::mem_col_major);
    exact_gemm<signed char, signed char, row_major, col_major, int, int, 16, 16, 16>("s8 m16n16k16", 64, 64, 64, -128, 127, wmma::mem_row_major);
    exact_gemm<unsigned char, unsigned char, row_major, col_major, int, int, 32, 8, 16>("u8 m32n8k16", 64, 32, 64, 0, 255, wmma::mem_row_major);
    exact_gemm<signed char, signed char, col_major, row_major, int, int, 8, 32, 16>("s8 m8n32k16", 32, 64, 32, -128, 127, wmma::mem_col_major);
    exact_gemm<double, double, row_major, col_major, double, double, 8, 8, 4>("double m8n8k4", 32, 32, 32, -8, 8, wmma::mem_row_major);
    exact_gemm<double, double, col_major, row_major, double, double, 8, 8, 4>("double m8n8k4 col/row", 16, 24, 16, -8, 8, wmma::mem_col_major);
    print_scaled();
    print_lane_map<16, 16, 16, float>("m16n16k16 float accumulator");
    print_lane_map<32, 8, 16, float>("m32n8k16 float accumulator");
    print_lane_map<8, 32, 16, int>("m8n32k16 int accumulator");
    print_lane_map<8, 8, 4, double>("m8n8k4 double accumulator");
    print_rounding();
    print_tf32();
    print_satf();
    print_double();
    print_random();
    return 0;
}
